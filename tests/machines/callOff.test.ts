import { createActor, fromPromise, SimulatedClock, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { callOffMachine, POLL_MS, type CallOffEvent } from '../../machines/callOff.machine.ts';
import { refundDeskMachine, type RefundDeskEvent } from '../../machines/refundDesk.machine.ts';
import type { CallOffPreview, CallOffProgress, FailedRefund } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof callOffMachine>;
const PREVIEW: CallOffPreview = { scheduleId: 11, paid: 2, unpaid: 1, waiting: 1, confirm: 'This cannot be undone. Paid orders refunded in full: 2' };
const RUNNING: CallOffProgress = {
  scheduleId: 11,
  state: 'running',
  reason: 'A burst pipe',
  createdAt: 0,
  total: 2,
  settled: 1,
  orders: [
    { orderId: 1, orderNumber: 'T1', group: false, outcome: 'refunded', amount: 6000, refundStatus: 'processing', lastError: null },
    { orderId: 2, orderNumber: 'T2', group: true, outcome: null, amount: 0, refundStatus: null, lastError: null },
  ],
};
const DONE: CallOffProgress = {
  ...RUNNING,
  state: 'done',
  settled: 2,
  orders: [RUNNING.orders[0], { ...RUNNING.orders[1], outcome: 'canceled' }],
};

function events(s: Snapshot): CallOffEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('editing'))
    return [
      { type: 'ASK', reasonZh: '水管爆裂', reasonEn: 'A burst pipe' },
      { type: 'ASK', reasonZh: '水管爆裂', reasonEn: ' ' },
    ];
  if (s.matches('confirming')) return [{ type: 'CONFIRM' }, { type: 'BACK' }];
  return [];
}

const outcomes = {
  loadPreview: [{ output: PREVIEW }, { error: 'Network error' }],
  callOff: [{ output: RUNNING }, { error: 'This session is already called off' }],
  loadProgress: [{ output: DONE }, { output: RUNNING }, { error: 'Network error' }],
};

pathSuite('callOff', [
  {
    name: 'all cases',
    machine: callOffMachine,
    input: { scheduleId: 11, calledOff: false },
    generators: ['cover'],
    events: events as PathModel['events'],
    // A call-off is never sent without the reason in both languages, nor before the confirmation.
    outcome: ({ calls }) => {
      for (const c of callsOf({ calls } as never, 'callOff') as Array<{ reasonZh: string; reasonEn: string }>)
        expect(c.reasonZh.trim() && c.reasonEn.trim()).toBeTruthy();
    },
    outcomes,
  },
  {
    name: 'called off already',
    machine: callOffMachine,
    input: { scheduleId: 11, calledOff: true },
    generators: ['cover'],
    events: events as PathModel['events'],
    outcomes,
  },
]);

type DeskSnapshot = SnapshotFrom<typeof refundDeskMachine>;
const REFUSED: FailedRefund = {
  refundId: 7,
  orderId: 3,
  orderNumber: 'T3',
  amount: 3000,
  outRefundNo: 'R1',
  lastError: 'ABNORMAL',
  failedAt: 0,
  settled: null,
};

function deskEvents(s: DeskSnapshot): RefundDeskEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('ready'))
    return [
      { type: 'TAB', settled: !s.context.settled },
      { type: 'REFUND.RETRY', refundId: 7 },
      { type: 'REFUND.SETTLE', refundId: 7, note: 'transfer 1' },
      { type: 'REFUND.SETTLE', refundId: 7, note: ' ' },
    ];
  return [];
}

pathSuite('refundDesk', [
  {
    name: 'all cases',
    machine: refundDeskMachine,
    generators: ['cover'],
    events: deskEvents as PathModel['events'],
    // A refund is never settled by hand without a note.
    outcome: (end) => {
      for (const c of callsOf(end, 'settleRefund') as Array<{ note: string }>) expect(c.note.trim()).not.toBe('');
    },
    outcomes: {
      loadRefunds: [{ output: [REFUSED] }, { error: 'Network error' }],
      retryRefund: [{ output: null }, { error: 'The payment platform has not refused this refund: nothing to do' }],
      settleRefund: [{ output: null }, { error: 'This refund is already settled by hand' }],
    },
  },
]);

describe('callOff: behaviour', () => {
  it('reads the progress every few seconds until every order is settled', async () => {
    let reads = 0;
    const clock = new SimulatedClock();
    const actor = createActor(
      callOffMachine.provide({
        actors: {
          loadPreview: fromPromise(async () => PREVIEW),
          callOff: fromPromise(async () => RUNNING),
          loadProgress: fromPromise(async () => (++reads < 2 ? RUNNING : DONE)),
        },
      }),
      { input: { scheduleId: 11, calledOff: false }, clock },
    ).start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'ASK', reasonZh: '水管爆裂', reasonEn: '' });
    expect(actor.getSnapshot().context.error?.en).toBe('Give the reason in Chinese and English: visitors see it');
    actor.send({ type: 'ASK', reasonZh: '水管爆裂', reasonEn: 'A burst pipe' });
    expect(actor.getSnapshot().matches('confirming')).toBe(true);
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('watching'));
    clock.increment(POLL_MS);
    await waitFor(actor, (s) => s.matches('watching') && reads === 1);
    expect(actor.getSnapshot().context.progress?.settled).toBe(1);
    clock.increment(POLL_MS);
    await waitFor(actor, (s) => s.matches('done'));
    expect(reads).toBe(2);
    expect(actor.getSnapshot().context.progress?.settled).toBe(2);
  });
});
