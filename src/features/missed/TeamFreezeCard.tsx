/** A team's standing on its missed-visit record: frozen and why, with the way to ask for
 * unfreezing (the personal centre's requests), or in good standing; and the rule. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getTeamInfo } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { keepDates } from '../../ui/keepDates.ts';
import { useLoad } from '../../ui/useLoad.ts';

export function TeamFreezeCard() {
  const { t } = useTranslation();
  const { data: team } = useLoad(getTeamInfo, []);
  if (!team) return null;
  const frozen = team.status === 1;
  return (
    <section className={`card stack block-status${frozen ? ' block-status--on' : ''}`} data-testid="block-status">
      <div className="card__title">
        <span>{frozen ? t('missed.teamFrozen') : t('missed.teamOk')}</span>
      </div>
      {frozen && team.frozenReason ? (
        <div className="notice-bar notice-bar--danger" role="alert">
          {keepDates(team.frozenReason)}
        </div>
      ) : null}
      {frozen ? (
        <Link href={TEAM_PATHS.personHome} className="btn btn--primary btn--block">
          {t('missed.unfreeze')}
        </Link>
      ) : null}
      <p className="hint">{t('missed.teamRule')}</p>
    </section>
  );
}
