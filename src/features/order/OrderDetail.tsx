/** order/orderDetail/{id}: an order with its tickets (read-only; the actions of each status
 * arrive with the order-lifecycle issue, payment excepted). */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { getOrder } from '../../api/calls.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { OrderSummaryCard } from './OrderSummaryCard.tsx';
import { TicketQr } from './TicketQr.tsx';

export default function OrderDetail() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const { data: order, loading } = useLoad(() => getOrder(Number(id)), [id]);

  return (
    <Screen title={t('orderDetail.title')} backTo="/individualCustomers/order/orderRecord">
      {order ? (
        <>
          <OrderSummaryCard order={order} />
          <section className="card stack">
            <div className="card__title">{t('review.visitors', { n: order.tickets.length })}</div>
            {order.tickets.map((ticket) => (
              <div key={ticket.ticketId} className="detail-ticket">
                <div className="review-visitor">
                  <strong>{ticket.userName}</strong>
                  <span className="muted">{ticket.certificateInfo}</span>
                  <span className="tag">{t(`ticketStatus.${ticket.status}`)}</span>
                </div>
                {ticket.qrCode && ticket.status === 'toBeChecked' ? (
                  <TicketQr value={ticket.qrCode} label={t('paySuccess.qrFor', { name: ticket.userName })} />
                ) : null}
              </div>
            ))}
          </section>
          {order.status === 'toBePaid' ? (
            <Link href={`/individualCustomers/order/payOrder/${order.orderId}`} className="btn btn--primary btn--block">
              {t('pay.pay')}
            </Link>
          ) : null}
        </>
      ) : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
