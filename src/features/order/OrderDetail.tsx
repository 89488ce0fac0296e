/** order/orderDetail/{id}: an order, its tickets, and the actions its status allows: pay,
 * cancel, refund, change date, invoice, share. A team's group order adds its group part, keeps
 * its long ticket list collapsed, and changes its date on its own screen (ticketChangesDate). */
import { useMachine } from '@xstate/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { orderDetailMachine } from '../../../machines/orderDetail.machine.ts';
import { orderActions } from '../../domain/orderActions.ts';
import { cancelOrder } from '../../api/orderCalls.ts';
import { tr } from '../../i18n/index.ts';
import { confirm, toastInfo } from '../../ui/feedback.ts';
import { RichText } from '../../ui/RichText.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { TicketRows } from '../../ui/TicketRows.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { OrderSummaryCard } from '../../ui/OrderSummaryCard.tsx';
import { RebookSheet } from './RebookSheet.tsx';
import { CandidateStatus } from './CandidateStatus.tsx';
import { RefundSheet } from './RefundSheet.tsx';
import { Refusal } from '../../ui/Refusal.tsx';
import { pathTo } from '../../domain/paths.ts';
import { ORDER_CALLS, orderArea, perArea } from './area.ts';
import { Collapsed } from './Collapsed.tsx';
import { GroupSummary } from './GroupSummary.tsx';
import { RatingCard } from './RatingCard.tsx';
import { useChatAppPage } from '../../wechat/useChatAppPage.ts';
import { RefundLines } from './RefundLines.tsx';

const MACHINES = perArea((kind) =>
  orderDetailMachine.provide({
    actors: {
      loadOrder: fromPromise(({ input }) => ORDER_CALLS[kind].loadOrder(input.orderId)),
      cancel: fromPromise(({ input }) => cancelOrder(input.orderNumber)),
    },
  }),
);

export default function OrderDetail() {
  // In the chat app: the tickets' QR codes are not passed on (share, copy-link and browser items hidden while here).
  useChatAppPage({ hideMenu: true });
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const { kind, paths, calls } = orderArea();
  const [snapshot, send] = useMachine(MACHINES[kind], { input: { orderId: Number(id) } });
  const { order, error } = snapshot.context;
  const [sheet, setSheet] = useState<'refund' | 'rebook' | null>(null);
  // The notices that go with this order's status (checking instructions, refund alert ...).
  const { data: notices } = useLoad(() => calls.notices(Number(id)), [id, order?.status, calls]);
  const can = order ? orderActions(order) : null;

  const cancel = async () => {
    const sure = await confirm({
      title: t('orderDetail.cancelTitle'),
      message: t('orderDetail.cancelMessage'),
      confirmButtonText: t('orderDetail.cancel'),
      cancelButtonText: t('common.back'),
    });
    if (sure) send({ type: 'CANCEL' });
  };

  const share = async () => {
    if (!order?.shortLinkFlag) return;
    const url = `${window.location.origin}/repOrder/${order.shortLinkFlag}`;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    toastInfo(t('orderDetail.linkCopied'));
  };

  const reload = useCallback(() => send({ type: 'RELOAD' }), [send]);

  const closeSheet = (changed: boolean) => {
    setSheet(null);
    if (changed) send({ type: 'RELOAD' });
  };

  return (
    <Screen title={t('orderDetail.title')} backTo={paths.orderRecord}>
      {error ? <Refusal message={tr(error)} /> : null}
      {order ? (
        <>
          <OrderSummaryCard order={order} />
          {'group' in order ? <GroupSummary order={order} /> : null}
          {order.isCandidate ? <CandidateStatus orderId={order.orderId} onChanged={reload} /> : null}
          <section className="card stack">
            <div className="card__title">{t('review.visitors', { n: order.tickets.length })}</div>
            <Collapsed items={order.tickets}>{(tickets) => <TicketRows order={{ ...order, tickets }} />}</Collapsed>
          </section>
          <RefundLines refunds={order.refunds} />
          <div className="actions">
            {can?.pay ? (
              <Link href={pathTo(paths.payOrder, { id: order.orderId })} className="btn btn--primary">
                {t('pay.pay')}
              </Link>
            ) : null}
            {can?.cancel ? (
              <button type="button" className="btn" onClick={() => void cancel()}>
                {t('orderDetail.cancel')}
              </button>
            ) : null}
            {can?.refund ? (
              <button type="button" className="btn" onClick={() => setSheet('refund')}>
                {t('orderDetail.refund')}
              </button>
            ) : null}
            {/* A group moves as a whole, on its own screen; a visitor picks tickets in a sheet. */}
            {can?.rebook && paths.ticketChangesDate ? (
              <Link href={pathTo(paths.ticketChangesDate, {}, { id: order.orderId })} className="btn">
                {t('orderDetail.rebook')}
              </Link>
            ) : can?.rebook ? (
              <button type="button" className="btn" onClick={() => setSheet('rebook')}>
                {t('orderDetail.rebook')}
              </button>
            ) : null}
            {can?.invoice && paths.editInvoiceInfo ? (
              <Link href={pathTo(paths.editInvoiceInfo, {}, { orderId: order.orderId })} className="btn">
                {t('orderDetail.invoice')}
              </Link>
            ) : null}
            {can?.share ? (
              <button type="button" className="btn" onClick={() => void share()}>
                {t('orderDetail.share')}
              </button>
            ) : null}
          </div>
          {/* Its own machine: it asks the server whether this order may be rated, and shows nothing otherwise. */}
          <RatingCard key={`${order.orderId}-${order.status}`} orderId={order.orderId} />
          {notices?.map((notice) => (
            <details key={notice.key} className="card notice">
              <summary className="card__title">{notice.title}</summary>
              <RichText html={notice.content} />
            </details>
          ))}
          {sheet === 'refund' ? <RefundSheet order={order} onClose={closeSheet} /> : null}
          {sheet === 'rebook' ? <RebookSheet order={order} onClose={closeSheet} /> : null}
        </>
      ) : null}
      {snapshot.matches('failed') ? (
        <button type="button" className="btn btn--primary" onClick={() => send({ type: 'RELOAD' })}>
          {t('common.retry')}
        </button>
      ) : null}
      <LoadingOverlay show={snapshot.matches('loading') || snapshot.matches('canceling')} />
    </Screen>
  );
}
