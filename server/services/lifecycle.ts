/** After an order is placed: cancel, refund, date change (rebook), missed visits, today's
 * orders, notices, short links. Rules come from src/domain/refundRules.ts and orderRules.ts. */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { cancelQuery, pageQuery, rebookBody, shortLinkBody, ticketIdsBody } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type {
  CancelOrderResult,
  CertificateType,
  MissedVisitList,
  OrderDetail,
  OrderDraft,
  OrderStatus,
  PopWindow,
  RebookResult,
  RefundResult,
  RefundRisk,
  TicketKind,
  TicketStatus,
} from '../../src/domain/types.ts';
import { checkRebookDate, checkRefund, REFUND_MESSAGES, type RefundContext, type RefundTicket } from '../../src/domain/refundRules.ts';
import { checkOrder, freeChildPerAdult } from '../../src/domain/orderRules.ts';
import { ageOn, checkCertificate, maskName } from '../../src/domain/certificates.ts';
import { checkOrderNumber } from '../../src/domain/fields.ts';
import { museumDate } from '../time.ts';
import { getConfig, getText } from './settings.ts';
import { hallRules, remainingOf } from './pool.ts';
import { bookableSession, cancelDueOrdersIn, detailOf, ORDER_SELECT, ORDER_TEXTS, type OrderRow } from './orders.ts';
import { blockFacts, blockMessage, blockStatus } from './blacklist.ts';
import { releaseOrderTickets, releaseTickets, takeSold } from './stock.ts';

export const LIFECYCLE_TEXTS = {
  notCancelable: { zh: '该订单当前状态不可取消', en: 'This order cannot be cancelled in its current state' },
  visitPassed: { zh: '参观日期已过，不能退票或改签', en: 'The visit date has passed: no refund or change' },
  rebookOtherHall: { zh: '改签只能选择同一场馆的场次', en: 'A change must keep the same hall' },
  rebookSameSession: { zh: '请选择与原场次不同的场次', en: 'Please choose a session other than the current one' },
  shortLinkNotFound: { zh: '链接无效或订单不存在', en: 'The link is invalid or the order does not exist' },
  refundAlertTitle: { zh: '退票须知', en: 'Refund notice' },
  checkingTitle: { zh: '检票须知', en: 'Ticket checking instructions' },
  buyTipsTitle: { zh: '购票须知', en: 'Booking tips' },
} satisfies Record<string, Text>;

const PAID_ORDER_STATES: readonly OrderStatus[] = ['completed', 'partlyRefunded', 'changed'];

// ---------------------------------------------------------------------------- cancel


/** Cancels an unpaid order of the caller; its stock comes back once (guarded by the status). */
export async function cancelOrder(deps: AppDeps, userId: number, query: z.output<typeof cancelQuery>): Promise<CancelOrderResult> {
  const { orderNumber } = query;
  const bad = checkOrderNumber(orderNumber.trim());
  if (bad) throw fail(bad);
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    const [o] = await q.query<{ id: number; status: OrderStatus }>(
      'SELECT id, status FROM orders WHERE order_number = $1 AND user_id = $2 FOR UPDATE',
      [orderNumber.trim(), userId],
    );
    if (!o) throw fail(ORDER_TEXTS.orderNotFound);
    if (o.status !== 'toBePaid') throw fail(LIFECYCLE_TEXTS.notCancelable);
    await q.query(`UPDATE orders SET status = 'canceled', canceled_at = $2 WHERE id = $1 AND status = 'toBePaid'`, [o.id, now]);
    await releaseOrderTickets(q, o.id, ['toBePaid'], 'canceled');
    await q.query(`UPDATE payments SET status = 'canceled' WHERE order_id = $1 AND status = 'created'`, [o.id]);
    return { orderId: o.id, status: 'canceled' };
  });
}

// ---------------------------------------------------------------------------- refund context

