/** notice, a visitor's or a team's: the museum's notices still applicable, newest first (no login). */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getNotices } from '../../api/teamCalls.ts';
import { currentKind } from '../../api/session.ts';
import { CENTRE_PATHS, pathTo } from '../../domain/paths.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/centre.css';

export default function NoticeList() {
  const { t } = useTranslation();
  const paths = CENTRE_PATHS[currentKind()];
  const { data, loading, failed, reload } = useLoad(() => getNotices(), []);
  return (
    <Screen title={t('teamArea.notices')} backTo={paths.noticeBack}>
      {data?.rows.map((n) => (
        <Link key={n.noticeId} href={pathTo(paths.noticeDetail, {}, { id: n.noticeId })} className="card notice-item">
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
