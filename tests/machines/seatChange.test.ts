import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { seatChangeMachine, type ChangeSeatsAnswer } from '../../machines/seatChange.machine.ts';
import type { OrderDetail } from '../../src/domain/types.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';

const ticket = (id: number, number: string) => ({
  ticketId: id,
  userName: '张三',
  certificateType: '1' as const,
  certificateInfo: '1101**********0011',
  ticketName: 'Adult',
  price: 4000,
  status: 'toBePaid' as const,
  qrCode: null,
  hallScheduleId: 31,
  seat: { rowLabel: number.split('-')[0], seatLabel: number.split('-')[1], number },
});
const ORDER = {
  orderId: 9,
  orderNumber: 'P20261125100000ABCDEFGH',
  status: 'toBePaid',
  amount: 8000,
  ticketNum: 2,
  tickets: [ticket(1, '8-1'), ticket(2, '8-2')],
  seatsChangeable: true,
} as unknown as OrderDetail;
const CHOSEN = { seats: ['8-2', '8-3'], places: [] };
const TAKEN: ChangeSeatsAnswer = { code: 505, msg: 'A seat you chose has just been taken: please choose again', data: { takenSeats: ['8-3'] } };

pathSuite('seatChange', [
  {
    name: 'other seats for an unpaid order',
    // This order's seats move, to distinct seats.
    outcome: (end) => {
      for (const { orderId, seats } of callsOf(end, 'changeSeats') as Array<{ orderId: number; seats: string[] }>) {
        expect([orderId, new Set(seats).size]).toEqual([9, seats.length]);
      }
    },
    machine: seatChangeMachine,
    input: { orderId: 9 },
    generators: ['cover'],
    outcomes: {
      loadOrder: [{ output: ORDER }, { error: 'Network error' }],
      cinemaSeat: [{ output: CHOSEN }],
      changeSeats: [{ output: { code: 200, msg: '', data: null } }, { output: TAKEN }, { error: 'The seats of this order cannot be changed' }],
    },
    events: () => [{ type: 'RETRY' }],
  },
]);

describe('seatChange: behaviour', () => {
  it("opens the map on the order's seats and, after a taken seat, without it", async () => {
    const inputs: unknown[] = [];
    const answers = [TAKEN, { code: 200, msg: '', data: null }];
    const machine = seatChangeMachine.provide({
      actors: {
        loadOrder: fromPromise(async () => ORDER),
        cinemaSeat: fromPromise(async ({ input }) => (inputs.push(input), CHOSEN)) as never,
        changeSeats: fromPromise(async () => answers.shift()!),
      },
    });
    const actor = createActor(machine, { input: { orderId: 9 } }).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(inputs).toEqual([
      { hallScheduleId: 31, count: 2, selected: ['8-1', '8-2'], taken: [], own: ['8-1', '8-2'] },
      { hallScheduleId: 31, count: 2, selected: ['8-2', '8-3'], taken: ['8-3'], own: ['8-1', '8-2'] },
    ]);
  });
});
