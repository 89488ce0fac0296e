import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../domain/types.ts';
import { formatMoney } from './money.ts';

/** The facts of an order every order screen shows. A shared order (`brief`) leaves out
 * what only the booker needs: the ticket count (its visitor list follows) and the amount. */
export function OrderSummaryCard({ order, brief = false }: { order: OrderDetail; brief?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card stack">
      <div className="card__title">
        <span>{order.hallName}</span>
        <span className={`tag tag--${statusTone(order.status)}`}>{t(`orderStatus.${order.status}`)}</span>
      </div>
      <div className="row">
        <span className="muted">{t('review.date')}</span>
        <span>{order.visitDate}</span>
      </div>
      <div className="row">
        <span className="muted">{t('review.session')}</span>
        <span>
          {order.beginTime}-{order.endTime}
        </span>
      </div>
      <div className="row">
        <span className="muted">{t('order.number')}</span>
        <span className="mono">{order.orderNumber}</span>
      </div>
      {brief ? null : (
        <>
          <div className="row">
            <span className="muted">{t('order.tickets')}</span>
            <span>{order.ticketNum}</span>
          </div>
          <div className="row">
            <span className="muted">{t('order.amount')}</span>
            <strong className="amount">{formatMoney(order.amount)}</strong>
          </div>
        </>
      )}
    </section>
  );
}

export function statusTone(status: OrderDetail['status']): 'ok' | 'warn' | 'off' | 'danger' {
  switch (status) {
    case 'completed':
      return 'ok';
    case 'toBePaid':
    case 'standingBy':
    case 'full':
      return 'warn';
    case 'refunded':
    case 'partlyRefunded':
      return 'danger';
    default:
      return 'off';
  }
}
