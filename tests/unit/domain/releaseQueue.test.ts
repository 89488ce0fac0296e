/** The waiting room's rules (docs/product.md §2.13): when a day's room is open (around its
 * release, and while its orders show the database at its limit: a surge), what a day's recent
 * orders say, the estimate a visitor is shown, and what a tap on a calendar day does. */
import { describe, expect, it } from 'vitest';
import {
  dayTap,
  dayTapOn,
  followsStream,
  QUEUE_STREAM_NEAR,
  queueEstimate,
  queueOpen,
  queueReason,
  surgeSign,
  type OrderSample,
} from '../../../src/domain/releaseQueue.ts';
import type { CalendarDay } from '../../../src/domain/types.ts';

const release = new Date('2026-12-01T12:00:00Z');
const at = (minutes: number) => new Date(release.getTime() + minutes * 60_000);

describe('queueOpen', () => {
  it('opens 15 minutes before the release and closes 30 minutes after it, by default', () => {
    expect(queueOpen({}, release, at(-15.01))).toBe(false);
    expect(queueOpen({}, release, at(-15))).toBe(true);
    expect(queueOpen({}, release, at(29.99))).toBe(true);
    expect(queueOpen({}, release, at(30))).toBe(false);
  });

  it('follows the configured window, and is shut when the queue is off or the day has no release', () => {
    const config = { queue_before_minutes: '5', queue_after_minutes: '10' };
    expect(queueOpen(config, release, at(-6))).toBe(false);
    expect(queueOpen(config, release, at(9))).toBe(true);
    expect(queueOpen({ queue_enable: '0' }, release, release)).toBe(false);
    expect(queueOpen({}, null, release)).toBe(false);
  });
});

describe('queueEstimate', () => {
  const now = release.getTime();
  it('is the visitors ahead at the measured rate, plus the wait for the release', () => {
    expect(queueEstimate(120, 60, null, now)).toBe(120);
    expect(queueEstimate(120, 60, now + 30_000, now)).toBe(150);
  });

  it('is unknown while nothing is measured, unless nobody is ahead', () => {
    expect(queueEstimate(5, 0, null, now)).toBeNull();
    expect(queueEstimate(0, 0, now + 39_000, now)).toBe(39);
  });
});

describe('dayTap', () => {
  const day = (date: string, state: CalendarDay['state']) => ({ date, state, remaining: 10 }) as CalendarDay;
  const calendar = [day('2026-12-01', 'available'), day('2026-12-02', 'notReleased'), day('2026-12-03', 'soldOut'), day('2026-12-04', 'closed')];

  it('opens an available day, asks the waiting room of a day awaiting its release, explains the rest', () => {
    expect(dayTapOn(calendar, '2026-12-01', true)).toBe('book');
    expect(dayTapOn(calendar, '2026-12-02', true)).toBe('queue');
    expect(dayTapOn(calendar, '2026-12-03', true)).toBe('explain');
    expect(dayTapOn(calendar, '2026-12-04', true)).toBe('explain');
    expect(dayTapOn(calendar, '2026-12-31', true)).toBe('explain');
  });

  it('asks no waiting room for a visitor not logged in: a place is an account’s', () => {
    expect(dayTap(calendar[1], false)).toBe('explain');
    expect(dayTap(calendar[0], false)).toBe('book');
  });
});

const NOW = Date.parse('2030-03-01T04:00:00Z');
/** `n` orders of `ms` each, ended in the last `spreadMs`. */
const orders = (n: number, ms: number, spreadMs = 10_000): OrderSample[] => Array.from({ length: n }, (_, i) => ({ at: NOW - (i * spreadMs) / n, ms }));

describe('queueReason', () => {
  it('opens the release window from 15 minutes before to 30 after, by default', () => {
    expect(queueReason({}, release, at(-16))).toBeNull();
    expect(queueReason({}, release, at(-15))).toBe('release');
    expect(queueReason({}, release, at(29))).toBe('release');
    expect(queueReason({}, release, at(30))).toBeNull();
  });

  it('opens a surge room until its end, on a day with no release near or none at all', () => {
    const until = at(-60);
    expect(queueReason({}, release, at(-61), until)).toBe('surge');
    expect(queueReason({}, release, at(-60), until)).toBeNull();
    expect(queueReason({}, null, at(-70), until)).toBe('surge');
    expect(queueOpen({}, null, at(-70), until)).toBe(true);
    expect(queueOpen({}, null, at(-70))).toBe(false);
  });

  it('says release when both hold', () => {
    expect(queueReason({}, release, at(5), at(60))).toBe('release');
    expect(queueReason({}, release, at(45), at(60))).toBe('surge');
  });

  it('follows the switches: the queue off closes both, the surge off closes the surge room only', () => {
    expect(queueReason({ queue_enable: '0' }, release, at(5), at(60))).toBeNull();
    expect(queueReason({ queue_surge_enable: '0' }, release, at(45), at(60))).toBeNull();
    expect(queueReason({ queue_surge_enable: '0' }, release, at(5), at(60))).toBe('release');
  });
});

describe('surgeSign', () => {
  it('is a sign when the p90 of enough recent orders passes queue_surge_ms', () => {
    const r = surgeSign({}, [...orders(18, 1500), ...orders(2, 100)], NOW);
    expect(r).toMatchObject({ sign: true, orders: 20, p90Ms: 1500 });
  });

  it('is none with too few orders, however slow, or a p90 at the limit', () => {
    expect(surgeSign({}, orders(19, 5000), NOW).sign).toBe(false);
    expect(surgeSign({}, orders(40, 1000), NOW)).toMatchObject({ sign: false, p90Ms: 1000 });
    // Ten slow in a hundred: the p90 is the fast ones'.
    expect(surgeSign({}, [...orders(90, 120), ...orders(10, 4000)], NOW)).toMatchObject({ sign: false, p90Ms: 120 });
  });

  it('counts only the orders of the window', () => {
    const old = orders(30, 3000).map((s) => ({ ...s, at: s.at - 31_000 }));
    expect(surgeSign({}, old, NOW)).toMatchObject({ sign: false, orders: 0, p90Ms: null });
    expect(surgeSign({ queue_surge_window_seconds: '60' }, old, NOW)).toMatchObject({ sign: true, orders: 30 });
  });

  it('is a sign above the rate ceiling when one is set, and never without', () => {
    const many = orders(3100, 50, 30_000);
    expect(surgeSign({}, many, NOW)).toMatchObject({ sign: false, perSecond: 3100 / 30 });
    expect(surgeSign({ queue_surge_per_second: '100' }, many, NOW).sign).toBe(true);
    expect(surgeSign({ queue_surge_per_second: '110' }, many, NOW).sign).toBe(false);
  });

  it('is none when the queue or the surge is switched off', () => {
    expect(surgeSign({ queue_surge_enable: '0' }, orders(30, 3000), NOW).sign).toBe(false);
    expect(surgeSign({ queue_enable: '0' }, orders(30, 3000), NOW).sign).toBe(false);
    expect(surgeSign({ queue_surge_ms: '5000' }, orders(30, 3000), NOW).sign).toBe(false);
  });
});

describe('followsStream', () => {
  it('follows the line by its stream near the front only, and polls farther back', () => {
    expect(followsStream(0)).toBe(true);
    expect(followsStream(QUEUE_STREAM_NEAR)).toBe(true);
    expect(followsStream(QUEUE_STREAM_NEAR + 1)).toBe(false);
  });
});
