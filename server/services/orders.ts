/** Individual orders: price quotes, and the steps every kind of order shares (the session and its
 * rules, the buyer's lock and unpaid orders, the risk check and the slider, orders and tickets
 * written with their stock). placeOrder itself: services/placeOrder.ts. */
import type { GroupRole } from '../../src/domain/groupRules.ts';
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { DirectOrderBody, priceRequest } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { cancelDueOrdersIn } from './payDeadline.ts';
import { assessRisk } from './risk.ts';
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail, refusal } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { OrderDraft, PlaceOrderResult, PriceQuote, TicketPrice } from '../../src/domain/types.ts';
import { checkOrder, freeChildPerAdult, ORDER_MESSAGES } from '../../src/domain/orderRules.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { HOLD_SLACK_MS } from '../../src/domain/limits.ts';
import { museumDate, museumDateTime, museumInstant } from '../time.ts';
import { consumeToken } from '../providers/captcha.ts';
import { moveSeatToTicket } from './stock.ts';
import { claimSeats } from './seats.ts';
import type { SeatPos } from '../../src/domain/seats.ts';
import { refuseBlocked } from './blacklist.ts';
import { catalogOf, type Readers } from './catalog.ts';
import { resolveCoupons, takeCoupon } from './coupons.ts';
import type { Account } from '../auth.ts';
import { COUPON_MESSAGES } from '../../src/domain/coupons.ts';
import { hallRules, loadPrices, museumStopText, onSaleOn, remainingOf, sessionState, ticketPrice, type HallRow, type ScheduleRow } from './pool.ts';

/** What these tickets cost, with the visitor's coupons applied as placeOrder will apply them. */
export async function calculatePrice(deps: AppDeps, who: Account, body: z.output<typeof priceRequest>, lang: Lang): Promise<PriceQuote> {
  const input = body;
  const [schedule] = await deps.db.query<ScheduleRow>('SELECT * FROM hall_schedule WHERE id = $1', [input.hallScheduleId]);
  if (!schedule) throw fail(ORDER_TEXTS.notSelectable);
  const prices = (await loadPrices(deps.db, schedule.hall_id)).filter(onSaleOn(schedule.visit_date));
  const chosen = input.ticketInfoList.map((l) => {
    const p = prices.find((x) => x.id === l.ticketPriceId);
    if (!p) throw fail(ORDER_TEXTS.notSelectable);
    return { coupons: l.coupons, price: ticketPrice(p) };
  });
  const withCoupons = chosen.some((l) => l.coupons?.length);
  if (withCoupons && who.kind !== 'individual') throw fail(COUPON_MESSAGES.visitorsOnly);
  const coupons = withCoupons ? await resolveCoupons(deps.db, who.userId, schedule.hall_id, chosen, deps.clock()) : [];
  const lines: PriceQuote['lines'] = [];
  let discount = 0;
  for (const [i, { price: p }] of chosen.entries()) {
    discount += p.price - (coupons[i]?.price ?? p.price);
    const line = lines.find((l) => l.ticketPriceId === p.ticketPriceId);
    if (line) {
      line.count++;
      line.amount += p.price;
    } else lines.push({ ticketPriceId: p.ticketPriceId, name: p.name[lang], price: p.price, count: 1, amount: p.price });
  }
  return { lines, discount, total: lines.reduce((n, l) => n + l.amount, 0) - discount };
}

export function newOrderNumber(now: Date): string {
  const stamp = museumDateTime(now).replace(/\D/g, ''); // 14 digits
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let tail = '';
  for (let i = 0; i < 8; i++) tail += alphabet[randomInt(alphabet.length)];
  return `P${stamp}${tail}`; // 1 + 14 + 8 = 23
}

export interface BookableSession {
  schedule: Readonly<ScheduleRow>;
  hall: Readonly<HallRow>;
  prices: TicketPrice[];
  config: Readonly<Record<string, string>>;
}

/** The session read now through `q` (its stock and state, e.g. under a transaction's locks), refused
 * unless it is open for sale now (see openSession). */
