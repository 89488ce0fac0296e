/** The shopping cart: lines that hold stock (hall_schedule.held) until a deadline, one visit
 * date per cart, paid together as ONE order (held -> sold in one transaction). */
import type { CartAddBody, CartCheckoutBody } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { assessRisk, refuseOverHeld, riskEnabled } from './risk.ts';
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail, refusal } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { CartAddResult, CartLine, OrderDraft, PlaceOrderResult, ShoppingCart } from '../../src/domain/types.ts';
import { checkOrder, freeChildPerAdult, ORDER_MESSAGES } from '../../src/domain/orderRules.ts';
import { draftFromRequest } from '../../src/domain/orderRequest.ts';
import { maskCertificate } from '../../src/domain/certificates.ts';
import { HOLD_SLACK_MS } from '../../src/domain/limits.ts';
import { museumDate } from '../time.ts';
import { minutes } from './settings.ts';
import { hallRules, remainingOf } from './pool.ts';
import { bookableSession, checkedSession, insertOrder, lockBuyer, passRiskAndCaptcha, refuseUnpaid } from './orders.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { catalogOf } from './catalog.ts';
import { heldToSold, perSchedule, releaseCartLines, takeHeld } from './stock.ts';
import { claimSeats, seatsForParty } from './seats.ts';
import { certificateTypeColumn } from '../db/columns.ts';

export const CART_TEXTS = {
  /** docs/product.md §8 */
  expired: { zh: '购物车已过期或为空，或未选择', en: 'Shopping cart expired, or empty or none selected' },
  otherDate: {
    zh: '购物车中已有{date}的门票，一次只能预约同一日期，请先清空购物车',
    en: 'Your cart holds tickets for {date}; a cart holds one visit date only. Please empty the cart first',
  },
  lineNotFound: { zh: '购物车中没有该门票', en: 'This ticket is not in your cart' },
} satisfies Record<string, Text>;

/** Code of the "cart holds another date" answer (passed through to the client as data). */
export const CART_OTHER_DATE_CODE = 600;

const fillDate = (t: Text, date: string): Text => ({ zh: t.zh.replace('{date}', date), en: t.en.replace('{date}', date) });

interface CartRow {
  id: number;
  user_id: number;
  schedule_id: number;
  hall_id: number;
  visit_date: string;
  price_id: number;
  user_name: string;
  certificate_type: string;
  certificate_info: string;
  ticket_name_zh: string;
  ticket_name_en: string;
  price: number;
  status: 'held' | 'expired' | 'removed' | 'ordered';
  deadline: Date;
}

/** Expires due held lines (of one user, or all) and returns their stock, exactly once.
 * Claims rows with FOR UPDATE SKIP LOCKED. Returns the ids that this call expired. */
export async function expireDueCartLinesIn(q: Queryable, now: Date, filter: { userId?: number; limit?: number } = {}): Promise<number[]> {
  const params: unknown[] = [now];
  let where = `status = 'held' AND deadline <= $1`;
  if (filter.userId !== undefined) {
    params.push(filter.userId);
    where += ` AND user_id = $${params.length}`;
  }
  params.push(filter.limit ?? 200);
  const due = await q.query<{ id: number }>(
    // A claim of due lines (SKIP LOCKED, by deadline): never waits, so not lockRows.
    `SELECT id FROM cart_lines WHERE ${where} ORDER BY deadline, id LIMIT $${params.length} FOR UPDATE SKIP LOCKED`,
    params,
  );
  const moved = await releaseCartLines(
    q,
    due.map((r) => r.id),
    'expired',
    now,
  );
  return moved.map((r) => r.id);
}

