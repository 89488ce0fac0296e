import { createActor, fromCallback, fromPromise, waitFor, type EventObject, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { staffDayMachine, type DayChange, type StaffDayEvent } from '../../machines/staffDay.machine.ts';
import type { TickerInput } from '../../machines/ticker.ts';
import type { QueueFigures } from '../../src/domain/queueFigures.ts';
import type { StaffDay } from '../../src/domain/types.ts';
import { parseRelease } from '../../src/domain/sessionTemplates.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof staffDayMachine>;
const DATE = '2030-03-06';
const DAY: StaffDay = {
  date: DATE,
  closed: false,
  reason: null,
  releaseAt: null,
  sessions: [
    {
      scheduleId: 11,
      hallId: 1,
      hallName: 'Main hall',
      cinema: false,
      beginTime: '09:00',
      endTime: '12:00',
      capacity: 300,
      sold: 120,
      held: 4,
      remaining: 176,
      checked: 80,
      missed: 0,
      refunded: 3,
      waiting: 0,
      stopped: false,
      calledOff: false,
      stopReason: null,
    },
  ],
  ratings: [{ hallId: 1, hallName: 'Main hall', count: 2, visit: 4.5, booking: 4 }],
  closedDays: [{ date: '2030-03-11', reason: 'Closed for facility maintenance' }],
};
/** The day whose release (2030-02-27 20:00 in Shanghai) has a waiting room, and its figures. */
const RELEASE = Date.parse('2030-02-27T12:00:00Z');
const RELEASED_DAY: StaffDay = { ...DAY, releaseAt: RELEASE };
const ROOM: QueueFigures = {
  open: true,
  reason: 'release',
  surgeUntil: null,
  waiting: 1200,
  admitted: 300,
  inPlay: 120,
  perMinute: 600,
  batch: 50,
  p90Ms: 180,
  left: 700,
  releaseAt: RELEASE,
  opensAt: RELEASE - 15 * 60_000,
  closesAt: RELEASE + 30 * 60_000,
  now: RELEASE + 60_000,
};
/** Three hours before: no card yet, read again in a minute; a day after: no room. */
const AHEAD: QueueFigures = {
  ...ROOM,
  open: false,
  reason: null,
  waiting: 0,
  admitted: 0,
  inPlay: 0,
  perMinute: 0,
  batch: null,
  p90Ms: null,
  now: RELEASE - 3 * 3600_000,
};
const OVER: QueueFigures = { ...AHEAD, now: RELEASE + 24 * 3600_000 };
const STOP: Extract<DayChange, { kind: 'stop' }> = { kind: 'stop', scheduleId: 11, stopped: true, reasonZh: '检修', reasonEn: 'Maintenance' };

function events(s: Snapshot): StaffDayEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('ready')) {
    return [
      ...(s.matches({ ready: 'roomWatching' }) || s.matches({ ready: 'noRoom' }) ? [{ type: 'TICK', now: RELEASE } as const] : []),
      { type: 'DATE.CHANGE', date: '2030-03-07' },
      { type: 'DATE.CHANGE', date: 'soon' },
      { type: 'CHANGE', change: STOP },
      { type: 'CHANGE', change: { ...STOP, reasonEn: '' } },
      { type: 'CHANGE', change: { kind: 'capacity', scheduleId: 11, capacity: 320 } },
      { type: 'CHANGE', change: { kind: 'release', date: DATE, releaseAt: '2030-03-05 20:00' } },
      { type: 'CHANGE', change: { kind: 'release', date: DATE, releaseAt: 'tonight' } },
    ];
  }
  return [];
}

pathSuite('staffDay', [
  {
    name: 'all cases',
    machine: staffDayMachine,
    input: { date: DATE },
    generators: ['cover'],
    events: events as PathModel['events'],
    // A stop or a closing is never sent without its reason in both languages, nor a release
    // time that is neither "now" nor a date and time.
    outcome: (end) => {
      for (const change of callsOf(end, 'change') as DayChange[]) {
        if (change.kind === 'release') expect(parseRelease(change.releaseAt)).not.toBeNull();
        else if (change.kind !== 'capacity') expect(change.reasonZh && change.reasonEn).toBeTruthy();
      }
    },
    outcomes: {
      loadDay: [{ output: DAY }, { output: RELEASED_DAY }, { error: 'Network error' }],
      readQueue: [{ output: ROOM }, { output: AHEAD }, { output: OVER }, { error: 'Network error' }],
      change: [{ output: null }, { error: 'The capacity cannot be below the 124 tickets sold and held' }],
    },
  },
]);

