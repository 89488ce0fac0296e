/** A team's account state (docs/product.md §4 team account states): under review, not approved with the
 * reason and a new registration, or verified with its documents' dates, frozen and why. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { TEAM_TYPE_NAMES } from '../../domain/team.ts';
import type { TeamInfo } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { keepDates } from '../../ui/keepDates.ts';

/** `children`: what the screen adds under the state (the calendar's way to the centre). */
export function TeamStateCard({ team, children }: { team: TeamInfo; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="card team-state" data-testid="team-state">
      <div className="card__title">
        <span>{team.teamName}</span>
        {team.verifiedStatus === 1 ? (
          <span className="tag tag--ok">{t('teamArea.stateApproved')}</span>
        ) : team.verifiedStatus === 2 ? (
          <span className="tag tag--danger">{t('teamArea.stateRejected')}</span>
        ) : (
          <span className="tag tag--warn">{t('teamArea.statePending')}</span>
        )}
      </div>
      <p className="card__sub">
        {tr(TEAM_TYPE_NAMES[team.teamType])} · {team.creditCode}
      </p>
      {team.verifiedStatus === 0 ? <p>{t('teamArea.pendingHint')}</p> : null}
      {team.verifiedStatus === 2 ? (
        <>
          <p>{t('teamArea.rejectedHint', { reason: team.reviewReason ?? '' })}</p>
          <Link href={TEAM_PATHS.register} className="btn btn--primary btn--block">
            {t('teamArea.registerAgain')}
          </Link>
        </>
      ) : null}
      {team.verifiedStatus === 1 ? (
        <>
          {team.status === 1 ? <p className="notice-bar notice-bar--danger">{t('teamArea.frozen')}</p> : null}
          {team.frozenReason ? <p className="muted">{t('teamArea.frozenReason', { reason: keepDates(team.frozenReason) })}</p> : null}
          {team.creditExpiresOn ? <p className="muted">{t('teamArea.creditExpires', { date: team.creditExpiresOn })}</p> : null}
          {team.protocolExpiresOn ? <p className="muted">{t('teamArea.protocolExpires', { date: team.protocolExpiresOn })}</p> : null}
        </>
      ) : null}
      {children}
    </section>
  );
}
