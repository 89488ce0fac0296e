/** Individual orders: price quotes, placing an order (stock + order in one transaction),
 * views, and the pay-timeout cancellation. */
import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { orderListQuery, priceRequest } from '../../src/domain/contracts.ts';
import { dbId, text } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { assessRisk, riskEnabled } from './risk.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { parse } from '../routes/kit.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type {
  OrderDetail,
  OrderDraft,
  OrderStatus,
  OrderSummary,
  Page,
  PlaceOrderRequest,
  PlaceOrderResult,
  PriceQuote,
  TicketPrice,
  TicketStatus,
} from '../../src/domain/types.ts';
import { checkOrder, freeChildPerAdult, ORDER_MESSAGES } from '../../src/domain/orderRules.ts';
import { draftFromRequest } from '../../src/domain/orderRequest.ts';
import { maskCertificate } from '../../src/domain/certificates.ts';
import { HOLD_SLACK_MS } from '../../src/domain/limits.ts';
import { museumDate, museumDateTime } from '../time.ts';
import { getConfig, getText, minutes } from './settings.ts';
import { consumeToken } from '../providers/captcha.ts';
import { releaseTickets, takeSold } from './stock.ts';
import { assertNotBlacklisted } from './blacklist.ts';
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


export async function calculatePrice(deps: AppDeps, body: z.output<typeof priceRequest>, lang: Lang): Promise<PriceQuote> {
  const input = body;
  const [schedule] = await deps.db.query<ScheduleRow>('SELECT * FROM hall_schedule WHERE id = $1', [input.hallScheduleId]);
  if (!schedule) throw fail(ORDER_TEXTS.notSelectable);
  const prices = await loadPrices(deps.db, schedule.hall_id);
  const lines: PriceQuote['lines'] = [];
  for (const { ticketPriceId } of input.ticketInfoList) {
    const p = prices.find((x) => x.id === ticketPriceId);
    if (!p) throw fail(ORDER_TEXTS.notSelectable);
    const line = lines.find((l) => l.ticketPriceId === p.id);
    if (line) {
      line.count++;
      line.amount += p.price;
    } else lines.push({ ticketPriceId: p.id, name: lang === 'en' ? p.name_en : p.name_zh, price: p.price, count: 1, amount: p.price });
  }
  return { lines, total: lines.reduce((n, l) => n + l.amount, 0) };
}

const lineSchema = z.object({
  hallId: dbId(),
  hallScheduleId: dbId(),
  ticketPriceId: dbId(),
  certificate: z.enum(['1', '2', '3', '4', '5']),
  certificateInfo: text().max(40),
  userName: text().max(60),
  useDate: text().max(30).optional(),
  isChildFreeTicket: z.union([z.literal(0), z.literal(1)]).optional(),
  coupons: z.array(text()).max(10).optional(),
  picUrl: text().max(500).nullable().optional(),
});

export const placeSchema = z.object({
  date: text().regex(/^\d{4}-\d{2}-\d{2}$/),
  captchaToken: text().max(200).optional().default(''),
  ticketNum: z.coerce.number().int().min(0).max(1000).optional(),
  isCandidateOrder: z.union([z.literal(0), z.literal(1)]).optional(),
  // An empty list is the visitorsRequired rule's to refuse, with its message.
  ticketInfoList: z.array(lineSchema).max(20),
});

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
 * rule of src/domain checked against the database's hall, prices and stock. */
