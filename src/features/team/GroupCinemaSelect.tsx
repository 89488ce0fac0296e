/** team/select/cinemaSelect/{id}: a dome's films of the group's day (docs/product.md §2), each session with
 * its poster, times, remaining seats and state; the film's details; a session chosen goes on
 * to the group draft's leader. The dome seats the group together at the order. */
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { DayFilms } from '../../widgets/DayFilms.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useGroupDraft, useGroupScreen } from './groupDraft.ts';

export default function GroupCinemaSelect() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const hallId = Number(useParams<{ id: string }>().id);
  const actor = useGroupScreen('venue', navigate);
  const date = useGroupDraft((s) => s.context.draft.visitDate);
  const hall = useGroupDraft((s) => s.context.halls.find((h) => h.hallId === hallId));
  const picking = useGroupDraft((s) => s.matches({ venue: { setting: 'loading' } }));
  const error = useGroupDraft((s) => s.context.error);

  return (
    <Screen title={hall?.name ?? t('cinema.title')} backTo={pathTo(TEAM_PATHS.selectVenues, {}, { date })}>
      <DayFilms
        hallId={hallId}
        date={date}
        hall={hall}
        error={error}
        busy={picking}
        pageHref={(scheduleId) => pathTo(TEAM_PATHS.moveDetail, {}, { hallId, date, scheduleId })}
        onChoose={(hallScheduleId) => actor.send({ type: 'PICK_SESSION', hallId, hallScheduleId })}
        chooseLabel={t('group.chooseFilm')}
      />
    </Screen>
  );
}