export async function bookableSession(deps: Readers, q: Queryable, scheduleId: number, now: Date, date?: string): Promise<BookableSession> {
  const [schedule] = await q.query<ScheduleRow>('SELECT * FROM hall_schedule WHERE id = $1', [scheduleId]);
  return openSession(deps, q, schedule, now, date);
}

/** The session with its hall, prices and config (from the catalog), refused unless it is open for
 * sale now (available or sold out: the stock update decides the latter). */
async function openSession(deps: Readers, q: Queryable, schedule: Readonly<ScheduleRow> | undefined, now: Date, date?: string): Promise<BookableSession> {
  if (!schedule || (date !== undefined && schedule.visit_date !== date)) throw fail(ORDER_TEXTS.notSelectable);
  const catalog = catalogOf(deps);
  // One after another: `q` may be a transaction's one connection (hits cost nothing).
  const hall = await catalog.hall(q, schedule.hall_id);
  const prices = await catalog.prices(q, schedule.hall_id);
  const config = await catalog.config(q);
  const day = await catalog.day(q, schedule.visit_date);
  if (!hall || hall.closed) throw fail(ORDER_TEXTS.notSelectable);
  const stop = config.hallStatus === '0' ? museumStopText(await catalog.text(q, 'museumStopSaleContent')) : null;
  const state = sessionState(schedule, day, now, stop);
  if (state.state !== 'available' && state.state !== 'soldOut') throw refusal(state.reason ?? ORDER_TEXTS.notSelectable, state.state);
  return { schedule, hall, prices: prices.filter(onSaleOn(schedule.visit_date)).map(ticketPrice), config };
}

/** The one session of an individual order (or cart add), open for sale, with every order
 * rule of src/domain checked against the database's hall, prices and stock. A waiting-list
 * order (`stock: 'waitingList'`) is for a session without enough stock: the list's own rules
 * judge that, under the session's lock (services/waitingList.ts). */
export async function checkedSession(
  deps: Readers,
  draft: OrderDraft,
  lines: ReadonlyArray<{ hallScheduleId: number }>,
  date: string,
  now: Date,
  stage: 'visitors' | 'submit',
  stock: 'sale' | 'waitingList' = 'sale',
): Promise<BookableSession> {
  if (lines.length === 0) throw fail(ORDER_MESSAGES.visitorsRequired);
  if (new Set(lines.map((l) => l.hallScheduleId)).size !== 1) throw fail(ORDER_TEXTS.notSelectable);
  // The session's row as the catalog keeps it, before any transaction: the rules and the stock
  // left are checked on it, and the sale's own update decides the stock again.
  const session = await openSession(deps, deps.db, await catalogOf(deps).session(deps.db, draft.hallScheduleId!), now, date);
  const { schedule, hall, prices, config } = session;
  const violations = checkOrder(
    draft,
    {
      hall: hallRules(hall),
      prices,
      remaining: stock === 'sale' ? remainingOf(schedule) : Number.MAX_SAFE_INTEGER,
      freeChildPerAdult: freeChildPerAdult(config, hall.hall_key, hall.free_child_per_adult),
    },
    stage,
    museumDate(now),
  );
  if (violations.length > 0) throw refusal(violations[0].message, violations[0].rule);
  return session;
}

/** The account side of a new order, inside its transaction: the account row locked (one
 * order at a time) and, by the missed visits it keeps, not blacklisted. */
export async function lockBuyer(q: TxQueryable, userId: number, now: Date, config: Readonly<Record<string, string>>): Promise<void> {
  refuseBlocked((await lockBuyers(q, [userId])).get(userId) ?? [], config, now);
}

/** The accounts of new orders locked in one statement, in id order (so two transactions that
 * lock several never wait on each other), with the missed visits each keeps. */
export async function lockBuyers(q: TxQueryable, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const rows = await lockRows(q, 'users', { id: userIds }, ['id', 'missed_visits']);
  return new Map(rows.map((r) => [r.id, r.missed_visits]));
}

/** What a buyer's own orders say: her unpaid orders with their latest deadline, and how many
 * orders she placed this museum day (the risk policy's count). */
export interface BuyerOrders {
  unpaid: number;
  unpaid_until: Date | null;
  today: number;
}

const NO_ORDERS: BuyerOrders = { unpaid: 0, unpaid_until: null, today: 0 };

