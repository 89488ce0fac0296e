/** The finance desk's refunds (docs/product.md §2.7): refunds the payment platform refused
 * ('failed'), to retry (back to 'pending' with the same out_refund_no, so the platform never
 * pays twice, then sent as any refund) or to settle by hand with a note (the money went back
 * another way). Each in one transaction guarded by the state it leaves, with its audit entry. */
import type { z } from 'zod';
import type { failedRefunds } from '../../src/domain/answers.ts';
import { checkRefundDesk } from '../../src/domain/callOff.ts';
import type { AppDeps } from '../context.ts';
import type { TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { audit } from './audit.ts';
import { submitRefundNow } from './refundSubmit.ts';

/** Refused refunds, newest first: waiting for finance, or (settled) those settled by hand. */
export async function listFailedRefunds(deps: AppDeps, settled: boolean): Promise<z.output<typeof failedRefunds>> {
  const rows = await deps.db.query<{
    id: number;
    order_id: number;
    order_number: string;
    amount: number;
    out_refund_no: string | null;
    last_error: string | null;
    done_at: Date | null;
    settled_at: Date | null;
    settled_note: string | null;
    settled_by: string | null;
  }>(
    `SELECT r.id, r.order_id, o.order_number, r.amount, r.out_refund_no, r.last_error, r.done_at, r.settled_at, r.settled_note, su.username AS settled_by
       FROM refunds r JOIN orders o ON o.id = r.order_id LEFT JOIN staff_users su ON su.id = r.settled_by
      WHERE r.status = 'failed' AND (r.settled_at IS NOT NULL) = $1
      ORDER BY coalesce(r.settled_at, r.done_at) DESC NULLS LAST, r.id DESC LIMIT 200`,
    [settled],
  );
  return rows.map((r) => ({
    refundId: r.id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    amount: r.amount,
    outRefundNo: r.out_refund_no,
    lastError: r.last_error,
    failedAt: r.done_at ? r.done_at.getTime() : null,
    settled: r.settled_at ? { by: r.settled_by ?? '', at: r.settled_at.getTime(), note: r.settled_note ?? '' } : null,
  }));
}

async function lockRefund(q: TxQueryable, id: number, note?: string): Promise<void> {
  const [r] = await lockRows(q, 'refunds', { id }, ['status', 'settled_at']);
  const refused = checkRefundDesk(r ? { status: r.status, settled: r.settled_at !== null } : null, note);
  if (refused) throw fail(refused);
}

/** A refused refund sent again: 'pending' now, the same out_refund_no. */
export async function retryRefund(deps: AppDeps, staffId: number, id: number): Promise<null> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    await lockRefund(q, id);
    await q.query(`UPDATE refunds SET status = 'pending', next_try_at = $2, done_at = NULL, attempts = 0 WHERE id = $1 AND status = 'failed'`, [id, now]);
    await audit(q, staffId, 'retryRefund', `refund:${id}`, null, now);
  });
  await submitRefundNow(deps, id);
  return null;
}

/** A refused refund settled by hand, with how the money went back. */
export async function settleRefund(deps: AppDeps, staffId: number, id: number, note: string): Promise<null> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    await lockRefund(q, id, note);
    await q.query(`UPDATE refunds SET settled_by = $2, settled_at = $3, settled_note = $4 WHERE id = $1 AND status = 'failed' AND settled_at IS NULL`, [
      id,
      staffId,
      now,
      note.trim(),
    ]);
    await audit(q, staffId, 'settleRefund', `refund:${id}`, { note: note.trim() }, now);
  });
  return null;
}
