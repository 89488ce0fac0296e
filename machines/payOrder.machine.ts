/** The payOrder/{id} screen (docs/product.md §2, §4 "Holds and timeouts"): the order waits for payment
 * with a countdown to its pay deadline. A group that pays at the museum's window (cash, bank
 * card or cheque) has days, not minutes: no countdown and no online payment, only the last
 * day and the order number to show at the window. The server is the clock (docs/architecture.md §5): the
 * machine keeps offset = server time - client time, measured when the server time arrives,
 * and counts down against each TICK's client time + offset (machines/ticker.ts).
 *
 * Paying opens the payment the server started: a cashier page (the simulator, or outside the
 * chat app), or inside the chat app its JSAPI pay (`jsapiPay`). The chat app's "ok" is only the
 * payer's gesture: the order is paid when the server says so, asked a few times since the
 * platform's notify may lag; "cancel" and "fail" return to the pay screen with a message.
 *
 * Input: { orderId }. The app provides the actors `loadOrder`, `loadServerTime`,
 * `startPayment`, `jsapiPay` and the action `openCashier`. */
import { assign, fromPromise, setup } from 'xstate';
import { ticker, type TickEvent } from './ticker.ts';
import type { Text } from '../src/domain/text.ts';
import { paysAtWindow, type AnyOrder } from '../src/domain/orderActions.ts';
import type { JsapiPayParams, OrderDetail, PayStart } from '../src/domain/types.ts';
import { PAY_MESSAGES } from '../src/domain/payMessages.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { HOLD_SLACK_MS } from '../src/domain/limits.ts';
import { ORDER_NOT_PAID_IN_TIME } from '../src/domain/sessions.ts';

/** Tick of the countdown, and the pause before asking again whether an expired order has
 * been closed by the server. */
export const PAY_TICK_MS = 1000;
export const PAY_RECHECK_MS = 2000;
/** After the chat app says paid: how often, and how many times more, the order is read until the server says paid. */
export const PAY_CONFIRM_MS = 1500;
export const PAY_CONFIRM_TRIES = 3;

/** A visitor's order, or a team's with its group part (searchTravelTeamOrder): the order
 * screens show either. */

/** An unpaid group order whose money the museum's staff take at the window (docs/product.md §4): its
 * deadline is the end of the last window day, and it is never paid online. */
export interface PayOrderInput {
  orderId: number;
}

export interface PayOrderContext {
  orderId: number;
  order: AnyOrder | null;
  /** server time - client time, in ms. */
  offset: number;
  /** The server's time at the last tick, epoch ms. */
  serverNow: number;
  /** Until the pay deadline, in ms (never negative). */
  remainingMs: number;
  payUrl: string | null;
  /** The chat app's JSAPI pay parameters, when the server started one. */
  jsapi: JsapiPayParams | null;
  /** Reads of the order since the chat app said paid. */
  confirmTries: number;
  error: Text | null;
}

export type PayOrderEvent =
  | { type: 'PAY' }
  | { type: 'RETRY' }
  /** Back from the cashier without a result: read the order again. */
  | { type: 'RELOAD' }
  | TickEvent;

/** getSysTime's answer and the client's clock when it arrived. */
export interface ServerTime {
  serverNow: number;
  clientNow: number;
}

export type StartPaymentOutput = PayStart;

/** The chat app's answer to getBrandWCPayRequest. */
export type JsapiPayResult = 'ok' | 'cancel' | 'fail';

/** payDeadline is the server's (configured period + HOLD_SLACK_MS); the countdown ends at
 * the configured period, so it never shows seconds the server would refuse. */
function remainingOf(context: PayOrderContext): number {
  const deadline = context.order?.payDeadline;
  if (deadline == null) return 0;
  return Math.max(0, deadline - HOLD_SLACK_MS - context.serverNow);
}

