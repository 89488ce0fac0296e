/** Coupons (docs/product.md §1 "Use coupons and redemption codes", §3 Coupon, §5 "The selected coupons
 * must equal the visitor count"): what a coupon is worth on which ticket, and when one may be
 * spent. Pure: the add-visitor screen offers only what these allow, the server checks them
 * again on what the database says. */
import type { Text } from './text.ts';
import type { TicketKind } from './types.ts';

export type CouponState = 'valid' | 'used' | 'expired';
/** 'amount': that much off one ticket (fen); 'free': the ticket costs nothing. */
export type CouponKind = 'amount' | 'free';

/** What a coupon's batch says. Dates are museum dates (YYYY-MM-DD), both included. */
export interface CouponTerms {
  kind: CouponKind;
  amount: number;
  /** The halls it applies to; null: any. */
  hallIds: number[] | null;
  /** The price kinds it applies to; null: any. */
  priceKinds: TicketKind[] | null;
  validFrom: string;
  validTo: string;
}

/** A coupon as a rule reads it: its terms, whose it is, whether an order holds it. */
export interface CouponFacts extends CouponTerms {
  userId: number | null;
  used: boolean;
  /** Its batch was stopped by the museum (docs/product.md §2.10): unspent, it is spent no more. */
  stopped?: boolean;
}

/** The ticket a coupon would be spent on. */
export interface CouponLine {
  hallId: number;
  priceKind: TicketKind;
  price: number;
}

export const COUPON_CODE_MAX = 32;

export const COUPON_MESSAGES = {
  codeRequired: { zh: '请输入兑换码', en: 'Please enter a redemption code' },
  codeFormat: { zh: '兑换码由字母、数字和短横线组成', en: 'A redemption code has letters, digits and hyphens only' },
  notFound: { zh: '兑换码不存在，请核对后重新输入', en: 'This redemption code does not exist; please check it and try again' },
  boundToOther: { zh: '该兑换码已被其他账号绑定', en: 'This redemption code is already bound to another account' },
  alreadyMine: { zh: '该优惠券已在您的账号中', en: 'This coupon is already in your account' },
  expired: { zh: '该优惠券已过期', en: 'This coupon has expired' },
  stopped: { zh: '该优惠券已被博物馆停用', en: 'The museum has stopped this coupon' },
  notYet: { zh: '该优惠券尚未到使用日期', en: 'This coupon cannot be used yet' },
  used: { zh: '该优惠券已使用', en: 'This coupon has already been used' },
  notYours: { zh: '优惠券不存在或不属于当前账号', en: 'This coupon does not exist or is not in your account' },
  notApplicable: { zh: '该优惠券不适用于所选票种', en: 'This coupon does not apply to the chosen ticket' },
  countMismatch: {
    zh: '所选优惠券数量须与参观人数一致：请为每位参观人各选一张，或都不选',
    en: 'The coupons chosen must equal the visitor count: choose one for every visitor, or none',
  },
  onePerTicket: { zh: '每张票只能使用一张优惠券', en: 'Only one coupon may be used per ticket' },
  sameCouponTwice: { zh: '同一张优惠券不能用于多张票', en: 'One coupon cannot be used on two tickets' },
  directOnly: {
    zh: '优惠券仅可在直接购票时使用，购物车、套票和候补订单不可用',
    en: 'Coupons can be used only when buying directly, not in the cart, a package or a waiting-list order',
  },
  visitorsOnly: { zh: '优惠券仅限个人游客账号使用', en: 'Coupons are for individual visitor accounts only' },
  tooManyTries: { zh: '兑换码错误次数过多，请{n}分钟后再试', en: 'Too many wrong codes; please try again in {n} min' },
} satisfies Record<string, Text>;

/** A code as typed: trimmed, upper-cased (codes are printed upper-case). */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** Why a typed code cannot be a code at all, before asking the server; null when it can. */
export function checkCodeFormat(code: string): Text | null {
  const c = normalizeCode(code);
  if (c === '') return COUPON_MESSAGES.codeRequired;
  if (c.length > COUPON_CODE_MAX || !/^[A-Z0-9-]+$/.test(c)) return COUPON_MESSAGES.codeFormat;
  return null;
}

/** Used while an order holds it; otherwise expired after its last day or once its batch is
 * stopped, valid until then. */
