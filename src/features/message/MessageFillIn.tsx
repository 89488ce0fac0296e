/** message/fillIn: leave a message for the museum (a visitor's or a team's, by the area):
 * a service type, the message and a contact name, checked before it is sent. Sent, its
 * thread opens. While the board is closed (`audience_message_function`), the screen says so. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { messageMachine } from '../../../machines/message.machine.ts';
import { addMessage } from '../../api/messageCalls.ts';
import { currentKind } from '../../api/session.ts';
import { MESSAGE_LIMITS, MESSAGE_SERVICE_TYPES } from '../../domain/message.ts';
import { MESSAGE_PATHS, pathTo } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { toastInfo } from '../../ui/feedback.ts';
import { Field } from '../../ui/Field.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useSettings } from '../../ui/settings.tsx';
import '../../ui/vant.ts';
import './message.css';

const machine = messageMachine.provide({ actors: { send: fromPromise(({ input }) => addMessage(input)) } });

export default function MessageFillIn() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const paths = MESSAGE_PATHS[currentKind()];
  const open = useSettings().config.audience_message_function === '1';
  const [snapshot, send] = useMachine(machine);
  const { form, messageId, error } = snapshot.context;

  useEffect(() => {
    if (messageId === null) return;
    toastInfo(t('message.sent'));
    navigate(pathTo(paths.detail, { id: messageId }), { replace: true });
  }, [messageId, navigate, paths, t]);

  if (!open) {
    return (
      <Screen title={t('message.fillInTitle')} backTo={paths.list}>
        <div className="empty-state">
          <p>{t('message.closed')}</p>
        </div>
      </Screen>
    );
  }
  return (
    <Screen title={t('message.fillInTitle')} backTo={paths.list}>
      <section className="card">
        <div className="field-label">{t('message.serviceType')}</div>
        <div className="chips message-types" role="radiogroup" aria-label={t('message.serviceType')}>
          {MESSAGE_SERVICE_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              role="radio"
              aria-checked={form.serviceType === type}
              className={`chip${form.serviceType === type ? ' chip--on' : ''}`}
              onClick={() => send({ type: 'FIELD.CHANGE', field: 'serviceType', value: type })}
            >
              {t(`message.types.${type}`)}
            </button>
          ))}
        </div>
      </section>
      <section className="card">
        <Field
          type="textarea"
          label={t('message.description')}
          placeholder={t('message.descriptionPlaceholder')}
          value={form.description}
          maxLength={MESSAGE_LIMITS.descriptionMax}
          showWordLimit
          rows={5}
          onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'description', value })}
        />
        <Field
          label={t('message.contactName')}
          placeholder={t('message.contactPlaceholder')}
          value={form.contactName}
          maxLength={50}
          onChange={(value) => send({ type: 'FIELD.CHANGE', field: 'contactName', value })}
        />
      </section>
      {error ? <Refusal message={tr(error)} /> : null}
      <FooterBar>
        <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('sending')} onClick={() => send({ type: 'SEND' })}>
          {t('message.send')}
        </button>
      </FooterBar>
    </Screen>
  );
}