/** What each buyer's own orders say under her lock, in one statement for all (so it sees her
 * orders committed while she waited for it). `online`: only orders paid online count as unpaid,
 * as a team's window orders wait days. Each buyer's `now` decides her own museum day: a batch
 * of the release rush may straddle midnight. */
export async function buyersOrders(
  q: Queryable,
  buyers: ReadonlyArray<{ userId: number; now: Date }>,
  online: boolean,
): Promise<(userId: number) => BuyerOrders> {
  const rows = await q.query<BuyerOrders & { user_id: number }>(
    `SELECT user_id, count(*) FILTER (WHERE unpaid)::int AS unpaid, max(pay_deadline) FILTER (WHERE unpaid) AS unpaid_until,
            count(*) FILTER (WHERE created_at >= day_start)::int AS today
       FROM (SELECT o.user_id, b.day_start, o.pay_deadline, o.created_at, o.status = 'toBePaid' AND (NOT $3 OR o.pay_method = 'online') AS unpaid
               FROM unnest($1::int[], $2::timestamptz[]) AS b(user_id, day_start)
               JOIN orders o ON o.user_id = b.user_id AND (o.status = 'toBePaid' OR o.created_at >= b.day_start)) mine
      GROUP BY user_id`,
    [buyers.map((b) => b.userId), buyers.map((b) => museumInstant(museumDate(b.now))), online],
  );
  const byUser = new Map(rows.map((r) => [r.user_id, r]));
  return (userId) => byUser.get(userId) ?? NO_ORDERS;
}

/** An unpaid order blocks a new one (docs/product.md §8), under the buyer's lock. One past its deadline
 * that the pay-timeout job has not reached yet is cancelled here instead, its stock returned:
 * the sweep runs only for a buyer who has one, not in every order's transaction. Returns the
 * orders she placed today. */
export async function refuseUnpaid(q: TxQueryable, userId: number, now: Date, refusal: Text = ORDER_TEXTS.unpaid, online = false): Promise<number> {
  return settleUnpaid(q, userId, (await buyersOrders(q, [{ userId, now }], online))(userId), now, refusal);
}

/** refuseUnpaid on her orders as read already. */
export async function settleUnpaid(q: TxQueryable, userId: number, mine: BuyerOrders, now: Date, refusal: Text = ORDER_TEXTS.unpaid): Promise<number> {
  if (mine.unpaid_until && mine.unpaid_until.getTime() > now.getTime()) throw fail(refusal);
  if (mine.unpaid > 0) await cancelDueOrdersIn(q, now, { userId });
  return mine.today;
}

/** The risk check (services/risk.ts) and the slider token, in that order: a refusal by the
 * risk policy answers without an order and leaves the token unused. `ordersToday`: the count
 * refuseUnpaid read under the same lock (else the risk check counts them). */
export async function passRiskAndCaptcha(
  q: Queryable,
  deps: AppDeps,
  config: Readonly<Record<string, string>>,
  userId: number,
  now: Date,
  captchaToken: string,
  lang: Lang,
  ordersToday?: number,
): Promise<PlaceOrderResult | null> {
  const risk = await assessRisk(q, config, userId, 'placeOrder', now, lang, ordersToday);
  if (risk.riskPolicy <= 0) return { orderId: null, ...risk };
  if (deps.config.captcha !== 'off' && !(await consumeToken(q, captchaToken, now))) throw fail(ORDER_TEXTS.captcha);
  return null;
}

export interface NewTicket {
  priceId: number;
  userName: string;
  certificateType: string;
  certificateInfo: string;
  nameZh: string;
  nameEn: string;
  price: number;
  scheduleId: number;
  /** A cinema seat to claim for the ticket; null in a hall without seats. */
  seat: SeatPos | null;
  /** The cart line the ticket comes from: its seat goes with it. */
  cartLineId?: number;
  /** A group ticket: who it is for, and whether it is one of the group's free tickets. */
  role?: GroupRole;
  free?: boolean;
  /** The visitor's coupon spent on this ticket (its price is already the price with it). */
  couponId?: number;
}

/** A group order's own columns: its deadline (a window payer's is days away), how it is paid,
 * and what the team filled in. */
