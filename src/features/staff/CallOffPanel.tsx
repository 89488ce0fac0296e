/** Calling one session off, inside its card on the day screen (the callOff machine): what it
 * will do, the reason in both languages, the confirmation, then the progress and the outcome
 * of each order. A session called off already shows its outcome. */
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { callOffMachine } from '../../../machines/callOff.machine.ts';
import { callOffSession, getCallOffPreview, getCallOffProgress } from '../../api/staffCalls.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { formatMoney } from '../../ui/money.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { Sheet } from '../../ui/Sheet.tsx';

const machine = callOffMachine.provide({
  actors: {
    loadPreview: fromPromise(({ input }) => getCallOffPreview(input.scheduleId)),
    callOff: fromPromise(({ input }) => callOffSession(input)),
    loadProgress: fromPromise(({ input }) => getCallOffProgress(input.scheduleId)),
  },
});

/** `onCalledOff`: told once the session is called off (its card stops offering a sale's controls). */
export function CallOffPanel({ scheduleId, calledOff, onCalledOff }: { scheduleId: number; calledOff: boolean; onCalledOff?: () => void }) {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine, { input: { scheduleId, calledOff } });
  const { preview, progress, error } = snapshot.context;
  const [reasonZh, setReasonZh] = useState('');
  const [reasonEn, setReasonEn] = useState('');
  const called = progress !== null;
  useEffect(() => {
    if (called) onCalledOff?.();
  }, [called, onCalledOff]);

  return (
    <div className="stack" data-testid="call-off">
      {snapshot.matches('editing') || snapshot.matches('confirming') ? (
        <>
          {preview ? <p className="muted">{t('callOff.orders', preview)}</p> : null}
          <Field className="field--stacked" label={t('day.reasonZh')} value={reasonZh} maxLength={100} onChange={setReasonZh} />
          <Field className="field--stacked" label={t('day.reasonEn')} value={reasonEn} maxLength={200} onChange={setReasonEn} />
          <button type="button" className="btn btn--block btn--danger" onClick={() => send({ type: 'ASK', reasonZh, reasonEn })}>
            {t('callOff.ask')}
          </button>
        </>
      ) : null}
      {snapshot.matches('failed') ? (
        <button type="button" className="btn btn--block" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      ) : null}
      {error ? <Refusal message={tr(error)} /> : null}
      {progress ? (
        <>
          <p className="notice-bar" role="status" data-testid="call-off-state">
            {progress.state === 'done' ? t('callOff.done', progress) : t('callOff.running', progress)}
          </p>
          <ul className="call-off__orders">
            {progress.orders.map((o) => (
              <li key={o.orderId} data-testid="call-off-order">
                <span className="mono">{o.orderNumber}</span>
                {o.group ? <span className="tag">{t('callOff.group')}</span> : null} {t(`callOff.outcome.${o.outcome ?? 'waiting'}`)}
                {o.amount > 0 ? ` ${formatMoney(o.amount)}` : ''}
                {o.refundStatus ? <span className="muted"> · {t(`callOff.refund.${o.refundStatus}`)}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Sheet
        open={snapshot.matches('confirming')}
        centered
        title={t('callOff.confirmTitle')}
        onClose={() => send({ type: 'BACK' })}
        footer={
          <div className="row staff-actions">
            <button type="button" className="btn" onClick={() => send({ type: 'BACK' })}>
              {t('callOff.back')}
            </button>
            <button type="button" className="btn btn--primary" onClick={() => send({ type: 'CONFIRM' })}>
              {t('callOff.confirm')}
            </button>
          </div>
        }
      >
        <p data-testid="call-off-confirm">{preview?.confirm}</p>
      </Sheet>
    </div>
  );
}
