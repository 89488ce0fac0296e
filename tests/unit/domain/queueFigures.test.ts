import { describe, expect, it } from 'vitest';
import { lastInLineSeconds, roomPhase, roomShown, ROOM_SOON_MS, type QueueFigures } from '../../../src/domain/queueFigures.ts';
import { museumSecond } from '../../../src/domain/museumTime.ts';
import { queueOpen, queueWindow } from '../../../src/domain/releaseQueue.ts';

const RELEASE = Date.parse('2030-03-06T12:00:00Z');
const MIN = 60_000;
const window = queueWindow({}, new Date(RELEASE))!;
const figures = (now: number, more: Partial<QueueFigures> = {}): QueueFigures => ({
  open: queueOpen({}, new Date(RELEASE), new Date(now)),
  reason: queueOpen({}, new Date(RELEASE), new Date(now)) ? 'release' : null,
  surgeUntil: null,
  waiting: 0,
  admitted: 0,
  inPlay: 0,
  perMinute: 0,
  batch: null,
  p90Ms: null,
  left: 100,
  releaseAt: RELEASE,
  ...window,
  now,
  ...more,
});

describe("the staff's view of a waiting room", () => {
  it('has the window queueOpen has, and none without a release or with the queue off', () => {
    expect(window).toEqual({ opensAt: RELEASE - 15 * MIN, closesAt: RELEASE + 30 * MIN });
    expect(queueWindow({ queue_before_minutes: '5', queue_after_minutes: '10' }, new Date(RELEASE))).toEqual({
      opensAt: RELEASE - 5 * MIN,
      closesAt: RELEASE + 10 * MIN,
    });
    expect(queueWindow({ queue_enable: '0' }, new Date(RELEASE))).toBeNull();
    expect(queueWindow({}, null)).toBeNull();
    for (const now of [window.opensAt - 1, window.opensAt, RELEASE, window.closesAt - 1, window.closesAt]) {
      const inWindow = now >= window.opensAt && now < window.closesAt;
      expect(inWindow).toBe(queueOpen({}, new Date(RELEASE), new Date(now)));
    }
  });

  it('is shown from an hour before it opens until its window ends; admissions only from the release', () => {
    const phases = [
      [window.opensAt - ROOM_SOON_MS - 1, 'ahead'],
      [window.opensAt - ROOM_SOON_MS, 'soon'],
      [window.opensAt - 1, 'soon'],
      [window.opensAt, 'before'],
      [RELEASE - 1, 'before'],
      [RELEASE, 'admitting'],
      [window.closesAt - 1, 'admitting'],
      [window.closesAt, 'none'],
    ] as const;
    for (const [now, phase] of phases) expect([now, roomPhase(figures(now))]).toEqual([now, phase]);
    expect(roomShown(figures(window.opensAt - ROOM_SOON_MS - 1))).toBe(false);
    expect(roomShown(figures(RELEASE))).toBe(true);
    expect(roomShown(figures(window.closesAt))).toBe(false);
    expect(roomShown(null)).toBe(false);
    // A day without a release, or with the queue off, has no room; one open (by the order rate) has one.
    expect(roomPhase(figures(RELEASE, { open: false, releaseAt: null, opensAt: null, closesAt: null }))).toBe('none');
    expect(roomPhase(figures(RELEASE + 3 * 3600_000, { open: true, reason: 'surge' }))).toBe('admitting');
    const surge = figures(RELEASE, { open: true, reason: 'surge', surgeUntil: RELEASE + 600_000, releaseAt: null, opensAt: null, closesAt: null });
    expect([roomPhase(surge), roomShown(surge)]).toEqual(['admitting', true]);
  });

  it('estimates the last in line as her own page would: unknown until admissions are measured', () => {
    expect(lastInLineSeconds(figures(RELEASE, { waiting: 0, perMinute: 600 }))).toBeNull();
    // 1,201 in line at 600 a minute: 1,200 ahead of the last, two minutes.
    expect(lastInLineSeconds(figures(RELEASE, { waiting: 1201, perMinute: 600 }))).toBe(120);
    expect(lastInLineSeconds(figures(RELEASE, { waiting: 50 }))).toBeNull();
    // Alone in line before the release: the wait is the time to the release.
    expect(lastInLineSeconds(figures(RELEASE - 90_000, { waiting: 1 }))).toBe(90);
  });

  it("tells the read's time in museum time, to the second", () => {
    expect(museumSecond(new Date(RELEASE - 56_000))).toBe('19:59:04');
    expect(museumSecond(new Date('2030-03-06T15:59:59.999Z'))).toBe('23:59:59');
  });
});
