import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { GROUP_CART_GONE, groupCartMachine } from '../../machines/groupCart.machine.ts';
import type { CheckoutAnswer } from '../../machines/cart.machine.ts';
import type { GroupCart, GroupCartEntry } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

const entry = (cartId: number, status: GroupCartEntry['status'] = 'held'): GroupCartEntry => ({
  cartId,
  hallId: 1,
  hallName: 'Main exhibition hall',
  hallScheduleId: 11,
  visitDate: '2026-12-01',
  beginTime: '09:00',
  endTime: '12:00',
  people: 86,
  freePupils: 80,
  amount: 3000,
  payMethod: 'online',
  leaderName: '王*师',
  deadline: 900_000,
  status,
});
const CART: GroupCart = { entries: [entry(1), entry(2, 'expired')], serverTime: 0 };
const EMPTY: GroupCart = { entries: [], serverTime: 0 };
const PLACED: CheckoutAnswer = { code: 200, msg: '', data: { orderId: 9, riskEnable: false, riskPolicy: 1, riskPrompt: null } };
const CHANGED: CheckoutAnswer = { code: 502, msg: 'The price has changed', data: null };

pathSuite('groupCart', [
  {
    name: 'all cases',
    machine: groupCartMachine,
    generators: ['cover'],
    // One held group at a time, after the slider.
    outcome: (end) => {
      for (const input of callsOf(end, 'checkout') as Array<{ cartTicketIds: number[]; captchaToken: string }>) {
        expect(input).toEqual({ cartTicketIds: [1], captchaToken: 'captcha-1' });
      }
    },
    events: ((s) => {
      if (s.matches('ready')) return [{ type: 'PAY', cartId: 1 }, { type: 'PAY', cartId: 2 }, { type: 'RELOAD' }];
      if (s.matches('failed')) return [{ type: 'RETRY' }];
      if (s.matches('verifying')) return [{ type: 'SLIDER.PASSED', token: 'captcha-1' }, { type: 'SLIDER.CANCEL' }, { type: 'RELOAD' }];
      return [];
    }) as PathModel['events'],
    outcomes: {
      loadCart: [{ output: CART }, { output: EMPTY }, { error: 'Network error' }],
      checkout: [{ output: PLACED }, { output: CHANGED }, { error: 'Sold out' }],
    },
  },
]);

describe('groupCart: behaviour', () => {
  it('an expired group cannot be paid for; a refused checkout reloads the cart and says why', async () => {
    const answers = [CHANGED, PLACED];
    let loads = 0;
    const actor = createActor(
      groupCartMachine.provide({
        actors: {
          loadCart: fromPromise(async () => {
            loads++;
            return CART;
          }),
          checkout: fromPromise(async () => answers.shift()!),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'PAY', cartId: 2 });
    expect(actor.getSnapshot().context.error).toEqual(GROUP_CART_GONE);
    actor.send({ type: 'PAY', cartId: 1 });
    actor.send({ type: 'SLIDER.PASSED', token: 't' });
    await waitFor(actor, (s) => s.matches('ready') && loads === 2);
    expect(actor.getSnapshot().context.error?.en).toBe('The price has changed');
    actor.send({ type: 'PAY', cartId: 1 });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'SLIDER.PASSED', token: 't2' });
    await waitFor(actor, (s) => s.matches('placed'));
    expect(actor.getSnapshot().context.orderId).toBe(9);
  });
});