interface TicketFacts {
  id: number;
  order_id: number;
  schedule_id: number;
  hall_id: number;
  hall_key: string;
  visit_date: string;
  status: TicketStatus;
  price_id: number;
  price: number;
  kind: TicketKind;
  is_child_free: boolean;
  user_name: string;
  certificate_type: string;
  certificate_info: string;
  ticket_name_zh: string;
  ticket_name_en: string;
}

const TICKET_FACTS = `SELECT t.id, t.order_id, t.schedule_id, s.hall_id, h.hall_key, s.visit_date, t.status, t.price_id, t.price,
    p.kind, p.is_child_free, t.user_name, t.certificate_type, t.certificate_info, t.ticket_name_zh, t.ticket_name_en
  FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id JOIN halls h ON h.id = s.hall_id JOIN ticket_prices p ON p.id = t.price_id`;

function refundTicket(t: TicketFacts, today: string): RefundTicket {
  const cert = checkCertificate(t.certificate_type, t.certificate_info, today);
  const age = cert.valid && cert.birthDate ? ageOn(cert.birthDate, t.visit_date) : null;
  return {
    ticketId: t.id,
    status: t.status,
    hallId: t.hall_id,
    visitDate: t.visit_date,
    kind: t.kind,
    age,
    isChildFreeTicket: t.is_child_free,
    cinema: t.hall_key === 'cinema',
    schoolFree: false,
  };
}

/** The order owning the first of ticketIds that belongs to the caller, locked. */
async function lockOrderOfTickets(q: Queryable, userId: number, ticketIds: number[]): Promise<number> {
  const [row] = await q.query<{ order_id: number }>(
    `SELECT t.order_id FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.id = ANY($1::int[]) AND o.user_id = $2 ORDER BY t.id LIMIT 1`,
    [ticketIds, userId],
  );
  if (!row) throw fail(ORDER_TEXTS.orderNotFound);
  await q.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [row.order_id]);
  return row.order_id;
}

async function refundContext(q: Queryable, orderId: number, today: string) {
  const facts = await q.query<TicketFacts>(`${TICKET_FACTS} WHERE t.order_id = $1 ORDER BY t.id FOR UPDATE OF t`, [orderId]);
  const config = await getConfig(q);
  const pct = config.refund_percentage?.trim();
  const maxPartialRefundPercent = pct && /^\d+$/.test(pct) ? Math.min(100, Number(pct)) : null;
  const perAdult = Math.min(...facts.map((f) => freeChildPerAdult(config, f.hall_key)), Number.MAX_SAFE_INTEGER);
  return {
    facts,
    config,
    ctx: {
      tickets: facts.map((f) => refundTicket(f, today)),
      group: false,
      maxPartialRefundPercent,
      freeChildPerAdult: perAdult === Number.MAX_SAFE_INTEGER ? 1 : perAdult,
    },
  };
}

/** What the refund and date-change rules know of an order (the client's machines run the
 * same checkRefund on it before they ask; the server checks again on submit). */
export async function refundRules(deps: AppDeps, userId: number, orderId: number): Promise<RefundContext> {
  const [owned] = await deps.db.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2', [orderId, userId]);
  if (!owned) throw fail(ORDER_TEXTS.orderNotFound);
  return deps.db.tx(async (q) => (await refundContext(q, orderId, museumDate(deps.clock()))).ctx);
}


// ---------------------------------------------------------------------------- refund

/** refundCheckBlack: whether the account is near or on the missed-visit blacklist; the
 * client shows the message and asks for a confirmation before frontUserRefund. */
export async function refundCheckBlack(deps: AppDeps, userId: number, body: z.output<typeof ticketIdsBody>, lang: Lang): Promise<RefundRisk> {
  const { ticketIds } = body;
  const owned = await deps.db.query(
    'SELECT 1 FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.id = ANY($1::int[]) AND o.user_id = $2 LIMIT 1',
    [ticketIds, userId],
  );
  if (ticketIds.length > 0 && owned.length === 0) throw fail(ORDER_TEXTS.orderNotFound);
  const f = await blockFacts(deps.db, userId, deps.clock());
  return { warn: f.missedVisits > 0, message: f.missedVisits > 0 ? blockMessage(f)[lang] : '', missedVisits: f.missedVisits, limit: f.limit };
}

