import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '../../domain/types.ts';
import { formatMoney } from '../../ui/money.ts';

/** The facts of an order every order screen shows. */
export function OrderSummaryCard({ order }: { order: OrderDetail }) {
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
      <div className="row">
        <span className="muted">{t('order.tickets')}</span>
        <span>{order.ticketNum}</span>
      </div>
      <div className="row">
        <span className="muted">{t('order.amount')}</span>
        <strong className="amount">{formatMoney(order.amount)}</strong>
      </div>
    </section>
  );
}

export function statusTone(status: OrderDetail['status']): 'ok' | 'warn' | 'off' | 'danger' {
  switch (status) {
    case 'completed':
      return 'ok';
    case 'toBePaid':
      return 'warn';
    case 'refunded':
    case 'partlyRefunded':
      return 'danger';
    default:
      return 'off';
  }
}
