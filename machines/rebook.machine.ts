/** Date change of tickets of one paid individual order (docs/product.md §2 "change date", §5 "Refund and
 * change", §7 rebook/person): tick tickets, a day on the calendar, a session of the same hall
 * on that day, confirm, submit.
 *
 * The rules, all from src/domain:
 * - the tickets: `checkRefund` with action 'change' (at least one ticket, one hall and one
 *   date, no cinema, no change after group check-in, children never change alone, the free
 *   children per adult, and what stays behind is still a valid company), on CONFIRM;
 * - the day: available on the calendar;
 * - the session: `isSessionSelectable`, and the stock rule of `checkOrder` for the number of
 *   tickets moved, on PICK_SESSION. The other order rules don't apply to a date change: they
 *   read the visitors' full certificates (TicketView has masked ones) and the new session's
 *   ticket types, and the company rules for the moved set are checkRefund's change rules.
 *
 * A group moves as a whole (docs/product.md §2 team ticketChangesDate, §7 rebook/group): with
 * `wholeOrder`, every ticket still to be used is selected as the facts arrive and the ticking
 * step is skipped; an order that cannot move (a ticket checked in, nothing left to use) ends
 * in `refused` with the reason.
 *
 * Input: { order, wholeOrder? } as for the refund machine, which also loads the rules (`loadRules`).
 * Context is plain JSON. The app provides the actors `loadCalendar`, `loadHalls` (the same
 * as the purchase machine's) and `rebook` (rebook/person). */
import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { checkOrder, ORDER_MESSAGES, ORDER_RULES } from '../src/domain/orderRules.ts';
import { checkRebookDate, checkRefund, NO_REFUND_FACTS, type RefundContext, type RefundDraft } from '../src/domain/refundRules.ts';
import { isDayBookable, isSessionSelectable } from '../src/domain/sessions.ts';
import type { Text } from '../src/domain/text.ts';
import type { CalendarDay, HallPool, OrderDetail, RebookRequest, RebookResult, SchedulePool, Violation, VisitorDraft } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output, sameText } from './errors.ts';
import { loadingStates } from './loading.ts';
import { allToggled, selectableTicketIds, toggled } from './ticketSelection.ts';

export interface RebookInput {
  order: OrderDetail;
  /** A group: every ticket still to be used moves, none is ticked. */
  wholeOrder?: boolean;
}

export interface RebookContext {
  order: OrderDetail;
  wholeOrder: boolean;
  rules: RefundContext;
  /** Ticked ticket ids, in the order's ticket order. */
  selected: number[];
  violations: Violation[];
  calendar: CalendarDay[];
  date: string | null;
  /** The chosen day's sessions of the tickets' hall only. */
  halls: HallPool[];
  hallScheduleId: number | null;
  result: RebookResult | null;
  error: Text | null;
}

export type RebookEvent =
  | { type: 'TOGGLE'; ticketId: number }
  | { type: 'SELECT_ALL' }
  | { type: 'CONFIRM' }
  | { type: 'PICK_DATE'; date: string }
  | { type: 'PICK_SESSION'; hallScheduleId: number }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'BACK' };

export function changeDraftOf(context: Pick<RebookContext, 'selected'>): RefundDraft {
  return { action: 'change', ticketIds: context.selected };
}

export function changeViolations(context: Pick<RebookContext, 'selected' | 'rules'>): Violation[] {
  return checkRefund(changeDraftOf(context), context.rules);
}

/** Tickets the view shows enabled. */
export function changeableTicketIds(context: Pick<RebookContext, 'rules'>): number[] {
  return selectableTicketIds(context.rules, 'change');
}

/** The hall of the ticked tickets (one hall: checkRefund's change rule). */
export function ticketsHallId(context: Pick<RebookContext, 'selected' | 'rules'>): number | null {
  return context.rules.tickets.find((t) => t.ticketId === context.selected[0])?.hallId ?? null;
}

export function rebookSession(context: Pick<RebookContext, 'halls'>, hallScheduleId: number | null) {
  for (const hall of context.halls) {
    const session = hall.scheduleTicketPoolVOS.find((s) => s.hallScheduleId === hallScheduleId);
    if (session) return { hall, session };
  }
  return null;
}

/** checkOrder's stock rule for `count` visitors in `session`. Only the stock rule is kept,
 * so the hall rules and the placeholder visitors here never decide anything. */
