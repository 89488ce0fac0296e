/** A group's date change (SPEC §2 team order/ticketChangesDate, §5 "Refund and change", §7
 * rebook/group): the WHOLE group moves to a session of the same hall on another day, so there
 * are no tickets to tick (the rebook machine's first step); a day on the team's calendar, a
 * session of the group's hall on that day, confirm, submit.
 *
 * The rules, all from src/domain:
 * - the group: `checkRefund` with action 'change' on every ticket still to be used (nothing
 *   once any ticket is checked in, no cinema), on arrival;
 * - the day: available on the team's calendar, and not the group's own visit date
 *   (`checkRebookDate`);
 * - the session: `isSessionSelectable` and the stock rule for the whole group (the rebook
 *   machine's `sessionViolations`). The server judges the rest again (the hall's group
 *   rules on the new day, the new day's free school tickets) and its refusal is shown.
 *
 * Input: { orderId }. Context is plain JSON. The app provides the actors `loadOrder` (the
 * group order and its change facts), `loadCalendar` (getHallCalendar), `loadHalls` (getHall
 * with openPerson 2) and `rebook` (rebook/group). */
import { assign, fromPromise, setup } from 'xstate';
import { checkRebookDate, checkRefund, NO_REFUND_FACTS, type RefundContext } from '../src/domain/refundRules.ts';
import { isDayBookable } from '../src/domain/sessions.ts';
import type { Text } from '../src/domain/text.ts';
import type { CalendarDay, GroupOrderDetail, HallPool, RebookResult, Violation } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';
import { sessionViolations } from './rebook.machine.ts';
import { selectableTicketIds } from './ticketSelection.ts';

export interface GroupRebookInput {
  orderId: number;
}

/** What the screen reads first: the order it shows, and the facts the change rules need. */
export interface GroupRebookFacts {
  order: GroupOrderDetail;
  rules: RefundContext;
}

export interface GroupRebookRequest {
  orderId: number;
  hallScheduleId: number;
}

export interface GroupRebookContext {
  orderId: number;
  order: GroupOrderDetail | null;
  rules: RefundContext;
  violations: Violation[];
  calendar: CalendarDay[];
  date: string | null;
  /** The chosen day's sessions of the group's hall only. */
  halls: HallPool[];
  hallScheduleId: number | null;
  result: RebookResult | null;
  error: Text | null;
}

export type GroupRebookEvent =
  | { type: 'PICK_DATE'; date: string }
  | { type: 'PICK_SESSION'; hallScheduleId: number }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'BACK' };

/** The group's tickets that move: every ticket still to be used. */
export function movingTicketIds(rules: RefundContext): number[] {
  return selectableTicketIds(rules, 'change');
}

/** Why the group cannot move at all (checked in, cinema ...); empty when there is nothing
 * left to move, which the screen says in its own words. */
export function groupChangeViolations(rules: RefundContext): Violation[] {
  const ids = movingTicketIds(rules);
  return ids.length === 0 ? [] : checkRefund({ action: 'change', ticketIds: ids }, rules);
}

function groupMovable(rules: RefundContext): boolean {
  return movingTicketIds(rules).length > 0 && groupChangeViolations(rules).length === 0;
}

/** The group's hall and visit date (its tickets still to be used share both). */
function groupTicket(rules: RefundContext) {
  const first = movingTicketIds(rules)[0];
  return rules.tickets.find((t) => t.ticketId === first) ?? null;
}

/** Days the calendar offers: available, and not the group's own visit date. */
export function pickableDays(context: Pick<GroupRebookContext, 'calendar' | 'rules'>): CalendarDay[] {
  const visitDate = groupTicket(context.rules)?.visitDate ?? '';
  return context.calendar.filter((day) => isDayBookable(context.calendar, day.date) && checkRebookDate(visitDate, day.date) === null);
}

/** Why the session cannot take the whole group: not selectable, or too few tickets left. */
export function groupSessionViolations(context: Pick<GroupRebookContext, 'halls' | 'rules'>, hallScheduleId: number): Violation[] {
  return sessionViolations({ halls: context.halls, selected: movingTicketIds(context.rules) }, hallScheduleId);
}

