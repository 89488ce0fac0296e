/** The pay hold's end: unpaid orders past their deadline are cancelled and their stock returned, exactly once. */
import type { TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { releaseTickets } from './stock.ts';
import { returnOrderCoupons } from './coupons.ts';

/** Cancels due unpaid orders and returns their stock, exactly once (guarded by the status).
 * Claims rows with FOR UPDATE SKIP LOCKED so several instances never take the same order. */
export async function cancelDueOrdersIn(
  q: TxQueryable,
  now: Date,
  filter: { userId?: number; orderId?: number; limit?: number; exceptOrderIds?: number[] } = {},
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
  if (filter.exceptOrderIds?.length) {
    params.push(filter.exceptOrderIds);
    where += ` AND NOT (id = ANY($${params.length}::int[]))`;
  }
  params.push(filter.limit ?? 100);
  const due = await q.query<{ id: number; schedule_id: number; ticket_num: number }>(
    // A claim of due orders (SKIP LOCKED, by deadline): never waits, so not lockRows.
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
  const tickets = await lockRows(q, 'tickets', { order_id: canceled, status: 'toBePaid' }, ['id']);
  await releaseTickets(
    q,
    tickets.map((t) => t.id),
    ['toBePaid'],
    'canceled',
    now,
  );
  await returnOrderCoupons(q, canceled);
  // Unpaid waiting-list orders' tickets own no stock.
  await q.query(`UPDATE tickets SET status = 'canceled' WHERE order_id = ANY($1::int[]) AND status = 'candidate'`, [canceled]);
  return canceled.length;
}
