/** noticeDetail?id=, a visitor's or a team's: one notice (no login). */
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { getNotice } from '../../api/teamCalls.ts';
import { currentKind } from '../../api/session.ts';
import { CENTRE_PATHS } from '../../domain/paths.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import '../../ui/centre.css';

export default function NoticeDetail() {
  const { t } = useTranslation();
  const id = Number(new URLSearchParams(useSearch()).get('id'));
  const valid = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
  const { data: notice, loading, failed, reload } = useLoad(() => (valid ? getNotice(id) : Promise.resolve(null)), [id, valid]);
  return (
    <Screen title={notice?.title ?? t('teamArea.notices')} backTo={CENTRE_PATHS[currentKind()].notice}>
      {notice ? (
        <article className="card notice-detail">
          <h2 className="card__title">{notice.title}</h2>
          <div className="hint">{notice.publishTime}</div>
          <p className="notice-detail__text">{notice.content}</p>
        </article>
      ) : null}
      {!loading && !failed && !notice ? <div className="empty-state">{t('teamArea.noticeMissing')}</div> : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
