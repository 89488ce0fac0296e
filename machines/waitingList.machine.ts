/** The waiting list (docs/product.md §1 candidate orders, §4 waiting-list order): a visitor who finds a
 * session full chooses a day and a session whose list is open, adds her visitors (every
 * order rule of docs/product.md §5 but the stock), agrees, passes the slider and joins with a candidate
 * order; she pays it on payOrder like any order, and then it stands by until it succeeds, is
 * cancelled by her (money back), or is full at the cut-off and returned.
 *
 * Two entries: input { date?, hallScheduleId? } starts at the choice; input { orderId } at the
 * order (orderDetail of a candidate order), which is reloaded on the ticker while it stands by.
 *
 * The app provides the actors `loadCalendar` (getCalendarForCandidate), `loadHalls` (the date:
 * getHallForCandidate), `loadSetting` (the hall id: its rules), `join` ({ draft, prices }:
 * placeOrder's raw answer), `loadOrder` (the order id: its status, getOrderStatusForTimeOut's
 * small answer), `cancel` (the order id) and
 * `ticker`. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkOrder, ORDER_MESSAGES } from '../src/domain/orderRules.ts';
import type { Text } from '../src/domain/text.ts';
import type { HallPersonSetting, HallPool, OrderDraft, OrderStatus, PricePool, Violation, VisitorDraft } from '../src/domain/types.ts';
import { candidateStateOf, isListOpen, type CandidateDay, type CandidateState } from '../src/domain/waitingList.ts';
import { errorText, failure, notProvided, output, sameText } from './errors.ts';
import { loadingStates } from './loading.ts';
import { chosenSession, draftOf, orderContextOf, type PlaceOrderAnswer } from './purchase.machine.ts';
import { canAddVisitor, canRemoveVisitor, isVisitorIndex, onVisitorField, type VisitorChange } from './visitorList.ts';
import { ticker, type TickEvent } from './ticker.ts';

/** How often a standing-by order is looked at again. */
export const STANDING_BY_REFRESH_MS = 10_000;

export interface WaitingListContext {
  date: string | null;
  calendar: CandidateDay[];
  halls: HallPool[];
  hallId: number | null;
  hallScheduleId: number | null;
  setting: HallPersonSetting | null;
  visitors: VisitorDraft[];
  violations: Violation[];
  agreementAccepted: boolean;
  captchaToken: string | null;
  orderId: number | null;
  /** The followed order's state (docs/product.md §4), once loaded; null while unpaid. */
  candidate: CandidateState | null;
  loaded: boolean;
  error: Text | null;
}

export type WaitingListEvent =
  | { type: 'RETRY' }
  | { type: 'PICK_DATE'; date: string }
  | { type: 'PICK_SESSION'; hallId: number; hallScheduleId: number }
  | { type: 'BACK' }
  | { type: 'VISITOR.ADD' }
  | { type: 'VISITOR.REMOVE'; index: number }
  | ({ type: 'VISITOR.CHANGE'; index: number } & VisitorChange)
  | { type: 'AGREEMENT.TOGGLE' }
  | { type: 'SUBMIT' }
  | { type: 'SLIDER.PASSED'; token: string }
  | { type: 'SLIDER.CANCEL' }
  | { type: 'CANCEL' }
  | TickEvent;

export type WaitingListInput = { date?: string | null; orderId?: number | null };

/** What the visitors' tickets cost, at the chosen session's prices. */
export function joinTotal(c: Pick<WaitingListContext, 'halls' | 'hallId' | 'hallScheduleId' | 'visitors'>): number {
  const prices = chosenSession(c)?.priceTicketPoolVOS ?? [];
  return c.visitors.reduce((sum, v) => sum + (prices.find((p) => p.ticketPriceId === v.ticketPriceId)?.price ?? 0), 0);
}

/** Every order rule but the stock: joining is for a session without enough of it. */
function violationsOf(c: WaitingListContext): Violation[] {
  const ctx = orderContextOf(c);
  if (!ctx) return [];
  return checkOrder(draftOf({ ...c, seats: [] }), { ...ctx, remaining: Number.MAX_SAFE_INTEGER }, 'visitors');
}

const emptyVisitor = (c: WaitingListContext): VisitorDraft => ({
  name: '',
  certificateType: '1',
  certificateNumber: '',
  ticketPriceId: chosenSession(c)?.priceTicketPoolVOS[0]?.ticketPriceId ?? null,
});

