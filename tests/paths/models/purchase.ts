/** The purchase as the browser lane drives it (tests/paths/purchase.spec.ts): a new visitor
 * books the main hall on the demo's second bookable day, with the real server's answers or a
 * dropped request (errors), and the user's events the screens offer. BACK is the screens' own
 * navigation (the top bar), covered in memory; the seat map has its own lane. Also run in
 * memory with the other models (tests/machines/purchase.test.ts), so it is in the catalogue. */
import type { SnapshotFrom } from 'xstate';
import { purchaseMachine, type PurchaseEvent } from '../../../machines/purchase.machine.ts';
import { CALENDAR, DAY, HALLS, ID_1, MAIN_HALL, NAME, PLACED, QUEUE_OFF, QUOTE, SESSION, SETTING } from '../../machines/purchase.fixtures.ts';
import type { PathModel } from '../../machines/paths.ts';

const network = { error: 'Network error' };

export const purchaseInBrowser: PathModel = {
  name: 'in the browser',
  machine: purchaseMachine,
  generators: ['cover'],
  outcomes: {
    loadCalendar: [{ output: CALENDAR }, network],
    loadHalls: [{ output: HALLS }, network],
    checkUnpaid: [{ output: { orderId: null } }, network],
    // The demo's days are far from a release: no waiting room (tests/e2e/releaseQueue.spec.ts walks it).
    checkQueue: [{ output: QUEUE_OFF }],
    ticker: [],
    loadSetting: [{ output: SETTING }, network],
    calculatePrice: [{ output: QUOTE }, network],
    placeOrder: [{ output: PLACED }, network],
    addToCart: [{ output: { code: 200, msg: '' } }, network],
  },
  events: ((s: SnapshotFrom<typeof purchaseMachine>): PurchaseEvent[] => {
    if (s.matches({ date: 'failed' }) || s.matches({ venue: 'failed' }) || s.matches({ review: 'failed' })) return [{ type: 'RETRY' }];
    if (s.matches({ date: 'ready' })) return [{ type: 'PICK_DATE', date: DAY }];
    if (s.matches({ venue: 'ready' })) return [{ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SESSION }];
    if (s.matches('visitors')) {
      const v = s.context.visitors[0];
      if (v.name === '') return [{ type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME }, { type: 'CONFIRM' }];
      if (v.certificateNumber === '') return [{ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 }];
      return [{ type: 'CONFIRM' }];
    }
    if (s.matches({ review: 'ready' })) {
      return s.context.agreementAccepted ? [{ type: 'SUBMIT' }, { type: 'ADD_TO_CART' }] : [{ type: 'AGREEMENT.TOGGLE' }, { type: 'SUBMIT' }];
    }
    if (s.matches({ review: 'verifying' })) return [{ type: 'SLIDER.PASSED', token: 'captcha-1' }, { type: 'SLIDER.CANCEL' }];
    return [];
  }) as PathModel['events'],
  say: {
    RETRY: 'tap Retry',
    PICK_DATE: 'tap the second bookable day',
    PICK_SESSION: "choose the main hall's first open session and tap Next",
    'VISITOR.CHANGE': (e) => `type the visitor's ${e.field === 'name' ? 'name' : 'certificate number'}`,
    CONFIRM: 'tap Next',
    'AGREEMENT.TOGGLE': 'tick the agreement',
    SUBMIT: 'tap "Place order"',
    ADD_TO_CART: 'tap "Add to cart"',
    'SLIDER.PASSED': 'drag the slider piece into the gap',
    'SLIDER.CANCEL': 'close the security check',
  },
};