/** frontUserRefund: the owner's paid, unchecked tickets of visits not in the past, checked
 * with checkRefund; tickets 'refunded', stock back once, a refund row (the simulator pays
 * back at once), the order 'refunded' when nothing live is left, else 'partlyRefunded'. */
export async function refundTickets(deps: AppDeps, userId: number, body: z.output<typeof ticketIdsBody>): Promise<RefundResult> {
  const { ticketIds } = body;
  const ids = [...new Set(ticketIds)];
  const now = deps.clock();
  const today = museumDate(now);
  return deps.db.tx(async (q) => {
    if (ids.length === 0) {
      const v = checkRefund({ action: 'refund', ticketIds: [] }, { tickets: [], group: false, maxPartialRefundPercent: null, freeChildPerAdult: 1 });
      throw fail(v[0].message);
    }
    const orderId = await lockOrderOfTickets(q, userId, ids);
    const { facts, ctx } = await refundContext(q, orderId, today);
    const violations = checkRefund({ action: 'refund', ticketIds: ids }, ctx);
    if (violations.length > 0) throw fail(violations[0].message);
    if (facts.some((f) => ids.includes(f.id) && f.visit_date < today)) throw fail(LIFECYCLE_TEXTS.visitPassed);
    const moved = await releaseTickets(q, ids, ['toBeChecked'], 'refunded');
    if (moved.length !== ids.length) throw fail(REFUND_MESSAGES.ticketState);
    const amount = moved.reduce((s, t) => s + t.price, 0);
    const [refund] = await q.query<{ id: number }>(
      `INSERT INTO refunds (order_id, user_id, amount, ticket_ids, status, created_at) VALUES ($1, $2, $3, $4::int[], 'done', $5) RETURNING id`,
      [orderId, userId, amount, moved.map((t) => t.id), now],
    );
    const [{ live }] = await q.query<{ live: number }>(
      `SELECT count(*)::int AS live FROM tickets WHERE order_id = $1 AND status NOT IN ('refunded', 'changed', 'canceled')`,
      [orderId],
    );
    const status: OrderStatus = live === 0 ? 'refunded' : 'partlyRefunded';
    await q.query('UPDATE orders SET status = $2, refunded_amount = refunded_amount + $3 WHERE id = $1', [orderId, status, amount]);
    return { orderId, refundId: refund.id, refundedTicketIds: moved.map((t) => t.id), refundAmount: amount, orderStatus: status };
  });
}

// ---------------------------------------------------------------------------- rebook


/** Date change: old tickets 'changed' (their stock back), new tickets on the new session
 * (stock taken by a conditional update), order 'changed'; one transaction, all or nothing. */
