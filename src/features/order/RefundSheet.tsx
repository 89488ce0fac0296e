/** Refund tickets of a paid order: tick tickets, the rules, the missed-visit warning, the
 * refund alert, submit (refund machine). */
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { refundableTicketIds, refundMachine } from '../../../machines/refund.machine.ts';
import { getRefundRules, refundCheckBlack, refundTickets } from '../../api/orderCalls.ts';
import type { OrderDetail } from '../../domain/types.ts';
import { formatMoney } from '../../ui/money.ts';
import { RichText } from '../../ui/RichText.tsx';
import { LoadingOverlay } from '../../ui/Screen.tsx';
import { useSettings } from '../../ui/settings.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { SheetRefusals } from './SheetRefusals.tsx';
import { TicketPicker } from './TicketPicker.tsx';

const machine = refundMachine.provide({
  actors: {
    loadRules: fromPromise(({ input }) => getRefundRules(input.orderId)),
    checkBlack: fromPromise(({ input }) => refundCheckBlack(input.ticketIds)),
    refund: fromPromise(({ input }) => refundTickets(input.ticketIds)),
  },
});

export function RefundSheet({ order, onClose }: { order: OrderDetail; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [snapshot, send] = useMachine(machine, { input: { order } });
  const { selected, violations, warning, result, error } = snapshot.context;
  const done = snapshot.matches('done');

  // Refusals go above the buttons, not below a long ticket list (a group's 80 tickets): the
  // refused tap and its reason (a school's free tickets are not refundable) are seen together.
  const messages = <SheetRefusals rulesFailed={snapshot.matches('failed')} violations={violations} error={error} />;

  const buttons = snapshot.matches('loading') ? null : snapshot.matches('failed') ? (
    <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'RETRY' })}>
      {t('common.retry')}
    </button>
  ) : done ? (
    <button type="button" className="btn btn--primary btn--block" onClick={() => onClose(true)}>
      {t('common.ok')}
    </button>
  ) : snapshot.matches('selecting') || snapshot.matches('checking') ? (
    // While the blacklist check runs, the button says so instead of offering a tap that is dropped.
    <button type="button" className="btn btn--primary btn--block" disabled={snapshot.matches('checking')} onClick={() => send({ type: 'CONFIRM' })}>
      {snapshot.matches('checking') ? t('common.loading') : t('common.next')}
    </button>
  ) : snapshot.matches('warning') ? (
    <div className="row">
      <button type="button" className="btn" onClick={() => send({ type: 'BACK' })}>
        {t('common.back')}
      </button>
      <button type="button" className="btn btn--primary" onClick={() => send({ type: 'CONTINUE' })}>
        {t('refund.continue')}
      </button>
    </div>
  ) : (
    <div className="row">
      <button type="button" className="btn" onClick={() => send({ type: 'BACK' })}>
        {t('common.back')}
      </button>
      <button type="button" className="btn btn--primary" disabled={snapshot.matches('submitting')} onClick={() => send({ type: 'SUBMIT' })}>
        {t('refund.submit')}
      </button>
    </div>
  );

  return (
    <Sheet
      open
      title={t('orderDetail.refund')}
      onClose={() => onClose(done)}
      footer={
        buttons ? (
          <div className="stack">
            {messages}
            {buttons}
          </div>
        ) : null
      }
    >
      {done && result ? <p className="refund-done">{t('refund.done', { amount: formatMoney(result.refundAmount) })}</p> : null}
      {snapshot.matches('selecting') || snapshot.matches('checking') ? (
        <TicketPicker
          order={order}
          selectable={refundableTicketIds(snapshot.context)}
          selected={selected}
          onToggle={(ticketId) => send({ type: 'TOGGLE', ticketId })}
          onAll={() => send({ type: 'SELECT_ALL' })}
          frozen={snapshot.matches('checking')}
        />
      ) : null}
      {snapshot.matches('warning') ? (
        <div className="notice-bar notice-bar--danger" role="alert">
          {warning}
        </div>
      ) : null}
      {snapshot.matches('confirming') || snapshot.matches('submitting') ? <RichText html={settings.texts.refund_alert ?? t('refund.alert')} /> : null}
      <LoadingOverlay show={snapshot.matches('loading')} />
    </Sheet>
  );
}
