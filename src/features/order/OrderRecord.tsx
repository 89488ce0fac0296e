/** order/orderRecord: the visitor's (or the team's) orders, newest first, filtered by status. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getOrders } from '../../api/orderCalls.ts';
import type { OrderStatus } from '../../domain/types.ts';
import { formatMoney } from '../../ui/money.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { statusTone } from '../../ui/OrderSummaryCard.tsx';
import type { AccountKind } from '../../api/session.ts';
import { MESSAGE_PATHS, pathTo } from '../../domain/paths.ts';
import { orderArea } from './area.ts';

const FILTERS: Array<OrderStatus | ''> = ['', 'toBePaid', 'standingBy', 'completed', 'canceled'];
/** Groups keep no waiting list. */
const filtersFor = (kind: AccountKind) => (kind === 'team' ? FILTERS.filter((f) => f !== 'standingBy') : FILTERS);
const PAGE_SIZE = 10;

export default function OrderRecord() {
  const { t } = useTranslation();
  const { kind, paths, calls } = orderArea();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [pages, setPages] = useState(1);
  const { data, loading } = useLoad(() => getOrders(status, 1, PAGE_SIZE * pages), [status, pages]);
  const { data: today } = useLoad(() => calls.todayOrders(), [calls]);
  // The tickets of the coming days go onto the phone too, for a gate without signal (docs/product.md §2.12).
  useEffect(() => void calls.keepTickets().catch(() => undefined), [calls]);

  return (
    <Screen title={t('orderRecord.title')} backTo={paths.selectDate}>
      {today && today.length > 0 ? (
        <section className="card today">
          <div className="card__title">{t('orderRecord.today')}</div>
          {today.map((order) => (
            <Link key={order.orderId} href={pathTo(paths.orderDetail, { id: order.orderId })} className="row today__order">
              <span>
                {order.hallName}{' '}
                <span className="unbroken">
                  {order.beginTime}-{order.endTime}
                </span>
              </span>
              <span className="link unbroken">{t('orderRecord.showQr')}</span>
            </Link>
          ))}
        </section>
      ) : null}
      {paths.myTickets ? (
        <Link href={paths.myTickets} className="btn btn--block">
          {t('myTickets.title')}
        </Link>
      ) : null}
      <nav className="quick-links">
        {paths.invoiceIndex ? (
          <Link href={paths.invoiceIndex} className="btn btn--ghost">
            {t('invoice.title')}
          </Link>
        ) : null}
        <Link href={paths.blackOrderList} className="btn btn--ghost">
          {t('missed.title')}
        </Link>
        <Link href={MESSAGE_PATHS[kind].list} className="btn btn--ghost">
          {t('message.board')}
        </Link>
      </nav>
      <div className="filters" role="tablist">
        {filtersFor(kind).map((value) => (
          <button
            key={value || 'all'}
            type="button"
            role="tab"
            aria-selected={status === value}
            className={`chip${status === value ? ' chip--on' : ''}`}
            onClick={() => (setStatus(value), setPages(1))}
          >
            {value ? t(`orderStatus.${value}`) : t('orderRecord.all')}
          </button>
        ))}
      </div>
      {data?.rows.map((order) => (
        <Link key={order.orderId} href={pathTo(paths.orderDetail, { id: order.orderId })} className="card order-item">
          <div className="card__title">
            <span>{order.hallName}</span>
            <span className={`tag tag--${statusTone(order.status)}`}>{t(`orderStatus.${order.status}`)}</span>
          </div>
          <div className="muted">
            <span className="unbroken">{order.visitDate}</span>{' '}
            <span className="unbroken">
              {order.beginTime}-{order.endTime}
            </span>
          </div>
          <div className="row">
            <span className="hint mono">{order.orderNumber}</span>
            <span>
              {t('orderRecord.count', { n: order.ticketNum })} <strong className="amount">{formatMoney(order.amount)}</strong>
            </span>
          </div>
        </Link>
      ))}
      {data && data.rows.length === 0 ? <div className="empty-state">{t('orderRecord.empty')}</div> : null}
      {data && data.rows.length < data.total ? (
        <button type="button" className="btn btn--block" onClick={() => setPages((n) => n + 1)}>
          {t('orderRecord.more')}
        </button>
      ) : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
