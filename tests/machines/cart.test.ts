import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { CART_NOTHING_SELECTED, cartMachine, selectedTotal, type CheckoutAnswer } from '../../machines/cart.machine.ts';
import type { ShoppingCart } from '../../src/domain/types.ts';
import { cartLine } from './cart.fixtures.ts';
import { pathSuite } from './pathSuite.ts';
import { cartInBrowser } from '../paths/models/orderLifecycle.ts';
import { callsOf } from './outcomes.ts';
import type { PathModel } from './paths.ts';

const CART: ShoppingCart = { visitDate: '2026-12-01', lines: [cartLine(1), cartLine(2), cartLine(3, true)], serverTime: 0 };
const EMPTY: ShoppingCart = { visitDate: null, lines: [], serverTime: 0 };
const PLACED: CheckoutAnswer = { code: 200, msg: '', data: { orderId: 9, riskEnable: false, riskPolicy: 1, riskPrompt: null } };
const NO_ORDER: CheckoutAnswer = { code: 502, msg: 'Busy, try again', data: null };

pathSuite('cart', [
  {
    name: 'all cases',
    machine: cartMachine,
    generators: ['cover'],
    // Paid after the slider, for held lines only, never none.
    outcome: (end) => {
      const held = CART.lines.filter((l) => !l.expired).map((l) => l.cartTicketId);
      for (const input of callsOf(end, 'checkout') as Array<{ cartTicketIds: number[]; captchaToken: string }>) {
        expect(input.captchaToken).toBeTruthy();
        expect(input.cartTicketIds.length).toBeGreaterThan(0);
        expect(input.cartTicketIds.filter((id) => !held.includes(id))).toEqual([]);
      }
    },
    events: ((s) => {
      if (s.matches('ready')) {
        return [{ type: 'TOGGLE', cartTicketId: 1 }, { type: 'TOGGLE', cartTicketId: 3 }, { type: 'SELECT_ALL' }, { type: 'RELOAD' }, { type: 'CHECKOUT' }];
      }
      if (s.matches('failed')) return [{ type: 'RELOAD' }];
      if (s.matches('verifying')) return [{ type: 'SLIDER.PASSED', token: 'captcha-1' }, { type: 'SLIDER.CANCEL' }, { type: 'RELOAD' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadCart: [{ output: CART }, { output: EMPTY }, { error: 'Network error' }],
      checkout: [{ output: PLACED }, { output: NO_ORDER }, { error: 'Sold out' }],
    },
  },
  cartInBrowser,
]);

describe('cart: behaviour', () => {
  it('the total is what the selected lines cost', () => {
    expect(selectedTotal({ cart: CART, selected: [] })).toBe(0);
    expect(selectedTotal({ cart: CART, selected: [1, 2] })).toBe(6000);
    expect(selectedTotal({ cart: null, selected: [1] })).toBe(0);
  });

  function start(answers: CheckoutAnswer[] = [PLACED]) {
    const paid: Array<{ cartTicketIds: number[]; captchaToken: string }> = [];
    const actor = createActor(
      cartMachine.provide({
        actors: {
          loadCart: fromPromise(async () => CART),
          checkout: fromPromise(async ({ input }: { input: { cartTicketIds: number[]; captchaToken: string } }) => {
            paid.push(input);
            return answers.shift() ?? PLACED;
          }),
        },
      }),
    ).start();
    return { actor, paid };
  }

  it('selects every held line at first, never an expired one, and pays them as one order', async () => {
    const { actor, paid } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.selected).toEqual([1, 2]);
    actor.send({ type: 'TOGGLE', cartTicketId: 3 });
    expect(actor.getSnapshot().context.selected).toEqual([1, 2]);
    actor.send({ type: 'CHECKOUT' });
    actor.send({ type: 'SLIDER.PASSED', token: 'tok' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(paid).toEqual([{ cartTicketIds: [1, 2], captchaToken: 'tok' }]);
    expect(actor.getSnapshot().context.orderId).toBe(9);
  });

  it('refuses to pay nothing with the spec message', async () => {
    const { actor, paid } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'SELECT_ALL' });
    expect(actor.getSnapshot().context.selected).toEqual([]);
    actor.send({ type: 'CHECKOUT' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toEqual(CART_NOTHING_SELECTED);
    expect(paid).toEqual([]);
  });

  it('a 502 places no order and the token is not reused', async () => {
    const { actor } = start([NO_ORDER]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHECKOUT' });
    actor.send({ type: 'SLIDER.PASSED', token: 'tok' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toEqual({ zh: 'Busy, try again', en: 'Busy, try again' });
    expect(actor.getSnapshot().context.captchaToken).toBeNull();
  });

  it('RELOAD reads the cart again and reselects what is still held', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'TOGGLE', cartTicketId: 1 });
    expect(actor.getSnapshot().context.selected).toEqual([2]);
    actor.send({ type: 'RELOAD' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.selected).toEqual([1, 2]);
  });

  it('a hold that runs out while the slider shows closes it and reads the cart again: nothing is paid from a stale list', async () => {
    const { actor, paid } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'CHECKOUT' });
    expect(actor.getSnapshot().matches('verifying')).toBe(true);
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(paid).toEqual([]);
  });
});
