/** team/personalCenter/baseInfo: what the museum knows of the group, read-only, with the
 * ways to change it. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getTeamInfo } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { TEAM_TYPE_NAMES } from '../../domain/team.ts';
import { tr } from '../../i18n/index.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import './team.css';

export default function TeamBaseInfo() {
  const { t } = useTranslation();
  const { data: team, failed, loading, reload } = useLoad(getTeamInfo, []);
  const rows: Array<[string, string | null]> = team
    ? [
        [t('teamArea.teamName'), team.teamName],
        [t('teamArea.teamType'), tr(TEAM_TYPE_NAMES[team.teamType])],
        [t('teamArea.creditCode'), team.creditCode],
        [t('teamArea.contactName'), team.contactName],
        [t('teamArea.contactPhone'), team.contactPhone],
        [t('teamArea.address'), team.address],
        [t('teamArea.emailShort'), team.email],
        [t('teamArea.creditValid'), team.creditExpiresOn],
        [t('teamArea.protocolValid'), team.protocolExpiresOn],
      ]
    : [];
  return (
    <Screen title={t('teamArea.baseInfo')} backTo={TEAM_PATHS.personHome}>
      {team ? (
        <>
          <dl className="card info-list" data-testid="team-base-info">
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className="info-row">
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          <Link href={TEAM_PATHS.changeInfo} className="btn btn--block team-action">
            {t('teamArea.changeInfo')}
          </Link>
          <Link href={TEAM_PATHS.changePhone} className="btn btn--block team-action">
            {t('teamArea.changePhone')}
          </Link>
        </>
      ) : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