export interface GroupOrderExtra {
  payDeadline: Date;
  payMethod: 'online' | 'window';
  groupInfo: unknown;
}

/** The tickets of an order's lines in one session: the visitor as typed (certificate upper-cased),
 * the price's names and amount, and the seat of each (null: no seat). */
export function newTickets(
  lines: ReadonlyArray<{ line: DirectOrderBody['ticketInfoList'][number]; price: TicketPrice }>,
  scheduleId: number,
  seats: ReadonlyArray<SeatPos | null>,
): NewTicket[] {
  return lines.map(({ line, price }, i) => ({
    priceId: price.ticketPriceId,
    userName: line.userName.trim(),
    certificateType: line.certificate,
    certificateInfo: line.certificateInfo.trim().toUpperCase(),
    nameZh: price.name.zh,
    nameEn: price.name.en,
    price: price.price,
    scheduleId,
    seat: seats[i] ?? null,
  }));
}

/** A new unpaid order: who, when, its tickets (all of one session when its stock is taken with
 * it), and what it owns. Its hall, session and date are its first ticket's; its deadline the
 * pay-hold period plus the slack, or a group's own. */
export interface NewOrder {
  userId: number;
  now: Date;
  holdMinutes: number;
  tickets: NewTicket[];
  hallId: number;
  visitDate: string;
  /** 'sale': the tickets own stock; 'candidate': a waiting-list order, whose tickets own none until it is filled. */
  kind?: 'sale' | 'candidate';
  group?: GroupOrderExtra;
  /** The language it was placed in: its texts (a call-off's) are written in it. */
  lang?: Lang;
}

/** An order whose stock the caller has taken (or a candidate's, which owns none). */
export async function insertOrder(q: Queryable, order: NewOrder): Promise<number> {
  const orderId = await writeOrder(q, order, false);
  if (orderId === null) throw new Error('insertOrder: no order made');
  return orderId;
}

/** A sale: the stock of its tickets' one session taken and the order made in one statement, or
 * neither (null: not enough left). The session's row stays locked from here to the commit only. */
export async function sellOrder(q: Queryable, order: NewOrder): Promise<number | null> {
  return writeOrder(q, order, true);
}

/** writeOrders for one order; then what belongs to single tickets: a coupon spent, a cart line's
 * seat moved, a seat claimed. */
async function writeOrder(q: Queryable, order: NewOrder, takeStock: boolean): Promise<number | null> {
  const [made] = (await writeOrders(q, [order], takeStock)) ?? [];
  if (!made) return null;
  const { tickets, userId, now } = order;
  const claims: Parameters<typeof claimSeats>[1] = [];
  for (const [i, t] of tickets.entries()) {
    if (t.couponId !== undefined) await takeCoupon(q, t.couponId, userId, made.orderId, made.ticketIds[i], now);
    if (t.cartLineId !== undefined) await moveSeatToTicket(q, t.cartLineId, made.ticketIds[i]);
    else if (t.seat) claims.push({ scheduleId: t.scheduleId, seat: t.seat, owner: { ticketId: made.ticketIds[i] } });
  }
  await claimSeats(q, claims);
  return made.orderId;
}

/** Orders and their tickets in one statement (as arrays, one element per order and per ticket),
 * with the conditional stock update in front when `takeStock`: every order is then of one
 * session, and the stock of all their tickets is taken together, or none and no order is made
 * (null: not enough left). Each order's id and its tickets' ids come back in the order given
 * (one INSERT numbers its rows in the order it writes them; an order is found by its number). */
