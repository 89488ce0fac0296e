/** staff/messages/{id}: one message's thread and the reply being written; the
 * writer gets a text message about each reply. */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { messageReplyMachine } from '../../../machines/messageReply.machine.ts';
import { getStaffMessage, replyToMessage } from '../../api/messageCalls.ts';
import { MESSAGE_LIMITS } from '../../domain/message.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { MessageReplies } from '../../ui/MessageReplies.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const machine = messageReplyMachine.provide({
  actors: {
    loadMessage: fromPromise(({ input }) => getStaffMessage(input.messageId)),
    reply: fromPromise(({ input }) => replyToMessage(input.messageId, input.body)),
  },
});

export default function StaffMessage() {
  const { t } = useTranslation();
  const messageId = Number(useParams<{ id: string }>().id);
  const [snapshot, send] = useMachine(machine, { input: { messageId } });
  const { message, draft, error } = snapshot.context;
  useStaffToken();

  return (
    <Screen title={t('staffMessages.title')} backTo={STAFF_PATHS.messages}>
      {message ? (
        <>
          <section className="card stack">
            <div className="card__title">
              <span>{t(`message.types.${message.serviceType}`)}</span>
              <span className={`tag ${message.replyTime ? 'tag--ok' : 'tag--warn'}`}>
                {message.replyTime ? t('staffMessages.replied') : t('staffMessages.waiting')}
              </span>
            </div>
            <p className="message-text">{message.description}</p>
            <div className="hint">
              {t(`staffMessages.${message.writerKind}`)} · {message.writer} · {message.contactName}
            </div>
            <div className="hint mono">
              {message.serviceCode} · {message.createTime}
            </div>
          </section>
          {message.replies.length > 0 ? (
            <section className="card" data-testid="staff-replies">
              <MessageReplies replies={message.replies} />
            </section>
          ) : null}
          <section className="card">
            <Field
              type="textarea"
              label={t('staffMessages.reply')}
              placeholder={t('staffMessages.replyPlaceholder')}
              value={draft}
              maxLength={MESSAGE_LIMITS.replyMax}
              showWordLimit
              rows={4}
              onChange={(value) => send({ type: 'TYPE', value })}
            />
            {error ? <Refusal message={tr(error)} /> : null}
            <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('sending')} onClick={() => send({ type: 'SEND' })}>
              {t('staffMessages.send')}
            </button>
          </section>
        </>
      ) : null}
      {snapshot.matches('failed') ? <LoadFailed message={error ? tr(error) : undefined} onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={snapshot.matches('loading')} />
    </Screen>
  );
}