/** A day whose room is over, and a ticker that never ticks: the day's own changes alone. */
const NO_ROOM = { readQueue: fromPromise<QueueFigures, { date: string }>(async () => OVER), ticker: fromCallback<EventObject, TickerInput>(() => undefined) };

describe('staffDay: behaviour', () => {
  it('reads the day again after a change, and keeps a refusal on screen', async () => {
    let loads = 0;
    const actor = createActor(
      staffDayMachine.provide({
        actors: {
          loadDay: fromPromise(async () => {
            loads++;
            return DAY;
          }),
          change: fromPromise(async ({ input }: { input: DayChange }) => {
            if (input.kind === 'capacity') throw new Error('The capacity cannot be below the 124 tickets sold and held');
            return null;
          }),
          ...NO_ROOM,
        },
      }),
      { input: { date: DATE } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHANGE', change: STOP });
    await waitFor(actor, (s) => s.matches('ready') && loads === 2);
    actor.send({ type: 'CHANGE', change: { kind: 'capacity', scheduleId: 11, capacity: 100 } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.en).toBe('The capacity cannot be below the 124 tickets sold and held');
  });

  it('sends an opening without the call-off tick the card may still hold, and a closing with it', async () => {
    const sent: DayChange[] = [];
    const actor = createActor(
      staffDayMachine.provide({
        actors: {
          loadDay: fromPromise(async () => DAY),
          change: fromPromise(async ({ input }: { input: DayChange }) => {
            sent.push(input);
            return null;
          }),
          ...NO_ROOM,
        },
      }),
      { input: { date: DATE } },
    ).start();
    const close = { kind: 'close', date: DATE, reasonZh: '停电', reasonEn: 'Power cut', callOff: true } as const;
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHANGE', change: { ...close, closed: true } });
    await waitFor(actor, (s) => s.matches('ready') && sent.length === 1);
    actor.send({ type: 'CHANGE', change: { ...close, closed: false } });
    await waitFor(actor, (s) => s.matches('ready') && sent.length === 2);
    expect(sent.map((c) => c.kind === 'close' && c.callOff)).toEqual([true, false]);
  });
});

describe('staffDay: the waiting room', () => {
  it('reads it on each tick, keeps the last figures through a failed read, and stops with the room', async () => {
    const answers: Array<QueueFigures | Error> = [ROOM, new Error('Network error'), { ...ROOM, waiting: 1300 }, OVER];
    const reads: string[] = [];
    const actor = createActor(
      staffDayMachine.provide({
        actors: {
          loadDay: fromPromise(async () => RELEASED_DAY),
          change: fromPromise(async () => null),
          readQueue: fromPromise(async ({ input }: { input: { date: string } }) => {
            reads.push(input.date);
            const answer = answers.shift()!;
            if (answer instanceof Error) throw answer;
            return answer;
          }),
          ticker: fromCallback(() => undefined),
        },
      }),
      { input: { date: DATE } },
    ).start();
    const watching = () => waitFor(actor, (s) => s.matches({ ready: 'roomWatching' }));
    expect((await watching()).context).toMatchObject({ queue: ROOM, queueStale: false });
    actor.send({ type: 'TICK', now: 0 });
    await waitFor(actor, (s) => s.matches({ ready: 'roomWatching' }) && s.context.queueStale);
    expect(actor.getSnapshot().context.queue).toEqual(ROOM);
    actor.send({ type: 'TICK', now: 0 });
    await waitFor(actor, (s) => s.matches({ ready: 'roomWatching' }) && s.context.queue?.waiting === 1300 && !s.context.queueStale);
    actor.send({ type: 'TICK', now: 0 });
    expect((await waitFor(actor, (s) => s.matches({ ready: 'noRoom' }))).context.queue).toBeNull();
    expect(reads).toEqual([DATE, DATE, DATE, DATE]);
  });

  it('reads a day without a room again, and shows the room a surge of its orders opens', async () => {
    const surge: QueueFigures = { ...ROOM, reason: 'surge', surgeUntil: RELEASE + 600_000, releaseAt: null, opensAt: null, closesAt: null };
    const answers = [OVER, surge];
    const actor = createActor(
      staffDayMachine.provide({
        actors: {
          loadDay: fromPromise(async () => DAY),
          change: fromPromise(async () => null),
          readQueue: fromPromise(async () => answers.shift()!),
          ticker: fromCallback(() => undefined),
        },
      }),
      { input: { date: DATE } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'noRoom' }));
    actor.send({ type: 'TICK', now: 0 });
    expect((await waitFor(actor, (s) => s.matches({ ready: 'roomWatching' }))).context.queue).toEqual(surge);
  });
});