const lineView = (r: CartRow & { hall_name_zh: string; hall_name_en: string; begin_time: string; end_time: string }, lang: Lang): CartLine => ({
  cartTicketId: r.id,
  hallId: r.hall_id,
  hallName: lang === 'en' ? r.hall_name_en : r.hall_name_zh,
  hallScheduleId: r.schedule_id,
  visitDate: r.visit_date,
  beginTime: r.begin_time,
  endTime: r.end_time,
  userName: r.user_name,
  certificateType: certificateTypeColumn(r.certificate_type),
  certificateInfo: maskCertificate(r.certificate_info),
  ticketPriceId: r.price_id,
  ticketName: lang === 'en' ? r.ticket_name_en : r.ticket_name_zh,
  price: r.price,
  deadline: r.deadline.getTime(),
  expired: r.status === 'expired',
  status: r.status === 'expired' ? 'expired' : 'held',
});

const LINE_SELECT = `SELECT c.*, h.name_zh AS hall_name_zh, h.name_en AS hall_name_en, s.begin_time, s.end_time
  FROM cart_lines c JOIN halls h ON h.id = c.hall_id JOIN hall_schedule s ON s.id = c.schedule_id`;

async function linesByIds(q: Queryable, ids: number[], lang: Lang): Promise<CartLine[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<CartRow & { hall_name_zh: string; hall_name_en: string; begin_time: string; end_time: string }>(
    `${LINE_SELECT} WHERE c.id = ANY($1::int[]) ORDER BY c.id`,
    [ids],
  );
  return rows.map((r) => lineView(r, lang));
}

/** placeOrder with poolFlag 1: the same rule checks (no captcha: that comes at checkout),
 * remaining -> held, lines with the configured deadline. */
