/** Coupons (docs/product.md §7 bindCoupon, getCoupon; §3 the order's `coupons` per visitor): binding a
 * redemption code under a guessing throttle, the visitor's lists, and spending a coupon on one
 * ticket inside the order's transaction (a conditional update, so two orders never spend one),
 * given back when an unpaid order is cancelled, and on a refund when `coupon_refund_return` says
 * so. The rules are src/domain/coupons.ts, checked here again on what the database says. */
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import {
  bindRefusal,
  checkCodeFormat,
  checkCouponChoice,
  COUPON_MESSAGES,
  couponRefusal,
  couponState,
  normalizeCode,
  priceWithCoupon,
  type CouponFacts,
} from '../../src/domain/coupons.ts';
import { fill, type Lang, type Text } from '../../src/domain/text.ts';
import type { CouponLists, CouponView, TicketKind, TicketPrice } from '../../src/domain/types.ts';
import { museumDate } from '../time.ts';
import { throttleWait } from './throttle.ts';

/** The binding throttle. Codes are long and random, so guessing is hopeless only if slow:
 * an account may try 5 wrong codes in 15 minutes, an address 30 in an hour (any accounts). */
export const COUPON_THROTTLE = {
  perUser: { wrong: 5, windowMs: 15 * 60_000 },
  perAddress: { wrong: 30, windowMs: 3600_000 },
} as const;

/** sys_config: whether a refunded ticket's coupon comes back ('1') or stays spent ('0', the
 * default: once paid, the coupon has bought a ticket, and a refund returns the money paid, not a
 * second chance at the discount; the museum turns it on for a campaign where it prefers that). */
export const COUPON_REFUND_RETURN = 'coupon_refund_return';

interface CouponRow {
  id: number;
  code: string;
  user_id: number | null;
  order_id: number | null;
  name_zh: string;
  name_en: string;
  kind: 'amount' | 'free';
  amount: number;
  hall_ids: number[] | null;
  price_kinds: TicketKind[] | null;
  valid_from: string;
  valid_to: string;
  stopped: boolean;
  /** The holding order's, to tell an unpaid order past its deadline (cancelled by the next job
   * run, so its coupon is as good as back) from one that still holds it. */
  order_status: string | null;
  pay_deadline: Date | null;
}

const COUPON_SELECT = `SELECT c.id, c.code, c.user_id, c.order_id, b.name_zh, b.name_en, b.kind, b.amount, b.hall_ids, b.price_kinds, b.valid_from, b.valid_to,
    b.stopped_at IS NOT NULL AS stopped, o.status AS order_status, o.pay_deadline
  FROM coupons c JOIN coupon_batches b ON b.id = c.batch_id LEFT JOIN orders o ON o.id = c.order_id`;

const heldBy = (r: CouponRow, now: Date) =>
  r.order_id !== null && !(r.order_status === 'toBePaid' && r.pay_deadline !== null && r.pay_deadline.getTime() <= now.getTime());

const factsOf = (r: CouponRow, now: Date): CouponFacts => ({
  kind: r.kind,
  amount: r.amount,
  hallIds: r.hall_ids,
  priceKinds: r.price_kinds,
  validFrom: r.valid_from,
  validTo: r.valid_to,
  userId: r.user_id,
  used: heldBy(r, now),
  stopped: r.stopped,
});

const viewOf = (r: CouponRow, now: Date, lang: Lang): CouponView => ({
  couponId: r.id,
  code: r.code,
  name: lang === 'en' ? r.name_en : r.name_zh,
  kind: r.kind,
  amount: r.amount,
  hallIds: r.hall_ids,
  priceKinds: r.price_kinds,
  startDate: r.valid_from,
  endDate: r.valid_to,
  state: couponState(factsOf(r, now), museumDate(now)),
  usedOrderId: heldBy(r, now) ? r.order_id : null,
});

/** bindCoupon: the code becomes the visitor's. A wrong code (or one bound to someone else) is
 * counted before it is refused; too many and binding waits. */
export async function bindCoupon(deps: AppDeps, userId: number, typed: string, ip: string, lang: Lang): Promise<CouponView> {
  const bad = checkCodeFormat(typed);
  if (bad) throw fail(bad);
  const code = normalizeCode(typed);
  const now = deps.clock();
  const today = museumDate(now);
  const outcome = await deps.db.tx(async (q): Promise<{ done: CouponView } | { error: Text }> => {
    await lockRows(q, 'users', { id: userId }, ['id']);
    const blocked = await throttled(q, userId, ip, now);
    if (blocked) return { error: blocked };
    // Not lockRows: the coupon is read with its kind's rules (a join).
    const [row] = await q.query<CouponRow>(`${COUPON_SELECT} WHERE c.code = $1 FOR UPDATE OF c`, [code]);
    const refusal = bindRefusal(row ? factsOf(row, now) : null, userId, today);
    if (refusal) {
      if (refusal === COUPON_MESSAGES.notFound || refusal === COUPON_MESSAGES.boundToOther) {
        await q.query('INSERT INTO coupon_wrong_codes (user_id, ip, at) VALUES ($1, $2, $3)', [userId, ip, now]);
      }
      return { error: refusal };
    }
    const bound = await q.query('UPDATE coupons SET user_id = $2, bound_at = $3 WHERE id = $1 AND user_id IS NULL RETURNING id', [row.id, userId, now]);
    if (bound.length === 0) return { error: COUPON_MESSAGES.boundToOther };
    return { done: viewOf({ ...row, user_id: userId }, now, lang) };
  });
  // A wrong code must be counted: the failure is committed, then refused.
  if ('error' in outcome) throw fail(outcome.error);
  return outcome.done;
}

