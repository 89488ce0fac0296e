import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { orderDetailMachine } from '../../machines/orderDetail.machine.ts';
import { orderActions } from '../../src/domain/orderActions.ts';
import type { GroupOrderDetail, OrderDetail } from '../../src/domain/types.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import type { PathModel } from './paths.ts';

const order = (status: OrderDetail['status']): OrderDetail => ({
  orderId: 5,
  orderNumber: 'A'.repeat(23),
  status,
  amount: 3000,
  ticketNum: 1,
  createTime: '2026-11-22 10:00:00',
  visitDate: '2026-12-01',
  hallName: 'Main hall',
  beginTime: '09:00',
  endTime: '12:00',
  isCandidate: false,
  candidate: null,
  payDeadline: null,
  payTime: null,
  tickets: [],
});

pathSuite('orderDetail', [
  {
    name: 'all cases',
    // Only this order is cancelled, by its number.
    outcome: (end) => expect(callsOf(end, 'cancel')).toEqual(callsOf(end, 'cancel').map(() => ({ orderNumber: 'A'.repeat(23) }))),
    machine: orderDetailMachine,
    generators: ['cover', 'simple'],
    input: { orderId: 5 },
    events: ((s) => {
      if (s.matches('ready')) return [{ type: 'CANCEL' }, { type: 'RELOAD' }];
      if (s.matches('failed')) return [{ type: 'RELOAD' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadOrder: [{ output: order('toBePaid') }, { output: order('completed') }, { error: 'Network error' }],
      cancel: [{ output: { orderId: 5, status: 'canceled' } }, { error: 'Already paid' }],
    },
  } as PathModel,
]);

describe('orderDetail: behaviour', () => {
  it('cancels an unpaid order by its number and shows it again', async () => {
    const canceled: string[] = [];
    const answers = [order('toBePaid'), order('canceled')];
    const actor = createActor(
      orderDetailMachine.provide({
        actors: {
          loadOrder: fromPromise(async () => answers.shift()!),
          cancel: fromPromise(async ({ input }: { input: { orderNumber: string } }) => {
            canceled.push(input.orderNumber);
            return { orderId: 5, status: 'canceled' as const };
          }),
        },
      }),
      { input: { orderId: 5 } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CANCEL' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.order?.status === 'canceled');
    expect(canceled).toEqual(['A'.repeat(23)]);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(canceled).toHaveLength(1);
  });

  it('a group paying at the window is not offered the online payment, but may cancel; an online group may pay', () => {
    const group = (payMethod: 'online' | 'window'): GroupOrderDetail => ({
      ...order('toBePaid'),
      group: {
        payMethod,
        windowPayLastDay: '2026-11-29',
        leader: { name: '王', certificateInfo: '', mobile: '' },
        gradeList: [],
        teacherList: [],
        ticketUseType: 1,
        lines: [],
      },
    });
    expect(orderActions(group('window'))).toMatchObject({ pay: false, cancel: true });
    expect(orderActions(group('online'))).toMatchObject({ pay: true, cancel: true });
    expect(orderActions(order('toBePaid'))).toMatchObject({ pay: true, cancel: true });
  });
});