export async function writeOrders(
  q: Queryable,
  orders: readonly NewOrder[],
  takeStock: boolean,
): Promise<Array<{ orderId: number; ticketIds: number[] }> | null> {
  const numbers = orders.map((o) => newOrderNumber(o.now));
  const ofOrder = <V>(value: (o: NewOrder) => V) => orders.map(value);
  const tickets = orders.flatMap((o) => o.tickets);
  const ofTicket = <K extends keyof NewTicket>(key: K) => tickets.map((t) => t[key] ?? null);
  const [made] = await q.query<{ numbers: string[] | null; order_ids: number[] | null; ticket_ids: number[] | null }>(
    `WITH stock AS (
       UPDATE hall_schedule SET sold = sold + $3 WHERE $1 AND id = $2 AND NOT stopped AND capacity - sold - held >= $3 RETURNING id
     ), new_orders AS (
       INSERT INTO orders (order_number, user_id, hall_id, schedule_id, visit_date, status, amount, ticket_num, created_at, pay_deadline, is_candidate, pay_method, group_info, lang)
       SELECT o.order_number, o.user_id, o.hall_id, o.schedule_id, o.visit_date, 'toBePaid', o.amount, o.ticket_num, o.created_at, o.pay_deadline, o.is_candidate, o.pay_method, o.group_info, o.lang
         FROM unnest($4::text[], $5::int[], $6::int[], $7::int[], $8::text[], $9::int[], $10::int[], $11::timestamptz[], $12::timestamptz[], $13::boolean[], $14::text[], $15::jsonb[], $27::text[])
              AS o(order_number, user_id, hall_id, schedule_id, visit_date, amount, ticket_num, created_at, pay_deadline, is_candidate, pay_method, group_info, lang)
        WHERE NOT $1 OR EXISTS (SELECT 1 FROM stock)
       RETURNING id, order_number, is_candidate
     ), new_tickets AS (
       INSERT INTO tickets (order_id, price_id, user_name, certificate_type, certificate_info, ticket_name_zh, ticket_name_en, price, status, schedule_id, role, free)
       SELECT o.id, t.price_id, t.user_name, t.certificate_type, t.certificate_info, t.name_zh, t.name_en, t.price,
              CASE WHEN o.is_candidate THEN 'candidate' ELSE 'toBePaid' END, t.schedule_id, t.role, t.free
         FROM unnest($16::text[], $17::int[], $18::text[], $19::text[], $20::text[], $21::text[], $22::text[], $23::int[], $24::int[], $25::text[], $26::boolean[])
              WITH ORDINALITY AS t(order_number, price_id, user_name, certificate_type, certificate_info, name_zh, name_en, price, schedule_id, role, free, n)
         JOIN new_orders o USING (order_number)
        ORDER BY t.n
       RETURNING id
     )
     SELECT (SELECT array_agg(order_number ORDER BY id) FROM new_orders) AS numbers, (SELECT array_agg(id ORDER BY id) FROM new_orders) AS order_ids,
            (SELECT array_agg(id ORDER BY id) FROM new_tickets) AS ticket_ids`,
    [
      takeStock,
      orders[0].tickets[0].scheduleId,
      tickets.length,
      numbers,
      ofOrder((o) => o.userId),
      ofOrder((o) => o.hallId),
      ofOrder((o) => o.tickets[0].scheduleId),
      ofOrder((o) => o.visitDate),
      ofOrder((o) => o.tickets.reduce((sum, t) => sum + t.price, 0)),
      ofOrder((o) => o.tickets.length),
      ofOrder((o) => o.now),
      ofOrder((o) => new Date((o.group?.payDeadline.getTime() ?? o.now.getTime() + o.holdMinutes * 60_000) + HOLD_SLACK_MS)),
      ofOrder((o) => o.kind === 'candidate'),
      ofOrder((o) => o.group?.payMethod ?? 'online'),
      ofOrder((o) => (o.group ? JSON.stringify(o.group.groupInfo) : null)),
      numbers.flatMap((n, i) => orders[i].tickets.map(() => n)),
      ofTicket('priceId'),
      ofTicket('userName'),
      ofTicket('certificateType'),
      ofTicket('certificateInfo'),
      ofTicket('nameZh'),
      ofTicket('nameEn'),
      ofTicket('price'),
      ofTicket('scheduleId'),
      ofTicket('role'),
      tickets.map((t) => t.free ?? false),
      ofOrder((o) => o.lang ?? 'zh'),
    ],
  );
  if (!made.order_ids) return null;
  const idOf = new Map(made.numbers!.map((n, i) => [n, made.order_ids![i]]));
  const ticketIds = made.ticket_ids ?? [];
  let next = 0;
  return orders.map((o, i) => ({ orderId: idOf.get(numbers[i])!, ticketIds: ticketIds.slice(next, (next += o.tickets.length)) }));
}