export async function checkedSession(
  q: Queryable,
  draft: OrderDraft,
  lines: ReadonlyArray<{ hallScheduleId: number }>,
  date: string,
  now: Date,
  stage: 'visitors' | 'submit',
): Promise<BookableSession> {
  if (lines.length === 0) throw fail(ORDER_MESSAGES.visitorsRequired);
  if (new Set(lines.map((l) => l.hallScheduleId)).size !== 1) throw fail(ORDER_TEXTS.notSelectable);
  const session = await bookableSession(q, draft.hallScheduleId!, now, date);
  const { schedule, hall, prices, config } = session;
  const violations = checkOrder(
    draft,
    { hall: hallRules(hall), prices, remaining: remainingOf(schedule), freeChildPerAdult: freeChildPerAdult(config, hall.hall_key) },
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
}

/** An unpaid order and its tickets; the stock has been taken by the caller. The order's hall,
 * session and date are its first ticket's; its deadline the pay-hold period plus the slack. */
export async function insertOrder(q: Queryable, userId: number, now: Date, holdMinutes: number, tickets: NewTicket[], hallId: number, visitDate: string): Promise<number> {
  const amount = tickets.reduce((sum, t) => sum + t.price, 0);
  const [order] = await q.query<{ id: number }>(
    `INSERT INTO orders (order_number, user_id, hall_id, schedule_id, visit_date, status, amount, ticket_num, created_at, pay_deadline)
     VALUES ($1, $2, $3, $4, $5, 'toBePaid', $6, $7, $8, $9) RETURNING id`,
    [newOrderNumber(now), userId, hallId, tickets[0].scheduleId, visitDate, amount, tickets.length, now, new Date(now.getTime() + holdMinutes * 60_000 + HOLD_SLACK_MS)],
  );
  for (const t of tickets) {
    await q.query(
      `INSERT INTO tickets (order_id, price_id, user_name, certificate_type, certificate_info, ticket_name_zh, ticket_name_en, price, status, schedule_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'toBePaid', $9)`,
      [order.id, t.priceId, t.userName, t.certificateType, t.certificateInfo, t.nameZh, t.nameEn, t.price, t.scheduleId],
    );
  }
  return order.id;
}

/** placeOrder: every rule again on the server, then stock and order in one transaction. */
export async function placeOrder(deps: AppDeps, userId: number, body: unknown, lang: Lang): Promise<PlaceOrderResult> {
  const input = parse(placeSchema, body);
  const now = deps.clock();
  const request = input as unknown as PlaceOrderRequest;
  const draft = draftFromRequest(request);
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
    const tickets = lines.map(({ line, price }) => ({
      priceId: price.ticketPriceId,
      userName: line.userName.trim(),
      certificateType: line.certificate,
      certificateInfo: line.certificateInfo.trim().toUpperCase(),
      nameZh: price.name.zh,
      nameEn: price.name.en,
      price: price.price,
      scheduleId: schedule.id,
    }));
    const orderId = await insertOrder(q, userId, now, holdMinutes, tickets, hall.id, schedule.visit_date);
    return { orderId, riskEnable, riskPolicy: 1, riskPrompt: null };
  });
}

/** Cancels due unpaid orders and returns their stock, exactly once (guarded by the status).
 * Claims rows with FOR UPDATE SKIP LOCKED so several instances never take the same order. */
export async function cancelDueOrdersIn(
  q: Queryable,
  now: Date,
  filter: { userId?: number; orderId?: number; limit?: number } = {},
): Promise<number> {
  const params: unknown[] = [now];
  let where = `status = 'toBePaid' AND pay_deadline <= $1`;
  if (filter.userId !== undefined) {
    params.push(filter.userId);
    where += ` AND user_id = $${params.length}`;
  }
  if (filter.orderId !== undefined) {
    params.push(filter.orderId);
    where += ` AND id = $${params.length}`;
  }
  params.push(filter.limit ?? 100);
  const due = await q.query<{ id: number; schedule_id: number; ticket_num: number }>(
    `SELECT id, schedule_id, ticket_num FROM orders WHERE ${where} ORDER BY pay_deadline LIMIT $${params.length} FOR UPDATE SKIP LOCKED`,
    params,
  );
  const canceled: number[] = [];
  for (const o of due) {
    const done = await q.query(`UPDATE orders SET status = 'canceled', canceled_at = $2 WHERE id = $1 AND status = 'toBePaid' RETURNING id`, [o.id, now]);
    if (done.length > 0) canceled.push(o.id);
  }
  // Stock goes back per ticket session, guarded by the ticket status (exactly once), for the whole
  // batch at once: releaseTickets updates sessions in id order, one lock order for every instance.
  const tickets = await q.query<{ id: number }>(
    `SELECT id FROM tickets WHERE order_id = ANY($1::int[]) AND status = 'toBePaid' ORDER BY id FOR UPDATE`,
    [canceled],
  );
  await releaseTickets(q, tickets.map((t) => t.id), ['toBePaid'], 'canceled');
  return canceled.length;
}

