/** The waiting list as the browser lane drives it (tests/paths/waitingList.spec.ts): joining a
 * full session of the demo's sold-out day, with only the outcomes the real server gives (its
 * answers) or a failing network gives (errors); the user's events the screen offers. Also run in
 * memory with the other models (tests/machines/waitingList.test.ts), so it is in the catalogue. */
import type { EventFrom, SnapshotFrom } from 'xstate';
import { waitingListMachine } from '../../../machines/waitingList.machine.ts';
import { ID_1, MAIN_HALL, NAME, PLACED, SETTING, SOLD_OUT_DAY, SOLD_OUT_SESSION } from '../../machines/purchase.fixtures.ts';
import { CALENDAR, CANDIDATE_HALLS, ENDS, STANDING } from '../../machines/waitingList.fixtures.ts';
import type { PathModel } from '../../machines/paths.ts';

export const waitingListInBrowser: PathModel = {
  name: 'in the browser',
  machine: waitingListMachine,
  input: {},
  generators: ['cover'],
  outcomes: {
    loadCalendar: [{ output: CALENDAR }, { error: 'Network error' }],
    loadHalls: [{ output: CANDIDATE_HALLS }, { error: 'Network error' }],
    loadSetting: [{ output: SETTING }, { error: 'Network error' }],
    join: [{ output: PLACED }, { error: 'Network error' }],
  },
  // Only what the screen offers in each state: a retry where a load failed, the slider while it shows.
  events: ((s: SnapshotFrom<typeof waitingListMachine>) => {
    const c = s.context;
    const v = c.visitors[0];
    if (s.matches({ days: 'failed' }) || s.matches({ sessions: 'failed' }) || s.matches({ visitors: 'failed' })) return [{ type: 'RETRY' }];
    if (s.matches({ days: 'ready' })) return [{ type: 'PICK_DATE', date: SOLD_OUT_DAY }];
    if (s.matches({ sessions: 'ready' })) return [{ type: 'PICK_SESSION', hallId: MAIN_HALL, hallScheduleId: SOLD_OUT_SESSION }, { type: 'BACK' }];
    if (s.matches({ visitors: 'verifying' })) return [{ type: 'SLIDER.PASSED', token: 'captcha-1' }, { type: 'SLIDER.CANCEL' }];
    if (!s.matches({ visitors: 'editing' })) return [];
    const out: EventFrom<typeof waitingListMachine>[] = [];
    if (v.name === '') out.push({ type: 'BACK' }, { type: 'SUBMIT' }, { type: 'VISITOR.CHANGE', index: 0, field: 'name', value: NAME });
    else if (v.certificateNumber === '') out.push({ type: 'VISITOR.CHANGE', index: 0, field: 'certificateNumber', value: ID_1 });
    else out.push({ type: 'SUBMIT' });
    if (!c.agreementAccepted && v.certificateNumber !== '') out.push({ type: 'AGREEMENT.TOGGLE' });
    return out;
  }) as PathModel['events'],
  say: {
    RETRY: 'tap Retry',
    PICK_DATE: 'choose the day with an open list',
    PICK_SESSION: 'choose a session whose list is open',
    BACK: 'tap the link back to the days or sessions',
    'VISITOR.CHANGE': (e) => `type the visitor's ${e.field === 'name' ? 'name' : 'certificate number'}`,
    'AGREEMENT.TOGGLE': 'tick the agreement',
    SUBMIT: 'tap "Pay and join"',
    'SLIDER.PASSED': 'drag the slider piece into the gap',
    'SLIDER.CANCEL': 'close the security check',
  },
};

/** A paid candidate order followed on its page: it stands by and is left (the money back); once
 * loaded, the next load finds it cancelled. The demo's full day keeps it standing by; its 10 s
 * reload is left to the paths in memory. */
export const candidateOrderInBrowser: PathModel = {
  name: 'in the browser: an order',
  machine: waitingListMachine,
  input: { orderId: 7 },
  generators: ['cover'],
  outcomes: {
    loadOrder: (s) => [{ output: s.context.loaded ? ENDS[2] : STANDING }, { error: 'Network error' }],
    cancel: [{ output: { orderId: 7, status: 'canceled' } }, { error: 'Network error' }],
    ticker: [],
  },
  events: ((s: SnapshotFrom<typeof waitingListMachine>) => {
    if (s.matches({ order: 'failed' })) return [{ type: 'RETRY' }];
    if (s.matches({ order: 'standingBy' })) return [{ type: 'CANCEL' }];
    return [];
  }) as PathModel['events'],
  say: {
    RETRY: 'tap Retry',
    CANCEL: 'tap "Leave the waiting list" and confirm',
  },
};
