/** Calling off a session (docs/product.md §2.7). The admin's call, in one transaction: the
 * session stopped for good (`called_off`, its stop reason what visitors read), every cart hold
 * of it released, a `session_calloffs` row and one `calloff_orders` row per order of it
 * ('pending'), audited. The call-off job (server/jobs/callOffs.ts) then settles each order once:
 * claimed with FOR UPDATE SKIP LOCKED and leased (next_try_at), as the refund job leases
 * refunds, then settled in one transaction guarded by the row's state, which does all of it or
 * none: paid tickets of the session refunded in full (a refund recorded, sent by the refund job
 * through the provider), an unpaid order cancelled, a waiting order paid back, an issued
 * invoice flagged, a text to the contact in the order's language (sms_notices, sent after the
 * commit by the waiting-list job), and the row 'done' with its outcome. A crash rolls back the
 * order in hand; its lease runs out and any instance takes it up. */
import type { z } from 'zod';
import type { callOffBody } from '../../src/domain/contracts.ts';
import type { callOffPreview, callOffProgress } from '../../src/domain/answers.ts';
import {
  CALL_OFF_TEXTS,
  callOffAction,
  callOffConfirm,
  callOffSms,
  checkCallOff,
  outcomeOf,
  type CallOffOutcome,
  type CallOffSession,
} from '../../src/domain/callOff.ts';
import { fill, type Lang } from '../../src/domain/text.ts';
import type { AppDeps } from '../context.ts';
import type { TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { museumInstant } from '../time.ts';
import { audit } from './audit.ts';
import { cancelUnpaidIn } from './cancel.ts';
import { returnRefundedCoupons } from './coupons.ts';
import { flagIssuedInvoice } from './invoices.ts';
import { recordRefund, submitRefundNow } from './refundSubmit.ts';
import { getConfig } from './settings.ts';
import { releaseCartLines, releaseGroupCart, releaseTickets } from './stock.ts';
import { payBack } from './waitingList.ts';
import { logError } from '../logger.ts';

/** How long a claimed order is left to the instance that claimed it. */
const LEASE_MS = 120_000;
/** Waits after a failed settlement: 30 s doubling, at most 10 minutes. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 600_000);
/** Ticket states that are paid and still the visitor's: refunded by a call-off. */
const LIVE = ['toBeChecked', 'reserved', 'checked'] as const;

/** The orders of a session: of its tickets, or waiting for it. */
const ORDERS_OF_SESSION = `SELECT DISTINCT order_id AS id FROM tickets WHERE schedule_id = $1 UNION SELECT id FROM orders WHERE schedule_id = $1`;

/** What calling off the session would do now: its paid, unpaid and waiting orders. */
export async function previewCallOff(deps: AppDeps, scheduleId: number, lang: Lang): Promise<z.output<typeof callOffPreview>> {
  const [s] = await deps.db.query<{ id: number }>('SELECT id FROM hall_schedule WHERE id = $1', [scheduleId]);
  if (!s) throw fail(CALL_OFF_TEXTS.noSession);
  const [c] = await deps.db.query<{ paid: number; unpaid: number; waiting: number }>(
    `SELECT count(*) FILTER (WHERE o.status IN ('completed', 'partlyRefunded', 'changed')
                               AND EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id AND t.schedule_id = $1 AND t.status = ANY($2::text[])))::int AS paid,
            count(*) FILTER (WHERE o.status = 'toBePaid')::int AS unpaid,
            count(*) FILTER (WHERE o.status IN ('standingBy', 'full'))::int AS waiting
       FROM orders o WHERE o.id IN (${ORDERS_OF_SESSION})`,
    [scheduleId, LIVE],
  );
  return { scheduleId, ...c, confirm: callOffConfirm(c)[lang] };
}

/** What `checkCallOff` needs to know of a session row (absent: no such session). */
export function callOffFacts(s: { called_off: boolean; visit_date: string; end_time: string } | undefined, now: Date): CallOffSession {
  return {
    exists: s !== undefined,
    calledOff: s?.called_off ?? false,
    ended: s !== undefined && museumInstant(s.visit_date, s.end_time).getTime() <= now.getTime(),
  };
}

/** The admin calls the session off: refused with the reason, or done (the job settles its orders). */
export async function callOffSession(
  deps: AppDeps,
  staffId: number,
  body: z.output<typeof callOffBody>,
  lang: Lang,
): Promise<z.output<typeof callOffProgress>> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    // The session's holds first, then its row: the order the cart's own transactions lock them in.
    await lockRows(q, 'cart_lines', { schedule_id: body.scheduleId, status: 'held' }, ['id']);
    await lockRows(q, 'group_cart', { schedule_id: body.scheduleId, status: 'held' }, ['id']);
    const [s] = await lockRows(q, 'hall_schedule', { id: body.scheduleId }, ['called_off', 'visit_date', 'end_time']);
    const refused = checkCallOff(body, callOffFacts(s, now));
    if (refused) throw fail(refused);
    const reason = { zh: body.reasonZh.trim(), en: body.reasonEn.trim() };
    const shown = fill(CALL_OFF_TEXTS.visitorReason, { reason });
    await q.query(`UPDATE hall_schedule SET called_off = true, stopped = true, stop_reason_zh = $2, stop_reason_en = $3 WHERE id = $1`, [
      body.scheduleId,
      shown.zh,
      shown.en,
    ]);
    const [c] = await q.query<{ id: number }>(
      `INSERT INTO session_calloffs (schedule_id, reason_zh, reason_en, staff_id, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [body.scheduleId, reason.zh, reason.en, staffId, now],
    );
    const orders = await q.query<{ id: number }>(
      `INSERT INTO calloff_orders (calloff_id, order_id, next_try_at) SELECT $2, id, $3 FROM (${ORDERS_OF_SESSION}) o ORDER BY id RETURNING id`,
      [body.scheduleId, c.id, now],
    );
    // Holds give their places back now (the session is stopped: nobody is offered them).
    const lines = await q.query<{ id: number }>(`SELECT id FROM cart_lines WHERE schedule_id = $1 AND status = 'held' ORDER BY id`, [body.scheduleId]);
    const released = await releaseCartLines(
      q,
      lines.map((l) => l.id),
      'removed',
      now,
    );
    const groups = await q.query<{ id: number }>(`SELECT id FROM group_cart WHERE schedule_id = $1 AND status = 'held' ORDER BY id`, [body.scheduleId]);
    const releasedGroups = await releaseGroupCart(
      q,
      groups.map((g) => g.id),
      'removed',
      now,
    );
    await audit(
      q,
      staffId,
      'callOffSession',
      `session:${body.scheduleId}`,
      { reason: reason.zh, reasonEn: reason.en, orders: orders.length, holds: released.length + releasedGroups.length },
      now,
    );
  });
  return callOffProgressOf(deps, body.scheduleId, lang);
}

/** A called-off session's progress: each order and what happened to it. */
export async function callOffProgressOf(deps: AppDeps, scheduleId: number, lang: Lang): Promise<z.output<typeof callOffProgress>> {
  const [c] = await deps.db.query<{ id: number; state: 'running' | 'done'; reason_zh: string; reason_en: string; created_at: Date }>(
    'SELECT id, state, reason_zh, reason_en, created_at FROM session_calloffs WHERE schedule_id = $1',
    [scheduleId],
  );
  if (!c) throw fail(CALL_OFF_TEXTS.noSession);
  const rows = await deps.db.query<{
    order_id: number;
    order_number: string;
    group: boolean;
    outcome: CallOffOutcome | null;
    amount: number;
    refund_status: 'pending' | 'processing' | 'done' | 'failed' | null;
    last_error: string | null;
  }>(
    `SELECT co.order_id, o.order_number, o.group_info IS NOT NULL AS "group", co.outcome, co.amount, r.status AS refund_status,
            coalesce(r.last_error, co.last_error) AS last_error
       FROM calloff_orders co JOIN orders o ON o.id = co.order_id LEFT JOIN refunds r ON r.id = co.refund_id
      WHERE co.calloff_id = $1 ORDER BY co.id`,
    [c.id],
  );
  return {
    scheduleId,
    state: c.state,
    reason: lang === 'en' ? c.reason_en : c.reason_zh,
    createdAt: c.created_at.getTime(),
    total: rows.length,
    settled: rows.filter((r) => r.outcome !== null).length,
    orders: rows.map((r) => ({
      orderId: r.order_id,
      orderNumber: r.order_number,
      group: r.group,
      outcome: r.outcome,
      amount: r.amount,
      refundStatus: r.refund_status,
      lastError: r.last_error,
    })),
  };
}

/** Due pending orders of call-offs, leased to this caller in a short transaction of their own. */
export async function claimCallOffOrders(deps: AppDeps, now: Date, limit: number): Promise<Array<{ id: number; attempts: number }>> {
  return deps.db.tx(async (q) => {
    const rows = await q.query<{ id: number; attempts: number }>(
      `SELECT id, attempts + 1 AS attempts FROM calloff_orders WHERE state = 'pending' AND next_try_at <= $1
        ORDER BY next_try_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`, // a claim (SKIP LOCKED, leased): never waits
      [now, limit],
    );
    if (rows.length > 0) {
      await q.query('UPDATE calloff_orders SET next_try_at = $2, attempts = attempts + 1 WHERE id = ANY($1::int[])', [
        rows.map((r) => r.id),
        new Date(now.getTime() + LEASE_MS),
      ]);
    }
    return rows;
  }, 'job');
}

/** Settles one order of a call-off in the caller's transaction, once: nothing when its row is
 * settled already (another instance, or a lease that ran out). The refund to send, if any. */
export async function settleCallOffOrder(q: TxQueryable, rowId: number, now: Date): Promise<{ refundId: number | null } | null> {
  const [row] = await q.query<{
    state: string;
    order_id: number;
    schedule_id: number;
    reason_zh: string;
    reason_en: string;
  }>(
    `SELECT co.state, co.order_id, c.schedule_id, c.reason_zh, c.reason_en
       FROM calloff_orders co JOIN session_calloffs c ON c.id = co.calloff_id WHERE co.id = $1 FOR UPDATE OF co`, // not lockRows: read with its call-off (a join)
    [rowId],
  );
  if (!row || row.state !== 'pending') return null;
  const [o] = await q.query<{ status: string; user_id: number; order_number: string; lang: Lang; amount: number; group: boolean }>(
    // Not lockRows: a computed column (whether it is a group's).
    `SELECT status, user_id, order_number, lang, amount, group_info IS NOT NULL AS "group" FROM orders WHERE id = $1 FOR UPDATE`,
    [row.order_id],
  );
  const live = await lockRows(q, 'tickets', { order_id: row.order_id, schedule_id: row.schedule_id, status: LIVE }, ['id']);
  const action = callOffAction({ status: o.status, liveTickets: live.length });
  let amount = 0;
  let refundId: number | null = null;
  if (action === 'cancel') {
    await cancelUnpaidIn(q, row.order_id, now);
  } else if (action === 'payBack') {
    refundId = await payBack(q, row.order_id, o.status as 'standingBy' | 'full', o.status === 'full' ? 'returned' : 'canceled', now);
    amount = refundId === null ? 0 : o.amount;
  } else if (action === 'refund') {
    const moved = await releaseTickets(
      q,
      live.map((t) => t.id),
      LIVE,
      'refunded',
      now,
    );
    await returnRefundedCoupons(
      q,
      await getConfig(q),
      moved.map((t) => t.id),
    );
    amount = moved.reduce((s, t) => s + t.price, 0);
    refundId = await recordRefund(q, { orderId: row.order_id, userId: o.user_id, amount, ticketIds: moved.map((t) => t.id), now });
    const [{ left }] = await q.query<{ left: number }>(
      `SELECT count(*)::int AS left FROM tickets WHERE order_id = $1 AND status NOT IN ('refunded', 'changed', 'canceled')`,
      [row.order_id],
    );
    await q.query('UPDATE orders SET status = $2, refunded_amount = refunded_amount + $3 WHERE id = $1', [
      row.order_id,
      left === 0 ? 'refunded' : 'partlyRefunded',
      amount,
    ]);
    await flagIssuedInvoice(q, row.order_id, amount, now);
  }
  const outcome = outcomeOf(action);
  const [contact] = await q.query<{ phone: string | null; hall_zh: string; hall_en: string; visit_date: string; begin_time: string }>(
    `SELECT coalesce(tm.contact_phone, u.phone) AS phone, h.name_zh AS hall_zh, h.name_en AS hall_en, s.visit_date, s.begin_time
       FROM users u LEFT JOIN teams tm ON tm.user_id = u.id, hall_schedule s JOIN halls h ON h.id = s.hall_id
      WHERE u.id = $1 AND s.id = $2`,
    [o.user_id, row.schedule_id],
  );
  const sms = callOffSms(outcome, o.lang, {
    orderNumber: o.order_number,
    hall: { zh: contact.hall_zh, en: contact.hall_en },
    date: contact.visit_date,
    time: contact.begin_time,
    reason: { zh: row.reason_zh, en: row.reason_en },
    amount,
  });
  if (sms && contact.phone) await q.query('INSERT INTO sms_notices (phone, text, created_at) VALUES ($1, $2, $3)', [contact.phone, sms, now]);
  await q.query(
    `UPDATE calloff_orders SET state = 'done', outcome = $2, amount = $3, refund_id = $4, done_at = $5, last_error = NULL WHERE id = $1 AND state = 'pending'`,
    [rowId, outcome, amount, refundId, now],
  );
  return { refundId };
}

/** One round of the call-off job: due orders claimed (at most `limit`), each settled in its own
 * transaction, its refund sent right after; call-offs with nothing left marked done. How many it
 * claimed. Safe to run anywhere, any number of times. */
export async function runCallOffRound(deps: AppDeps, options: { limit?: number; log?: (msg: string) => void } = {}): Promise<number> {
  const log = options.log ?? logError;
  const claimed = await claimCallOffOrders(deps, deps.clock(), options.limit ?? 20);
  for (const c of claimed) {
    try {
      const settled = await deps.db.tx((q) => settleCallOffOrder(q, c.id, deps.clock()), 'job');
      if (settled?.refundId != null) await submitRefundNow(deps, settled.refundId);
    } catch (error) {
      // Rolled back: the order is as it was; it is tried again after a wait.
      log(`[callOffs] order row ${c.id}: ${String(error)}`);
      const now = deps.clock();
      await deps.db.query(`UPDATE calloff_orders SET last_error = $2, next_try_at = $3 WHERE id = $1 AND state = 'pending'`, [
        c.id,
        String(error).slice(0, 500),
        new Date(now.getTime() + backoffMs(c.attempts)),
      ]);
    }
  }
  await deps.db.query(
    `UPDATE session_calloffs c SET state = 'done', done_at = $1
      WHERE c.state = 'running' AND NOT EXISTS (SELECT 1 FROM calloff_orders co WHERE co.calloff_id = c.id AND co.state = 'pending')`,
    [deps.clock()],
  );
  return claimed.length;
}
