/** Individual orders: price quotes, and placing an order (the rules again, then stock and
 * order in one transaction); the steps cart checkout shares. */
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { DirectOrderBody, priceRequest } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { cancelDueOrdersIn } from './payDeadline.ts';
import { assessRisk, riskEnabled } from './risk.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { OrderDraft, PlaceOrderResult, PriceQuote, TicketPrice } from '../../src/domain/types.ts';
import { checkOrder, freeChildPerAdult, ORDER_MESSAGES } from '../../src/domain/orderRules.ts';
import { draftFromRequest } from '../../src/domain/orderRequest.ts';
import { HOLD_SLACK_MS } from '../../src/domain/limits.ts';
import { museumDate, museumDateTime } from '../time.ts';
import { getConfig, getText, minutes } from './settings.ts';
import { consumeToken } from '../providers/captcha.ts';
import { moveSeatToTicket, takeSold } from './stock.ts';
import { claimSeats, seatsForParty } from './seats.ts';
import type { SeatPos } from '../../src/domain/seats.ts';
import { assertNotBlacklisted } from './blacklist.ts';
import { placeCandidateOrder } from './waitingList.ts';
import { refuseCoupons, resolveCoupons, takeCoupon } from './coupons.ts';
import { completeOrder } from './payments.ts';
import type { Account } from '../auth.ts';
import { COUPON_MESSAGES } from '../../src/domain/coupons.ts';
import {
  hallRules,
  loadDay,
  loadPrices,
  remainingOf,
  sessionState,
  ticketPrice,
  type HallRow,
  type ScheduleRow,
} from './pool.ts';

export const ORDER_TEXTS = {
  unpaid: { zh: '您有未支付的订单，请先支付或取消', en: 'You have an unpaid order; please pay or cancel it first' },
  soldOut: ORDER_MESSAGES.soldOut,
  notSelectable: ORDER_MESSAGES.notSelectable,
  captcha: { zh: '安全验证已失效，请重新验证', en: 'The security check has expired; please verify again' },
  orderNotFound: { zh: '订单不存在', en: 'The order does not exist' },
  notPayable: { zh: '订单已关闭或已支付，无法支付', en: 'This order is closed or already paid and cannot be paid' },
} satisfies Record<string, Text>;


/** What these tickets cost, with the visitor's coupons applied as placeOrder will apply them. */
export async function calculatePrice(deps: AppDeps, who: Account, body: z.output<typeof priceRequest>, lang: Lang): Promise<PriceQuote> {
  const input = body;
  const [schedule] = await deps.db.query<ScheduleRow>('SELECT * FROM hall_schedule WHERE id = $1', [input.hallScheduleId]);
  if (!schedule) throw fail(ORDER_TEXTS.notSelectable);
  const prices = await loadPrices(deps.db, schedule.hall_id);
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
  schedule: ScheduleRow;
  hall: HallRow;
  prices: TicketPrice[];
  config: Record<string, string>;
}

/** The session, its hall, prices and config, refused unless it is open for sale now
 * (available or sold out: the stock update decides the latter). */
export async function bookableSession(q: Queryable, scheduleId: number, now: Date, date?: string): Promise<BookableSession> {
  const [schedule] = await q.query<ScheduleRow>('SELECT * FROM hall_schedule WHERE id = $1', [scheduleId]);
  if (!schedule || (date !== undefined && schedule.visit_date !== date)) throw fail(ORDER_TEXTS.notSelectable);
  const [hall] = await q.query<HallRow>('SELECT * FROM halls WHERE id = $1', [schedule.hall_id]);
  const prices = (await loadPrices(q, hall.id)).map(ticketPrice);
  const config = await getConfig(q);
  const day = await loadDay(q, schedule.visit_date);
  let stop: Text | null = null;
  if (config.hallStatus === '0') {
    stop = { zh: (await getText(q, 'museumStopSaleContent', 'zh')) ?? '', en: (await getText(q, 'museumStopSaleContent', 'en')) ?? '' };
  }
  const state = sessionState(schedule, day, now, stop);
  if (state.state !== 'available' && state.state !== 'soldOut') throw fail(state.reason ?? ORDER_TEXTS.notSelectable);
  return { schedule, hall, prices, config };
}