export const payOrderMachine = setup({
  types: {
    context: {} as PayOrderContext,
    events: {} as PayOrderEvent,
    input: {} as PayOrderInput,
  },
  actors: {
    loadOrder: fromPromise<AnyOrder, { orderId: number }>(async () => notProvided('loadOrder')),
    /** getSysTime: the server's now, and the client's when the answer arrived. */
    loadServerTime: fromPromise<ServerTime, void>(async () => notProvided('loadServerTime')),
    /** Creates the payment; the cashier's address. */
    startPayment: fromPromise<StartPaymentOutput, { orderId: number }>(async () => notProvided('startPayment')),
    /** The chat app's JSAPI pay with the server's parameters. */
    jsapiPay: fromPromise<JsapiPayResult, JsapiPayParams>(async () => notProvided('jsapiPay')),
    ticker,
  },
  guards: {
    atWindow: ({ context }) => paysAtWindow(context.order),
    toBePaid: ({ context }) => context.order?.status === 'toBePaid',
    completed: ({ context }) => context.order?.status === 'completed',
    timeUp: ({ context }) => context.remainingMs <= 0,
    reloadedToBePaid: (_, { output: order }: { output: OrderDetail }) => order.status === 'toBePaid',
    reloadedCompleted: (_, { output: order }: { output: OrderDetail }) => order.status === 'completed',
    reloadedCanceled: (_, { output: order }: { output: OrderDetail }) => order.status === 'canceled',
    inChatAppPay: (_, { output: start }: { output: StartPaymentOutput }) => 'jsapi' in start,
    payerPaid: (_, { output: result }: { output: JsapiPayResult }) => result === 'ok',
    payerCancelled: (_, { output: result }: { output: JsapiPayResult }) => result === 'cancel',
    mayAskAgain: ({ context }) => context.confirmTries < PAY_CONFIRM_TRIES,
  },
  actions: {
    /** Opens the cashier (a page of the payment provider, or the chat app's JSAPI). */
    openCashier: (_, _params: { payUrl: string }) => {},
    updateRemaining: assign(({ context }) => ({ remainingMs: remainingOf(context) })),
    setServerTime: assign((_, { output: time }: { output: ServerTime }) => ({
      serverNow: time.serverNow,
      offset: time.serverNow - time.clientNow,
    })),
    tick: assign(({ context }, { now }: { now: number }) => ({ serverNow: now + context.offset })),
    setOrder: assign((_, { output: order }: { output: AnyOrder }) => ({ order })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    clearError: assign({ error: null }),
    setStart: assign((_, { output: start }: { output: StartPaymentOutput }) =>
      'jsapi' in start ? { jsapi: start.jsapi, payUrl: null } : { payUrl: start.payUrl, jsapi: null },
    ),
    askedAgain: assign(({ context }) => ({ confirmTries: context.confirmTries + 1 })),
  },
}).createMachine({
  id: 'payOrder',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    offset: 0,
    serverNow: 0,
    remainingMs: 0,
    payUrl: null,
    jsapi: null,
    confirmTries: 0,
    error: null,
  }),
  initial: 'loading',
  meta: { description: 'Pay an order within its hold period' },
  states: {
    loading: {
      type: 'parallel',
      meta: { description: 'Loading the order and the server time' },
      states: {
        order: {
          initial: 'pending',
          meta: { description: 'The order' },
          states: {
            pending: {
              meta: { description: 'Loading the order' },
              invoke: {
                id: 'loadOrder',
                src: 'loadOrder',
                input: ({ context }) => ({ orderId: context.orderId }),
                onDone: { target: 'done', actions: { type: 'setOrder', params: output } },
                onError: { target: '#payOrder.failed', actions: { type: 'setFailure', params: failure } },
              },
            },
            done: { type: 'final', meta: { description: 'The order is loaded' } },
          },
        },
        time: {
          initial: 'pending',
          meta: { description: 'The server time' },
          states: {
            pending: {
              meta: { description: 'Loading the server time' },
              invoke: {
                id: 'loadServerTime',
                src: 'loadServerTime',
                onDone: { target: 'done', actions: { type: 'setServerTime', params: output } },
                onError: { target: '#payOrder.failed', actions: { type: 'setFailure', params: failure } },
              },
            },
            done: { type: 'final', meta: { description: 'The server time is known' } },
          },
        },
      },
      onDone: [
        { guard: 'atWindow', target: 'atWindow', actions: 'clearError' },
        { guard: 'toBePaid', target: 'waiting', actions: 'clearError' },
        { guard: 'completed', target: 'paid', actions: 'clearError' },
        { target: 'closed', actions: 'clearError' },
      ],
    },
    failed: {
      meta: { description: 'The order could not be loaded: retry' },
      on: { RETRY: 'loading' },
    },
    waiting: {
      meta: { description: 'To be paid: the countdown to the pay deadline and the pay button' },
      entry: 'updateRemaining',
      invoke: { id: 'ticker', src: 'ticker', input: { everyMs: PAY_TICK_MS } },
      always: { guard: 'timeUp', target: 'expiring' },
      on: {
        TICK: { actions: [{ type: 'tick', params: ({ event }) => ({ now: event.now }) }, 'updateRemaining'] },
        PAY: { target: 'starting', actions: 'clearError' },
      },
    },
    expiring: {
      initial: 'checking',
      meta: { description: 'The deadline has passed: waiting for the server to close the order' },
      states: {
        checking: {
          meta: { description: 'Reading the order again' },
          invoke: {
            id: 'reloadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: [
              {
                guard: { type: 'reloadedCanceled', params: output },
                target: '#payOrder.closed',
                actions: [{ type: 'setOrder', params: output }, assign({ error: ORDER_NOT_PAID_IN_TIME })],
              },
              { guard: { type: 'reloadedCompleted', params: output }, target: '#payOrder.paid', actions: { type: 'setOrder', params: output } },
              { guard: { type: 'reloadedToBePaid', params: output }, target: 'pause', actions: { type: 'setOrder', params: output } },
              { target: '#payOrder.closed', actions: { type: 'setOrder', params: output } },
            ],
            onError: { target: 'pause' },
          },
        },
        pause: {
          meta: { description: 'Still to be paid on the server: ask again shortly' },
          after: { [PAY_RECHECK_MS]: 'checking' },
        },
      },
    },
    starting: {
      meta: { description: 'Creating the payment' },
      invoke: {
        id: 'startPayment',
        src: 'startPayment',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          { guard: { type: 'inChatAppPay', params: output }, target: 'payingInApp', actions: { type: 'setStart', params: output } },
          { target: 'redirecting', actions: { type: 'setStart', params: output } },
        ],
        onError: { target: 'waiting', actions: { type: 'setFailure', params: failure } },
      },
    },
    payingInApp: {
      meta: { description: "The chat app's payment sheet is open (JSAPI pay)" },
      invoke: {
        id: 'jsapiPay',
        src: 'jsapiPay',
        input: ({ context }) => context.jsapi!,
        onDone: [
          { guard: { type: 'payerPaid', params: output }, target: 'confirming' },
          { guard: { type: 'payerCancelled', params: output }, target: 'waiting', actions: assign({ error: PAY_MESSAGES.cancelled }) },
          { target: 'waiting', actions: assign({ error: PAY_MESSAGES.failed }) },
        ],
        onError: { target: 'waiting', actions: { type: 'setFailure', params: failure } },
      },
    },
    confirming: {
      initial: 'checking',
      meta: { description: 'The chat app says paid: waiting for the server to say so (its notify may lag)' },
      entry: assign({ confirmTries: 0 }),
      states: {
        checking: {
          meta: { description: 'Reading the order' },
          invoke: {
            id: 'confirmOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ orderId: context.orderId }),
            onDone: [
              { guard: { type: 'reloadedCompleted', params: output }, target: '#payOrder.paid', actions: { type: 'setOrder', params: output } },
              { guard: { type: 'reloadedToBePaid', params: output }, target: 'pause', actions: { type: 'setOrder', params: output } },
              { target: '#payOrder.closed', actions: { type: 'setOrder', params: output } },
            ],
            onError: { target: 'pause' },
          },
        },
        pause: {
          meta: { description: 'Not paid on the server yet: ask again shortly, a few times' },
          after: {
            [PAY_CONFIRM_MS]: [
              { guard: 'mayAskAgain', target: 'checking', actions: 'askedAgain' },
              { target: '#payOrder.waiting', actions: assign({ error: PAY_MESSAGES.unconfirmed }) },
            ],
          },
        },
      },
    },
    redirecting: {
      meta: { description: 'The cashier is open' },
      entry: { type: 'openCashier', params: ({ context }) => ({ payUrl: context.payUrl ?? '' }) },
      on: { RELOAD: 'loading' },
    },
    atWindow: {
      type: 'final',
      meta: { description: "To be paid at the museum's window by its last day: the date and the order number, no countdown, no online payment" },
    },
    paid: {
      type: 'final',
      meta: { description: 'The order is paid: the app shows paySuccess' },
    },
    closed: {
      type: 'final',
      meta: { description: 'The order is closed (canceled, refunded ...): nothing to pay' },
    },
  },
});

export type PayOrderMachine = typeof payOrderMachine;
