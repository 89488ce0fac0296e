/** team/notice: the museum's notices for groups still applicable, newest first (no login). */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getNotices } from '../../api/teamCalls.ts';
import { pathTo, TEAM_PATHS } from '../../domain/paths.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import './team.css';

export default function NoticeList() {
  const { t } = useTranslation();
  const { data, loading, failed, reload } = useLoad(() => getNotices(), []);
  return (
    <Screen title={t('teamArea.notices')} backTo={TEAM_PATHS.login}>
      {data?.rows.map((n) => (
        <Link key={n.noticeId} href={pathTo(TEAM_PATHS.noticeDetail, {}, { id: n.noticeId })} className="card notice-item">
          <div className="card__title">{n.title}</div>
          <div className="hint">{n.publishTime}</div>
        </Link>
      ))}
      {data && data.rows.length === 0 ? <div className="empty-state">{t('teamArea.noNotices')}</div> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