/** The one session of an individual order (or cart add), open for sale, with every order
 * rule of src/domain checked against the database's hall, prices and stock. A waiting-list
 * order (`stock: 'waitingList'`) is for a session without enough stock: the list's own rules
 * judge that, under the session's lock (services/waitingList.ts). */
export async function checkedSession(
  q: Queryable,
  draft: OrderDraft,
  lines: ReadonlyArray<{ hallScheduleId: number }>,
  date: string,
  now: Date,
  stage: 'visitors' | 'submit',
  stock: 'sale' | 'waitingList' = 'sale',
): Promise<BookableSession> {
  if (lines.length === 0) throw fail(ORDER_MESSAGES.visitorsRequired);
  if (new Set(lines.map((l) => l.hallScheduleId)).size !== 1) throw fail(ORDER_TEXTS.notSelectable);
  const session = await bookableSession(q, draft.hallScheduleId!, now, date);
  const { schedule, hall, prices, config } = session;
  const violations = checkOrder(
    draft,
    {
      hall: hallRules(hall),
      prices,
      remaining: stock === 'sale' ? remainingOf(schedule) : Number.MAX_SAFE_INTEGER,
      freeChildPerAdult: freeChildPerAdult(config, hall.hall_key),
    },
    stage,
    museumDate(now),
  );
  if (violations.length > 0) throw fail(violations[0].message);
  return session;
}

/** The account side of a new order, inside its transaction: the account row locked (one
 * order at a time), not blacklisted, its overdue orders cancelled. */
export async function lockBuyer(q: Queryable, userId: number, now: Date): Promise<void> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
  await assertNotBlacklisted(q, userId, now);
  await cancelDueOrdersIn(q, now, { userId });
}

/** An unpaid order blocks a new one (SPEC §8). */
export async function refuseUnpaid(q: Queryable, userId: number): Promise<void> {
  const unpaid = await q.query('SELECT id FROM orders WHERE user_id = $1 AND status = $2 LIMIT 1', [userId, 'toBePaid']);
  if (unpaid.length > 0) throw fail(ORDER_TEXTS.unpaid);
}

/** The risk check (services/risk.ts) and the slider token, in that order: a refusal by the
 * risk policy answers without an order and leaves the token unused. */
