/** Cancelling an unpaid order of the caller (docs/product.md §7 /order/OrderInfo/cancel). */
import { returnOrderCoupons } from './coupons.ts';
import type { z } from 'zod';
import { cancelQuery } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import type { TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import type { CancelOrderResult } from '../../src/domain/types.ts';
import { checkOrderNumber } from '../../src/domain/fields.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { releaseOrderTickets } from './stock.ts';
import { LIFECYCLE_TEXTS } from './lifecycleTexts.ts';

/** Cancels an unpaid order of the caller; its stock comes back once (guarded by the status). */
export async function cancelOrder(deps: AppDeps, userId: number, query: z.output<typeof cancelQuery>): Promise<CancelOrderResult> {
  const { orderNumber } = query;
  const bad = checkOrderNumber(orderNumber.trim());
  if (bad) throw fail(bad);
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    const [o] = await lockRows(q, 'orders', { order_number: orderNumber.trim(), user_id: userId }, ['id', 'status']);
    if (!o) throw fail(ORDER_TEXTS.orderNotFound);
    if (o.status !== 'toBePaid') throw fail(LIFECYCLE_TEXTS.notCancelable);
    await cancelUnpaidIn(q, o.id, now);
    return { orderId: o.id, status: 'canceled' };
  });
}

/** Cancels an unpaid order locked by the caller's transaction (the caller checked it is
 * 'toBePaid'): its stock comes back once, its payments still open are closed. */
export async function cancelUnpaidIn(q: TxQueryable, orderId: number, now: Date): Promise<void> {
  await q.query(`UPDATE orders SET status = 'canceled', canceled_at = $2 WHERE id = $1 AND status = 'toBePaid'`, [orderId, now]);
  await releaseOrderTickets(q, orderId, ['toBePaid'], 'canceled', now);
  await returnOrderCoupons(q, [orderId]);
  // An unpaid waiting-list order's tickets own no stock.
  await q.query(`UPDATE tickets SET status = 'canceled' WHERE order_id = $1 AND status = 'candidate'`, [orderId]);
  await q.query(`UPDATE payments SET status = 'canceled' WHERE order_id = $1 AND status = 'created'`, [orderId]);
}