function stockViolations(hall: HallPool, session: SchedulePool, count: number): Violation[] {
  const visitors: VisitorDraft[] = Array.from({ length: count }, () => ({
    name: '',
    certificateType: '1',
    certificateNumber: '',
    ticketPriceId: null,
  }));
  const violations = checkOrder(
    { visitDate: '', hallId: hall.hallId, hallScheduleId: session.hallScheduleId, visitors, agreementAccepted: false, captchaToken: null },
    {
      hall: {
        hallId: hall.hallId,
        hallKey: hall.hallKey,
        name: sameText(hall.name),
        minBuyers: 0,
        maxBuyers: Number.MAX_SAFE_INTEGER,
        minAge: null,
        childAgeMin: null,
        childAgeMax: null,
        needsAdultAndChild: false,
      },
      prices: [],
      remaining: session.ticketPool,
      freeChildPerAdult: 1,
    },
    'visitors',
  );
  return violations.filter((v) => v.rule === ORDER_RULES.stock);
}

/** Why the session can't take the ticked tickets: not selectable, or not enough stock. */
export function sessionViolations(context: Pick<RebookContext, 'halls' | 'selected'>, hallScheduleId: number): Violation[] {
  const found = rebookSession(context, hallScheduleId);
  if (!found || !isSessionSelectable(found.hall, found.session)) {
    return [{ rule: ORDER_RULES.sessionNotSelectable, message: ORDER_MESSAGES.notSelectable }];
  }
  return stockViolations(found.hall, found.session, context.selected.length);
}

export function rebookRequestOf(context: RebookContext): RebookRequest {
  return { orderId: context.order.orderId, ticketIds: context.selected, hallScheduleId: context.hallScheduleId ?? 0 };
}

