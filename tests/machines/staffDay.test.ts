import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { staffDayMachine, type DayChange, type StaffDayEvent } from '../../machines/staffDay.machine.ts';
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
const STOP: Extract<DayChange, { kind: 'stop' }> = { kind: 'stop', scheduleId: 11, stopped: true, reasonZh: '检修', reasonEn: 'Maintenance' };

function events(s: Snapshot): StaffDayEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('ready')) {
    return [
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
      loadDay: [{ output: DAY }, { error: 'Network error' }],
      change: [{ output: null }, { error: 'The capacity cannot be below the 124 tickets sold and held' }],
    },
  },
]);

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