export interface OrderRow {
  id: number;
  order_number: string;
  user_id: number;
  status: OrderStatus;
  amount: number;
  ticket_num: number;
  created_at: Date;
  pay_deadline: Date | null;
  pay_time: Date | null;
  visit_date: string;
  hall_name_zh: string;
  hall_name_en: string;
  begin_time: string;
  end_time: string;
  short_link_flag: string | null;
}

export const ORDER_SELECT = `SELECT o.*, h.name_zh AS hall_name_zh, h.name_en AS hall_name_en, s.begin_time, s.end_time
  FROM orders o JOIN halls h ON h.id = o.hall_id JOIN hall_schedule s ON s.id = o.schedule_id`;

export const summary = (o: OrderRow, lang: Lang): OrderSummary => ({
  orderId: o.id,
  orderNumber: o.order_number,
  status: o.status,
  amount: o.amount,
  ticketNum: o.ticket_num,
  createTime: museumDateTime(o.created_at),
  visitDate: o.visit_date,
  hallName: lang === 'en' ? o.hall_name_en : o.hall_name_zh,
  beginTime: o.begin_time,
  endTime: o.end_time,
});

/** The detail of one order row: tickets masked, each with its own session. */
export async function detailOf(q: Queryable, o: OrderRow, lang: Lang): Promise<OrderDetail> {
  const tickets = await q.query<{
    id: number;
    user_name: string;
    certificate_type: string;
    certificate_info: string;
    ticket_name_zh: string;
    ticket_name_en: string;
    price: number;
    status: TicketStatus;
    qr_code: string | null;
    schedule_id: number;
    visit_date: string;
    begin_time: string;
    end_time: string;
    hall_name_zh: string;
    hall_name_en: string;
  }>(
    `SELECT t.*, s.visit_date, s.begin_time, s.end_time, h.name_zh AS hall_name_zh, h.name_en AS hall_name_en
     FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id JOIN halls h ON h.id = s.hall_id
     WHERE t.order_id = $1 ORDER BY t.id`,
    [o.id],
  );
  return {
    ...summary(o, lang),
    payDeadline: o.status === 'toBePaid' && o.pay_deadline ? o.pay_deadline.getTime() : null,
    payTime: o.pay_time ? museumDateTime(o.pay_time) : null,
    shortLinkFlag: o.short_link_flag ?? null,
    tickets: tickets.map((t) => ({
      ticketId: t.id,
      userName: t.user_name,
      certificateType: t.certificate_type as OrderDetail['tickets'][number]['certificateType'],
      certificateInfo: maskCertificate(t.certificate_info),
      ticketName: lang === 'en' ? t.ticket_name_en : t.ticket_name_zh,
      price: t.price,
      status: t.status,
      qrCode: t.qr_code,
      hallScheduleId: t.schedule_id,
      visitDate: t.visit_date,
      hallName: lang === 'en' ? t.hall_name_en : t.hall_name_zh,
      beginTime: t.begin_time,
      endTime: t.end_time,
    })),
  };
}

export async function orderDetail(deps: AppDeps, userId: number, orderId: number, lang: Lang): Promise<OrderDetail> {
  await deps.db.tx((q) => cancelDueOrdersIn(q, deps.clock(), { orderId }));
  const [o] = await deps.db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1 AND o.user_id = $2`, [orderId, userId]);
  if (!o) throw fail(ORDER_TEXTS.orderNotFound);
  return detailOf(deps.db, o, lang);
}

export async function orderStatus(deps: AppDeps, userId: number, orderId: number) {
  await deps.db.tx((q) => cancelDueOrdersIn(q, deps.clock(), { orderId }));
  const [o] = await deps.db.query<{ status: OrderStatus; pay_deadline: Date | null }>(
    'SELECT status, pay_deadline FROM orders WHERE id = $1 AND user_id = $2',
    [orderId, userId],
  );
  if (!o) throw fail(ORDER_TEXTS.orderNotFound);
  return { status: o.status, payDeadline: o.status === 'toBePaid' && o.pay_deadline ? o.pay_deadline.getTime() : null };
}

export async function unpaidOrder(deps: AppDeps, userId: number) {
  await deps.db.tx((q) => cancelDueOrdersIn(q, deps.clock(), { userId }));
  const [o] = await deps.db.query<{ id: number; order_number: string }>(
    `SELECT id, order_number FROM orders WHERE user_id = $1 AND status = 'toBePaid' ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  return { orderId: o?.id ?? null, orderNumber: o?.order_number ?? null };
}


