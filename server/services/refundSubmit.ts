/** Money back through the payment provider. A refund is recorded in the transaction that
 * refunds the tickets (`recordRefund`: 'pending', with its out_refund_no fixed now), submitted
 * after that transaction commits (`submitRefunds`, also the refund job's step), and followed
 * until the platform says it is done: 'processing' is asked again, or settled by the refund
 * notify. Never a call to the vendor inside a transaction: a claim takes due rows with
 * FOR UPDATE SKIP LOCKED and leases them (next_try_at) before the call, so two instances
 * never send the same refund at once, and the platform itself takes a repeated out_refund_no
 * as the same refund. */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { PaymentError } from '../providers/payErrors.ts';
import type { RefundResource } from '../providers/payNotify.ts';
import type { RefundState } from '../providers/payment.ts';
import { logError } from '../logger.ts';

/** How long a claimed refund is left to the instance that claimed it (longer than a call's timeout). */
const LEASE_MS = 120_000;
/** Waits between tries: 30 s doubling, at most an hour. */
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** Records a refund of `amount` of an order (in the caller's transaction). Online payments
 * wait for the provider ('pending'); a window payment or nothing paid is 'done' at once. */
export async function recordRefund(
  q: Queryable,
  r: { orderId: number; userId: number; amount: number; ticketIds: number[]; now: Date; payId?: string },
): Promise<number> {
  const payId =
    r.payId ??
    (await q.query<{ pay_id: string }>(`SELECT pay_id FROM payments WHERE order_id = $1 AND status = 'paid' AND method = 'online' LIMIT 1`, [r.orderId]))[0]
      ?.pay_id;
  const online = payId !== undefined && r.amount > 0;
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO refunds (order_id, user_id, amount, ticket_ids, status, created_at, pay_id, out_refund_no, next_try_at, done_at)
     VALUES ($1, $2, $3, $4::int[], $5, $6, $7, $8, $6, $9) RETURNING id`,
    [
      r.orderId,
      r.userId,
      r.amount,
      r.ticketIds,
      online ? 'pending' : 'done',
      r.now,
      online ? payId : null,
      online ? `R${randomBytes(15).toString('hex')}` : null,
      online ? null : r.now,
    ],
  );
  return row.id;
}

interface Claimed {
  id: number;
  status: 'pending' | 'processing';
  amount: number;
  out_refund_no: string;
  pay_id: string;
  total: number;
  attempts: number;
}

/** Due refunds (or the one given), leased to this caller in a short transaction of their own. */
async function claim(deps: AppDeps, now: Date, filter: { refundId?: number; limit: number }): Promise<Claimed[]> {
  return deps.db.tx(async (q) => {
    const params: unknown[] = [now, filter.limit];
    let where = `r.status IN ('pending', 'processing') AND r.next_try_at <= $1`;
    if (filter.refundId !== undefined) {
      params.push(filter.refundId);
      where += ` AND r.id = $${params.length}`;
    }
    const rows = await q.query<Claimed>(
      `SELECT r.id, r.status, r.amount, r.out_refund_no, r.pay_id, p.amount AS total, r.attempts + 1 AS attempts
         FROM refunds r JOIN payments p ON p.pay_id = r.pay_id
        WHERE ${where} ORDER BY r.next_try_at, r.id LIMIT $2 FOR UPDATE OF r SKIP LOCKED`,
      params,
    );
    if (rows.length > 0) {
      await q.query(`UPDATE refunds SET next_try_at = $2, attempts = attempts + 1 WHERE id = ANY($1::int[])`, [
        rows.map((r) => r.id),
        new Date(now.getTime() + LEASE_MS),
      ]);
    }
    return rows;
  });
}

/** The platform's word on a refund, written guarded by the state it leaves. */
async function settle(deps: AppDeps, r: Claimed, state: RefundState, now: Date): Promise<void> {
  const status = state.status === 'SUCCESS' ? 'done' : state.status === 'PROCESSING' ? 'processing' : 'failed';
  await deps.db.query(
    `UPDATE refunds SET status = $3, vendor_refund_id = coalesce($4, vendor_refund_id), last_error = $5,
            done_at = CASE WHEN $3 IN ('done', 'failed') THEN $6::timestamptz END, next_try_at = $7
      WHERE id = $1 AND status = $2`,
    [
      r.id,
      r.status,
      status,
      state.refundId,
      status === 'failed' ? state.status : null,
      now,
      status === 'processing' ? new Date(now.getTime() + backoffMs(r.attempts)) : null,
    ],
  );
}

/** A call that failed: a retryable one waits its turn (the refund stays where it was, with the
 * reason visible in last_error), any other fails the refund for the staff to settle. */
async function failedCall(deps: AppDeps, r: Claimed, error: unknown, now: Date, log: (msg: string) => void): Promise<void> {
  const e = error instanceof PaymentError ? error : new PaymentError('ERROR', { zh: '', en: '' }, true);
  log(
    `[refunds] refund ${r.id} (${r.out_refund_no}): ${e.code}${e.retryable ? ', will retry' : ', failed'}${error instanceof PaymentError ? '' : ` ${String(error)}`}`,
  );
  await deps.db.query(`UPDATE refunds SET status = $3, last_error = $4, next_try_at = $5, done_at = $6 WHERE id = $1 AND status = $2`, [
    r.id,
    r.status,
    e.retryable ? r.status : 'failed',
    e.code,
    e.retryable ? new Date(now.getTime() + backoffMs(r.attempts)) : null,
    e.retryable ? null : now,
  ]);
}

/** Submits due pending refunds and asks about due processing ones (or just `refundId`);
 * how many it handled. Safe to run anywhere, any number of times. */
export async function submitRefunds(
  deps: AppDeps,
  options: { refundId?: number; limit?: number; notifyUrl?: string | null; log?: (msg: string) => void } = {},
): Promise<number> {
  const now = deps.clock();
  const log = options.log ?? logError;
  const claimed = await claim(deps, now, { refundId: options.refundId, limit: options.limit ?? 20 });
  const provider = deps.providers.payment;
  const notifyUrl = options.notifyUrl ?? (deps.config.publicUrl ? `${deps.config.publicUrl}/prod-api/pay/refundNotify` : null);
  for (const r of claimed) {
    try {
      const state =
        r.status === 'pending'
          ? await provider.refund({ outRefundNo: r.out_refund_no, payId: r.pay_id, total: r.total, amount: r.amount, reason: '门票退款', notifyUrl })
          : await provider.queryRefund(r.out_refund_no);
      await settle(deps, r, state, deps.clock());
    } catch (error) {
      await failedCall(deps, r, error, deps.clock(), log);
    }
  }
  return claimed.length;
}

/** Submits a refund just recorded, right after its transaction committed; a failure leaves it
 * to the refund job (the visitor's refund is recorded either way). */
export async function submitRefundNow(deps: AppDeps, refundId: number, notifyUrl?: string | null): Promise<void> {
  await submitRefunds(deps, { refundId, limit: 1, notifyUrl }).catch((error) => logError(`[refunds] refund ${refundId}: ${String(error)}`));
}

/** The refund notify: the platform's final word, once (guarded by the state it leaves).
 * False when the refund is unknown. */
export async function applyRefundNotify(deps: AppDeps, r: RefundResource): Promise<boolean> {
  const [row] = await deps.db.query<Claimed>(`SELECT id, status, amount, out_refund_no, pay_id, 0 AS total, attempts FROM refunds WHERE out_refund_no = $1`, [
    r.out_refund_no,
  ]);
  if (!row) return false;
  // Already settled (a replayed notify, or the job asked first): nothing changes.
  if (row.status === 'pending' || row.status === 'processing') await settle(deps, row, { status: r.refund_status, refundId: r.refund_id }, deps.clock());
  return true;
}