export async function rebook(deps: AppDeps, userId: number, body: z.output<typeof rebookBody>): Promise<RebookResult> {
  const input = body;
  const ids = [...new Set(input.ticketIds)];
  const now = deps.clock();
  const today = museumDate(now);
  return deps.db.tx(async (q) => {
    const [order] = await q.query<{ id: number; status: OrderStatus }>('SELECT id, status FROM orders WHERE id = $1 AND user_id = $2 FOR UPDATE', [
      input.orderId,
      userId,
    ]);
    if (!order) throw fail(ORDER_TEXTS.orderNotFound);
    const { facts, ctx } = await refundContext(q, order.id, today);
    const violations = checkRefund({ action: 'change', ticketIds: ids }, ctx);
    if (violations.length > 0) throw fail(violations[0].message);
    const moving = facts.filter((f) => ids.includes(f.id));
    if (moving.some((f) => f.visit_date < today)) throw fail(LIFECYCLE_TEXTS.visitPassed);

    const target = await bookableSession(q, input.hallScheduleId, now);
    if (target.hall.id !== moving[0].hall_id) throw fail(LIFECYCLE_TEXTS.rebookOtherHall);
    if (moving.some((f) => f.schedule_id === target.schedule.id)) throw fail(LIFECYCLE_TEXTS.rebookSameSession);
    const sameDate = checkRebookDate(moving[0].visit_date, target.schedule.visit_date);
    if (sameDate) throw fail(sameDate);

    // The visitors of this order on the new session afterwards: the order rules hold for them.
    const already = facts.filter((f) => f.schedule_id === target.schedule.id && f.status === 'toBeChecked');
    const visitors = [...already, ...moving];
    const draft: OrderDraft = {
      visitDate: target.schedule.visit_date,
      hallId: target.hall.id,
      hallScheduleId: target.schedule.id,
      visitors: visitors.map((f) => ({
        name: f.user_name,
        certificateType: f.certificate_type as CertificateType,
        certificateNumber: f.certificate_info,
        ticketPriceId: f.price_id,
      })),
      agreementAccepted: true,
      captchaToken: null,
    };
    const orderViolations = checkOrder(
      draft,
      {
        hall: hallRules(target.hall),
        prices: target.prices,
        remaining: remainingOf(target.schedule) + already.length,
        freeChildPerAdult: freeChildPerAdult(target.config, target.hall.hall_key),
      },
      'visitors',
      today,
    );
    if (orderViolations.length > 0) throw fail(orderViolations[0].message);

    // The two sessions' rows are updated in id order, so two opposite date changes (A: 1 -> 2,
    // B: 2 -> 1) wait for each other instead of deadlocking.
    const take = async () => {
      if (!(await takeSold(q, target.schedule.id, moving.length))) throw fail(ORDER_TEXTS.soldOut);
    };
    const release = async () => {
      const released = await releaseTickets(q, ids, ['toBeChecked'], 'changed');
      if (released.length !== ids.length) throw fail(REFUND_MESSAGES.ticketState);
    };
    if (target.schedule.id < Math.min(...moving.map((f) => f.schedule_id))) {
      await take();
      await release();
    } else {
      await release();
      await take();
    }
    const newIds: number[] = [];
    for (const f of moving) {
      const [row] = await q.query<{ id: number }>(
        `INSERT INTO tickets (order_id, price_id, user_name, certificate_type, certificate_info, ticket_name_zh, ticket_name_en, price,
           status, qr_code, schedule_id, replaces_ticket_id)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'toBeChecked',$9,$10,$11) RETURNING id`,
        [order.id, f.price_id, f.user_name, f.certificate_type, f.certificate_info, f.ticket_name_zh, f.ticket_name_en, f.price,
          randomBytes(24).toString('base64url'), target.schedule.id, f.id],
      );
      newIds.push(row.id);
    }
    // When every live ticket is now on the new session, the order moves with them.
    const [{ elsewhere }] = await q.query<{ elsewhere: number }>(
      `SELECT count(*)::int AS elsewhere FROM tickets WHERE order_id = $1 AND status IN ('toBeChecked', 'checked') AND schedule_id <> $2`,
      [order.id, target.schedule.id],
    );
    if (elsewhere === 0) {
      await q.query(`UPDATE orders SET status = 'changed', schedule_id = $2, visit_date = $3 WHERE id = $1`, [
        order.id,
        target.schedule.id,
        target.schedule.visit_date,
      ]);
    } else await q.query(`UPDATE orders SET status = 'changed' WHERE id = $1`, [order.id]);
    return {
      orderId: order.id,
      orderStatus: 'changed',
      oldTicketIds: ids,
      newTicketIds: newIds,
      hallScheduleId: target.schedule.id,
      visitDate: target.schedule.visit_date,
    };
  });
}

// ---------------------------------------------------------------------------- missed visits

/** Marks paid, never-checked tickets whose visit date has passed as 'expired' (missed
 * visit). Their stock stays sold. Claims rows with FOR UPDATE SKIP LOCKED; idempotent. */
