/** What the order screens read besides the order itself: today's visits, the notices of an order, the order of a short link. */
import type { z } from 'zod';
import { shortLinkBody } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { OrderDetail, OrderStatus, PopWindow } from '../../src/domain/types.ts';
import { maskName } from '../../src/domain/certificates.ts';
import { museumDate } from '../time.ts';
import { getText } from './settings.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { asOf, detailOf, ORDER_SELECT, type OrderRow } from './orderQueries.ts';
import { LIFECYCLE_TEXTS, PAID_ORDER_STATES } from './lifecycleTexts.ts';

/** The caller's paid orders with a ticket on a day `visit` allows (SQL over `ts.visit_date`,
 * `$2` today) in one of `ticketStates`, as their order screens show them. */
async function paidOrdersWith(deps: AppDeps, userId: number, lang: Lang, visit: string, ticketStates: string[], tail: string): Promise<OrderDetail[]> {
  const orders = await deps.db.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.user_id = $1 AND o.status = ANY($3::text[]) AND EXISTS (
       SELECT 1 FROM tickets t JOIN hall_schedule ts ON ts.id = t.schedule_id
       WHERE t.order_id = o.id AND ${visit} AND t.status = ANY($4::text[])) ${tail}`,
    [userId, museumDate(deps.clock()), PAID_ORDER_STATES, ticketStates],
  );
  const out: OrderDetail[] = [];
  for (const o of orders) out.push(await detailOf(deps.db, o, lang));
  return out;
}

/** Today's paid orders of the caller: those with a live ticket for today. */
export const todayOrders = (deps: AppDeps, userId: number, lang: Lang): Promise<OrderDetail[]> =>
  paidOrdersWith(deps, userId, lang, 'ts.visit_date = $2', ['toBeChecked', 'checked'], 'ORDER BY s.begin_time, o.id');

/** The most orders a visitor's phone keeps for the gate: a family's week of visits, not a history. */
export const UPCOMING_ORDERS_MAX = 20;

/** The caller's paid orders with a ticket still to check on today or a coming day, soonest first:
 * what the phone keeps to show at the gate without signal (docs/product.md §2.12). */
export const upcomingOrders = (deps: AppDeps, userId: number, lang: Lang): Promise<OrderDetail[]> =>
  paidOrdersWith(deps, userId, lang, 'ts.visit_date >= $2', ['toBeChecked'], `ORDER BY s.visit_date, s.begin_time, o.id LIMIT ${UPCOMING_ORDERS_MAX}`);

/** Notices to show on an order's page, from the configured texts in the request language. */
export async function popWindows(deps: AppDeps, userId: number, orderId: number, lang: Lang): Promise<PopWindow[]> {
  const [row] = await deps.db.query<{ status: OrderStatus; pay_deadline: Date | null }>(
    'SELECT status, pay_deadline FROM orders WHERE id = $1 AND user_id = $2',
    [orderId, userId],
  );
  if (!row) throw fail(ORDER_TEXTS.orderNotFound);
  const o = asOf(row, deps.clock());
  const [{ live }] = await deps.db.query<{ live: number }>(`SELECT count(*)::int AS live FROM tickets WHERE order_id = $1 AND status = 'toBeChecked'`, [
    orderId,
  ]);
  const wanted: Array<[string, Text]> = [];
  if (o.status === 'toBePaid') wanted.push(['buy_tips', LIFECYCLE_TEXTS.buyTipsTitle]);
  if (live > 0) wanted.push(['refund_alert', LIFECYCLE_TEXTS.refundAlertTitle], ['ticket_checking_instructions', LIFECYCLE_TEXTS.checkingTitle]);
  const out: PopWindow[] = [];
  for (const [key, title] of wanted) {
    const content = await getText(deps.db, key, lang);
    if (content) out.push({ key, title: title[lang], content });
  }
  return out;
}

/** Anonymous: the order of a short link flag (masked certificates, as the owner sees them). */
export async function orderByShortLink(deps: AppDeps, body: z.output<typeof shortLinkBody>, lang: Lang): Promise<OrderDetail> {
  const { shortLinkFlag } = body;
  const [o] = await deps.db.query<OrderRow>(`${ORDER_SELECT} WHERE o.short_link_flag = $1`, [shortLinkFlag.trim()]);
  if (!o) throw fail(LIFECYCLE_TEXTS.shortLinkNotFound);
  // Whoever holds the link sees the tickets, not the visitors' full names.
  const detail = await detailOf(deps.db, o, lang);
  return { ...detail, tickets: detail.tickets.map((ticket) => ({ ...ticket, userName: maskName(ticket.userName) })) };
}
