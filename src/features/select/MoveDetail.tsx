/** select/moveDetail: a film's own page (docs/product.md §2 film info), the link a film is shared
 * by; what the films' list shows in its pop-up, for a visitor or a team (back to its area's films). */
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { getCinemaSessions } from '../../api/cinemaCalls.ts';
import { currentKind } from '../../api/session.ts';
import { INDIVIDUAL_PATHS, pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { FilmFacts } from '../../ui/FilmFacts.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';

export default function MoveDetail() {
  const { t } = useTranslation();
  const query = new URLSearchParams(useSearch());
  const hallId = Number(query.get('hallId'));
  const date = query.get('date') ?? '';
  const scheduleId = Number(query.get('scheduleId'));
  const { data: sessions, failed, loading, reload } = useLoad(() => getCinemaSessions(hallId, date), [hallId, date]);
  const session = sessions?.find((s) => s.hallScheduleId === scheduleId);
  const film = session?.film;
  return (
    <Screen
      title={film?.name ?? t('cinema.details')}
      backTo={pathTo(currentKind() === 'team' ? TEAM_PATHS.cinemaSelect : INDIVIDUAL_PATHS.cinemaSelect, { id: hallId })}
    >
      {film && session ? <FilmFacts session={{ ...session, film }} date={date} /> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
