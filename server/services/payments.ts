/** Payments of an order: the payment the client opens, and the verified notify that marks it paid. */
import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import { PaymentError } from '../providers/payErrors.ts';
import type { PaymentProvider, PayStart } from '../providers/payment.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { cancelDueOrdersIn } from './payDeadline.ts';
import { sellOrderSeats } from './stock.ts';
import { offerToCandidates } from './stock.ts';
import { recordRefund } from './refundSubmit.ts';
import { logError } from '../logger.ts';

/** Payment notify (or the platform's answer to a query): marks the order paid exactly once
 * (idempotent), checking the amount against ours. Money paid for an order already closed or
 * paid is recorded and sent back (a refund the refund job submits). */
export async function markPaid(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  payId: string,
  amount: number,
  transactionId: string | null = null,
): Promise<{ orderId: number; paid: boolean }> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    // The order before its payment (docs/architecture.md §9), as a cancel locks them: a payment's
    // order never changes, so it is read unlocked first.
    const [of] = await q.query<{ order_id: number }>('SELECT order_id FROM payments WHERE pay_id = $1', [payId]);
    if (!of) throw fail(ORDER_TEXTS.orderNotFound);
    const [order] = await lockRows(q, 'orders', { id: of.order_id }, ['status', 'amount', 'is_candidate', 'schedule_id', 'user_id']);
    const [pay] = await lockRows(q, 'payments', { pay_id: payId }, ['order_id', 'amount', 'status']);
    if (pay.status === 'paid') return { orderId: pay.order_id, paid: true };
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
      // Paid after the order closed (or paid twice by two payments): the money goes back.
      const due = await q.query(
        `UPDATE payments SET status = 'refundDue', paid_at = $2, transaction_id = $3 WHERE pay_id = $1 AND status <> 'refundDue' RETURNING 1`,
        [payId, now, transactionId],
      );
      if (due.length > 0) await recordRefund(q, { orderId: pay.order_id, userId: order.user_id, amount: pay.amount, ticketIds: [], now, payId });
      return { orderId: pay.order_id, paid: order.status === 'completed' };
    }
    await q.query(`UPDATE payments SET status = 'paid', paid_at = $2, transaction_id = $3 WHERE pay_id = $1`, [payId, now, transactionId]);
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

export async function createPayment(deps: AppDeps, userId: number, orderId: number): Promise<{ payId: string; amount: number; orderNumber: string }> {
  const now = deps.clock();
  await deps.db.tx((q) => cancelDueOrdersIn(q, now, { orderId }));
  const [o] = await deps.db.query<{ status: string; amount: number; order_number: string }>(
    'SELECT status, amount, order_number FROM orders WHERE id = $1 AND user_id = $2',
    [orderId, userId],
  );
  if (!o) throw fail(ORDER_TEXTS.orderNotFound);
  if (o.status !== 'toBePaid') throw fail(ORDER_TEXTS.notPayable);
  // 32 URL-safe characters: a valid out_trade_no for the platform (6-32 of [A-Za-z0-9_-]).
  const payId = randomBytes(24).toString('base64url');
  await deps.db.query('INSERT INTO payments (pay_id, order_id, amount, created_at) VALUES ($1, $2, $3, $4)', [payId, orderId, o.amount, now]);
  return { payId, amount: o.amount, orderNumber: o.order_number };
}

/** /pay/create: a payment of the order's amount (the server's), opened by the provider: its
 * cashier page, or in the chat app the JSAPI parameters for the payer's openid. The vendor's
 * refusals and timeouts come back as a refusal in the visitor's language, never a 500.
 * `how.origin` is ours (server/origin.ts), where the platform sends the notify. */
export async function startPayment(deps: AppDeps, userId: number, orderId: number, how: { inChatApp: boolean; lang: Lang; origin: string }): Promise<PayStart> {
  const { payId, amount, orderNumber } = await createPayment(deps, userId, orderId);
  const [identity] = await deps.db.query<{ openid: string }>('SELECT openid FROM wechat_identities WHERE user_id = $1', [userId]);
  try {
    return await deps.providers.payment.start({
      payId,
      amount,
      description: `${MUSEUM_TICKETS.zh} ${orderNumber}`,
      lang: how.lang,
      inChatApp: how.inChatApp,
      openid: identity?.openid ?? null,
      notifyUrl: `${how.origin}/prod-api/pay/notify`,
    });
  } catch (error) {
    if (error instanceof PaymentError) {
      // Refused for good: nothing to pay with this one. After a timeout it may exist at the
      // vendor: it stays open, and the pay-timeout job asks about it and closes it there.
      if (!error.retryable) await deps.db.query(`UPDATE payments SET status = 'failed' WHERE pay_id = $1 AND status = 'created'`, [payId]);
      throw fail(error.text);
    }
    throw error;
  }
}

const MUSEUM_TICKETS: Text = { zh: '科技馆门票', en: 'Museum tickets' };

/** Before the pay-timeout job cancels an unpaid order, the platform is asked about its open
 * payments (outside any transaction): one paid meanwhile is marked paid, the others are closed
 * there, so a payment racing the deadline is never lost. An order whose platform cannot be
 * reached is left for the next run. The ids of due orders safe to cancel. */
export async function settleDuePayments(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  payment: PaymentProvider,
  limit = 100,
): Promise<{ paid: number; unreachable: number[] }> {
  const now = deps.clock();
  const open = await deps.db.query<{ pay_id: string; order_id: number; amount: number }>(
    `SELECT p.pay_id, p.order_id, p.amount FROM payments p JOIN orders o ON o.id = p.order_id
      WHERE o.status = 'toBePaid' AND o.pay_deadline <= $1 AND p.status = 'created' AND p.method = 'online'
      ORDER BY o.pay_deadline, p.pay_id LIMIT $2`,
    [now, limit],
  );
  let paid = 0;
  const unreachable = new Set<number>();
  for (const p of open) {
    try {
      const tx = await payment.query(p.pay_id);
      if (tx.state === 'SUCCESS' || tx.state === 'REFUND') {
        if ((await markPaid(deps, p.pay_id, tx.amount ?? -1, tx.transactionId)).paid) paid++;
        continue;
      }
      try {
        await payment.close(p.pay_id);
      } catch (error) {
        // Paid between the query and the close: ask once more, and take it.
        if (!(error instanceof PaymentError && error.code === 'ORDERPAID')) throw error;
        const again = await payment.query(p.pay_id);
        if ((await markPaid(deps, p.pay_id, again.amount ?? -1, again.transactionId)).paid) paid++;
        continue;
      }
      await deps.db.query(`UPDATE payments SET status = 'closed' WHERE pay_id = $1 AND status = 'created'`, [p.pay_id]);
    } catch (error) {
      logError(`[payTimeout] payment of order ${p.order_id}: ${error instanceof PaymentError ? error.message : String(error)}`);
      unreachable.add(p.order_id);
    }
  }
  return { paid, unreachable: [...unreachable] };
}
