import { createActor, fromPromise, SimulatedClock, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cartHoldMachine, remainingSeconds, type CartHoldEvent, type CartHoldInput, type CartLineInput } from '../../machines/cartHold.machine.ts';
import { HOLD_SLACK_MS } from '../../src/domain/limits.ts';
import { pathSuite } from './pathSuite.ts';
import { simulatedTicker } from './ticker.ts';
import type { PathModel } from './paths.ts';

const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const SERVER_AHEAD = 5_000;
const LINE = 301;
const HOLD_MS = 15 * 60_000;

type Snapshot = SnapshotFrom<typeof cartHoldMachine>;

/** Each model is one situation at the start: time left, time up, expired on the server;
 * TICK events move time on (a second, or past the deadline). */
function model(name: string, input: CartHoldInput, generators: PathModel['generators']): PathModel {
  return {
    name,
    machine: cartHoldMachine,
    input,
    generators,
    events: ((s: Snapshot): CartHoldEvent[] => [
      ...(s.matches('holding') || s.matches('expired') ? [{ type: 'REMOVE' } as const] : []),
      ...(s.matches('holding') ? TICKS : []),
    ]) as PathModel['events'],
    outcomes: {
      expire: [{ output: undefined }, { error: 'Network error' }],
      remove: [{ output: null }, { error: '购物车已更新，请刷新' }],
      ticker: [],
    },
  };
}

const TICKS: CartHoldEvent[] = [
  { type: 'TICK', now: T0 + 1000 },
  { type: 'TICK', now: T0 + HOLD_MS },
];
const now = T0;
pathSuite('cartHold', [
  model('time left', { cartTicketId: LINE, deadline: T0 + SERVER_AHEAD + HOLD_MS + HOLD_SLACK_MS, now, serverOffset: SERVER_AHEAD }, ['shortest', 'simple']),
  model('time up', { cartTicketId: LINE, deadline: T0 + SERVER_AHEAD + HOLD_SLACK_MS, now, serverOffset: SERVER_AHEAD }, ['shortest', 'simple']),
  model('expired on the server', { cartTicketId: LINE, deadline: T0, now, serverOffset: SERVER_AHEAD, expired: true }, ['shortest']),
]);

describe('cartHold: behaviour', () => {
  function start(f: { deadline: number; expired?: boolean; expireFails?: boolean; removeFails?: boolean }) {
    const sim = new SimulatedClock();
    sim.set(T0);
    const calls: Array<{ src: string; input: CartLineInput; at: number }> = [];
    const machine = cartHoldMachine.provide({
      actors: {
        expire: fromPromise<void, CartLineInput>(async ({ input }) => {
          calls.push({ src: 'expire', input, at: sim.now() + SERVER_AHEAD });
          if (f.expireFails) throw new Error('Network error');
        }),
        remove: fromPromise<null, CartLineInput>(async ({ input }) => {
          calls.push({ src: 'remove', input, at: sim.now() + SERVER_AHEAD });
          if (f.removeFails) throw new Error('购物车已更新，请刷新');
          return null;
        }),
        ticker: simulatedTicker(sim),
      },
    });
    const actor = createActor(machine, {
      clock: sim,
      input: {
        cartTicketId: LINE,
        deadline: f.deadline,
        now: sim.now(),
        serverOffset: SERVER_AHEAD,
        expired: f.expired,
      },
    }).start();
    return { actor, sim, calls };
  }

  it('counts down in server time to the deadline less the slack, then calls expire once', async () => {
    // The server holds the line until serverNow + 2.5 s + slack.
    const serverHoldEnd = T0 + SERVER_AHEAD + 2_500 + HOLD_SLACK_MS;
    const { actor, sim, calls } = start({ deadline: serverHoldEnd });
    expect(actor.getSnapshot().value).toBe('holding');
    expect(actor.getSnapshot().context.remainingMs).toBe(2_500);
    expect(remainingSeconds(actor.getSnapshot().context.remainingMs)).toBe(2);
    sim.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(1_500);
    sim.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(500);
    expect(calls).toEqual([]);
    sim.increment(1000);
    expect(actor.getSnapshot().value).toBe('expiring');
    await waitFor(actor, (s) => s.matches('expired'));
    expect(actor.getSnapshot().context).toMatchObject({ remainingMs: 0, expired: true, error: null });
    expect(calls).toEqual([{ src: 'expire', input: { cartTicketId: LINE }, at: T0 + SERVER_AHEAD + 3_000 }]);
    // The client said "time up" before the server's hold ended: it never showed time the
    // server would not honour.
    expect(calls[0].at).toBeLessThan(serverHoldEnd);
    sim.increment(60_000);
    await new Promise((r) => setTimeout(r, 0));
    expect(calls).toHaveLength(1);
  });

  it('a line whose time is up on arrival expires at once; one the server expired calls nothing', async () => {
    const late = start({ deadline: T0 + SERVER_AHEAD + HOLD_SLACK_MS });
    expect(late.actor.getSnapshot().value).toBe('expiring');
    await waitFor(late.actor, (s) => s.matches('expired'));
    expect(late.calls.map((c) => c.src)).toEqual(['expire']);

    const gone = start({ deadline: T0, expired: true });
    expect(gone.actor.getSnapshot().value).toBe('expired');
    await new Promise((r) => setTimeout(r, 0));
    expect(gone.calls).toEqual([]);
  });

  it('a failed expire call keeps the message; the line is expired all the same', async () => {
    const { actor, calls } = start({ deadline: T0 + SERVER_AHEAD + HOLD_SLACK_MS, expireFails: true });
    await waitFor(actor, (s) => s.matches('expired'));
    expect(actor.getSnapshot().context.error).toEqual({ zh: 'Network error', en: 'Network error' });
    expect(calls).toHaveLength(1);
  });

  it('REMOVE removes the line: the machine is done', async () => {
    const { actor, calls } = start({ deadline: T0 + SERVER_AHEAD + HOLD_MS + HOLD_SLACK_MS });
    actor.send({ type: 'REMOVE' });
    expect(actor.getSnapshot().value).toBe('removing');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('removed');
    expect(calls.map((c) => [c.src, c.input])).toEqual([['remove', { cartTicketId: LINE }]]);
  });

  it('a failed remove returns to the countdown with the message, or to expired when the time is up', async () => {
    const { actor, sim, calls } = start({ deadline: T0 + SERVER_AHEAD + 1_500 + HOLD_SLACK_MS, removeFails: true });
    actor.send({ type: 'REMOVE' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().value).toBe('holding');
    expect(actor.getSnapshot().context.error).toEqual({ zh: '购物车已更新，请刷新', en: '购物车已更新，请刷新' });
    // The countdown goes on, and ends as usual.
    sim.increment(2_000);
    await waitFor(actor, (s) => s.matches('expired'));
    actor.send({ type: 'REMOVE' });
    await waitFor(actor, (s) => !s.matches('removing'));
    expect(actor.getSnapshot().value).toBe('expired');
    expect(calls.map((c) => c.src)).toEqual(['remove', 'expire', 'remove']);
  });

  it('an expired line can be removed', async () => {
    const { actor, calls } = start({ deadline: T0, expired: true });
    actor.send({ type: 'REMOVE' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.map((c) => c.src)).toEqual(['remove']);
  });
});
