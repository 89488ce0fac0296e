/** message/list: the account's messages, newest first, each with its type and whether the
 * museum has replied; "leave a message" at the foot. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getMessages } from '../../api/messageCalls.ts';
import { currentKind } from '../../api/session.ts';
import { MESSAGE_PATHS, pathTo } from '../../domain/paths.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { MessageState } from './MessageState.tsx';
import './message.css';

const PAGE_SIZE = 10;

export default function MessageList() {
  const { t } = useTranslation();
  const paths = MESSAGE_PATHS[currentKind()];
  const [pages, setPages] = useState(1);
  const { data, loading, failed, reload } = useLoad(() => getMessages(1, PAGE_SIZE * pages), [pages]);

  return (
    <Screen title={t('message.listTitle')} backTo={paths.back}>
      {data?.rows.map((m) => (
        <Link key={m.messageId} href={pathTo(paths.detail, { id: m.messageId })} className="card order-item" data-testid="message-item">
          <div className="card__title">
            <span>{t(`message.types.${m.serviceType}`)}</span>
            <MessageState replied={m.replyTime !== null} />
          </div>
          <p className="message-excerpt">{m.description}</p>
          <div className="hint">{m.createTime}</div>
        </Link>
      ))}
      {data && data.rows.length === 0 ? <div className="empty-state">{t('message.empty')}</div> : null}
      {data && data.rows.length < data.total ? (
        <button type="button" className="btn btn--block" onClick={() => setPages((n) => n + 1)}>
          {t('message.more')}
        </button>
      ) : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <FooterBar>
        <Link href={paths.fillIn} className="btn btn--primary btn--block">
          {t('message.write')}
        </Link>
      </FooterBar>
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
