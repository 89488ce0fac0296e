/** Which tickets the phone keeps to show at the gate without signal (docs/product.md §2.12):
 * a visitor's tickets still to check, of today and the coming days, with no more than the
 * ticket screen shows (the visitor's name masked). The gate verifies the QR's signature
 * offline; the phone only has to show it. */
import { maskName } from './certificates.ts';
import type { OrderDetail } from './types.ts';

export interface OfflineTicket {
  ticketId: number;
  orderId: number;
  /** The visitor's name, masked as on a shared order (王*明). */
  visitor: string;
  ticketName: string;
  filmName: string | null;
  seat: { rowLabel: string; seatLabel: string } | null;
  qrCode: string;
  /** The ticket's own session (after a date change it may not be the order's). */
  visitDate: string;
  beginTime: string;
  endTime: string;
  hallName: string;
  /** epoch ms: when the server last said this ticket is valid. */
  savedAt: number;
}

/** One account's tickets on this phone: never read for another account. */
export interface OfflineTicketBook {
  account: string;
  tickets: OfflineTicket[];
}

/** The tickets of `order` a gate may still take: paid, not checked, refunded or moved away. */
export function liveTicketsOf(order: OrderDetail, savedAt: number): OfflineTicket[] {
  return order.tickets.flatMap((ticket) =>
    ticket.status === 'toBeChecked' && ticket.qrCode
      ? [
          {
            ticketId: ticket.ticketId,
            orderId: order.orderId,
            visitor: maskName(ticket.userName),
            ticketName: ticket.ticketName,
            filmName: ticket.filmName ?? null,
            seat: ticket.seat ? { rowLabel: ticket.seat.rowLabel, seatLabel: ticket.seat.seatLabel } : null,
            qrCode: ticket.qrCode,
            visitDate: ticket.visitDate ?? order.visitDate,
            beginTime: ticket.beginTime ?? order.beginTime,
            endTime: ticket.endTime ?? order.endTime,
            hallName: ticket.hallName ?? order.hallName,
            savedAt,
          },
        ]
      : [],
  );
}

const soonestFirst = (a: OfflineTicket, b: OfflineTicket) =>
  a.visitDate.localeCompare(b.visitDate) || a.beginTime.localeCompare(b.beginTime) || a.orderId - b.orderId || a.ticketId - b.ticketId;

/** Of today (museum date 'YYYY-MM-DD') or a coming day. */
const notPast = (today: string) => (ticket: OfflineTicket) => ticket.visitDate >= today;

/** The book after the server listed all of `account`'s orders with tickets to check: the
 * list replaces what was kept (a ticket refunded or moved elsewhere is gone). */
export function bookOfUpcoming(account: string, orders: readonly OrderDetail[], today: string, now: number): OfflineTicketBook {
  return {
    account,
    tickets: orders
      .flatMap((order) => liveTicketsOf(order, now))
      .filter(notPast(today))
      .sort(soonestFirst),
  };
}

/** The book after the server answered one order of `account`: that order's tickets replaced
 * by its live ones; another account's book is not added to but replaced. */
export function bookWithOrder(book: OfflineTicketBook | null, account: string, order: OrderDetail, today: string, now: number): OfflineTicketBook {
  const others = book?.account === account ? book.tickets.filter((ticket) => ticket.orderId !== order.orderId) : [];
  return { account, tickets: [...others, ...liveTicketsOf(order, now)].filter(notPast(today)).sort(soonestFirst) };
}

/** The book without `ticketIds` (refunded or moved by this phone, before the server's next answer). */
export function bookWithout(book: OfflineTicketBook, ticketIds: readonly number[]): OfflineTicketBook {
  return { ...book, tickets: book.tickets.filter((ticket) => !ticketIds.includes(ticket.ticketId)) };
}

/** What "My tickets" shows offline to `account`: its own tickets of today and the coming days,
 * and since when they are known (the oldest confirmation among them); nothing of another account. */
export function shownOffline(book: OfflineTicketBook | null, account: string | null, today: string): { tickets: OfflineTicket[]; since: number | null } {
  if (!book || !account || book.account !== account) return { tickets: [], since: null };
  const tickets = book.tickets.filter(notPast(today)).sort(soonestFirst);
  return { tickets, since: tickets.length ? Math.min(...tickets.map((ticket) => ticket.savedAt)) : null };
}