export const rebookMachine = setup({
  types: {
    context: {} as RebookContext,
    events: {} as RebookEvent,
    input: {} as RebookInput,
  },
  actors: {
    /** The order's refund facts (GET /order/refund/rules/{orderId}). */
    loadRules: fromPromise<RefundContext, { orderId: number }>(async () => notProvided('loadRules')),
    /** The bookable-dates calendar (getCalendar). */
    loadCalendar: fromPromise<CalendarDay[], void>(async () => notProvided('loadCalendar')),
    /** Halls and sessions of a day (getHalls); the machine keeps the tickets' hall. */
    loadHalls: fromPromise<HallPool[], { date: string }>(async () => notProvided('loadHalls')),
    /** rebook/person */
    rebook: fromPromise<RebookResult, RebookRequest>(async () => notProvided('rebook')),
  },
  guards: {
    wholeOrder: ({ context }) => context.wholeOrder,
    /** A whole order with tickets left to use, all of which the change rules let go. */
    wholeMovable: ({ context }, { output: rules }: { output: RefundContext }) => {
      const all = changeableTicketIds({ rules });
      return context.wholeOrder && all.length > 0 && checkRefund({ action: 'change', ticketIds: all }, rules).length === 0;
    },
    ticketSelectable: ({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return changeableTicketIds(context).includes(event.ticketId);
    },
    changeAllowed: ({ context }) => changeViolations(context).length === 0,
    dayAvailable: ({ context, event }) => {
      assertEvent(event, 'PICK_DATE');
      return isDayBookable(context.calendar, event.date) && checkRebookDate(context.order.visitDate, event.date) === null;
    },
    sessionFits: ({ context, event }) => {
      assertEvent(event, 'PICK_SESSION');
      return sessionViolations(context, event.hallScheduleId).length === 0;
    },
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { selected: toggled(context.rules, context.selected, event.ticketId), violations: [], error: null };
    }),
    toggleAll: assign(({ context }) => ({
      selected: allToggled(context.rules, context.selected, 'change'),
      violations: [],
      error: null,
    })),
    showChangeViolations: assign(({ context }) => ({ violations: context.selected.length > 0 ? changeViolations(context) : [] })),
    selectWhole: assign(({ context }) => ({ selected: changeableTicketIds(context) })),
    showSessionViolations: assign(({ context, event }) => {
      assertEvent(event, 'PICK_SESSION');
      return { violations: sessionViolations(context, event.hallScheduleId) };
    }),
    clearViolations: assign({ violations: [], error: null }),
    chooseDate: assign(({ event }) => {
      assertEvent(event, 'PICK_DATE');
      return { date: event.date, halls: [], hallScheduleId: null, violations: [], error: null };
    }),
    setRules: assign((_, { output: rules }: { output: RefundContext }) => ({ rules, error: null })),
    setCalendar: assign((_, { output: calendar }: { output: CalendarDay[] }) => ({ calendar, error: null })),
    setHalls: assign(({ context }, { output: halls }: { output: HallPool[] }) => {
      const hallId = ticketsHallId(context);
      return { halls: halls.filter((h) => h.hallId === hallId), error: null };
    }),
    chooseSession: assign(({ event }) => {
      assertEvent(event, 'PICK_SESSION');
      return { hallScheduleId: event.hallScheduleId, violations: [], error: null };
    }),
    setResult: assign((_, { output: result }: { output: RebookResult }) => ({ result, error: null })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'rebook',
  context: ({ input }) => ({
    order: input.order,
    wholeOrder: input.wholeOrder ?? false,
    rules: NO_REFUND_FACTS,
    selected: [],
    violations: [],
    calendar: [],
    date: null,
    halls: [],
    hallScheduleId: null,
    result: null,
    error: null,
  }),
  initial: 'loading',
  meta: { description: 'Change the date of tickets of a paid order' },
  states: {
    ...loadingStates(
      {
        src: 'loadRules',
        input: ({ context }: { context: RebookContext }) => ({ orderId: context.order.orderId }),
        onDone: [
          { guard: { type: 'wholeMovable', params: output }, target: 'date', actions: [{ type: 'setRules', params: output }, 'selectWhole'] },
          { guard: 'wholeOrder', target: 'refused', actions: [{ type: 'setRules', params: output }, 'selectWhole', 'showChangeViolations'] },
          { target: 'selecting', actions: { type: 'setRules', params: output } },
        ],
      },
      { loading: "Loading the order's refund and change facts", failed: 'The facts could not be loaded: the message and a retry' },
    ),
    refused: {
      type: 'final',
      meta: { description: 'A whole order that cannot move (a ticket checked in, nothing left to use): the reason, and back to the order' },
    },
    selecting: {
      meta: { description: "The order's tickets with checkboxes (used ones disabled) and the violations shown" },
      on: {
        TOGGLE: { guard: 'ticketSelectable', actions: 'toggle' },
        SELECT_ALL: { actions: 'toggleAll' },
        CONFIRM: [{ guard: 'changeAllowed', target: 'date', actions: 'clearViolations' }, { actions: 'showChangeViolations' }],
      },
    },
    date: {
      initial: 'loading',
      meta: { description: 'The new date' },
      // A whole order has no ticking step to go back to: its screen leads back to the order.
      on: { BACK: { guard: not('wholeOrder'), target: 'selecting', actions: 'clearError' } },
      states: {
        ...loadingStates(
          { src: 'loadCalendar', onDone: { target: 'ready', actions: { type: 'setCalendar', params: output } } },
          { loading: 'Loading the calendar', failed: 'The calendar could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'The calendar: pick an available day' },
          on: { PICK_DATE: { guard: 'dayAvailable', target: '#rebook.session', actions: 'chooseDate' } },
        },
      },
    },
    session: {
      initial: 'loading',
      meta: { description: "The new session: the tickets' hall on the chosen day" },
      on: { BACK: { target: '#rebook.date.ready', actions: ['clearViolations'] } },
      states: {
        ...loadingStates(
          {
            src: 'loadHalls',
            input: ({ context }: { context: RebookContext }) => ({ date: context.date ?? '' }),
            onDone: { target: 'ready', actions: { type: 'setHalls', params: output } },
          },
          { loading: "Loading the day's sessions", failed: 'The sessions could not be loaded: retry' },
        ),
        ready: {
          meta: { description: "The hall's sessions: pick one with room for the tickets" },
          on: {
            PICK_SESSION: [{ guard: 'sessionFits', target: '#rebook.confirming', actions: 'chooseSession' }, { actions: 'showSessionViolations' }],
          },
        },
      },
    },
    confirming: {
      meta: { description: 'The tickets, the old and the new date and session: submit or go back' },
      on: {
        SUBMIT: { target: 'submitting', actions: 'clearError' },
        BACK: { target: '#rebook.session.ready', actions: 'clearError' },
      },
    },
    submitting: {
      meta: { description: 'Changing the date' },
      invoke: {
        id: 'rebook',
        src: 'rebook',
        input: ({ context }) => rebookRequestOf(context),
        onDone: { target: 'done', actions: { type: 'setResult', params: output } },
        onError: { target: 'confirming', actions: { type: 'setFailure', params: failure } },
      },
    },
    done: {
      type: 'final',
      meta: { description: 'Changed: the app shows the new date and reloads the order' },
    },
  },
});

export type RebookMachine = typeof rebookMachine;