export async function listOrders(deps: AppDeps, userId: number, query: z.output<typeof orderListQuery>, lang: Lang): Promise<Page<OrderSummary>> {
  const { status, pageNum, pageSize } = query;
  await deps.db.tx((q) => cancelDueOrdersIn(q, deps.clock(), { userId }));
  const filter = status ? 'AND o.status = $2' : 'AND $2 = $2';
  const params = [userId, status, pageSize, (pageNum - 1) * pageSize];
  const rows = await deps.db.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.user_id = $1 ${filter} ORDER BY o.created_at DESC, o.id DESC LIMIT $3 OFFSET $4`,
    params,
  );
  const [{ n }] = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE o.user_id = $1 ${filter}`, [userId, status]);
  return { rows: rows.map((o) => summary(o, lang)), total: n };
}

/** Payment notify: marks the order paid exactly once (idempotent), checking the amount. */
export async function markPaid(deps: AppDeps, payId: string, amount: number): Promise<{ orderId: number; paid: boolean }> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    const [pay] = await q.query<{ order_id: number; amount: number; status: string }>(
      'SELECT order_id, amount, status FROM payments WHERE pay_id = $1 FOR UPDATE',
      [payId],
    );
    if (!pay) throw fail(ORDER_TEXTS.orderNotFound);
    if (pay.status === 'paid') return { orderId: pay.order_id, paid: true };
    const [order] = await q.query<{ status: string; amount: number }>('SELECT status, amount FROM orders WHERE id = $1 FOR UPDATE', [pay.order_id]);
    if (amount !== pay.amount || amount !== order.amount) {
      await q.query(`UPDATE payments SET status = 'amountMismatch' WHERE pay_id = $1`, [payId]);
      return { orderId: pay.order_id, paid: false };
    }
    const done = await q.query(
      `UPDATE orders SET status = 'completed', pay_time = $2, short_link_flag = $3 WHERE id = $1 AND status = 'toBePaid' RETURNING id`,
      [pay.order_id, now, randomBytes(18).toString('base64url')],
    );
    if (done.length === 0) {
      // Paid after the order closed (or paid twice by two payments): recorded for a refund.
      await q.query(`UPDATE payments SET status = 'refundDue', paid_at = $2 WHERE pay_id = $1`, [payId, now]);
      return { orderId: pay.order_id, paid: order.status === 'completed' };
    }
    await q.query(`UPDATE payments SET status = 'paid', paid_at = $2 WHERE pay_id = $1`, [payId, now]);
    const tickets = await q.query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1', [pay.order_id]);
    for (const t of tickets) {
      await q.query(`UPDATE tickets SET status = 'toBeChecked', qr_code = $2 WHERE id = $1`, [t.id, randomBytes(24).toString('base64url')]);
    }
    return { orderId: pay.order_id, paid: true };
  });
}

export async function createPayment(deps: AppDeps, userId: number, orderId: number): Promise<{ payId: string }> {
  const now = deps.clock();
  await deps.db.tx((q) => cancelDueOrdersIn(q, now, { orderId }));
  const [o] = await deps.db.query<{ status: string; amount: number }>('SELECT status, amount FROM orders WHERE id = $1 AND user_id = $2', [
    orderId,
    userId,
  ]);
  if (!o) throw fail(ORDER_TEXTS.orderNotFound);
  if (o.status !== 'toBePaid') throw fail(ORDER_TEXTS.notPayable);
  const payId = randomBytes(24).toString('base64url');
  await deps.db.query('INSERT INTO payments (pay_id, order_id, amount, created_at) VALUES ($1, $2, $3, $4)', [payId, orderId, o.amount, now]);
  return { payId };
}
