/** order/payOrder/{id}: the countdown to the pay deadline (server time) and the payment; for a
 * group paying at the museum's window, the last day and the order number to show there. */
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { payOrderMachine } from '../../../machines/payOrder.machine.ts';
import { getServerTime } from '../../api/calls.ts';
import { createPayment } from '../../api/orderCalls.ts';
import { jsapiPay } from '../../wechat/pay.ts';
import { seatText } from '../../domain/seats.ts';
import { tr } from '../../i18n/index.ts';
import { toastFail } from '../../ui/feedback.ts';
import { FooterBar } from '../../ui/FooterBar.tsx';
import { formatMoney } from '../../ui/money.ts';
import { ticker } from '../../widgets/ticker.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { OrderSummaryCard } from '../../ui/OrderSummaryCard.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { pathTo } from '../../domain/paths.ts';
import { ORDER_CALLS, orderArea, perArea } from './area.ts';
import { Collapsed } from './Collapsed.tsx';
import { WindowPayNotice } from './GroupSummary.tsx';
import { useChatAppPage } from '../../wechat/useChatAppPage.ts';

const MACHINES = perArea((kind) =>
  payOrderMachine.provide({
    actors: {
      loadOrder: fromPromise(({ input }) => ORDER_CALLS[kind].loadOrder(input.orderId)),
      loadServerTime: fromPromise(async () => ({ serverNow: await getServerTime(), clientNow: Date.now() })),
      startPayment: fromPromise(({ input }) => createPayment(input.orderId)),
      jsapiPay: fromPromise(({ input }) => jsapiPay(input)),
      ticker,
    },
    actions: {
      // The cashier is a page of the payment provider (the simulator, or the chat app's).
      openCashier: ({ context }) => {
        if (context.payUrl) window.location.assign(context.payUrl);
      },
    },
  }),
);

export default function PayOrder() {
  // In the chat app: the pay screen is not passed on (its share, copy-link and browser items hidden while here).
  useChatAppPage({ hideMenu: true });
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { id } = useParams<{ id: string }>();
  const search = useSearch();
  const { kind, paths } = orderArea();
  const [snapshot, send] = useMachine(MACHINES[kind], { input: { orderId: Number(id) } });
  const { order, remainingMs, error } = snapshot.context;

  useEffect(() => {
    if (new URLSearchParams(search).has('payFailed')) toastFail(t('pay.failed'));
  }, [search, t]);

  useEffect(() => {
    if (snapshot.matches('paid')) navigate(pathTo(paths.paySuccess, { id }), { replace: true });
  }, [snapshot, id, navigate, paths]);

  const minutes = Math.floor(remainingMs / 60000);
  const seconds = Math.floor((remainingMs % 60000) / 1000);
  const paying = snapshot.matches('payingInApp') || snapshot.matches('confirming');
  const waiting = snapshot.matches('waiting') || snapshot.matches('starting') || snapshot.matches('redirecting') || paying;

  return (
    <Screen title={t('pay.title')} backTo={paths.orderRecord}>
      {waiting ? (
        <div className="pay-countdown" role="timer" aria-live="off">
          <span className="muted">{t('pay.remaining')}</span>
          <strong data-testid="countdown">
            {String(minutes).padStart(2, '0')}:{String(seconds).padStart(2, '0')}
          </strong>
          <span className="hint">{t('pay.remainingHint')}</span>
        </div>
      ) : null}
      {snapshot.matches('atWindow') && order && 'group' in order ? <WindowPayNotice order={order} /> : null}
      {snapshot.matches('closed') ? (
        <div className="notice-bar notice-bar--danger" role="alert">
          {error ? tr(error) : t(`orderStatus.${order?.status ?? 'canceled'}`)}
        </div>
      ) : null}
      {snapshot.matches('confirming') ? (
        <div className="notice-bar" role="status">
          {t('pay.confirming')}
        </div>
      ) : null}
      {error && !snapshot.matches('closed') ? <Refusal message={tr(error)} /> : null}
      {snapshot.matches('failed') ? (
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'RETRY' })}>
          {t('common.retry')}
        </button>
      ) : null}
      {order ? <OrderSummaryCard order={order} /> : null}
      {order ? (
        <section className="card stack">
          <div className="card__title">{t('review.visitors', { n: order.tickets.length })}</div>
          <Collapsed items={order.tickets}>
            {(tickets) =>
              tickets.map((ticket) => (
                <div key={ticket.ticketId} className="review-visitor">
                  <strong>{ticket.userName}</strong>
                  <span className="muted">
                    {ticket.certificateInfo}
                    {ticket.seat ? ` · ${tr(seatText(ticket.seat))}` : ''}
                  </span>
                  <span className="tag">{ticket.ticketName}</span>
                </div>
              ))
            }
          </Collapsed>
          {order.seatsChangeable && waiting && paths.cinemaSelectSeatChange ? (
            <Link href={pathTo(paths.cinemaSelectSeatChange, {}, { orderId: order.orderId })} className="link pay-change-seats">
              {t('pay.changeSeats')}
            </Link>
          ) : null}
        </section>
      ) : null}
      {waiting && order ? (
        <FooterBar>
          <span className="footer-bar__sum">
            {t('review.total')} <strong>{formatMoney(order.amount)}</strong>
          </span>
          <button type="button" className="btn btn--primary" disabled={!snapshot.matches('waiting')} onClick={() => send({ type: 'PAY' })}>
            {t('pay.pay')}
          </button>
        </FooterBar>
      ) : null}
      {snapshot.matches('closed') ? (
        <button type="button" className="btn btn--ghost btn--block" onClick={() => navigate(paths.selectDate)}>
          {t('pay.bookAgain')}
        </button>
      ) : null}
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('starting') || snapshot.matches('redirecting') || paying} />
    </Screen>
  );
}
