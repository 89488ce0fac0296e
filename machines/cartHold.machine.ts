/** The hold countdown of one cart line (docs/product.md §4 "Holds and timeouts", §7 ticketInfoTimeOut and
 * removeForShopping): an added cart line owns stock until its deadline; the screen counts
 * down, tells the server when the time is up, and lets the user remove the line. The app
 * runs one of these per cart line (each CartLineRow has its own).
 *
 * Who gets the 2 s of slack (HOLD_SLACK_MS): the server. The server keeps the stock until
 * the configured period + 2 s, and CartLine.deadline is that moment (the server's hold end,
 * slack included). The client counts down to `deadline - HOLD_SLACK_MS`, i.e. to the
 * configured period only. So what the countdown shows is always time the server still
 * honours, even when
 * - the offset to the server clock is off by the latency of the time call (it is measured
 *   from a response, so the client's idea of server time lags a little),
 * - the last tick comes up to one tick (1 s) after the deadline (ticks are every second, not
 *   aligned to the deadline),
 * - the user presses "pay" in the last second and the request takes a moment to arrive.
 * Giving the slack to the client instead (counting to the server's hold end, or beyond)
 * would show seconds in which a checkout is refused as "cart expired".
 *
 * Input: { cartTicketId, deadline, now, serverOffset, expired? }: `deadline` is
 * CartLine.deadline as served (epoch ms, server time), `now` the client's clock at the start,
 * `serverOffset` = server time - client time (ShoppingCart.serverTime - the client's clock
 * when the cart was read), `expired` = CartLine.expired (a line the server expired already
 * needs no call). Time then comes as TICK events (machines/ticker.ts).
 *
 * The app provides the actors `expire` (ticketInfoTimeOut) and `remove` (removeForShopping). */
import { assign, fromPromise, setup } from 'xstate';
import { HOLD_SLACK_MS } from '../src/domain/limits.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided } from './errors.ts';
import { ticker, type TickEvent } from './ticker.ts';

export const CART_TICK_MS = 1000;

export interface CartHoldInput {
  cartTicketId: number;
  /** CartLine.deadline: the server's hold end (epoch ms, server time), slack included. */
  deadline: number;
  /** The client's clock, epoch ms. */
  now: number;
  /** server time - client time, ms. */
  serverOffset: number;
  /** CartLine.expired */
  expired?: boolean;
}

export interface CartHoldContext {
  cartTicketId: number;
  /** Where the client's countdown ends: the server's hold end minus the slack. */
  countdownEnd: number;
  serverOffset: number;
  /** The server's time at the last tick, epoch ms. */
  serverNow: number;
  /** Until countdownEnd, ms (never negative). */
  remainingMs: number;
  /** The hold is over (time up here, or expired on the server already). */
  expired: boolean;
  error: Text | null;
}

export type CartHoldEvent = { type: 'REMOVE' } | TickEvent;

export interface CartLineInput {
  cartTicketId: number;
}

/** The client's countdown end for a server hold end (see the slack note above). */
export function countdownEndOf(serverDeadline: number): number {
  return serverDeadline - HOLD_SLACK_MS;
}

export function remainingOf(context: Pick<CartHoldContext, 'countdownEnd' | 'serverNow'>): number {
  return Math.max(0, context.countdownEnd - context.serverNow);
}

/** The countdown as the view shows it: whole seconds, rounded down (never more than is left). */
export function remainingSeconds(remainingMs: number): number {
  return Math.floor(remainingMs / 1000);
}

export const cartHoldMachine = setup({
  types: {
    context: {} as CartHoldContext,
    events: {} as CartHoldEvent,
    input: {} as CartHoldInput,
  },
  actors: {
    /** The server expires the caller's due holds now (idempotent): ticketInfoTimeOut for a
     * visitor's lines, reading the cart for a team's groups. What it answers is not needed:
     * the hold is over either way. */
    expire: fromPromise<void, CartLineInput>(async () => notProvided('expire')),
    /** removeForShopping/{cartTicketId} */
    remove: fromPromise<null, CartLineInput>(async () => notProvided('remove')),
    ticker,
  },
  guards: {
    expiredOnServer: ({ context }) => context.expired,
    timeUp: ({ context }) => context.remainingMs <= 0,
    hasExpired: ({ context }) => context.expired,
  },
  actions: {
    updateRemaining: assign(({ context }) => ({ remainingMs: remainingOf(context) })),
    tick: assign(({ context }, { now }: { now: number }) => ({ serverNow: now + context.serverOffset })),
    markExpired: assign({ expired: true, remainingMs: 0 }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'cartHold',
  context: ({ input }) => ({
    cartTicketId: input.cartTicketId,
    countdownEnd: countdownEndOf(input.deadline),
    serverOffset: input.serverOffset,
    serverNow: input.now + input.serverOffset,
    remainingMs: 0,
    expired: input.expired === true,
    error: null,
  }),
  initial: 'holding',
  meta: { description: 'The hold countdown of a cart line' },
  states: {
    holding: {
      meta: { description: 'The line holds its stock: the countdown, ticking every second' },
      entry: 'updateRemaining',
      invoke: { id: 'ticker', src: 'ticker', input: { everyMs: CART_TICK_MS } },
      always: [
        { guard: 'expiredOnServer', target: 'expired' },
        { guard: 'timeUp', target: 'expiring' },
      ],
      on: {
        TICK: { actions: [{ type: 'tick', params: ({ event }) => ({ now: event.now }) }, 'updateRemaining'] },
        REMOVE: { target: 'removing', actions: 'clearError' },
      },
    },
    expiring: {
      meta: { description: 'Time is up: telling the server (ticketInfoTimeOut)' },
      entry: 'markExpired',
      invoke: {
        id: 'expire',
        src: 'expire',
        input: ({ context }) => ({ cartTicketId: context.cartTicketId }),
        onDone: { target: 'expired' },
        // The line is over either way: the server's job expires it at its own deadline.
        onError: { target: 'expired', actions: { type: 'setFailure', params: failure } },
      },
    },
    expired: {
      meta: { description: 'The hold is over: the line is shown expired and can be removed' },
      entry: 'markExpired',
      on: {
        REMOVE: { target: 'removing', actions: 'clearError' },
      },
    },
    removing: {
      meta: { description: 'Removing the line from the cart' },
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ cartTicketId: context.cartTicketId }),
        onDone: { target: 'removed' },
        onError: [
          { guard: 'hasExpired', target: 'expired', actions: { type: 'setFailure', params: failure } },
          { target: 'holding', actions: { type: 'setFailure', params: failure } },
        ],
      },
    },
    removed: {
      type: 'final',
      meta: { description: 'The line is gone from the cart' },
    },
  },
});

export type CartHoldMachine = typeof cartHoldMachine;
