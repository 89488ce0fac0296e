/** /repOrder/{flag} (no login, SPEC §2): an order shared by its short link: date, hall,
 * session and the tickets with their visitors as the server masks them. */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { getOrderByShortLink } from '../../api/calls.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { TicketRows } from '../../ui/TicketRows.tsx';
import { useLoad } from '../../ui/useLoad.ts';

export default function RepOrder() {
  const { t } = useTranslation();
  const { flag } = useParams<{ flag: string }>();
  const { data: order, loading, failed } = useLoad(() => getOrderByShortLink(flag), [flag]);

  return (
    <Screen title={t('share.title')} backTo="/">
      {order ? (
        <>
          <section className="card stack">
            <div className="card__title">
              <span>{order.hallName}</span>
              <span className="tag">{t(`orderStatus.${order.status}`)}</span>
            </div>
            <div className="row">
              <span className="muted">{t('review.date')}</span>
              <strong>{order.visitDate}</strong>
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
          </section>
          <section className="card stack">
            <div className="card__title">{t('share.visitors', { n: order.tickets.length })}</div>
            <TicketRows order={order} />
            <p className="hint">{t('share.hint')}</p>
          </section>
        </>
      ) : null}
      {failed ? <div className="empty-state">{t('share.notFound')}</div> : null}
      <Link href="/individualCustomers/select/selectDate" className="btn btn--ghost btn--block">
        {t('share.home')}
      </Link>
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
