/** The shopping cart (docs/product.md §2 cart/shoppingCart, §4 holds): the held lines, and paying
 * the selected lines as one order behind the security slider. Each line's countdown and
 * its removal are the cartHold machine's; the list reloads (RELOAD) when one of them ends.
 *
 * The app provides the actors `loadCart` and `checkout`. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Text } from '../src/domain/text.ts';
import type { PlaceOrderResult, ShoppingCart } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output, sameText } from './errors.ts';

/** docs/product.md §8 "Shopping cart expired, or empty or none selected". */
export const CART_NOTHING_SELECTED: Text = {
  zh: '购物车已过期或为空，或未选择门票',
  en: 'The shopping cart has expired, is empty, or nothing is selected',
};

export interface CartContext {
  cart: ShoppingCart | null;
  /** Selected cart line ids (held lines only). */
  selected: number[];
  captchaToken: string | null;
  orderId: number | null;
  error: Text | null;
}

export type CartEvent =
  | { type: 'TOGGLE'; cartTicketId: number }
  | { type: 'SELECT_ALL' }
  | { type: 'RELOAD' }
  | { type: 'CHECKOUT' }
  | { type: 'SLIDER.PASSED'; token: string }
  | { type: 'SLIDER.CANCEL' };

export interface CheckoutAnswer {
  code: number;
  msg: string;
  data: PlaceOrderResult | null;
}

const held = (cart: ShoppingCart | null) => (cart?.lines ?? []).filter((line) => !line.expired && line.status === 'held');

/** The lines that can still be selected and paid. */
export const heldLineIds = (cart: ShoppingCart | null): number[] => held(cart).map((line) => line.cartTicketId);

/** What the selected lines cost (fen): the sum the pay button shows. */
export const selectedTotal = ({ cart, selected }: Pick<CartContext, 'cart' | 'selected'>): number =>
  (cart?.lines ?? []).filter((line) => selected.includes(line.cartTicketId)).reduce((sum, line) => sum + line.price, 0);

export const cartMachine = setup({
  types: { context: {} as CartContext, events: {} as CartEvent },
  actors: {
    loadCart: fromPromise<ShoppingCart, void>(async () => notProvided('loadCart')),
    /** Pays the lines as one order; resolves with the raw answer (200, or 502 = no order). */
    checkout: fromPromise<CheckoutAnswer, { cartTicketIds: number[]; captchaToken: string }>(async () => notProvided('checkout')),
  },
  guards: {
    somethingSelected: ({ context }) => context.selected.length > 0 && context.selected.every((id) => held(context.cart).some((l) => l.cartTicketId === id)),
    orderPlaced: (_, { output: answer }: { output: CheckoutAnswer }) => answer.data?.orderId != null,
  },
  actions: {
    setCart: assign((_, { output: cart }: { output: ShoppingCart }) => {
      // Everything held is selected when the cart opens: the usual intent is to pay it all.
      return { cart, selected: held(cart).map((l) => l.cartTicketId), error: null };
    }),
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      if (!held(context.cart).some((l) => l.cartTicketId === event.cartTicketId)) return {};
      const on = context.selected.includes(event.cartTicketId);
      return {
        selected: on ? context.selected.filter((id) => id !== event.cartTicketId) : [...context.selected, event.cartTicketId],
      };
    }),
    selectAll: assign(({ context }) => {
      const all = held(context.cart).map((l) => l.cartTicketId);
      return { selected: context.selected.length === all.length ? [] : all };
    }),
    nothingSelected: assign({ error: CART_NOTHING_SELECTED }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), captchaToken: null })),
    setToken: assign(({ event }) => {
      assertEvent(event, 'SLIDER.PASSED');
      return { captchaToken: event.token, error: null };
    }),
    showNoOrder: assign((_, { output: answer }: { output: CheckoutAnswer }) => ({
      error: answer.msg ? sameText(answer.msg) : CART_NOTHING_SELECTED,
      captchaToken: null,
    })),
    setOrder: assign((_, { output: answer }: { output: CheckoutAnswer }) => ({ orderId: answer.data?.orderId ?? null, captchaToken: null })),
  },
}).createMachine({
  id: 'cart',
  context: { cart: null, selected: [], captchaToken: null, orderId: null, error: null },
  initial: 'loading',
  meta: { description: 'Shopping cart' },
  states: {
    loading: {
      meta: { description: 'Loading the cart' },
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: { target: 'ready', actions: { type: 'setCart', params: output } },
        onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
      },
    },
    failed: {
      meta: { description: 'The cart could not be loaded: retry' },
      on: { RELOAD: 'loading' },
    },
    ready: {
      meta: { description: 'The lines; select, pay' },
      on: {
        TOGGLE: { actions: 'toggle' },
        SELECT_ALL: { actions: 'selectAll' },
        // A line was removed or its hold ran out: read the cart again.
        RELOAD: 'loading',
        CHECKOUT: [{ guard: 'somethingSelected', target: 'verifying' }, { actions: 'nothingSelected' }],
      },
    },
    verifying: {
      meta: { description: 'The security slider is shown' },
      // A line's hold ran out meanwhile: the slider closes and the cart is read again (its selection with it).
      on: { 'SLIDER.PASSED': { target: 'submitting', actions: 'setToken' }, 'SLIDER.CANCEL': 'ready', RELOAD: 'loading' },
    },
    submitting: {
      meta: { description: 'Paying the selected lines as one order' },
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({ cartTicketIds: context.selected, captchaToken: context.captchaToken ?? '' }),
        onDone: [
          { guard: { type: 'orderPlaced', params: output }, target: 'placed', actions: { type: 'setOrder', params: output } },
          { target: 'ready', actions: { type: 'showNoOrder', params: output } },
        ],
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    placed: {
      type: 'final',
      meta: { description: 'The order exists: the app opens payOrder/{orderId}' },
    },
  },
});
