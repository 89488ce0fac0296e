/** staff/teams: registrations by review state, oldest first; one opens for review. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getRequestsForReview, getTeamsForReview } from '../../api/staffCalls.ts';
import { pathTo, STAFF_PATHS } from '../../domain/paths.ts';
import { TEAM_TYPE_NAMES } from '../../domain/team.ts';
import { tr } from '../../i18n/index.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { StaffRequestCard } from './StaffRequestCard.tsx';
import { useMuseumToday } from './useMuseumToday.ts';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const STATES = ['pending', 'approved', 'rejected'] as const;
type Tab = (typeof STATES)[number] | 'requests';

export default function StaffTeams() {
  const { t } = useTranslation();
  const [state, setState] = useState<Tab>('pending');
  const [failure, setFailure] = useState<unknown>(null);
  const present = useStaffToken(failure);
  const caught = (error: unknown) => (setFailure(error), Promise.reject(error));
  const { data, loading, failed, reload } = useLoad(
    () => (present && state !== 'requests' ? getTeamsForReview(state).catch(caught) : Promise.resolve(null)),
    [state, present],
  );
  const requests = useLoad(() => (present && state === 'requests' ? getRequestsForReview().catch(caught) : Promise.resolve(null)), [state, present]);
  // A request's date checks count from the museum's today, by the server's clock.
  const today = useMuseumToday();

  return (
    <Screen title={t('staff.title')} backTo={STAFF_PATHS.area}>
      <div className="chips staff-tabs" role="tablist">
        {[...STATES, 'requests' as const].map((s) => (
          <button key={s} type="button" role="tab" aria-selected={state === s} className={`chip${state === s ? ' chip--on' : ''}`} onClick={() => setState(s)}>
            {t(`staff.${s}`)}
          </button>
        ))}
      </div>
      {data?.rows.map((team) => (
        <Link key={team.teamId} href={pathTo(STAFF_PATHS.team, { id: team.teamId })} className="card staff-team">
          <div className="card__title">
            <span>{team.teamName}</span>
            <span className="tag">{tr(TEAM_TYPE_NAMES[team.teamType])}</span>
          </div>
          <div className="muted">{team.creditCode}</div>
          <div className="muted">
            {t('staff.contact')}: {team.contactName} {team.contactPhone} · {t('staff.submittedAt')}: {team.createTime}
          </div>
        </Link>
      ))}
      {today.data ? requests.data?.map((r) => <StaffRequestCard key={r.requestId} request={r} today={today.data!} />) : null}
      {(data && data.rows.length === 0) || requests.data?.length === 0 ? <div className="empty-state">{t('staff.noTeams')}</div> : null}
      {failed || today.failed ? <LoadFailed onRetry={failed ? reload : today.reload} /> : null}
      <LoadingOverlay show={(loading || requests.loading) && present} />
    </Screen>
  );
}
