import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { payOrderMachine } from '../../machines/payOrder.machine.ts';
import { ORDER_NOT_PAID_IN_TIME } from '../../src/domain/sessions.ts';
import { HOLD_SLACK_MS } from '../../src/domain/limits.ts';
import type { GroupOrderDetail, OrderDetail, OrderStatus, PayStart } from '../../src/domain/types.ts';
import { PAY_MESSAGES } from '../../src/domain/payMessages.ts';
import { PAY_CONFIRM_MS, PAY_CONFIRM_TRIES } from '../../machines/payOrder.machine.ts';
import { pathSuite } from './pathSuite.ts';
import { callsOf } from './outcomes.ts';
import { simulatedTicker } from './ticker.ts';
import type { PathModel } from './paths.ts';

const T0 = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const SERVER_AHEAD = 5_000;

function order(status: OrderStatus, payDeadline: number | null): OrderDetail {
  return {
    orderId: 42,
    orderNumber: 'A1B2C3D4E5F6G7H8J9K0L1M',
    status,
    amount: 6000,
    ticketNum: 2,
    createTime: '2026-01-01 08:00:00',
    visitDate: '2026-01-03',
    hallName: 'Main hall',
    beginTime: '09:00',
    endTime: '12:00',
    isCandidate: false,
    candidate: null,
    payDeadline,
    payTime: null,
    tickets: [],
  };
}

const PENDING = order('toBePaid', T0 + SERVER_AHEAD + 15 * 60_000);
const OVERDUE = order('toBePaid', T0 + SERVER_AHEAD - 1);
const PAID = order('completed', null);
const CANCELED = order('canceled', null);
const REFUNDED = order('refunded', null);
/** A group paying at the museum's window: its deadline is the end of its last window day. */
function groupOrder(payMethod: 'online' | 'window'): GroupOrderDetail {
  return {
    ...order('toBePaid', T0 + SERVER_AHEAD + 3 * 86_400_000),
    group: {
      payMethod,
      windowPayLastDay: payMethod === 'window' ? '2026-01-03' : null,
      leader: { name: '王老师', certificateInfo: '1101**********1234', mobile: '138****8000' },
      gradeList: [],
      teacherList: [],
      ticketUseType: 1,
      lines: [],
    },
  };
}
const AT_WINDOW = groupOrder('window');
/** The chat app's pay parameters the server signed. */
const JSAPI = { appId: 'wx1', timeStamp: '1767225600', nonceStr: 'N1', package: 'prepay_id=wx42', signType: 'RSA' as const, paySign: 'c2ln' };
const SERVER_TIME = { serverNow: T0 + SERVER_AHEAD, clientNow: T0 };
/** A second of the countdown, and the deadline passing while the screen is open. */
const TICKS = [
  { type: 'TICK', now: T0 + 1000 },
  { type: 'TICK', now: T0 + 15 * 60_000 },
];

const allCases: PathModel = {
  name: 'all cases',
  // The payment opened is this order's.
  outcome: (end) => {
    for (const { orderId } of callsOf(end, 'startPayment') as Array<{ orderId: number }>) expect(orderId).toBe(42);
  },
  machine: payOrderMachine,
  input: { orderId: 42 },
  generators: ['cover'],
  outcomes: {
    loadOrder: [{ output: PENDING }, { output: OVERDUE }, { output: PAID }, { output: CANCELED }, { output: AT_WINDOW }, { error: 'Network error' }],
    loadServerTime: [{ output: SERVER_TIME }, { error: 'Network error' }],
    reloadOrder: [{ output: CANCELED }, { output: OVERDUE }, { output: PAID }, { output: REFUNDED }, { error: 'Network error' }],
    startPayment: [{ output: { payUrl: '/prod-api/pay/cashier?orderId=42' } }, { output: { jsapi: JSAPI } }, { error: 'Payment unavailable' }],
    jsapiPay: [{ output: 'ok' }, { output: 'cancel' }, { output: 'fail' }, { error: 'No bridge' }],
    confirmOrder: [{ output: PAID }, { output: PENDING }, { output: CANCELED }, { error: 'Network error' }],
    ticker: [],
  },
  events: () => [{ type: 'PAY' }, { type: 'RETRY' }, { type: 'RELOAD' }, ...TICKS],
};

