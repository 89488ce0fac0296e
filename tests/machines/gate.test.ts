import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { gateMachine, type CheckInInput, type GateEvent } from '../../machines/gate.machine.ts';
import type { GateAnswer } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';
import { HALLS } from './purchase.fixtures.ts';

type Snapshot = SnapshotFrom<typeof gateMachine>;
const HALL = HALLS[0].hallId;
const NUMBER = 'P20301105100000ABCDEFGH';
const QR = 'T1.41.nonce-nonce.signature';
const IN: GateAnswer = { passed: true, count: 1, reason: null, tickets: [] };
const OUT: GateAnswer = { passed: false, count: 0, reason: 'Already checked in (10:00)', tickets: [] };

function events(s: Snapshot): GateEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('choosing')) return [{ type: 'PICK_HALL', hallId: HALL }, { type: 'PICK_HALL', hallId: 999 }];
  if (s.matches('scanning')) {
    return [
      { type: 'SCANNED', text: QR },
      { type: 'ORDER_NUMBER.CHANGE', value: s.context.orderNumber ? 'P123' : NUMBER.toLowerCase() },
      { type: 'CHECK_ORDER' },
      { type: 'CHANGE_HALL' },
    ];
  }
  if (s.matches('answered')) {
    return [
      { type: 'NEXT' },
      { type: 'SCANNED', text: `${QR}2` },
      { type: 'ORDER_NUMBER.CHANGE', value: s.context.orderNumber ? 'P123' : NUMBER },
      { type: 'CHECK_ORDER' },
    ];
  }
  return [];
}

pathSuite('gate', [
  {
    name: 'all cases',
    machine: gateMachine,
    generators: ['cover'],
    events: events as PathModel['events'],
    // Every check-in is for the gate's own hall, and an order number is a valid one.
    outcome: (end) => {
      for (const input of callsOf(end, 'checkIn') as CheckInInput[]) {
        expect(input.hallId).toBe(HALL);
        if ('orderNumber' in input) expect(input.orderNumber).toBe(NUMBER);
      }
    },
    outcomes: {
      loadHalls: [{ output: HALLS }, { error: 'Network error' }],
      checkIn: [{ output: IN }, { output: OUT }, { error: 'Network error' }],
    },
  },
]);

describe('gate: behaviour', () => {
  it('a code still held up after its answer is not sent again; an order number typed meanwhile is', async () => {
    const sent: CheckInInput[] = [];
    const actor = createActor(
      gateMachine.provide({
        actors: {
          loadHalls: fromPromise(async () => HALLS),
          checkIn: fromPromise(async ({ input }: { input: CheckInInput }) => {
            sent.push(input);
            return IN;
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    actor.send({ type: 'PICK_HALL', hallId: HALL });
    actor.send({ type: 'SCANNED', text: QR });
    await waitFor(actor, (s) => s.matches('answered'));
    actor.send({ type: 'SCANNED', text: QR });
    expect(actor.getSnapshot().value).toBe('answered');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'SCANNED', text: QR });
    expect(actor.getSnapshot().value).toBe('scanning');
    actor.send({ type: 'ORDER_NUMBER.CHANGE', value: NUMBER });
    actor.send({ type: 'CHECK_ORDER' });
    await waitFor(actor, (s) => s.matches('answered'));
    expect(sent).toEqual([{ hallId: HALL, qr: QR }, { hallId: HALL, orderNumber: NUMBER }]);
  });
});
