/** team/select/cinemaSelect/{id}: a dome's films of the group's day (SPEC §2), each session with
 * its poster, times, remaining seats and state; the film's details; a session chosen goes on
 * to the group draft's leader. The dome seats the group together at the order. */
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { getCinemaSessions } from '../../api/cinemaCalls.ts';
import { pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { isSessionSelectable } from '../../domain/sessions.ts';
import { tr } from '../../i18n/index.ts';
import { FilmCard } from '../../ui/FilmCard.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
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
  const { data: sessions, failed, loading, reload } = useLoad(() => getCinemaSessions(hallId, date), [hallId, date]);

  return (
    <Screen title={hall?.name ?? t('cinema.title')} backTo={pathTo(TEAM_PATHS.selectVenues, {}, { date })}>
      <p className="muted cinema-day">
        {date} · {t('cinema.films')}
      </p>
      {error ? <Refusal message={tr(error)} /> : null}
      {sessions?.length === 0 ? <p className="empty-state">{t('cinema.none')}</p> : null}
      {sessions?.map((s) => (
        <FilmCard
          key={s.hallScheduleId}
          session={s}
          open={hall ? isSessionSelectable(hall, s) : false}
          detailsHref={pathTo(TEAM_PATHS.moveDetail, {}, { hallId, date, scheduleId: s.hallScheduleId })}
          busy={picking}
          chooseLabel={t('group.chooseFilm')}
          onChoose={() => actor.send({ type: 'PICK_SESSION', hallId, hallScheduleId: s.hallScheduleId })}
        />
      ))}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading || picking} />
    </Screen>
  );
}
