/** A team's cart (docs/product.md §2 cart/shoppingCart, §4 holds): the groups it holds, each with its
 * countdown (the cartHold machine, one per entry, as a visitor's lines) and paid one at a time
 * as a group order behind the security slider. The server prices the group again at checkout
 * and refuses a total that changed; the entry then stays, with the reason.
 *
 * The app provides the actors `loadCart` (getShoppingCart with the team's token) and
 * `checkout` (placeOrder with the entry's id). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Text } from '../src/domain/text.ts';
import type { GroupCart } from '../src/domain/types.ts';
import type { CheckoutAnswer } from './cart.machine.ts';
import { errorText, failure, notProvided, output, sameText } from './errors.ts';
import { loadingStates } from './loading.ts';

/** docs/product.md §8 "Shopping cart expired, or empty or none selected". */
export const GROUP_CART_GONE: Text = { zh: '购物车已过期或为空，或未选择', en: 'Shopping cart expired, or empty or none selected' };

export interface GroupCartContext {
  cart: GroupCart | null;
  /** The entry being paid for. */
  paying: number | null;
  captchaToken: string | null;
  orderId: number | null;
  error: Text | null;
}

export type GroupCartEvent =
  { type: 'PAY'; cartId: number } | { type: 'RELOAD' } | { type: 'RETRY' } | { type: 'SLIDER.PASSED'; token: string } | { type: 'SLIDER.CANCEL' };

/** An entry still holding its places: the only kind that can be paid for. */
export const isHeld = (cart: GroupCart | null, cartId: number) => (cart?.entries ?? []).some((e) => e.cartId === cartId && e.status === 'held');

export const groupCartMachine = setup({
  types: { context: {} as GroupCartContext, events: {} as GroupCartEvent },
  actors: {
    loadCart: fromPromise<GroupCart, void>(async () => notProvided('loadCart')),
    /** Pays for one entry; resolves with the raw answer (200, or 502 = no order). */
    checkout: fromPromise<CheckoutAnswer, { cartTicketIds: number[]; captchaToken: string }>(async () => notProvided('checkout')),
  },
  guards: {
    held: ({ context, event }) => {
      assertEvent(event, 'PAY');
      return isHeld(context.cart, event.cartId);
    },
    orderPlaced: (_, { output: answer }: { output: CheckoutAnswer }) => answer.data?.orderId != null,
  },
  actions: {
    setCart: assign((_, { output: cart }: { output: GroupCart }) => ({ cart })),
    choose: assign(({ event }) => {
      assertEvent(event, 'PAY');
      return { paying: event.cartId, error: null };
    }),
    gone: assign({ error: GROUP_CART_GONE }),
    setToken: assign(({ event }) => {
      assertEvent(event, 'SLIDER.PASSED');
      return { captchaToken: event.token };
    }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), captchaToken: null })),
    showNoOrder: assign((_, { output: answer }: { output: CheckoutAnswer }) => ({
      error: answer.msg ? sameText(answer.msg) : GROUP_CART_GONE,
      captchaToken: null,
    })),
    setOrder: assign((_, { output: answer }: { output: CheckoutAnswer }) => ({ orderId: answer.data?.orderId ?? null, captchaToken: null })),
  },
}).createMachine({
  id: 'groupCart',
  context: { cart: null, paying: null, captchaToken: null, orderId: null, error: null },
  initial: 'loading',
  meta: { description: "A team's cart" },
  states: {
    ...loadingStates(
      { src: 'loadCart', onDone: { target: 'ready', actions: { type: 'setCart', params: output } } },
      { loading: 'Loading the groups in the cart', failed: 'The cart could not be loaded: retry' },
    ),
    ready: {
      meta: { description: 'Each group with its countdown: pay for one, or remove one (its row reloads the cart)' },
      on: {
        RELOAD: 'loading',
        PAY: [{ guard: 'held', target: 'verifying', actions: 'choose' }, { actions: 'gone' }],
      },
    },
    verifying: {
      meta: { description: 'The security slider is shown' },
      // A group's hold ran out meanwhile: the slider closes and the cart is read again.
      on: { 'SLIDER.PASSED': { target: 'submitting', actions: 'setToken' }, 'SLIDER.CANCEL': 'ready', RELOAD: 'loading' },
    },
    submitting: {
      meta: { description: 'Paying for the group: the group order is placed' },
      invoke: {
        src: 'checkout',
        input: ({ context }) => ({ cartTicketIds: context.paying === null ? [] : [context.paying], captchaToken: context.captchaToken ?? '' }),
        onDone: [
          { guard: { type: 'orderPlaced', params: output }, target: 'placed', actions: { type: 'setOrder', params: output } },
          // Refused (a price that changed, the hold gone): the cart again, with the reason.
          { target: 'loading', actions: { type: 'showNoOrder', params: output } },
        ],
        onError: { target: 'loading', actions: { type: 'setFailure', params: failure } },
      },
    },
    placed: {
      type: 'final',
      meta: { description: 'The group order exists: the app opens payOrder/{orderId}' },
    },
  },
});
