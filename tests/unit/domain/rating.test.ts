import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstOrderTipsDue } from '../../../src/domain/firstOrder.ts';
import { averageStars, checkRating, ratingRefusal, type RatingFacts } from '../../../src/domain/rating.ts';

const form = { visitStars: 5, bookingStars: 4, comment: '' };
const facts: RatingFacts = { status: 'completed', lastVisitDate: '2030-03-04', today: '2030-03-05', checked: 0, missed: 0, waiting: 2, rated: false };

describe('rating rules', () => {
  it.each([
    [{ ...form, visitStars: 0 }, 'Please give the visit 1 to 5 stars', '请为参观体验选择 1-5 星'],
    [{ ...form, visitStars: 6 }, 'Please give the visit 1 to 5 stars', '请为参观体验选择 1-5 星'],
    [{ ...form, bookingStars: 2.5 }, 'Please give the booking 1 to 5 stars', '请为购票体验选择 1-5 星'],
    [{ ...form, comment: '😀'.repeat(201) }, 'A comment can be at most 200 characters', '评价内容不能超过200个字'],
  ])('refuses %o', (f, en, zh) => {
    expect(checkRating(f)).toEqual({ en, zh });
  });

  it('takes 1-5 stars each and a comment of up to 200 characters (counted as characters, trimmed)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        (v, b) => checkRating({ visitStars: v, bookingStars: b, comment: '' }) === null,
      ),
    );
    expect(checkRating({ ...form, comment: `  ${'😀'.repeat(200)}  ` })).toBeNull();
  });

  it.each([
    ['the day has passed', facts, null],
    ['a ticket was let in today', { ...facts, lastVisitDate: '2030-03-05', checked: 1, waiting: 1 }, null],
    ['a changed order whose visit passed', { ...facts, status: 'changed' as const }, null],
    ['the visit is today, nobody let in yet', { ...facts, lastVisitDate: '2030-03-05' }, 'You can rate this order after your visit'],
    ['the visit is to come', { ...facts, lastVisitDate: '2030-03-09' }, 'You can rate this order after your visit'],
    ['unpaid', { ...facts, status: 'toBePaid' as const }, 'Only a paid order can be rated'],
    ['refunded', { ...facts, status: 'refunded' as const, waiting: 0 }, 'Only a paid order can be rated'],
    ['nobody came', { ...facts, missed: 2, waiting: 0 }, 'Nobody of this order came to the museum: there is no visit to rate'],
    ['rated already', { ...facts, rated: true }, 'This order has already been rated'],
  ])('an order: %s', (_, f, en) => {
    expect(ratingRefusal(f)?.en ?? null).toBe(en);
  });

  it('averages to one decimal, nothing when nobody rated', () => {
    expect(averageStars(14, 3)).toBe(4.7);
    expect(averageStars(0, 0)).toBeNull();
  });
});

describe('first-order tips', () => {
  it.each([
    [{ orderCount: 0, tips: '<p>Check the names</p>', seen: false }, true],
    [{ orderCount: 1, tips: '<p>Check the names</p>', seen: false }, false],
    [{ orderCount: 0, tips: '<p>Check the names</p>', seen: true }, false],
    [{ orderCount: 0, tips: '  ', seen: false }, false],
    [{ orderCount: 0, tips: undefined, seen: false }, false],
  ])('%o: shown %s', (f, shown) => {
    expect(firstOrderTipsDue(f)).toBe(shown);
  });
});
