/** message/detail/{id}: one message with its service code and the museum's replies. */
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { getMessage } from '../../api/messageCalls.ts';
import { currentKind } from '../../api/session.ts';
import { MESSAGE_PATHS } from '../../domain/paths.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { MessageReplies } from '../../ui/MessageReplies.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { MessageState } from './MessageState.tsx';
import './message.css';

export default function MessageDetail() {
  const { t } = useTranslation();
  const id = Number(useParams<{ id: string }>().id);
  const { data: message, loading, failed, reload } = useLoad(() => getMessage(id), [id]);

  return (
    <Screen title={t('message.detailTitle')} backTo={MESSAGE_PATHS[currentKind()].list}>
      {message ? (
        <>
          <section className="card stack">
            <div className="card__title">
              <span>{t(`message.types.${message.serviceType}`)}</span>
              <MessageState replied={message.replyTime !== null} />
            </div>
            <p className="message-text" data-testid="message-text">
              {message.description}
            </p>
            <div className="row">
              <span className="muted">{t('message.contactName')}</span>
              <span>{message.contactName}</span>
            </div>
            <div className="row">
              <span className="muted">{t('message.serviceCode')}</span>
              <span className="mono">{message.serviceCode}</span>
            </div>
            <div className="row">
              <span className="muted">{t('message.createTime')}</span>
              <span>{message.createTime}</span>
            </div>
          </section>
          <section className="card" data-testid="message-replies">
            <div className="card__title">{t('message.replies')}</div>
            {message.replies.length === 0 ? <p className="muted">{t('message.noReply')}</p> : null}
            <MessageReplies replies={message.replies} />
          </section>
        </>
      ) : null}
      {failed ? <LoadFailed onRetry={reload} /> : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
