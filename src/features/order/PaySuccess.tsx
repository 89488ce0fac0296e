/** order/paySuccess/{id} (no login): the tickets, a QR code each, with masked certificates. */
import { useTranslation } from 'react-i18next';
import { seatText } from '../../domain/seats.ts';
import { tr } from '../../i18n/index.ts';
import { Link, useParams } from 'wouter';
import { getToken } from '../../api/session.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { TicketQr } from '../../ui/TicketQr.tsx';
import { pathTo } from '../../domain/paths.ts';
import { orderArea } from './area.ts';
import { Collapsed } from './Collapsed.tsx';
import { useChatAppPage } from '../../wechat/useChatAppPage.ts';

export default function PaySuccess() {
  // In the chat app: the tickets' QR codes are not passed on (share, copy-link and browser items hidden while here).
  useChatAppPage({ hideMenu: true });
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  // The screen opens without login (docs/product.md §2); its tickets are the account's, so a stranger
  // (or a visitor whose login ended) is asked to log in to see them.
  const { kind, paths, calls } = orderArea();
  const loggedIn = Boolean(getToken(kind));
  const { data: order, loading } = useLoad(() => (loggedIn ? calls.loadOrder(Number(id)) : Promise.resolve(null)), [id, loggedIn, calls]);
  const paid = order?.status === 'completed';

  return (
    <Screen title={t('paySuccess.title')} backTo={paths.selectDate}>
      {order ? (
        <>
          <div className={`pay-result${paid ? '' : ' pay-result--pending'}`}>
            <span className="pay-result__icon" aria-hidden="true">
              {paid ? '✓' : '…'}
            </span>
            <strong>{paid ? t('paySuccess.done') : t(`orderStatus.${order.status}`)}</strong>
            {order.candidate === 'standingBy' ? <span>{t('waitingList.paidHint')}</span> : null}
            <span className="muted">
              {order.visitDate} {order.beginTime}-{order.endTime} · {order.hallName}
            </span>
          </div>
          <Collapsed items={order.tickets}>
            {(tickets) =>
              tickets.map((ticket) => (
                <section key={ticket.ticketId} className="card ticket">
                  <div className="ticket__head">
                    <strong>{ticket.userName}</strong>
                    <span className="tag">{ticket.ticketName}</span>
                  </div>
                  <p className="muted">
                    {ticket.certificateInfo}
                    {ticket.seat ? ` · ${tr(seatText(ticket.seat))}` : ''}
                  </p>
                  {ticket.qrCode ? <TicketQr value={ticket.qrCode} label={t('paySuccess.qrFor', { name: ticket.userName })} /> : null}
                  <p className="hint">
                    {/* Each ticket's own session: a package's film is another hall and time. */}
                    {ticket.visitDate ?? order.visitDate} {ticket.beginTime ?? order.beginTime}-{ticket.endTime ?? order.endTime} ·{' '}
                    {ticket.hallName ?? order.hallName}
                    {ticket.filmName ? ` · ${ticket.filmName}` : ''}
                  </p>
                </section>
              ))
            }
          </Collapsed>
          <div className="stack">
            <Link href={pathTo(paths.orderDetail, { id: order.orderId })} className="btn btn--ghost btn--block">
              {t('orderDetail.title')}
            </Link>
            <Link href={paths.selectDate} className="btn btn--block">
              {t('paySuccess.home')}
            </Link>
          </div>
        </>
      ) : null}
      {!loggedIn ? (
        <div className="empty-state">
          <p>{t('paySuccess.loginToSee')}</p>
          <Link href={pathTo(paths.login, {}, { redirect: pathTo(paths.paySuccess, { id }) })} className="btn btn--primary">
            {t('login.submit')}
          </Link>
        </div>
      ) : null}
      <LoadingOverlay show={loading} />
    </Screen>
  );
}
