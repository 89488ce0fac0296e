/** The tickets of an order as the order screens list them: visitor, ticket type, masked
 * certificate, seat, status, the gate's QR code while the ticket is valid, and the ticket's
 * own session when it is not the order's (a date change, a package's film). */
import { useTranslation } from 'react-i18next';
import { seatText } from '../domain/seats.ts';
import type { OrderDetail } from '../domain/types.ts';
import { tr } from '../i18n/index.ts';
import { TicketQr } from './TicketQr.tsx';

export function TicketRows({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  return (
    <>
      {order.tickets.map((ticket) => (
        <div key={ticket.ticketId} className="detail-ticket" data-ticket={ticket.ticketId}>
          <div className="review-visitor">
            <strong>{ticket.userName}</strong>
            <span className="muted">
              {ticket.filmName ? `${ticket.filmName} · ` : ''}
              {ticket.ticketName} · {ticket.certificateInfo}
              {ticket.seat ? ` · ${tr(seatText(ticket.seat))}` : ''}
            </span>
            <span className="tag">{t(`ticketStatus.${ticket.status}`)}</span>
          </div>
          {ticket.qrCode && ticket.status === 'toBeChecked' ? (
            <TicketQr value={ticket.qrCode} label={t('paySuccess.qrFor', { name: ticket.userName })} />
          ) : null}
          {ticket.visitDate && (ticket.visitDate !== order.visitDate || ticket.beginTime !== order.beginTime || ticket.hallName !== order.hallName) ? (
            <p className="hint">
              {ticket.visitDate} {ticket.beginTime}-{ticket.endTime} · {ticket.hallName}
            </p>
          ) : null}
        </div>
      ))}
    </>
  );
}