async function throttled(q: Queryable, userId: number, ip: string, now: Date): Promise<Text | null> {
  const wait = Math.max(
    await throttleWait(q, 'coupon_wrong_codes', 'user_id = $1', [userId], COUPON_THROTTLE.perUser, now),
    await throttleWait(q, 'coupon_wrong_codes', 'ip = $1', [ip], COUPON_THROTTLE.perAddress, now),
  );
  return wait > 0 ? fill(COUPON_MESSAGES.tooManyTries, { n: Math.ceil(wait / 60_000) }) : null;
}

/** getCoupon: the visitor's coupons as valid, used and expired, each by end date. */
export async function listCoupons(deps: AppDeps, userId: number, lang: Lang): Promise<CouponLists> {
  const now = deps.clock();
  const rows = await deps.db.query<CouponRow>(`${COUPON_SELECT} WHERE c.user_id = $1 ORDER BY b.valid_to, c.id`, [userId]);
  const views = rows.map((r) => viewOf(r, now, lang));
  return {
    valid: views.filter((v) => v.state === 'valid'),
    used: views.filter((v) => v.state === 'used'),
    expired: views.filter((v) => v.state === 'expired'),
  };
}

/** A ticket's coupon as the order will spend it: which one, and the price with it. */
export interface PricedCoupon {
  couponId: number;
  price: number;
}

/** The coupons of an order's lines, each checked for this visitor and this ticket (docs/product.md §5: none,
 * or one per visitor): null for a line without one. Refuses with the first broken rule. */
export async function resolveCoupons(
  q: Queryable,
  userId: number,
  hallId: number,
  lines: ReadonlyArray<{ coupons?: readonly string[]; price: Pick<TicketPrice, 'kind' | 'price'> }>,
  now: Date,
): Promise<Array<PricedCoupon | null>> {
  const today = museumDate(now);
  const choice = checkCouponChoice(lines.map((l) => l.coupons));
  if (choice) throw fail(choice.message);
  const out: Array<PricedCoupon | null> = [];
  for (const line of lines) {
    const code = line.coupons?.map(normalizeCode).find((c) => c !== '');
    if (!code) {
      out.push(null);
      continue;
    }
    const [row] = await q.query<CouponRow>(`${COUPON_SELECT} WHERE c.code = $1`, [code]);
    const refusal = couponRefusal(row ? factsOf(row, now) : null, userId, { hallId, priceKind: line.price.kind }, today);
    if (refusal) throw fail(refusal);
    out.push({ couponId: row.id, price: priceWithCoupon(line.price.price, factsOf(row, now)) });
  }
  return out;
}

/** Spends the coupon on the ticket, inside the order's transaction: only while no order holds it
 * (and it is still the buyer's), so of two orders racing for one coupon exactly one gets it. */
export async function takeCoupon(q: Queryable, couponId: number, userId: number, orderId: number, ticketId: number, now: Date): Promise<void> {
  const taken = await q.query(
    'UPDATE coupons SET order_id = $3, ticket_id = $4, used_at = $5 WHERE id = $1 AND user_id = $2 AND order_id IS NULL RETURNING id',
    [couponId, userId, orderId, ticketId, now],
  );
  if (taken.length === 0) throw fail(COUPON_MESSAGES.used);
}

/** Cancelled unpaid orders give their coupons back (each becomes valid again, or expired if its
 * last day has passed meanwhile). */
export async function returnOrderCoupons(q: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await q.query('UPDATE coupons SET order_id = NULL, ticket_id = NULL, used_at = NULL WHERE order_id = ANY($1::int[])', [orderIds]);
}

/** Refunded tickets give their coupons back only when the museum configured it (see COUPON_REFUND_RETURN). */
export async function returnRefundedCoupons(q: Queryable, config: Record<string, string>, ticketIds: readonly number[]): Promise<void> {
  if (ticketIds.length === 0 || config[COUPON_REFUND_RETURN] !== '1') return;
  await q.query('UPDATE coupons SET order_id = NULL, ticket_id = NULL, used_at = NULL WHERE ticket_id = ANY($1::int[])', [ticketIds]);
}

/** Coupons are for a direct order only: the cart, a package and a waiting-list order refuse them
 * rather than drop them unseen. */
export function refuseCoupons(lines: ReadonlyArray<{ coupons?: readonly string[] }>): void {
  if (lines.some((l) => (l.coupons ?? []).some((c) => c.trim() !== ''))) throw fail(COUPON_MESSAGES.directOnly);
}
