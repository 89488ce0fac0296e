import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { windowPaymentMachine, type WindowPaymentEvent } from '../../machines/windowPayment.machine.ts';
import { FIELD_MESSAGES } from '../../src/domain/fields.ts';
import type { WindowOrder } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof windowPaymentMachine>;
const NUMBER = 'P20301105100000ABCDEFGH';
const ORDER: WindowOrder = {
  orderId: 5,
  orderNumber: NUMBER,
  status: 'toBePaid',
  amount: 72000,
  ticketNum: 31,
  createTime: '2030-03-05 10:00:00',
  visitDate: '2030-03-09',
  hallName: 'Main hall',
  beginTime: '09:00',
  endTime: '12:00',
  isCandidate: false,
  candidate: null,
  teamName: '星光旅行社',
  windowPayLastDay: '2030-03-07',
  payable: true,
};
const LATE: WindowOrder = { ...ORDER, status: 'canceled', payable: false };

function events(s: Snapshot): WindowPaymentEvent[] {
  if (s.matches('entering')) return [{ type: 'ORDER_NUMBER.CHANGE', value: s.context.orderNumber ? 'P123' : NUMBER.toLowerCase() }, { type: 'FIND' }];
  if (s.matches('found'))
    return [
      { type: 'METHOD.CHANGE', value: s.context.method === 'cash' ? 'cheque' : 'cash' },
      { type: 'TAKE' },
      { type: 'ORDER_NUMBER.CHANGE', value: NUMBER },
    ];
  if (s.matches('taken')) return [{ type: 'NEXT_ORDER' }, { type: 'ORDER_NUMBER.CHANGE', value: NUMBER }];
  return [];
}

const model = (name: string, found: WindowOrder): PathModel => ({
  name,
  machine: windowPaymentMachine,
  generators: ['cover'],
  events: events as PathModel['events'],
  // Money is taken only for a payable order, by its own number.
  outcome: (end) => {
    for (const input of callsOf(end, 'takePayment') as Array<{ orderNumber: string }>) expect(input.orderNumber).toBe(NUMBER);
    if (!found.payable) expect(callsOf(end, 'takePayment')).toEqual([]);
  },
  outcomes: {
    findOrder: [{ output: found }, { error: 'The order does not exist' }],
    takePayment: [{ output: { status: 'completed' } }, { error: 'This order is closed or already paid and cannot be paid' }],
  },
});

pathSuite('windowPayment', [model('a payable order', ORDER), model('an order past its last day', LATE)]);

describe('windowPayment: behaviour', () => {
  it('a malformed number is refused before any call; a payable order is paid by the chosen way', async () => {
    const taken: unknown[] = [];
    const actor = createActor(
      windowPaymentMachine.provide({
        actors: {
          findOrder: fromPromise(async () => ORDER),
          takePayment: fromPromise(async ({ input }) => {
            taken.push(input);
            return null;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'ORDER_NUMBER.CHANGE', value: 'P1' });
    actor.send({ type: 'FIND' });
    expect(actor.getSnapshot().context.error).toEqual(FIELD_MESSAGES.orderNumber);
    actor.send({ type: 'ORDER_NUMBER.CHANGE', value: ` ${NUMBER.toLowerCase()} ` });
    actor.send({ type: 'FIND' });
    await waitFor(actor, (s) => s.matches('found'));
    actor.send({ type: 'METHOD.CHANGE', value: 'card' });
    actor.send({ type: 'TAKE' });
    await waitFor(actor, (s) => s.matches('taken'));
    expect(taken).toEqual([{ orderNumber: NUMBER, method: 'card' }]);
    // The next group's number typed straight after: kept, the paid order and its way gone.
    actor.send({ type: 'ORDER_NUMBER.CHANGE', value: 'P2' });
    expect(actor.getSnapshot().value).toBe('entering');
    expect(actor.getSnapshot().context).toMatchObject({ orderNumber: 'P2', order: null, method: 'cash' });
  });
});
