/** staff/refunds: finance's refunds the payment platform refused (the refundDesk machine): to
 * handle, or settled by hand; one is sent again, or marked settled by hand with a note. */
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { refundDeskMachine } from '../../../machines/refundDesk.machine.ts';
import { getFailedRefunds, retryRefund, settleRefund } from '../../api/staffCalls.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import type { FailedRefund } from '../../domain/types.ts';
import { tr } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { formatMoney } from '../../ui/money.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const machine = refundDeskMachine.provide({
  actors: {
    loadRefunds: fromPromise(({ input }) => getFailedRefunds(input.settled)),
    retryRefund: fromPromise(({ input }) => retryRefund(input.refundId)),
    settleRefund: fromPromise(({ input }) => settleRefund(input.refundId, input.note)),
  },
});

export default function StaffRefunds() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine);
  const { settled, refunds, error } = snapshot.context;
  useStaffToken();

  return (
    <Screen title={t('refundDesk.title')} backTo={STAFF_PATHS.area}>
      <div className="row staff-tabs" role="tablist">
        {[false, true].map((tab) => (
          <button
            key={String(tab)}
            type="button"
            role="tab"
            aria-selected={settled === tab}
            className={settled === tab ? 'btn btn--primary' : 'btn'}
            onClick={() => send({ type: 'TAB', settled: tab })}
          >
            {t(tab ? 'refundDesk.settled' : 'refundDesk.waiting')}
          </button>
        ))}
      </div>
      {error ? <Refusal message={tr(error)} /> : null}
      {snapshot.matches('ready') && refunds.length === 0 ? <p className="muted">{t('refundDesk.none')}</p> : null}
      {refunds.map((r) => (
        <RefundCard
          key={r.refundId}
          refund={r}
          onRetry={() => send({ type: 'REFUND.RETRY', refundId: r.refundId })}
          onSettle={(note) => send({ type: 'REFUND.SETTLE', refundId: r.refundId, note })}
        />
      ))}
      {snapshot.matches('failed') ? <LoadFailed onRetry={() => send({ type: 'RETRY' })} /> : null}
      <LoadingOverlay show={!snapshot.matches('ready') && !snapshot.matches('failed')} />
    </Screen>
  );
}

function RefundCard({ refund, onRetry, onSettle }: { refund: FailedRefund; onRetry: () => void; onSettle: (note: string) => void }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <section className="card stack" data-testid="refused-refund">
      <div className="card__title">
        <span className="mono">{t('refundDesk.order', { order: refund.orderNumber })}</span>
        <strong className="prices__amount">{formatMoney(refund.amount)}</strong>
      </div>
      {refund.lastError ? <p className="muted">{t('refundDesk.why', { error: refund.lastError })}</p> : null}
      {refund.settled ? (
        <p className="notice-bar">{t('refundDesk.settledBy', { ...refund.settled, at: new Date(refund.settled.at).toLocaleString() })}</p>
      ) : (
        <>
          <button type="button" className="btn btn--block" onClick={onRetry}>
            {t('refundDesk.retry')}
          </button>
          <Field label={t('refundDesk.note')} placeholder={t('refundDesk.notePlaceholder')} value={note} maxLength={500} onChange={setNote} />
          <button type="button" className="btn btn--block" onClick={() => onSettle(note)}>
            {t('refundDesk.settle')}
          </button>
        </>
      )}
    </section>
  );
}
