/** Date changes (rebook/person): the same hall on another day, every rule checked again, the stock moved in one lock order. */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { rebookBody } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import type { OrderDraft, RebookResult } from '../../src/domain/types.ts';
import { checkRebookDate, checkRefund, REFUND_MESSAGES } from '../../src/domain/refundRules.ts';
import { checkOrder, freeChildPerAdult } from '../../src/domain/orderRules.ts';
import { museumDate } from '../time.ts';
import { hallRules, remainingOf, type ScheduleRow } from './pool.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { bookableSession } from './orders.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { releaseTickets, takeSold } from './stock.ts';
import { LIFECYCLE_TEXTS } from './lifecycleTexts.ts';
import { refundContext, type TicketFacts } from './refundFacts.ts';
import { certificateTypeColumn } from '../db/columns.ts';

/** Date change: old tickets 'changed' (their stock back), new tickets on the new session
 * (stock taken by a conditional update), order 'changed'; one transaction, all or nothing. */
export async function rebook(deps: AppDeps, userId: number, body: z.output<typeof rebookBody>): Promise<RebookResult> {
  const input = body;
  const ids = [...new Set(input.ticketIds)];
  const now = deps.clock();
  const today = museumDate(now);
  return deps.db.tx(async (q) => {
    const [order] = await lockRows(q, 'orders', { id: input.orderId, user_id: userId }, ['id', 'status']);
    if (!order) throw fail(ORDER_TEXTS.orderNotFound);
    const { facts, ctx } = await refundContext(q, order.id, today);
    const violations = checkRefund({ action: 'change', ticketIds: ids }, ctx);
    if (violations.length > 0) throw fail(violations[0].message);
    const moving = facts.filter((f) => ids.includes(f.id));
    if (moving.some((f) => f.visit_date < today)) throw fail(LIFECYCLE_TEXTS.visitPassed);

    const target = await bookableSession(deps, q, input.hallScheduleId, now);
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
        certificateType: certificateTypeColumn(f.certificate_type),
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
        freeChildPerAdult: freeChildPerAdult(target.config, target.hall.hall_key, target.hall.free_child_per_adult),
      },
      'visitors',
      today,
    );
    if (orderViolations.length > 0) throw fail(orderViolations[0].message);

    const newIds = await moveToSession(q, order.id, moving, target.schedule, now);
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

/** Moves tickets of an order to another session: the old ones 'changed' (their stock back,
 * to the waiting list first), new ones on the target (stock taken by a conditional update),
 * the order 'changed' and, when every live ticket went, on the new session. The two sessions'
 * rows are updated in id order, so two opposite date changes (A: 1 -> 2, B: 2 -> 1) wait for
 * each other instead of deadlocking. */
export async function moveToSession(q: Queryable, orderId: number, moving: TicketFacts[], target: ScheduleRow, now: Date): Promise<number[]> {
  const ids = moving.map((f) => f.id);
  const take = async () => {
    if (!(await takeSold(q, target.id, moving.length))) throw fail(ORDER_TEXTS.soldOut);
  };
  const release = async () => {
    const released = await releaseTickets(q, ids, ['toBeChecked'], 'changed', now);
    if (released.length !== ids.length) throw fail(REFUND_MESSAGES.ticketState);
  };
  if (target.id < Math.min(...moving.map((f) => f.schedule_id))) {
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
         status, qr_code, schedule_id, replaces_ticket_id, role, free)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'toBeChecked',$9,$10,$11,$12,$13) RETURNING id`,
      [
        orderId,
        f.price_id,
        f.user_name,
        f.certificate_type,
        f.certificate_info,
        f.ticket_name_zh,
        f.ticket_name_en,
        f.price,
        randomBytes(24).toString('base64url'),
        target.id,
        f.id,
        f.role,
        f.free,
      ],
    );
    newIds.push(row.id);
  }
  // When every live ticket is now on the new session, the order moves with them.
  const [{ elsewhere }] = await q.query<{ elsewhere: number }>(
    `SELECT count(*)::int AS elsewhere FROM tickets WHERE order_id = $1 AND status IN ('toBeChecked', 'checked') AND schedule_id <> $2`,
    [orderId, target.id],
  );
  if (elsewhere === 0) {
    await q.query(`UPDATE orders SET status = 'changed', schedule_id = $2, visit_date = $3 WHERE id = $1`, [orderId, target.id, target.visit_date]);
  } else await q.query(`UPDATE orders SET status = 'changed' WHERE id = $1`, [orderId]);
  return newIds;
}