export async function addToCart(deps: AppDeps, userId: number, input: CartAddBody, lang: Lang): Promise<CartAddResult | PlaceOrderResult> {
  const now = deps.clock();
  const draft = draftFromRequest(input);
  const { schedule, hall, prices, config } = await checkedSession(deps, draft, input.ticketInfoList, input.date, now, 'visitors');
  const holdMinutes = minutes(config, 'person_shoppingcart_hold_period', 15);
  const deadline = new Date(now.getTime() + holdMinutes * 60_000 + HOLD_SLACK_MS);
  const lines = input.ticketInfoList.map((l) => ({ line: l, price: prices.find((p) => p.ticketPriceId === l.ticketPriceId)! }));

  return deps.db.tx(async (q) => {
    await lockBuyer(q, userId, now, config);
    await expireDueCartLinesIn(q, now, { userId });
    const [other] = await q.query<{ visit_date: string }>(
      `SELECT visit_date FROM cart_lines WHERE user_id = $1 AND status = 'held' AND visit_date <> $2 LIMIT 1`,
      [userId, schedule.visit_date],
    );
    if (other) throw fail(fillDate(CART_TEXTS.otherDate, other.visit_date), CART_OTHER_DATE_CODE, { cartDate: other.visit_date });
    // Expired lines of another date are dropped: the cart now holds the new date.
    await q.query(`UPDATE cart_lines SET status = 'removed', closed_at = $3 WHERE user_id = $1 AND status = 'expired' AND visit_date <> $2`, [
      userId,
      schedule.visit_date,
      now,
    ]);
    // The same person twice in one session of the cart.
    const certs = lines.map((x) => `${x.line.certificate}:${x.line.certificateInfo.trim().toUpperCase()}`);
    const dup = await q.query(
      `SELECT 1 FROM cart_lines WHERE user_id = $1 AND status = 'held' AND schedule_id = $2 AND (certificate_type || ':' || certificate_info) = ANY($3::text[]) LIMIT 1`,
      [userId, schedule.id, certs],
    );
    if (dup.length > 0) throw fail(ORDER_MESSAGES.duplicateCertificate);
    // Hoarding: the same risk policy as an order, and a cap on what one account holds at once.
    const risk = await assessRisk(q, config, userId, 'shoppingCart', now, lang);
    if (risk.riskPolicy <= 0) return { orderId: null, ...risk };
    await refuseOverHeld(q, config, userId, lines.length);
    if (!(await takeHeld(q, schedule.id, lines.length))) throw fail(ORDER_TEXTS.soldOut);
    const seats = await seatsForParty(
      q,
      hall,
      schedule.id,
      lines.map(({ line }) => line.seatNumber),
      lines.map(({ price }) => price.kind === 'child'),
    );
    const ids: number[] = [];
    const claims: Parameters<typeof claimSeats>[1] = [];
    for (const [i, { line, price }] of lines.entries()) {
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO cart_lines (user_id, schedule_id, hall_id, visit_date, price_id, user_name, certificate_type, certificate_info,
           ticket_name_zh, ticket_name_en, price, status, created_at, deadline)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,'held',$12,$13) RETURNING id`,
        [
          userId,
          schedule.id,
          hall.id,
          schedule.visit_date,
          price.ticketPriceId,
          line.userName.trim(),
          line.certificate,
          line.certificateInfo.trim().toUpperCase(),
          price.name.zh,
          price.name.en,
          price.price,
          now,
          deadline,
        ],
      );
      const seat = seats[i];
      if (seat) claims.push({ scheduleId: schedule.id, seat, owner: { cartLineId: row.id } });
      ids.push(row.id);
    }
    await claimSeats(q, claims);
    return { orderId: null, ...risk, cartTicketIds: ids, deadline: deadline.getTime() };
  });
}

export async function getShoppingCart(deps: AppDeps, userId: number, lang: Lang): Promise<ShoppingCart> {
  const now = deps.clock();
  await deps.db.tx((q) => expireDueCartLinesIn(q, now, { userId }));
  const rows = await deps.db.query<CartRow & { hall_name_zh: string; hall_name_en: string; begin_time: string; end_time: string }>(
    `${LINE_SELECT} WHERE c.user_id = $1 AND c.status IN ('held', 'expired') ORDER BY c.id`,
    [userId],
  );
  const held = rows.find((r) => r.status === 'held');
  return { visitDate: held?.visit_date ?? null, lines: rows.map((r) => lineView(r, lang)), serverTime: now.getTime() };
}

/** GET ticketInfoTimeOut: expires the caller's due lines now and returns them. */
export async function expireMyCart(deps: AppDeps, userId: number, lang: Lang): Promise<CartLine[]> {
  const ids = await deps.db.tx((q) => expireDueCartLinesIn(q, deps.clock(), { userId }));
  return linesByIds(deps.db, ids, lang);
}

/** Removes one line (held: its stock comes back; expired: already back). */
export async function removeCartLine(deps: AppDeps, userId: number, id: number): Promise<null> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    const [line] = await lockRows(q, 'cart_lines', { id, user_id: userId, status: ['held', 'expired'] }, ['id', 'status']);
    if (!line) throw fail(CART_TEXTS.lineNotFound);
    if (line.status === 'held') await releaseCartLines(q, [id], 'removed', now);
    else await q.query(`UPDATE cart_lines SET status = 'removed', closed_at = $2 WHERE id = $1 AND status = 'expired'`, [id, now]);
  });
  return null;
}

export async function clearCart(deps: AppDeps, userId: number): Promise<{ removed: number }> {
  const now = deps.clock();
  return deps.db.tx(async (q) => ({ removed: await emptyCartIn(q, userId, now) }));
}

/** Removes every line of a user's cart in the caller's transaction: held ones give their stock
 * back (stock.ts), expired ones just close. Answers how many lines there were. */
export async function emptyCartIn(q: TxQueryable, userId: number, now: Date): Promise<number> {
  const lines = await lockRows(q, 'cart_lines', { user_id: userId, status: ['held', 'expired'] }, ['id', 'status']);
  await releaseCartLines(
    q,
    lines.filter((l) => l.status === 'held').map((l) => l.id),
    'removed',
    now,
  );
  await q.query(`UPDATE cart_lines SET status = 'removed', closed_at = $2 WHERE user_id = $1 AND status = 'expired'`, [userId, now]);
  return lines.length;
}

/** Pays the selected held lines as ONE order: rules re-checked per session over the selected
 * lines, captcha as for a direct order, held -> sold, lines 'ordered', all in one transaction. */
export async function checkoutCart(deps: AppDeps, userId: number, input: CartCheckoutBody, lang: Lang): Promise<PlaceOrderResult> {
  const ids = [...new Set(input.cartTicketIds)];
  if (ids.length === 0) throw fail(CART_TEXTS.expired);
  const now = deps.clock();
  const today = museumDate(now);

  return deps.db.tx(async (q) => {
    await lockBuyer(q, userId, now, await catalogOf(deps).config(q));
    await expireDueCartLinesIn(q, now, { userId });
    const locked = await lockRows(q, 'cart_lines', { id: ids, user_id: userId, status: 'held' }, ['id']);
    const lines = await q.query<CartRow>('SELECT * FROM cart_lines WHERE id = ANY($1::int[]) ORDER BY id', [locked.map((l) => l.id)]);
    if (lines.length !== ids.length || new Set(lines.map((l) => l.visit_date)).size !== 1) throw fail(CART_TEXTS.expired);
    await refuseUnpaid(q, userId, now);

    // The rules, per session, over the selected lines; prices from the database now.
    const groups = perSchedule(lines);
    const priced: Array<{ line: CartRow; price: number; nameZh: string; nameEn: string }> = [];
    let holdMinutes = 15;
    let sessionConfig: Readonly<Record<string, string>> = {};
    for (const [scheduleId] of groups) {
      const group = lines.filter((l) => l.schedule_id === scheduleId);
      const { schedule, hall, prices, config } = await bookableSession(deps, q, scheduleId, now);
      holdMinutes = minutes(config, 'person_pay_hold_period', 15);
      sessionConfig = config;
      const draft: OrderDraft = {
        visitDate: schedule.visit_date,
        hallId: hall.id,
        hallScheduleId: schedule.id,
        visitors: group.map((l) => ({
          name: l.user_name,
          certificateType: certificateTypeColumn(l.certificate_type),
          certificateNumber: l.certificate_info,
          ticketPriceId: l.price_id,
        })),
        agreementAccepted: true,
        captchaToken: input.captchaToken || (deps.config.captcha === 'off' ? 'captcha-off' : null),
      };
      // The selected lines already hold their stock.
      const ctx = {
        hall: hallRules(hall),
        prices,
        remaining: remainingOf(schedule) + group.length,
        freeChildPerAdult: freeChildPerAdult(config, hall.hall_key, hall.free_child_per_adult),
      };
      const violations = checkOrder(draft, ctx, 'submit', today);
      if (violations.length > 0) throw refusal(violations[0].message, violations[0].rule);
      for (const l of group) {
        const p = prices.find((x) => x.ticketPriceId === l.price_id)!;
        priced.push({ line: l, price: p.price, nameZh: p.name.zh, nameEn: p.name.en });
      }
    }
    const refused = await passRiskAndCaptcha(q, deps, sessionConfig, userId, now, input.captchaToken, lang);
    if (refused) return refused;
    for (const [scheduleId, n] of groups) {
      if (!(await heldToSold(q, scheduleId, n))) throw fail(CART_TEXTS.expired);
    }
    const tickets = priced.map((x) => ({
      priceId: x.line.price_id,
      userName: x.line.user_name,
      certificateType: x.line.certificate_type,
      certificateInfo: x.line.certificate_info,
      nameZh: x.nameZh,
      nameEn: x.nameEn,
      price: x.price,
      scheduleId: x.line.schedule_id,
      seat: null,
      cartLineId: x.line.id,
    }));
    const orderId = await insertOrder(q, { userId, now, holdMinutes, tickets, hallId: lines[0].hall_id, visitDate: lines[0].visit_date, lang });
    const done = await q.query(
      `UPDATE cart_lines SET status = 'ordered', order_id = $2, closed_at = $3 WHERE id = ANY($1::int[]) AND status = 'held' RETURNING id`,
      [ids, orderId, now],
    );
    if (done.length !== ids.length) throw fail(CART_TEXTS.expired);
    return { orderId, riskEnable: riskEnabled(sessionConfig), riskPolicy: 1, riskPrompt: null };
  });
}
