import { describe, expect, it } from 'vitest';
import { serverClock } from '../../../src/api/serverClock.ts';

// 2026-12-02 01:30 in the museum (UTC+8) is 2026-12-01 17:30 UTC.
const SERVER_NOW = Date.UTC(2026, 11, 1, 17, 30);

describe("the staff's today", () => {
  it("is the server's day when the device's clock is a day behind, asked once", async () => {
    let device = SERVER_NOW - 86_400_000;
    let asked = 0;
    const clock = serverClock(
      async () => (asked++, SERVER_NOW),
      () => device,
    );
    expect(await clock.museumToday()).toBe('2026-12-02');
    // Later on the same device: the kept offset, the day moving with its clock.
    device += 86_400_000;
    expect(await clock.museumToday()).toBe('2026-12-03');
    expect(asked).toBe(1);
  });

  it('asks again after a failed ask', async () => {
    let answers = [Promise.reject(new Error('offline')), Promise.resolve(SERVER_NOW)];
    const clock = serverClock(
      () => {
        const [next, ...rest] = answers;
        answers = rest;
        return next;
      },
      () => SERVER_NOW,
    );
    await expect(clock.museumToday()).rejects.toThrow('offline');
    expect(await clock.museumToday()).toBe('2026-12-02');
  });
});
