/** staff/windowPayment: the cashier takes a window payer's money (docs/product.md §4): the group's order
 * number, the order (group, hall, day, amount, the last day to pay), cash, bank card or
 * cheque, the money taken; the order is complete and its tickets valid. */
import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { windowPaymentMachine, type WindowMethod } from '../../../machines/windowPayment.machine.ts';
import { getWindowOrder, takeWindowPayment } from '../../api/staffCalls.ts';
import { STAFF_PATHS } from '../../domain/paths.ts';
import { tr } from '../../i18n/index.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { formatMoney } from '../../ui/money.ts';
import { Refusal } from '../../ui/Refusal.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import '../../ui/vant.ts';
import { OrderNumberField } from './OrderNumberField.tsx';
import { useStaffToken } from './useStaffToken.ts';
import './staff.css';

const machine = windowPaymentMachine.provide({
  actors: {
    findOrder: fromPromise(({ input }) => getWindowOrder(input.orderNumber)),
    takePayment: fromPromise(({ input }) => takeWindowPayment(input)),
  },
});

const METHODS: WindowMethod[] = ['cash', 'card', 'cheque'];

export default function StaffWindowPayment() {
  const { t } = useTranslation();
  const [snapshot, send] = useMachine(machine);
  const { orderNumber, order, method, error } = snapshot.context;
  useStaffToken();
  const busy = snapshot.matches('finding') || snapshot.matches('taking');
  const taken = snapshot.matches('taken');

  return (
    <Screen title={t('staff.windowTitle')} backTo={STAFF_PATHS.area}>
      <section className="card">
        <OrderNumberField value={orderNumber} onChange={(value) => send({ type: 'ORDER_NUMBER.CHANGE', value })} />
        {snapshot.matches('entering') ? (
          <button type="button" className="btn btn--block team-action" onClick={() => send({ type: 'FIND' })}>
            {t('staff.find')}
          </button>
        ) : null}
      </section>
      {order ? (
        <section className="card" data-testid="window-order">
          <dl className="info-list">
            <div className="info-row">
              <dt>{t('staff.group')}</dt>
              <dd>{order.teamName}</dd>
            </div>
            <div className="info-row">
              <dt>{t('staff.visit')}</dt>
              <dd>
                {order.hallName} · {order.visitDate} {order.beginTime}-{order.endTime} · {order.ticketNum}
              </dd>
            </div>
            <div className="info-row">
              <dt>{t('staff.amount')}</dt>
              <dd className="prices__amount">{formatMoney(order.amount)}</dd>
            </div>
            <div className="info-row">
              <dt>{t('staff.lastDay')}</dt>
              <dd>{order.windowPayLastDay}</dd>
            </div>
          </dl>
          {order.payable && !taken ? (
            <>
              <div className="field-label team-action">{t('staff.method')}</div>
              <div className="chips team-types" role="radiogroup" aria-label={t('staff.method')}>
                {METHODS.map((m) => (
                  <button
                    key={m}
                    type="button"
                    role="radio"
                    aria-checked={method === m}
                    className={`chip${method === m ? ' chip--on' : ''}`}
                    onClick={() => send({ type: 'METHOD.CHANGE', value: m })}
                  >
                    {t(`staff.${m}`)}
                  </button>
                ))}
              </div>
            </>
          ) : null}
          {!order.payable ? (
            <p className="notice-bar notice-bar--danger team-action">{t('staff.notPayable', { status: t(`orderStatus.${order.status}`) })}</p>
          ) : null}
          {taken ? (
            <p className="notice-bar team-action" role="status">
              {t('staff.taken')}
            </p>
          ) : null}
        </section>
      ) : null}
      {error ? <Refusal message={tr(error)} /> : null}
      {/* Finance's console opens here: its other work is the invoices. */}
      <Link href={STAFF_PATHS.invoices} className="btn btn--block staff-logout">
        {t('staffInvoices.title')}
      </Link>
      <FooterBar>
        {taken ? (
          <button type="button" className="btn btn--primary btn--block" onClick={() => send({ type: 'NEXT_ORDER' })}>
            {t('staff.nextOrder')}
          </button>
        ) : (
          <button type="button" className="btn btn--primary btn--block" disabled={!order?.payable || busy} onClick={() => send({ type: 'TAKE' })}>
            {t('staff.take', { amount: order ? formatMoney(order.amount) : '' })}
          </button>
        )}
      </FooterBar>
      <LoadingOverlay show={busy} />
    </Screen>
  );
}