/** Simple paths through the happy and the expiry cases. */
const orderings: PathModel = {
  name: 'orderings',
  machine: payOrderMachine,
  input: { orderId: 42 },
  generators: ['simple'],
  outcomes: {
    loadOrder: [{ output: PENDING }, { output: OVERDUE }],
    loadServerTime: [{ output: SERVER_TIME }],
    reloadOrder: [{ output: CANCELED }, { output: OVERDUE }],
    startPayment: [{ output: { payUrl: '/prod-api/pay/cashier?orderId=42' } }, { error: 'Payment unavailable' }],
    ticker: [],
  },
  events: () => [{ type: 'PAY' }],
};

/** In the chat app: the payment sheet answers, then the server is asked until it says paid. */
const inChatApp: PathModel = {
  name: 'in the chat app',
  outcome: (end) => {
    // The sheet is opened with exactly the server's parameters.
    for (const params of callsOf(end, 'jsapiPay')) expect(params).toEqual(JSAPI);
  },
  machine: payOrderMachine,
  input: { orderId: 42 },
  generators: ['cover'],
  outcomes: {
    loadOrder: [{ output: PENDING }],
    loadServerTime: [{ output: SERVER_TIME }],
    startPayment: [{ output: { jsapi: JSAPI } }],
    jsapiPay: [{ output: 'ok' }, { output: 'cancel' }],
    confirmOrder: [{ output: PENDING }, { output: PAID }, { error: 'Network error' }],
    ticker: [],
  },
  events: () => [{ type: 'PAY' }],
};

pathSuite('payOrder', [allCases, orderings, inChatApp]);

