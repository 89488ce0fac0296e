/** Refunds: the missed-visit blacklist warning (refundCheckBlack) and frontUserRefund. */
import type { z } from 'zod';
import { ticketIdsBody } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { OrderStatus, RefundResult, RefundRisk } from '../../src/domain/types.ts';
import { checkRefund, NO_REFUND_FACTS, REFUND_MESSAGES } from '../../src/domain/refundRules.ts';
import { museumDate } from '../time.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { blockFacts, blockMessage } from './blacklist.ts';
import { releaseTickets } from './stock.ts';
import { returnRefundedCoupons } from './coupons.ts';
import { getConfig } from './settings.ts';
import { LIFECYCLE_TEXTS } from './lifecycleTexts.ts';
import { lockOrderOfTickets, refundContext } from './refundFacts.ts';
import { freezeTeamIn, refundFreezeOf } from './teamFreezing.ts';
import { flagIssuedInvoice } from './invoices.ts';
import { recordRefund, submitRefundNow } from './refundSubmit.ts';

/** refundCheckBlack: for a visitor, whether the account is near or on the missed-visit
 * blacklist; for a team (`team`: the caller's account kind), whether this refund freezes it. The client shows the message and
 * asks for a confirmation before frontUserRefund. */
export async function refundCheckBlack(deps: AppDeps, userId: number, body: z.output<typeof ticketIdsBody>, lang: Lang, team: boolean): Promise<RefundRisk> {
  const { ticketIds } = body;
  const [owned] = await deps.db.query<{ order_id: number }>(
    'SELECT t.order_id FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.id = ANY($1::int[]) AND o.user_id = $2 ORDER BY t.id LIMIT 1',
    [ticketIds, userId],
  );
  if (ticketIds.length > 0 && !owned) throw fail(ORDER_TEXTS.orderNotFound);
  if (team) {
    const now = deps.clock();
    const freeze = owned ? await deps.db.tx(async (q) => refundFreezeOf(q, await refundContext(q, owned.order_id, museumDate(now)), ticketIds, now)) : null;
    return { warn: freeze !== null, message: freeze ? freeze.warning[lang] : '', missedVisits: 0, limit: 0 };
  }
  const f = await blockFacts(deps.db, userId, deps.clock());
  return { warn: f.missedVisits > 0, message: f.missedVisits > 0 ? blockMessage(f)[lang] : '', missedVisits: f.missedVisits, limit: f.limit };
}

/** frontUserRefund: the owner's paid, unchecked tickets of visits not in the past, checked
 * with checkRefund; tickets 'refunded', stock back once, a refund recorded, the order
 * 'refunded' when nothing live is left, else 'partlyRefunded'. The money goes back through the
 * payment provider after the transaction commits (refundSubmit.ts; the simulator at once). */
export async function refundTickets(deps: AppDeps, userId: number, body: z.output<typeof ticketIdsBody>): Promise<RefundResult> {
  const { ticketIds } = body;
  const ids = [...new Set(ticketIds)];
  const now = deps.clock();
  const today = museumDate(now);
  const result = await deps.db.tx(async (q) => {
    if (ids.length === 0) {
      const v = checkRefund({ action: 'refund', ticketIds: [] }, NO_REFUND_FACTS);
      throw fail(v[0].message);
    }
    const orderId = await lockOrderOfTickets(q, userId, ids);
    const read = await refundContext(q, orderId, today);
    const { facts, ctx } = read;
    const violations = checkRefund({ action: 'refund', ticketIds: ids }, ctx);
    if (violations.length > 0) throw fail(violations[0].message);
    if (facts.some((f) => ids.includes(f.id) && f.visit_date < today)) throw fail(LIFECYCLE_TEXTS.visitPassed);
    // Decided before this refund counts among the team's refunds.
    const freeze = await refundFreezeOf(q, read, ids, now);
    const moved = await releaseTickets(q, ids, ['toBeChecked'], 'refunded', now);
    if (moved.length !== ids.length) throw fail(REFUND_MESSAGES.ticketState);
    await returnRefundedCoupons(q, await getConfig(q), ids);
    const amount = moved.reduce((s, t) => s + t.price, 0);
    const refundId = await recordRefund(q, { orderId, userId, amount, ticketIds: moved.map((t) => t.id), now });
    const [{ live }] = await q.query<{ live: number }>(
      `SELECT count(*)::int AS live FROM tickets WHERE order_id = $1 AND status NOT IN ('refunded', 'changed', 'canceled')`,
      [orderId],
    );
    const status: OrderStatus = live === 0 ? 'refunded' : 'partlyRefunded';
    await q.query('UPDATE orders SET status = $2, refunded_amount = refunded_amount + $3 WHERE id = $1', [orderId, status, amount]);
    // An invoice issued for the order no longer matches it: flagged for finance, in this transaction.
    await flagIssuedInvoice(q, orderId, amount, now);
    if (freeze) await freezeTeamIn(q, freeze.teamId, freeze.reason, now);
    return { orderId, refundId, refundedTicketIds: moved.map((t) => t.id), refundAmount: amount, orderStatus: status };
  });
  await submitRefundNow(deps, result.refundId);
  return result;
}
