/** /repOrder/{flag} (no login, docs/product.md §2): an order shared by its short link: date, hall,
 * session and the tickets with their visitors as the server masks them. */
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { getOrderByShortLink } from '../../api/orderCalls.ts';
import { OrderSummaryCard } from '../../ui/OrderSummaryCard.tsx';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { TicketRows } from '../../ui/TicketRows.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';
import { useChatAppPage } from '../../wechat/useChatAppPage.ts';

export default function RepOrder() {
  const { t } = useTranslation();
  const { flag } = useParams<{ flag: string }>();
  const { data: order, loading, failed } = useLoad(() => getOrderByShortLink(flag), [flag]);
  // In the chat app: this order's card, passed on as it was shared.
  useChatAppPage(order ? { share: { order, flag } } : null);

  return (
    <Screen title={t('share.title')} backTo="/">
      {order ? (
        <>
          <OrderSummaryCard order={order} brief />
          <section className="card stack">
            <div className="card__title">{t('share.visitors', { n: order.tickets.length })}</div>
            <TicketRows order={order} />
            <p className="hint">{t('share.hint')}</p>
          </section>
        </>
      ) : null}
      {failed ? <div className="empty-state">{t('share.notFound')}</div> : null}
      <Link href={INDIVIDUAL_PATHS.selectDate} className="btn btn--ghost btn--block">
        {t('share.home')}
      </Link>
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
