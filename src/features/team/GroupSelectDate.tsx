/** team/select/selectDate (login required): the team's account state, its status pop-ups, and
 * the calendar of the days its groups may visit (the halls taking groups). A picked day opens
 * the group draft's venues; a draft left earlier is resumed as it was. */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { getTeamInfo } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { bookingBlockNotice, teamNotices } from '../../domain/team.ts';
import type { CalendarDay } from '../../domain/types.ts';
import { DayGrid, Legend } from '../../ui/DayGrid.tsx';
import { toastInfo } from '../../ui/feedback.ts';
import { tr } from '../../i18n/index.ts';
import { keepDates } from '../../ui/keepDates.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { useGroupDraft, useGroupScreen } from './groupDraft.ts';
import './team.css';
import { TeamNotices } from './TeamNotices.tsx';
import { TeamStateCard } from './TeamStateCard.tsx';

export default function GroupSelectDate() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { data: team, failed: teamFailed, loading: teamLoading, reload } = useLoad(getTeamInfo, []);
  const actor = useGroupScreen('date', navigate);
  const calendar = useGroupDraft((s) => s.context.calendar);
  const loading = useGroupDraft((s) => s.matches({ date: 'loading' }));
  const failed = useGroupDraft((s) => s.matches({ date: 'failed' }));
  const verified = team?.verifiedStatus === 1;
  const blocked = team ? bookingBlockNotice(team) : null;

  const pick = (day: CalendarDay) => {
    if (day.state === 'available') actor.send({ type: 'PICK_DATE', date: day.date });
    else toastInfo(keepDates(day.reason ?? t(`day.${day.state}`)));
  };

  return (
    <Screen home>
      {team ? <TeamStateCard team={team} /> : null}
      {teamFailed ? <LoadFailed onRetry={reload} /> : null}
      {verified ? (
        <section className="card" data-testid="group-calendar">
          <div className="card__title">{t('group.calendarTitle')}</div>
          {blocked ? (
            // A frozen team or an expired certificate sees no day offered, but why and what to
            // do, before it picks anything: the request in the centre.
            <div className="stack" data-testid="booking-blocked">
              <p className="notice-bar notice-bar--danger">{tr(blocked)}</p>
              <Link href={TEAM_PATHS.personHome} className="btn btn--primary btn--block team-action">
                {t('group.toCentre')}
              </Link>
            </div>
          ) : failed ? (
            <div className="empty-state">
              <p>{t('errors.calendar')}</p>
              <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'RETRY' })}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <DayGrid days={calendar} onPick={pick} />
          )}
          {blocked ? null : <Legend />}
        </section>
      ) : team ? (
        <p className="hint team-hint">{t('group.cannotBook')}</p>
      ) : null}
      <nav className="quick-links">
        <Link href={TEAM_PATHS.shoppingCart} className="btn btn--ghost">
          {t('group.cart')}
        </Link>
        <Link href={TEAM_PATHS.orderRecord} className="btn btn--ghost">
          {t('group.orders')}
        </Link>
        <Link href={TEAM_PATHS.personHome} className="btn btn--ghost">
          {t('group.account')}
        </Link>
      </nav>
      {team ? <TeamNotices notices={teamNotices(team)} /> : null}
      <LoadingOverlay show={teamLoading || (verified && !blocked && loading)} />
    </Screen>
  );
}
