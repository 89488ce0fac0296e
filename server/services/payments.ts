/** Payments of an order: the payment the client opens, and the verified notify that marks it paid. */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { ORDER_TEXTS } from './orders.ts';
import { cancelDueOrdersIn } from './payDeadline.ts';
import { sellOrderSeats } from './stock.ts';
import { offerToCandidates } from './waitingList.ts';

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
    const [order] = await q.query<{ status: string; amount: number; is_candidate: boolean; schedule_id: number }>(
      'SELECT status, amount, is_candidate, schedule_id FROM orders WHERE id = $1 FOR UPDATE',
      [pay.order_id],
    );
    if (amount !== pay.amount || amount !== order.amount) {
      await q.query(`UPDATE payments SET status = 'amountMismatch' WHERE pay_id = $1`, [payId]);
      return { orderId: pay.order_id, paid: false };
    }
    // A waiting-list order paid stands by (and is filled now if stock it fits is free); any other is complete.
    const done = order.is_candidate
      ? await q.query(`UPDATE orders SET status = 'standingBy', standing_since = $2, pay_time = $2 WHERE id = $1 AND status = 'toBePaid' RETURNING id`, [
          pay.order_id,
          now,
        ])
      : await q.query(`UPDATE orders SET status = 'completed', pay_time = $2, short_link_flag = $3 WHERE id = $1 AND status = 'toBePaid' RETURNING id`, [
          pay.order_id,
          now,
          randomBytes(18).toString('base64url'),
        ]);
    if (done.length === 0) {
      // Paid after the order closed (or paid twice by two payments): recorded for a refund.
      await q.query(`UPDATE payments SET status = 'refundDue', paid_at = $2 WHERE pay_id = $1`, [payId, now]);
      return { orderId: pay.order_id, paid: order.status === 'completed' };
    }
    await q.query(`UPDATE payments SET status = 'paid', paid_at = $2 WHERE pay_id = $1`, [payId, now]);
    if (order.is_candidate) {
      await offerToCandidates(q, order.schedule_id, now);
      return { orderId: pay.order_id, paid: true };
    }
    await issueTickets(q, pay.order_id);
    return { orderId: pay.order_id, paid: true };
  });
}

/** A paid order's tickets become valid: each its QR code, its seat sold. */
async function issueTickets(q: Queryable, orderId: number): Promise<void> {
  const tickets = await q.query<{ id: number }>(`SELECT id FROM tickets WHERE order_id = $1 AND status = 'toBePaid'`, [orderId]);
  for (const t of tickets) {
    await q.query(`UPDATE tickets SET status = 'toBeChecked', qr_code = $2 WHERE id = $1`, [t.id, randomBytes(24).toString('base64url')]);
  }
  await sellOrderSeats(q, orderId);
}

/** An unpaid order completed without an online payment: nothing to pay (a school's free
 * visit), or paid at the window. Guarded by the status: false when it was not unpaid. */
export async function completeOrder(q: Queryable, orderId: number, now: Date): Promise<boolean> {
  const done = await q.query(`UPDATE orders SET status = 'completed', pay_time = $2, short_link_flag = $3 WHERE id = $1 AND status = 'toBePaid' RETURNING id`, [
    orderId,
    now,
    randomBytes(18).toString('base64url'),
  ]);
  if (done.length === 0) return false;
  await issueTickets(q, orderId);
  return true;
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
