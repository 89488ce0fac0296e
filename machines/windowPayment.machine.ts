/** The museum's cashier takes a window payer's money (docs/product.md §4: groups paying by cash, bank
 * card or cheque at the window by two days before the visit): the order number, the order
 * looked up (whose, where, when, how much, whether it can still be paid), the way of paying,
 * the money taken; then the next order.
 *
 * The app provides the actors `findOrder` ({ orderNumber }) and `takePayment`
 * ({ orderNumber, method }). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkOrderNumber } from '../src/domain/fields.ts';
import type { Text } from '../src/domain/text.ts';
import type { WindowOrder } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

export type WindowMethod = 'cash' | 'card' | 'cheque';

export interface WindowPaymentContext {
  orderNumber: string;
  order: WindowOrder | null;
  method: WindowMethod;
  error: Text | null;
}

export type WindowPaymentEvent =
  | { type: 'ORDER_NUMBER.CHANGE'; value: string }
  | { type: 'FIND' }
  | { type: 'METHOD.CHANGE'; value: WindowMethod }
  | { type: 'TAKE' }
  | { type: 'NEXT_ORDER' };

export const windowPaymentMachine = setup({
  types: { context: {} as WindowPaymentContext, events: {} as WindowPaymentEvent },
  actors: {
    findOrder: fromPromise<WindowOrder, { orderNumber: string }>(async () => notProvided('findOrder')),
    takePayment: fromPromise<unknown, { orderNumber: string; method: WindowMethod }>(async () => notProvided('takePayment')),
  },
  guards: {
    numberValid: ({ context }) => checkOrderNumber(context.orderNumber) === null,
    payable: ({ context }) => context.order?.payable === true,
  },
  actions: {
    setNumber: assign(({ event }) => {
      assertEvent(event, 'ORDER_NUMBER.CHANGE');
      return { orderNumber: event.value.trim().toUpperCase(), order: null, error: null };
    }),
    refuseNumber: assign(({ context }) => ({ error: checkOrderNumber(context.orderNumber) })),
    setOrder: assign((_, { output: order }: { output: WindowOrder }) => ({ order, error: null })),
    setMethod: assign(({ event }) => {
      assertEvent(event, 'METHOD.CHANGE');
      return { method: event.value, error: null };
    }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    clear: assign({ orderNumber: '', order: null, method: 'cash' as WindowMethod, error: null }),
  },
}).createMachine({
  id: 'windowPayment',
  context: { orderNumber: '', order: null, method: 'cash', error: null },
  initial: 'entering',
  meta: { description: "The cashier takes a window payer's money" },
  states: {
    entering: {
      meta: { description: 'The order number (23 letters and digits)' },
      on: {
        'ORDER_NUMBER.CHANGE': { actions: 'setNumber' },
        FIND: [{ guard: 'numberValid', target: 'finding' }, { actions: 'refuseNumber' }],
      },
    },
    finding: {
      meta: { description: 'Looking the order up' },
      invoke: {
        id: 'findOrder',
        src: 'findOrder',
        input: ({ context }) => ({ orderNumber: context.orderNumber }),
        onDone: { target: 'found', actions: { type: 'setOrder', params: output } },
        onError: { target: 'entering', actions: { type: 'setFailure', params: failure } },
      },
    },
    found: {
      meta: { description: 'The order: group, hall, day, amount, the last day to pay; cash, card or cheque' },
      on: {
        'ORDER_NUMBER.CHANGE': { target: 'entering', actions: 'setNumber' },
        'METHOD.CHANGE': { actions: 'setMethod' },
        TAKE: { guard: 'payable', target: 'taking' },
      },
    },
    taking: {
      meta: { description: 'Taking the money' },
      invoke: {
        id: 'takePayment',
        src: 'takePayment',
        input: ({ context }) => ({ orderNumber: context.orderNumber, method: context.method }),
        onDone: 'taken',
        onError: { target: 'found', actions: { type: 'setFailure', params: failure } },
      },
    },
    taken: {
      meta: { description: 'Paid: the order is complete and its tickets valid; on to the next order' },
      // The next number typed at once starts the next order, as "Next order" does.
      on: { NEXT_ORDER: { target: 'entering', actions: 'clear' }, 'ORDER_NUMBER.CHANGE': { target: 'entering', actions: ['clear', 'setNumber'] } },
    },
  },
});