describe('payOrder: behaviour', () => {
  function start(options: { orders: OrderDetail[]; serverNow?: number; pay?: () => Promise<PayStart>; sheet?: () => Promise<'ok' | 'cancel' | 'fail'> }) {
    const clock = new SimulatedClock();
    clock.set(T0);
    const orders = [...options.orders];
    const loads: number[] = [];
    const sheets: unknown[] = [];
    const openCashier = vi.fn();
    const machine = payOrderMachine.provide({
      actors: {
        loadOrder: fromPromise(async ({ input }) => {
          loads.push(input.orderId);
          return orders.length > 1 ? orders.shift()! : orders[0];
        }),
        loadServerTime: fromPromise(async () => ({ serverNow: options.serverNow ?? clock.now() + SERVER_AHEAD, clientNow: clock.now() })),
        startPayment: fromPromise(options.pay ?? (async (): Promise<PayStart> => ({ payUrl: '/cashier/42' }))),
        jsapiPay: fromPromise(async ({ input }) => {
          sheets.push(input);
          return options.sheet ? options.sheet() : 'ok';
        }),
        ticker: simulatedTicker(clock),
      },
      actions: { openCashier: (_, params) => openCashier(params) },
    });
    const actor = createActor(machine, { clock, input: { orderId: 42 } }).start();
    return { actor, clock, loads, openCashier, sheets };
  }

  it('counts down against server time, then waits for the server to cancel: "Order not paid in time"', async () => {
    // The server's deadline carries 2 s of slack the countdown does not show.
    const deadline = T0 + SERVER_AHEAD + 3_000 + HOLD_SLACK_MS;
    const { actor, clock, loads } = start({
      orders: [order('toBePaid', deadline), order('toBePaid', deadline), order('canceled', null)],
    });
    await waitFor(actor, (s) => s.matches('waiting'));
    expect(actor.getSnapshot().context.offset).toBe(SERVER_AHEAD);
    expect(actor.getSnapshot().context.remainingMs).toBe(3_000);
    clock.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(2_000);
    clock.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(1_000);
    clock.increment(1000);
    expect(actor.getSnapshot().matches('expiring')).toBe(true);
    // The server has not closed it yet: ask again after 2 s.
    await waitFor(actor, (s) => s.matches({ expiring: 'pause' }));
    expect(loads).toHaveLength(2);
    clock.increment(2000);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(loads).toHaveLength(3);
    expect(actor.getSnapshot().context.error).toEqual(ORDER_NOT_PAID_IN_TIME);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('PAY opens the cashier with the pay URL', async () => {
    const { actor, openCashier } = start({ orders: [PENDING] });
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(openCashier).toHaveBeenCalledWith({ payUrl: '/cashier/42' });
  });

  it('a failed payment start returns to the countdown with the message', async () => {
    const { actor, openCashier } = start({
      orders: [PENDING],
      pay: async () => {
        throw new Error('支付通道繁忙');
      },
    });
    await waitFor(actor, (s) => s.matches('waiting'));
    actor.send({ type: 'PAY' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual({ zh: '支付通道繁忙', en: '支付通道繁忙' });
    expect(openCashier).not.toHaveBeenCalled();
  });

  it('a paid order is paid, a canceled one closed without a message', async () => {
    const paid = start({ orders: [PAID] });
    await waitFor(paid.actor, (s) => s.status === 'done');
    expect(paid.actor.getSnapshot().value).toBe('paid');
    const closed = start({ orders: [CANCELED] });
    await waitFor(closed.actor, (s) => s.status === 'done');
    expect(closed.actor.getSnapshot().value).toBe('closed');
    expect(closed.actor.getSnapshot().context.error).toBeNull();
  });

  it("a group paying at the window gets no countdown and no payment; an online group counts down as a visitor's order", async () => {
    const atWindow = start({ orders: [AT_WINDOW] });
    await waitFor(atWindow.actor, (s) => s.status === 'done');
    expect(atWindow.actor.getSnapshot().value).toBe('atWindow');
    atWindow.actor.send({ type: 'PAY' });
    expect(atWindow.openCashier).not.toHaveBeenCalled();
    const online = start({ orders: [groupOrder('online')] });
    await waitFor(online.actor, (s) => s.matches('waiting'));
    // A paid window order is paid like any other.
    const paid = start({ orders: [{ ...AT_WINDOW, status: 'completed' }] });
    await waitFor(paid.actor, (s) => s.status === 'done');
    expect(paid.actor.getSnapshot().value).toBe('paid');
  });

  describe('in the chat app (JSAPI pay)', () => {
    const jsapi = async (): Promise<PayStart> => ({ jsapi: JSAPI });

    it('opens the sheet with the server\'s parameters; "ok" waits for the server, which says paid on a later read', async () => {
      const { actor, clock, loads, sheets, openCashier } = start({ orders: [PENDING, PENDING, PAID], pay: jsapi });
      await waitFor(actor, (s) => s.matches('waiting'));
      actor.send({ type: 'PAY' });
      await waitFor(actor, (s) => s.matches({ confirming: 'pause' }));
      expect(sheets).toEqual([JSAPI]);
      expect(openCashier).not.toHaveBeenCalled();
      // The notify lags: the first read still says unpaid; the next says paid.
      clock.increment(PAY_CONFIRM_MS);
      await waitFor(actor, (s) => s.status === 'done');
      expect(actor.getSnapshot().value).toBe('paid');
      expect(loads).toHaveLength(3);
    });

    it('"ok" but the server never says paid: back on the pay screen, told not to pay twice', async () => {
      const { actor, clock, loads } = start({ orders: [PENDING], pay: jsapi });
      await waitFor(actor, (s) => s.matches('waiting'));
      actor.send({ type: 'PAY' });
      for (let i = 0; i <= PAY_CONFIRM_TRIES; i++) {
        await waitFor(actor, (s) => s.matches({ confirming: 'pause' }));
        clock.increment(PAY_CONFIRM_MS);
      }
      await waitFor(actor, (s) => s.matches('waiting'));
      expect(actor.getSnapshot().context.error).toEqual(PAY_MESSAGES.unconfirmed);
      expect(loads).toHaveLength(2 + PAY_CONFIRM_TRIES);
    });

    it('cancel and fail return to the pay screen with their message; paying again is possible', async () => {
      for (const [answer, message] of [
        ['cancel', PAY_MESSAGES.cancelled],
        ['fail', PAY_MESSAGES.failed],
      ] as const) {
        const { actor, sheets } = start({ orders: [PENDING], pay: jsapi, sheet: async () => answer });
        await waitFor(actor, (s) => s.matches('waiting'));
        actor.send({ type: 'PAY' });
        await waitFor(actor, (s) => s.matches('waiting') && s.context.error !== null);
        expect(actor.getSnapshot().context.error).toEqual(message);
        actor.send({ type: 'PAY' });
        await waitFor(actor, () => sheets.length === 2);
      }
    });
  });
});
