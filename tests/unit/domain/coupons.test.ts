import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bindRefusal,
  checkCodeFormat,
  checkCouponChoice,
  COUPON_MESSAGES as M,
  couponApplies,
  couponRefusal,
  couponState,
  priceWithCoupon,
  type CouponFacts,
} from '../../../src/domain/coupons.ts';

const TODAY = '2030-03-05';
const tenOff: CouponFacts = {
  kind: 'amount',
  amount: 1000,
  hallIds: null,
  priceKinds: ['adult'],
  validFrom: '2030-03-01',
  validTo: '2030-03-31',
  userId: 7,
  used: false,
};
const adultMain = { hallId: 1, priceKind: 'adult' as const };

describe('couponState', () => {
  it.each([
    [{ used: false, validTo: TODAY }, 'valid'],
    [{ used: false, validTo: '2030-03-04' }, 'expired'],
    [{ used: true, validTo: '2030-03-04' }, 'used'],
    [{ used: true, validTo: '2030-12-31' }, 'used'],
    [{ used: false, validTo: '2030-12-31', stopped: true }, 'expired'],
    [{ used: true, validTo: '2030-12-31', stopped: true }, 'used'],
  ] as const)('%o is %s (the last day still counts)', (c, state) => expect(couponState(c, TODAY)).toBe(state));
});

describe('couponRefusal: one table in zh and en', () => {
  it.each([
    ['valid and hers', tenOff, adultMain, null],
    ['another account', { ...tenOff, userId: 8 }, adultMain, M.notYours],
    ['no such coupon', null, adultMain, M.notYours],
    ['used', { ...tenOff, used: true }, adultMain, M.used],
    ['expired', { ...tenOff, validTo: '2030-03-04' }, adultMain, M.expired],
    ['its batch stopped', { ...tenOff, stopped: true }, adultMain, M.stopped],
    ['not yet', { ...tenOff, validFrom: '2030-03-06' }, adultMain, M.notYet],
    ['a child ticket', tenOff, { hallId: 1, priceKind: 'child' as const }, M.notApplicable],
    ['another hall', { ...tenOff, hallIds: [2] }, adultMain, M.notApplicable],
  ])('%s', (_, c, line, message) => {
    const got = couponRefusal(c, 7, line, TODAY);
    expect(got).toEqual(message);
    if (message) expect([got!.zh.length > 0, got!.en.length > 0]).toEqual([true, true]);
  });
  it('refuses with the words a visitor reads', () => {
    expect(couponRefusal({ ...tenOff, used: true }, 7, adultMain, TODAY)).toEqual({ zh: '该优惠券已使用', en: 'This coupon has already been used' });
  });
});

describe('bindRefusal', () => {
  it.each([
    [null, M.notFound],
    [{ userId: null, used: false, validTo: TODAY }, null],
    [{ userId: 7, used: false, validTo: TODAY }, M.alreadyMine],
    [{ userId: 8, used: false, validTo: TODAY }, M.boundToOther],
    [{ userId: null, used: false, validTo: '2030-03-04' }, M.expired],
    [{ userId: null, used: false, validTo: TODAY, stopped: true }, M.stopped],
  ])('%o', (c, message) => expect(bindRefusal(c, 7, TODAY)).toEqual(message));
});

describe('checkCodeFormat', () => {
  it.each([
    [' ten-2026-a1 ', null],
    ['', M.codeRequired],
    ['优惠码', M.codeFormat],
    ['A'.repeat(33), M.codeFormat],
  ])('%s', (code, message) => expect(checkCodeFormat(code)).toEqual(message));
});

describe('checkCouponChoice (docs/product.md §5: the selected coupons equal the visitor count)', () => {
  it.each([
    [[[], []], null],
    [[undefined, ['']], null],
    [[['A'], ['B']], null],
    [[['A'], []], { message: M.countMismatch, index: 1 }],
    [[[], ['B']], { message: M.countMismatch, index: 0 }],
    [[['A'], ['a ']], { message: M.sameCouponTwice, index: 1 }],
    [[['A', 'B']], { message: M.onePerTicket, index: 0 }],
  ])('%o', (lists, answer) => expect(checkCouponChoice(lists)).toEqual(answer));

  it('accepts exactly: none, or distinct codes one per visitor', () => {
    const code = fc.constantFrom('A', 'B', 'C', 'D', 'E');
    fc.assert(
      fc.property(fc.array(fc.option(code, { nil: null }), { minLength: 1, maxLength: 4 }), (chosen) => {
        const ok = checkCouponChoice(chosen.map((c) => (c ? [c] : []))) === null;
        const picked = chosen.filter((c) => c !== null);
        expect(ok).toBe(picked.length === 0 || (picked.length === chosen.length && new Set(picked).size === picked.length));
      }),
    );
  });
});

describe('priceWithCoupon and couponApplies', () => {
  it('never goes below 0 and never above the price', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.constantFrom('amount' as const, 'free' as const), (price, amount, kind) => {
        const after = priceWithCoupon(price, { kind, amount });
        expect(after).toBeGreaterThanOrEqual(0);
        expect(after).toBeLessThanOrEqual(price);
        if (kind === 'free') expect(after).toBe(0);
        else expect(after).toBe(Math.max(0, price - amount));
      }),
    );
  });
  it('applies to any hall and kind when the batch names none', () => {
    expect(couponApplies({ hallIds: null, priceKinds: null }, { hallId: 9, priceKind: 'senior' })).toBe(true);
    expect(couponApplies({ hallIds: [1, 3], priceKinds: ['child'] }, { hallId: 3, priceKind: 'child' })).toBe(true);
    expect(couponApplies({ hallIds: [1, 3], priceKinds: ['child'] }, { hallId: 2, priceKind: 'child' })).toBe(false);
  });
});