export async function markMissedVisitsIn(q: Queryable, now: Date, limit = 200): Promise<number> {
  const today = museumDate(now);
  const due = await q.query<{ id: number }>(
    `SELECT t.id FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id
     WHERE t.status = 'toBeChecked' AND s.visit_date < $1 ORDER BY t.id LIMIT $2 FOR UPDATE OF t SKIP LOCKED`,
    [today, limit],
  );
  if (due.length === 0) return 0;
  const moved = await releaseTickets(
    q,
    due.map((r) => r.id),
    ['toBeChecked'],
    'expired',
  );
  return moved.length;
}

export async function runMissedVisits(db: Db, clock: () => Date, batch = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.tx((q) => markMissedVisitsIn(q, clock(), batch));
    total += n;
    if (n < batch) return total;
  }
}


export async function missedVisits(deps: AppDeps, userId: number, query: z.output<typeof pageQuery>, lang: Lang): Promise<MissedVisitList> {
  const { pageNum, pageSize } = query;
  const now = deps.clock();
  const status = await blockStatus(deps.db, userId, now, lang);
  const f = await blockFacts(deps.db, userId, now);
  const base = `FROM tickets t JOIN orders o ON o.id = t.order_id JOIN hall_schedule s ON s.id = t.schedule_id JOIN halls h ON h.id = s.hall_id
    WHERE o.user_id = $1 AND t.status = 'expired'`;
  const rows = await deps.db.query<{
    order_id: number;
    order_number: string;
    visit_date: string;
    name_zh: string;
    name_en: string;
    begin_time: string;
    end_time: string;
    n: number;
  }>(
    `SELECT o.id AS order_id, o.order_number, s.visit_date, h.name_zh, h.name_en, min(s.begin_time) AS begin_time, max(s.end_time) AS end_time,
       count(*)::int AS n ${base}
     GROUP BY o.id, o.order_number, s.visit_date, h.name_zh, h.name_en ORDER BY s.visit_date DESC, o.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (pageNum - 1) * pageSize],
  );
  const [{ total }] = await deps.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM (SELECT 1 ${base} GROUP BY o.id, s.visit_date, h.id) x`,
    [userId],
  );
  return {
    rows: rows.map((r) => ({
      orderId: r.order_id,
      orderNumber: r.order_number,
      visitDate: r.visit_date,
      hallName: lang === 'en' ? r.name_en : r.name_zh,
      beginTime: r.begin_time,
      endTime: r.end_time,
      ticketNum: r.n,
      counted: r.visit_date >= f.windowStart,
    })),
    total,
    status,
  };
}

// ---------------------------------------------------------------------------- views

/** Today's paid orders of the caller: those with a live ticket for today. */
export async function todayOrders(deps: AppDeps, userId: number, lang: Lang): Promise<OrderDetail[]> {
  const today = museumDate(deps.clock());
  const orders = await deps.db.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.user_id = $1 AND o.status = ANY($3::text[]) AND EXISTS (
       SELECT 1 FROM tickets t JOIN hall_schedule ts ON ts.id = t.schedule_id
       WHERE t.order_id = o.id AND ts.visit_date = $2 AND t.status IN ('toBeChecked', 'checked'))
     ORDER BY s.begin_time, o.id`,
    [userId, today, PAID_ORDER_STATES],
  );
  const out: OrderDetail[] = [];
  for (const o of orders) out.push(await detailOf(deps.db, o, lang));
  return out;
}

/** Notices to show on an order's page, from the configured texts in the request language. */
export async function popWindows(deps: AppDeps, userId: number, orderId: number, lang: Lang): Promise<PopWindow[]> {
  await deps.db.tx((q) => cancelDueOrdersIn(q, deps.clock(), { orderId }));
  const [o] = await deps.db.query<{ status: OrderStatus }>('SELECT status FROM orders WHERE id = $1 AND user_id = $2', [orderId, userId]);
  if (!o) throw fail(ORDER_TEXTS.orderNotFound);
  const [{ live }] = await deps.db.query<{ live: number }>(
    `SELECT count(*)::int AS live FROM tickets WHERE order_id = $1 AND status = 'toBeChecked'`,
    [orderId],
  );
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
