/** The visitor's tickets kept on this phone for a gate without signal (docs/product.md §2.12),
 * written from the order answers the app receives anyway, one account's at a time, read back
 * only for that account (src/domain/offlineTickets.ts says which tickets). In localStorage: a
 * few kilobytes, read at once offline, gone with the site's data. */
import { museumDate } from '../domain/museumTime.ts';
import { bookOfUpcoming, bookWithOrder, bookWithout, shownOffline, type OfflineTicket, type OfflineTicketBook } from '../domain/offlineTickets.ts';
import type { OrderDetail } from '../domain/types.ts';
import { getToken, OFFLINE_TICKETS_KEY as KEY } from './session.ts';

/** The visitor account the individual token names (its `sub`), or null with no login. The token
 * is not checked here (the server does, on every call): it only says whose tickets these are. */
export function currentAccount(): string | null {
  const token = getToken('individual');
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const { sub } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

function read(): OfflineTicketBook | null {
  try {
    const book = JSON.parse(localStorage.getItem(KEY) ?? 'null') as OfflineTicketBook | null;
    return book && typeof book.account === 'string' && Array.isArray(book.tickets) ? book : null;
  } catch {
    return null;
  }
}

function write(book: OfflineTicketBook): void {
  try {
    if (book.tickets.length) localStorage.setItem(KEY, JSON.stringify(book));
    else localStorage.removeItem(KEY);
  } catch {
    // A full or closed storage keeps nothing: the screen then needs the network, as before.
  }
}

const today = () => museumDate(new Date());

/** The server listed all the visitor's orders with tickets to check: they replace the book. */
export function keepUpcoming(orders: readonly OrderDetail[]): void {
  const account = currentAccount();
  if (account) write(bookOfUpcoming(account, orders, today(), Date.now()));
}

/** The server answered one of the visitor's orders: its tickets in the book are replaced. */
export function keepOrder(order: OrderDetail): void {
  const account = currentAccount();
  if (account) write(bookWithOrder(read(), account, order, today(), Date.now()));
}

/** Tickets refunded or moved by this phone leave the book at once. */
export function dropTickets(ticketIds: readonly number[]): void {
  const book = read();
  if (book) write(bookWithout(book, ticketIds));
}

/** What "My tickets" shows from the phone: the logged-in visitor's own, and since when. */
export function keptTickets(): { tickets: OfflineTicket[]; since: number | null } {
  return shownOffline(read(), currentAccount(), today());
}
