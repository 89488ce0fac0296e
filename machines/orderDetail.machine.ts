/** The order detail screen (docs/product.md §2 order/orderDetail): the order, and its cancellation
 * while unpaid. Refund and date change run in their own machines, opened from here.
 *
 * Input: { orderId }. The app provides the actors `loadOrder` and `cancel`. */
import { assign, fromPromise, setup } from 'xstate';
import type { Text } from '../src/domain/text.ts';
import type { CancelOrderResult } from '../src/domain/types.ts';
import { orderActions, type AnyOrder } from '../src/domain/orderActions.ts';
import { errorText, failure, notProvided } from './errors.ts';

export interface OrderDetailContext {
  orderId: number;
  /** A visitor's order, or a team's with its group part. */
  order: AnyOrder | null;
  error: Text | null;
}

export type OrderDetailEvent = { type: 'CANCEL' } | { type: 'RELOAD' };

export const orderDetailMachine = setup({
  types: {
    context: {} as OrderDetailContext,
    events: {} as OrderDetailEvent,
    input: {} as { orderId: number },
  },
  actors: {
    /** searchPersonOrder for a visitor, searchTravelTeamOrder for a team. */
    loadOrder: fromPromise<AnyOrder, { orderId: number }>(async () => notProvided('loadOrder')),
    /** /order/OrderInfo/cancel by order number. */
    cancel: fromPromise<CancelOrderResult, { orderNumber: string }>(async () => notProvided('cancel')),
  },
  guards: {
    cancellable: ({ context }) => context.order !== null && orderActions(context.order).cancel,
  },
  actions: {
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({ orderId: input.orderId, order: null, error: null }),
  initial: 'loading',
  meta: { description: 'Order detail' },
  states: {
    loading: {
      meta: { description: 'Loading the order' },
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'ready', actions: assign({ order: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
      },
    },
    failed: {
      meta: { description: 'The order could not be loaded: retry' },
      on: { RELOAD: 'loading' },
    },
    ready: {
      meta: { description: 'The order with the actions its status allows' },
      on: {
        // The view confirms first; an order that is no longer unpaid cannot be cancelled.
        CANCEL: { guard: 'cancellable', target: 'canceling' },
        // After a refund, a date change or a payment elsewhere.
        RELOAD: 'loading',
      },
    },
    canceling: {
      meta: { description: 'Cancelling the unpaid order (its stock returns)' },
      invoke: {
        id: 'cancel',
        src: 'cancel',
        input: ({ context }) => ({ orderNumber: context.order?.orderNumber ?? '' }),
        onDone: 'loading',
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