export const waitingListMachine = setup({
  types: {
    context: {} as WaitingListContext,
    events: {} as WaitingListEvent,
    input: {} as WaitingListInput,
  },
  actors: {
    loadCalendar: fromPromise<CandidateDay[]>(async () => notProvided('loadCalendar')),
    loadHalls: fromPromise<HallPool[], string>(async () => notProvided('loadHalls')),
    loadSetting: fromPromise<HallPersonSetting, number>(async () => notProvided('loadSetting')),
    join: fromPromise<PlaceOrderAnswer, { draft: OrderDraft; prices: PricePool[] }>(async () => notProvided('join')),
    loadOrder: fromPromise<{ status: OrderStatus }, number>(async () => notProvided('loadOrder')),
    cancel: fromPromise<unknown, number>(async () => notProvided('cancel')),
    ticker,
  },
  guards: {
    hasOrder: ({ context }) => context.orderId !== null,
    hasDate: ({ context }) => context.date !== null,
    dayOpen: ({ context, event }) => {
      assertEvent(event, 'PICK_DATE');
      return context.calendar.some((d) => d.date === event.date && isListOpen(d));
    },
    sessionOpen: ({ context, event }) => {
      assertEvent(event, 'PICK_SESSION');
      return context.halls.some(
        (h) => h.hallId === event.hallId && h.scheduleTicketPoolVOS.some((s) => s.hallScheduleId === event.hallScheduleId && isListOpen(s)),
      );
    },
    canAdd: ({ context }) => canAddVisitor(context.visitors),
    canRemove: ({ context, event }) => {
      assertEvent(event, 'VISITOR.REMOVE');
      return canRemoveVisitor(context.visitors, event.index);
    },
    visitorExists: ({ context, event }) => {
      assertEvent(event, 'VISITOR.CHANGE');
      return isVisitorIndex(context.visitors, event.index);
    },
    invalid: ({ context }) => violationsOf(context).length > 0,
    agreed: ({ context }) => context.agreementAccepted,
    joined: (_, { output: answer }: { output: PlaceOrderAnswer }) => answer.code === 200 && answer.data?.orderId != null,
    is: ({ context }, { state }: { state: CandidateState }) => context.candidate === state,
  },
  actions: {
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), captchaToken: null })),
    setCalendar: assign((_, { output: days }: { output: CandidateDay[] }) => ({ calendar: days, error: null })),
    pickDate: assign(({ event }) => {
      assertEvent(event, 'PICK_DATE');
      return { date: event.date, halls: [], hallId: null, hallScheduleId: null };
    }),
    setHalls: assign((_, { output: halls }: { output: HallPool[] }) => ({ halls, error: null })),
    pickSession: assign(({ event }) => {
      assertEvent(event, 'PICK_SESSION');
      return { hallId: event.hallId, hallScheduleId: event.hallScheduleId, setting: null };
    }),
    setSetting: assign(({ context }, { output: setting }: { output: HallPersonSetting }) => {
      const next = { ...context, setting, error: null };
      return { setting, error: null, visitors: [emptyVisitor(next)], violations: [] };
    }),
    addVisitor: assign(({ context }) => ({ visitors: [...context.visitors, emptyVisitor(context)] })),
    removeVisitor: assign(({ context, event }) => {
      assertEvent(event, 'VISITOR.REMOVE');
      return { visitors: context.visitors.filter((_, i) => i !== event.index), violations: [] };
    }),
    changeVisitor: assign(({ context, event }) => {
      assertEvent(event, 'VISITOR.CHANGE');
      const { index, ...change } = event;
      return { visitors: context.visitors.map((v, i) => (i === index ? onVisitorField(v, change as VisitorChange) : v)), violations: [] };
    }),
    showViolations: assign(({ context }) => ({ violations: violationsOf(context), error: null })),
    toggleAgreement: assign(({ context }) => ({ agreementAccepted: !context.agreementAccepted, error: null })),
    showAgreementError: assign({ error: ORDER_MESSAGES.agreement }),
    setToken: assign(({ event }) => {
      assertEvent(event, 'SLIDER.PASSED');
      return { captchaToken: event.token, error: null };
    }),
    showNotJoined: assign((_, { output: answer }: { output: PlaceOrderAnswer }) => ({ error: sameText(answer.msg || '—'), captchaToken: null })),
    setJoined: assign((_, { output: answer }: { output: PlaceOrderAnswer }) => ({ orderId: answer.data?.orderId ?? null, captchaToken: null })),
    setOrder: assign((_, { output: order }: { output: { status: OrderStatus } }) => ({ candidate: candidateStateOf(order.status), loaded: true, error: null })),
  },
}).createMachine({
  id: 'waitingList',
  context: ({ input }) => ({
    date: input.date ?? null,
    calendar: [],
    halls: [],
    hallId: null,
    hallScheduleId: null,
    setting: null,
    visitors: [],
    violations: [],
    agreementAccepted: false,
    captchaToken: null,
    orderId: input.orderId ?? null,
    candidate: null,
    loaded: false,
    error: null,
  }),
  initial: 'start',
  meta: { description: 'The waiting list: join a full session, pay, stand by' },
  states: {
    start: {
      meta: { description: 'Which entry: an order to follow, a day already chosen, or the calendar' },
      always: [{ guard: 'hasOrder', target: 'order' }, { guard: 'hasDate', target: 'sessions' }, { target: 'days' }],
    },
    days: {
      meta: { description: 'The days whose waiting lists are open' },
      initial: 'loading',
      states: {
        ...loadingStates(
          { src: 'loadCalendar', onDone: { target: 'ready', actions: { type: 'setCalendar', params: output } } },
          { loading: 'Loading the waiting-list calendar', failed: 'The calendar could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'Choose a day with an open list' },
          on: { PICK_DATE: { guard: 'dayOpen', target: '#waitingList.sessions', actions: 'pickDate' } },
        },
      },
    },
    sessions: {
      meta: { description: "The day's full sessions and their lists" },
      initial: 'loading',
      states: {
        ...loadingStates(
          {
            src: 'loadHalls',
            input: ({ context }: { context: WaitingListContext }) => context.date!,
            onDone: { target: 'ready', actions: { type: 'setHalls', params: output } },
          },
          { loading: "Loading the day's waiting lists", failed: 'The sessions could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'Choose a session whose list is open (status 4)' },
          on: {
            PICK_SESSION: { guard: 'sessionOpen', target: '#waitingList.visitors', actions: 'pickSession' },
            BACK: '#waitingList.days',
          },
        },
      },
    },
    visitors: {
      meta: { description: 'Visitors and the agreement' },
      initial: 'loading',
      states: {
        ...loadingStates(
          {
            src: 'loadSetting',
            input: ({ context }: { context: WaitingListContext }) => context.hallId!,
            onDone: { target: 'editing', actions: { type: 'setSetting', params: output } },
          },
          { loading: "Loading the hall's rules", failed: "The hall's rules could not be loaded: retry" },
        ),
        editing: {
          meta: { description: 'Add visitors, agree, and join' },
          on: {
            'VISITOR.ADD': { guard: 'canAdd', actions: 'addVisitor' },
            'VISITOR.REMOVE': { guard: 'canRemove', actions: 'removeVisitor' },
            'VISITOR.CHANGE': { guard: 'visitorExists', actions: 'changeVisitor' },
            'AGREEMENT.TOGGLE': { actions: 'toggleAgreement' },
            SUBMIT: [{ guard: 'invalid', actions: 'showViolations' }, { guard: 'agreed', target: 'verifying' }, { actions: 'showAgreementError' }],
          },
        },
        verifying: {
          meta: { description: 'The security slider is shown' },
          on: { 'SLIDER.PASSED': { target: 'joining', actions: 'setToken' }, 'SLIDER.CANCEL': 'editing' },
        },
        joining: {
          meta: { description: 'Placing the candidate order' },
          invoke: {
            id: 'join',
            src: 'join',
            input: ({ context }) => ({ draft: draftOf({ ...context, seats: [] }), prices: chosenSession(context)?.priceTicketPoolVOS ?? [] }),
            onDone: [
              { guard: { type: 'joined', params: output }, target: '#waitingList.joined', actions: { type: 'setJoined', params: output } },
              { target: 'editing', actions: { type: 'showNotJoined', params: output } },
            ],
            onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
          },
        },
      },
      on: { BACK: '#waitingList.sessions' },
    },
    joined: { type: 'final', meta: { description: 'Joined: the app opens payOrder/{orderId}; paid, the order stands by' } },
    order: {
      meta: { description: 'A candidate order and its state (docs/product.md §4)' },
      initial: 'loading',
      states: {
        ...loadingStates(
          {
            src: 'loadOrder',
            input: ({ context }: { context: WaitingListContext }) => context.orderId!,
            onDone: { target: 'routing', actions: { type: 'setOrder', params: output } },
          },
          { loading: 'Loading the order', failed: 'The order could not be loaded: retry' },
        ),
        routing: {
          meta: { description: 'Where the order is' },
          always: [
            { guard: { type: 'is', params: { state: 'standingBy' } }, target: 'standingBy' },
            { guard: { type: 'is', params: { state: 'succeeded' } }, target: 'succeeded' },
            { guard: { type: 'is', params: { state: 'full' } }, target: 'full' },
            { guard: { type: 'is', params: { state: 'cancelled' } }, target: 'cancelled' },
            { guard: { type: 'is', params: { state: 'returned' } }, target: 'returned' },
            { target: 'unpaid' },
          ],
        },
        unpaid: { type: 'final', meta: { description: 'Not paid yet: not on the list until it is' } },
        standingBy: {
          meta: { description: 'Paid and on the list: looked at again on the ticker; may leave (money back)' },
          invoke: { id: 'ticker', src: 'ticker', input: { everyMs: STANDING_BY_REFRESH_MS } },
          on: { TICK: 'loading', CANCEL: 'cancelling' },
        },
        cancelling: {
          meta: { description: 'Leaving the list' },
          invoke: {
            id: 'cancel',
            src: 'cancel',
            input: ({ context }) => context.orderId!,
            onDone: 'loading',
            onError: { target: 'standingBy', actions: { type: 'setFailure', params: failure } },
          },
        },
        full: {
          meta: { description: 'Not filled by the cut-off: the money is on its way back' },
          invoke: { id: 'ticker', src: 'ticker', input: { everyMs: STANDING_BY_REFRESH_MS } },
          on: { TICK: 'loading' },
        },
        succeeded: { type: 'final', meta: { description: 'Filled: a paid order with its QR codes' } },
        cancelled: { type: 'final', meta: { description: 'Cancelled (paid back in full if it was paid)' } },
        returned: { type: 'final', meta: { description: 'Not filled: paid back in full' } },
      },
    },
  },
});