export const groupRebookMachine = setup({
  types: {
    context: {} as GroupRebookContext,
    events: {} as GroupRebookEvent,
    input: {} as GroupRebookInput,
  },
  actors: {
    /** searchTravelTeamOrder and GET /order/refund/rules/{orderId}. */
    loadOrder: fromPromise<GroupRebookFacts, { orderId: number }>(async () => notProvided('loadOrder')),
    /** The team's calendar (getHallCalendar). */
    loadCalendar: fromPromise<CalendarDay[], void>(async () => notProvided('loadCalendar')),
    /** The halls groups may book on a day (getHall, openPerson 2); the machine keeps the group's hall. */
    loadHalls: fromPromise<HallPool[], { date: string }>(async () => notProvided('loadHalls')),
    /** rebook/group */
    rebook: fromPromise<RebookResult, GroupRebookRequest>(async () => notProvided('rebook')),
  },
  guards: {
    movable: (_, { output: facts }: { output: GroupRebookFacts }) => groupMovable(facts.rules),
    dayPickable: ({ context, event }) =>
      event.type === 'PICK_DATE' && pickableDays(context).some((day) => day.date === event.date),
    sessionFits: ({ context, event }) =>
      event.type === 'PICK_SESSION' && groupSessionViolations(context, event.hallScheduleId).length === 0,
  },
  actions: {
    setFacts: assign((_, { output: facts }: { output: GroupRebookFacts }) => ({
      order: facts.order,
      rules: facts.rules,
      violations: groupChangeViolations(facts.rules),
      error: null,
    })),
    setCalendar: assign((_, { output: calendar }: { output: CalendarDay[] }) => ({ calendar, error: null })),
    setHalls: assign(({ context }, { output: halls }: { output: HallPool[] }) => {
      const hallId = groupTicket(context.rules)?.hallId ?? null;
      return { halls: halls.filter((h) => h.hallId === hallId), error: null };
    }),
    chooseDate: assign(({ event }) =>
      event.type === 'PICK_DATE' ? { date: event.date, halls: [], hallScheduleId: null, violations: [], error: null } : {},
    ),
    chooseSession: assign(({ event }) =>
      event.type === 'PICK_SESSION' ? { hallScheduleId: event.hallScheduleId, violations: [], error: null } : {},
    ),
    showSessionViolations: assign(({ context, event }) =>
      event.type === 'PICK_SESSION' ? { violations: groupSessionViolations(context, event.hallScheduleId) } : {},
    ),
    clearViolations: assign({ violations: [], error: null }),
    setResult: assign((_, { output: result }: { output: RebookResult }) => ({ result, error: null })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'groupRebook',
  context: ({ input }) => ({
    orderId: input.orderId,
    order: null,
    rules: NO_REFUND_FACTS,
    violations: [],
    calendar: [],
    date: null,
    halls: [],
    hallScheduleId: null,
    result: null,
    error: null,
  }),
  initial: 'loading',
  meta: { description: 'Move a whole group to a session of the same hall on another day' },
  states: {
    ...loadingStates(
      {
        src: 'loadOrder',
        input: ({ context }: { context: GroupRebookContext }) => ({ orderId: context.orderId }),
        onDone: [
          { guard: { type: 'movable', params: output }, target: 'date', actions: { type: 'setFacts', params: output } },
          { target: 'refused', actions: { type: 'setFacts', params: output } },
        ],
      },
      { loading: 'Loading the group order and its change facts', failed: 'The order could not be loaded: the message and a retry' },
    ),
    refused: {
      type: 'final',
      meta: { description: 'The group cannot move: checked in, or no ticket left to use (the reason, and back to the order)' },
    },
    date: {
      initial: 'loading',
      meta: { description: "The group's hall and date now, and the new date" },
      states: {
        ...loadingStates(
          { src: 'loadCalendar', onDone: { target: 'ready', actions: { type: 'setCalendar', params: output } } },
          { loading: "Loading the team's calendar", failed: 'The calendar could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'The calendar: pick an available day other than the visit date' },
          on: { PICK_DATE: { guard: 'dayPickable', target: '#groupRebook.session', actions: 'chooseDate' } },
        },
      },
    },
    session: {
      initial: 'loading',
      meta: { description: "The new session: the group's hall on the chosen day" },
      on: { BACK: { target: '#groupRebook.date.ready', actions: 'clearViolations' } },
      states: {
        ...loadingStates(
          {
            src: 'loadHalls',
            input: ({ context }: { context: GroupRebookContext }) => ({ date: context.date ?? '' }),
            onDone: { target: 'ready', actions: { type: 'setHalls', params: output } },
          },
          { loading: "Loading the day's sessions", failed: 'The sessions could not be loaded: retry' },
        ),
        ready: {
          meta: { description: "The hall's sessions: pick one with room for the whole group" },
          on: {
            PICK_SESSION: [
              { guard: 'sessionFits', target: '#groupRebook.confirming', actions: 'chooseSession' },
              { actions: 'showSessionViolations' },
            ],
          },
        },
      },
    },
    confirming: {
      meta: { description: 'The old and the new date and session, and the group size: submit or go back' },
      on: {
        SUBMIT: { target: 'submitting', actions: 'clearError' },
        BACK: { target: '#groupRebook.session.ready', actions: 'clearError' },
      },
    },
    submitting: {
      meta: { description: 'Moving the group' },
      invoke: {
        id: 'rebook',
        src: 'rebook',
        input: ({ context }) => ({ orderId: context.orderId, hallScheduleId: context.hallScheduleId ?? 0 }),
        onDone: { target: 'done', actions: { type: 'setResult', params: output } },
        onError: { target: 'confirming', actions: { type: 'setFailure', params: failure } },
      },
    },
    done: {
      type: 'final',
      meta: { description: 'Moved: the app shows the order on its new date' },
    },
  },
});

export type GroupRebookMachine = typeof groupRebookMachine;
