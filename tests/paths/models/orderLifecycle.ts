/** Refund, date change and the cart as the browser lane drives them (tests/paths/refund.spec.ts,
 * rebook.spec.ts, cart.spec.ts): the real server's answers or a dropped request, and the
 * user's events the sheets and the cart offer. Also run in memory with the other models of
 * each machine, so they are in the catalogue. */
import type { SnapshotFrom } from 'xstate';
import { cartMachine } from '../../../machines/cart.machine.ts';
import { rebookMachine } from '../../../machines/rebook.machine.ts';
import { refundMachine } from '../../../machines/refund.machine.ts';
import type { PathModel } from '../../machines/paths.ts';
import {
  ADULT,
  CALENDAR as REBOOK_CALENDAR,
  HALLS as REBOOK_HALLS,
  NEW_DAY,
  NEW_SESSION,
  NO_RISK,
  ORDER,
  REBOOKED,
  REFUNDED,
  RULES,
} from '../../machines/refund.fixtures.ts';
import type { ShoppingCart } from '../../../src/domain/types.ts';
import { cartLine } from '../../machines/cart.fixtures.ts';
import type { RefundContext } from '../../../src/domain/refundRules.ts';

const network = { error: 'Network error' };

/** The paid order the lane starts from: two adults of the main hall, both to be checked. */
const TWO_ADULTS: RefundContext = { ...RULES, tickets: [RULES.tickets[0], { ...RULES.tickets[0], ticketId: ADULT + 10 }] };

export const refundInBrowser: PathModel = {
  name: 'in the browser',
  machine: refundMachine,
  input: { order: ORDER },
  generators: ['cover'],
  outcomes: { loadRules: [{ output: TWO_ADULTS }, network], checkBlack: [{ output: NO_RISK }, network], refund: [{ output: REFUNDED }, network] },
  events: ((s: SnapshotFrom<typeof refundMachine>) => {
    if (s.matches('failed')) return [{ type: 'RETRY' }];
    if (s.matches('selecting'))
      return s.context.selected.length ? [{ type: 'CONFIRM' }] : [{ type: 'TOGGLE', ticketId: ADULT }, { type: 'SELECT_ALL' }, { type: 'CONFIRM' }];
    if (s.matches('confirming')) return [{ type: 'SUBMIT' }, { type: 'BACK' }];
    return [];
  }) as PathModel['events'],
  say: {
    RETRY: 'tap Retry',
    TOGGLE: 'tick the first ticket',
    SELECT_ALL: 'tick "All"',
    CONFIRM: 'tap Next',
    SUBMIT: 'tap "Confirm refund"',
    BACK: 'tap Back',
  },
};

export const rebookInBrowser: PathModel = {
  name: 'in the browser',
  machine: rebookMachine,
  input: { order: ORDER },
  generators: ['cover'],
  outcomes: {
    loadRules: [{ output: TWO_ADULTS }, network],
    loadCalendar: [{ output: REBOOK_CALENDAR }, network],
    loadHalls: [{ output: REBOOK_HALLS }, network],
    rebook: [{ output: REBOOKED }, network],
  },
  events: ((s: SnapshotFrom<typeof rebookMachine>) => {
    if (s.matches('failed') || s.matches({ date: 'failed' }) || s.matches({ session: 'failed' })) return [{ type: 'RETRY' }];
    if (s.matches('selecting')) return s.context.selected.length ? [{ type: 'CONFIRM' }] : [{ type: 'SELECT_ALL' }, { type: 'CONFIRM' }];
    if (s.matches({ date: 'ready' })) return [{ type: 'PICK_DATE', date: NEW_DAY }];
    if (s.matches({ session: 'ready' })) return [{ type: 'PICK_SESSION', hallScheduleId: NEW_SESSION }];
    if (s.matches('confirming')) return [{ type: 'SUBMIT' }, { type: 'BACK' }];
    return [];
  }) as PathModel['events'],
  say: {
    RETRY: 'tap Retry',
    SELECT_ALL: 'tick "All"',
    CONFIRM: 'tap Next',
    PICK_DATE: 'tap another bookable day',
    PICK_SESSION: 'choose its first session with room',
    SUBMIT: 'tap "Confirm change"',
    BACK: 'tap Back',
  },
};

const CART: ShoppingCart = { visitDate: '2026-12-01', lines: [cartLine(1)], serverTime: 0 };

export const cartInBrowser: PathModel = {
  name: 'in the browser',
  machine: cartMachine,
  generators: ['cover'],
  outcomes: {
    loadCart: [{ output: CART }, network],
    checkout: [{ output: { code: 200, msg: '', data: { orderId: 9, riskEnable: false, riskPolicy: 1, riskPrompt: null } } }, network],
  },
  events: ((s: SnapshotFrom<typeof cartMachine>) => {
    if (s.matches('failed')) return [{ type: 'RELOAD' }];
    if (s.matches('ready')) return [{ type: 'TOGGLE', cartTicketId: 1 }, { type: 'CHECKOUT' }];
    if (s.matches('verifying')) return [{ type: 'SLIDER.PASSED', token: 'captcha-1' }, { type: 'SLIDER.CANCEL' }];
    return [];
  }) as PathModel['events'],
  say: {
    RELOAD: 'tap Retry',
    TOGGLE: 'tick or untick the line',
    CHECKOUT: 'tap "Pay"',
    'SLIDER.PASSED': 'drag the slider piece into the gap',
    'SLIDER.CANCEL': 'close the security check',
  },
};
