/** team/select/selectDate, until group booking opens: the team's account state (docs/product.md §4 team
 * account states): under review, not approved with the reason, verified with its documents'
 * dates, or frozen; and the logout. */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { logout } from '../../api/calls.ts';
import { clearToken } from '../../api/session.ts';
import { getTeamInfo } from '../../api/teamCalls.ts';
import { TEAM_PATHS } from '../../domain/paths.ts';
import { teamNotices } from '../../domain/team.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { CentreLinks } from '../../ui/CentreLinks.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/centre.css';
import './team.css';
import { TeamLinks } from './TeamLinks.tsx';
import { TeamNotices } from './TeamNotices.tsx';
import { TeamStateCard } from './TeamStateCard.tsx';
import { forgetDraftTeam } from './draftOwner.ts';
import { TeamRequests } from './TeamRequests.tsx';
import { Copyright } from '../../ui/Copyright.tsx';

const CENTRE_LINKS = [
  [TEAM_PATHS.baseInfo, 'teamArea.baseInfo'],
  [TEAM_PATHS.changeInfo, 'teamArea.changeInfo'],
  [TEAM_PATHS.changePhone, 'teamArea.changePhone'],
  [TEAM_PATHS.changePassword, 'teamArea.changePassword'],
  [TEAM_PATHS.topContacts, 'teamArea.topContacts'],
  [TEAM_PATHS.messageList, 'teamArea.messages'],
] as const;

export default function TeamHome() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { data: team, failed, loading, reload } = useLoad(getTeamInfo, []);

  const leave = async () => {
    await logout().catch(() => undefined);
    clearToken('team');
    forgetDraftTeam();
    navigate(TEAM_PATHS.login, { replace: true });
  };

  return (
    <Screen title={t('teamArea.homeTitle')} backTo="/">
      {team ? <TeamStateCard team={team} /> : null}
      {team ? <CentreLinks label={t('teamArea.homeTitle')} links={CENTRE_LINKS} /> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      {team ? <TeamNotices notices={teamNotices(team)} /> : null}
      {team?.verifiedStatus === 1 ? <TeamRequests team={team} onChanged={reload} /> : null}
      {team ? <TeamLinks /> : null}
      <Copyright />
      <FooterBar>
        <button type="button" className="btn btn--block" onClick={leave}>
          {t('teamArea.logout')}
        </button>
      </FooterBar>
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
