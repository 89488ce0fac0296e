/** The paid orders without an invoice, each with a button that chooses it. */
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '../../domain/types.ts';
import { formatMoney } from '../../ui/money.ts';

export function OrderPick({ orders, onChoose }: { orders: OrderSummary[]; onChoose: (orderId: number) => void }) {
  const { t } = useTranslation();
  if (orders.length === 0) return <div className="empty-state">{t('invoice.noOrders')}</div>;
  return (
    <>
      <p className="hint">{t('invoice.chooseHint')}</p>
      {orders.map((order) => (
        <section key={order.orderId} className="card order-item" data-order={order.orderNumber}>
          <div className="card__title">
            <span>{order.hallName}</span>
            <strong className="amount">{formatMoney(order.amount)}</strong>
          </div>
          <div className="muted">
            {order.visitDate} {order.beginTime}-{order.endTime} · {t('orderRecord.count', { n: order.ticketNum })}
          </div>
          <div className="row">
            <span className="hint mono">{order.orderNumber}</span>
            <button type="button" className="btn btn--ghost" onClick={() => onChoose(order.orderId)}>
              {t('invoice.choose')}
            </button>
          </div>
        </section>
      ))}
    </>
  );
}