export function couponState(c: Pick<CouponFacts, 'used' | 'validTo' | 'stopped'>, today: string): CouponState {
  if (c.used) return 'used';
  return c.validTo < today || c.stopped ? 'expired' : 'valid';
}

/** Whether the coupon's halls and price kinds include this ticket. */
export function couponApplies(terms: Pick<CouponTerms, 'hallIds' | 'priceKinds'>, line: Pick<CouponLine, 'hallId' | 'priceKind'>): boolean {
  return (terms.hallIds === null || terms.hallIds.includes(line.hallId)) && (terms.priceKinds === null || terms.priceKinds.includes(line.priceKind));
}

/** The ticket's price with the coupon: never below 0. */
export function priceWithCoupon(price: number, terms: Pick<CouponTerms, 'kind' | 'amount'>): number {
  return terms.kind === 'free' ? 0 : Math.max(0, price - terms.amount);
}

/** Why `userId` may not spend this coupon on this ticket today; null when she may. */
export function couponRefusal(c: CouponFacts | null, userId: number, line: Pick<CouponLine, 'hallId' | 'priceKind'>, today: string): Text | null {
  // Another account's coupon is answered as one that does not exist: its code is not hers to learn about.
  if (!c || c.userId !== userId) return COUPON_MESSAGES.notYours;
  const state = couponState(c, today);
  if (state === 'used') return COUPON_MESSAGES.used;
  if (c.stopped) return COUPON_MESSAGES.stopped;
  if (state === 'expired') return COUPON_MESSAGES.expired;
  if (c.validFrom > today) return COUPON_MESSAGES.notYet;
  if (!couponApplies(c, line)) return COUPON_MESSAGES.notApplicable;
  return null;
}

/** Why binding this coupon to `userId` is refused; null when it may be bound. */
export function bindRefusal(c: Pick<CouponFacts, 'userId' | 'used' | 'validTo' | 'stopped'> | null, userId: number, today: string): Text | null {
  if (!c) return COUPON_MESSAGES.notFound;
  if (c.userId === userId) return COUPON_MESSAGES.alreadyMine;
  if (c.userId !== null) return COUPON_MESSAGES.boundToOther;
  if (c.stopped) return COUPON_MESSAGES.stopped;
  if (couponState(c, today) === 'expired') return COUPON_MESSAGES.expired;
  return null;
}

/** The order's choice of coupons, one list per visitor (docs/product.md §3 `coupons`): none at all, or
 * exactly one per visitor (docs/product.md §5), never one code twice. The index of the first visitor at
 * fault comes with the message, so a form can show it there. */
export function checkCouponChoice(perVisitor: ReadonlyArray<readonly string[] | undefined>): { message: Text; index: number } | null {
  const lists = perVisitor.map((l) => (l ?? []).map(normalizeCode).filter((c) => c !== ''));
  const over = lists.findIndex((l) => l.length > 1);
  if (over >= 0) return { message: COUPON_MESSAGES.onePerTicket, index: over };
  if (lists.every((l) => l.length === 0)) return null;
  const missing = lists.findIndex((l) => l.length === 0);
  if (missing >= 0) return { message: COUPON_MESSAGES.countMismatch, index: missing };
  const seen = new Set<string>();
  for (const [index, [code]] of lists.entries()) {
    if (seen.has(code)) return { message: COUPON_MESSAGES.sameCouponTwice, index };
    seen.add(code);
  }
  return null;
}

/** Whether any visitor has a coupon chosen. */
export const anyCoupon = (perVisitor: ReadonlyArray<readonly string[] | undefined>) => perVisitor.some((l) => (l ?? []).some((c) => c.trim() !== ''));

/** The coupons a visitor of the add-visitor screen may choose for her ticket: valid ones that
 * apply to it and that no other visitor of the order has chosen (the server checks the rest). */
export function couponsForTicket<C extends Pick<CouponTerms, 'hallIds' | 'priceKinds'> & { code: string; state: CouponState }>(
  coupons: readonly C[],
  line: Pick<CouponLine, 'hallId' | 'priceKind'> | null,
  chosenByOthers: ReadonlyArray<string | null | undefined>,
): C[] {
  if (!line) return [];
  return coupons.filter((c) => c.state === 'valid' && couponApplies(c, line) && !chosenByOthers.includes(c.code));
}
