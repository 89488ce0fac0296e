/** order/myTickets: the visitor's tickets of today and the coming days, each with its gate QR,
 * shown from the phone at once and refreshed from the server when there is signal; without
 * it, "shown offline, last updated HH:mm" (docs/product.md §2.12). The names are masked as kept. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getUpcomingOrders } from '../../api/orderCalls.ts';
import { keptTickets } from '../../api/offlineTickets.ts';
import { museumDate } from '../../domain/museumTime.ts';
import { bookOfUpcoming, type OfflineTicket } from '../../domain/offlineTickets.ts';
import { INDIVIDUAL_PATHS } from '../../domain/paths.ts';
import { seatText } from '../../domain/seats.ts';
import { tr } from '../../i18n/index.ts';
import { LoadingOverlay, Screen } from '../../ui/Screen.tsx';
import { TicketQr } from '../../ui/TicketQr.tsx';
import { useChatAppPage } from '../../wechat/useChatAppPage.ts';
import './myTickets.css';

type Known = { tickets: OfflineTicket[]; since: number | null };

const pad = (n: number) => String(n).padStart(2, '0');
/** The phone's own clock: the visitor reads "last updated" against it. */
const hourMinute = (at: number) => `${pad(new Date(at).getHours())}:${pad(new Date(at).getMinutes())}`;

export default function MyTickets() {
  // In the chat app: the tickets' QR codes are not passed on (as on the order's page).
  useChatAppPage({ hideMenu: true });
  const { t } = useTranslation();
  const [known, setKnown] = useState<Known>(keptTickets);
  const [state, setState] = useState<'checking' | 'fresh' | 'offline'>('checking');

  useEffect(() => {
    let live = true;
    getUpcomingOrders().then(
      (orders) => {
        if (!live) return;
        const now = Date.now();
        // From the answer itself: a phone whose storage is full still shows what the server said.
        setKnown({ tickets: bookOfUpcoming('', orders, museumDate(new Date(now)), now).tickets, since: now });
        setState('fresh');
      },
      () => live && setState('offline'),
    );
    return () => {
      live = false;
    };
  }, []);

  const today = museumDate(new Date());
  const { tickets, since } = known;
  return (
    <Screen title={t('myTickets.title')} backTo={INDIVIDUAL_PATHS.orderRecord}>
      {state !== 'fresh' && since !== null ? (
        <p className={`kept-note${state === 'offline' ? ' kept-note--offline' : ''}`} role="status">
          {t(state === 'offline' ? 'myTickets.offline' : 'myTickets.updated', { time: hourMinute(since) })}
        </p>
      ) : null}
      {tickets.map((ticket) => (
        <section key={ticket.ticketId} className="card kept-ticket" data-ticket={ticket.ticketId}>
          <div className="card__title">
            <span>{ticket.hallName}</span>
            {ticket.visitDate === today ? <span className="tag tag--ok">{t('myTickets.today')}</span> : null}
          </div>
          <div className="muted">
            <span className="unbroken">{ticket.visitDate}</span>{' '}
            <span className="unbroken">
              {ticket.beginTime}-{ticket.endTime}
            </span>
          </div>
          <TicketQr value={ticket.qrCode} label={t('paySuccess.qrFor', { name: ticket.visitor })} />
          <div className="kept-ticket__who">
            <strong>{ticket.visitor}</strong>
            <span className="muted">
              {ticket.filmName ? `${ticket.filmName} · ` : ''}
              {ticket.ticketName}
              {ticket.seat ? ` · ${tr(seatText(ticket.seat))}` : ''}
            </span>
          </div>
        </section>
      ))}
      {tickets.length === 0 && state !== 'checking' ? (
        <div className="empty-state">{t(state === 'offline' ? 'myTickets.emptyOffline' : 'myTickets.empty')}</div>
      ) : null}
      {tickets.length > 0 ? <p className="hint">{t('myTickets.hint')}</p> : null}
      <Link href={INDIVIDUAL_PATHS.orderRecord} className="btn btn--block">
        {t('myTickets.orders')}
      </Link>
      <LoadingOverlay show={state === 'checking' && tickets.length === 0} />
    </Screen>
  );
}