export async function passRiskAndCaptcha(
  q: Queryable,
  deps: AppDeps,
  config: Record<string, string>,
  userId: number,
  now: Date,
  captchaToken: string,
  lang: Lang,
): Promise<PlaceOrderResult | null> {
  const risk = await assessRisk(q, config, userId, 'placeOrder', now, lang);
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
  role?: 'student' | 'teacher' | 'leader' | 'visitor';
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

/** An unpaid order and its tickets; the stock has been taken by the caller (a sale), or is
 * not taken at all (a waiting-list candidate, whose tickets own none until it is filled). The
 * order's hall, session and date are its first ticket's; its deadline the pay-hold period plus the slack. */
export async function insertOrder(
  q: Queryable,
  userId: number,
  now: Date,
  holdMinutes: number,
  tickets: NewTicket[],
  hallId: number,
  visitDate: string,
  kind: 'sale' | 'candidate' = 'sale',
  group?: GroupOrderExtra,
): Promise<number> {
  const amount = tickets.reduce((sum, t) => sum + t.price, 0);
  const deadline = group?.payDeadline ?? new Date(now.getTime() + holdMinutes * 60_000);
  const [order] = await q.query<{ id: number }>(
    `INSERT INTO orders (order_number, user_id, hall_id, schedule_id, visit_date, status, amount, ticket_num, created_at, pay_deadline, is_candidate, pay_method, group_info)
     VALUES ($1, $2, $3, $4, $5, 'toBePaid', $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [newOrderNumber(now), userId, hallId, tickets[0].scheduleId, visitDate, amount, tickets.length, now, new Date(deadline.getTime() + HOLD_SLACK_MS),
      kind === 'candidate', group?.payMethod ?? 'online', group ? JSON.stringify(group.groupInfo) : null],
  );
  const claims: Parameters<typeof claimSeats>[1] = [];
  for (const t of tickets) {
    const [ticket] = await q.query<{ id: number }>(
      `INSERT INTO tickets (order_id, price_id, user_name, certificate_type, certificate_info, ticket_name_zh, ticket_name_en, price, status, schedule_id, role, free)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [order.id, t.priceId, t.userName, t.certificateType, t.certificateInfo, t.nameZh, t.nameEn, t.price, kind === 'candidate' ? 'candidate' : 'toBePaid', t.scheduleId,
        t.role ?? null, t.free ?? false],
    );
    if (t.couponId !== undefined) await takeCoupon(q, t.couponId, userId, order.id, ticket.id, now);
    if (t.cartLineId !== undefined) await moveSeatToTicket(q, t.cartLineId, ticket.id);
    else if (t.seat) claims.push({ scheduleId: t.scheduleId, seat: t.seat, owner: { ticketId: ticket.id } });
  }
  await claimSeats(q, claims);
  return order.id;
}

/** placeOrder: every rule again on the server, then stock and order in one transaction. */
export async function placeOrder(deps: AppDeps, userId: number, input: DirectOrderBody, lang: Lang): Promise<PlaceOrderResult> {
  if (input.isCandidateOrder === 1) {
    refuseCoupons(input.ticketInfoList);
    return placeCandidateOrder(deps, userId, input, lang);
  }
  const now = deps.clock();
  const draft = draftFromRequest(input);
  if (deps.config.captcha === 'off') draft.captchaToken = draft.captchaToken ?? 'captcha-off';

  // One session per individual order, every rule checked.
  const { schedule, hall, prices, config } = await checkedSession(deps.db, draft, input.ticketInfoList, input.date, now, 'submit');

  const riskEnable = riskEnabled(config);
  const holdMinutes = minutes(config, 'person_pay_hold_period', 15);
  const lines = input.ticketInfoList.map((l) => ({ line: l, price: prices.find((p) => p.ticketPriceId === l.ticketPriceId)! }));

  return deps.db.tx(async (q) => {
    await lockBuyer(q, userId, now);
    await refuseUnpaid(q, userId);
    const refused = await passRiskAndCaptcha(q, deps, config, userId, now, input.captchaToken, lang);
    if (refused) return refused;
    if (!(await takeSold(q, schedule.id, lines.length))) throw fail(ORDER_TEXTS.soldOut);
    const seats = await seatsForParty(
      q,
      hall,
      schedule.id,
      lines.map(({ line }) => line.seatNumber),
      lines.map(({ price }) => price.kind === 'child'),
    );
    // The coupons checked again under the buyer's lock; takeCoupon's conditional update decides a race.
    const coupons = await resolveCoupons(q, userId, hall.id, lines.map(({ line, price }) => ({ coupons: line.coupons, price })), now);
    const tickets = newTickets(lines, schedule.id, seats).map((t, i) => {
      const coupon = coupons[i];
      return coupon ? { ...t, price: coupon.price, couponId: coupon.couponId } : t;
    });
    const orderId = await insertOrder(q, userId, now, holdMinutes, tickets, hall.id, schedule.visit_date);
    // Free-ticket coupons can leave nothing to pay: the order is complete at once, as a school's free visit is.
    if (tickets.every((t) => t.price === 0)) await completeOrder(q, orderId, now);
    return { orderId, riskEnable, riskPolicy: 1, riskPrompt: null };
  });
}
