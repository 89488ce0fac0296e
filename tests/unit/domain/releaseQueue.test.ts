/** The waiting room's rules (docs/product.md §2.13): when a day's room is open, the estimate a
 * visitor is shown, and what a tap on a calendar day does. */
import { describe, expect, it } from 'vitest';
import { dayTap, dayTapOn, queueEstimate, queueOpen } from '../../../src/domain/releaseQueue.ts';
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
