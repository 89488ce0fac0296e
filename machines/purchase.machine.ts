/** The individual purchase (docs/product.md §2 select screens, §4 "Purchase", §8): date, venue and
 * session, the waiting room when the day's release queue is open (§2.13), visitors, review with
 * price and agreement, the security slider, submit.
 *
 * Context is plain JSON so the app can persist `actor.getPersistedSnapshot()` (e.g. in
 * sessionStorage) and restore it with `createActor(machine, { snapshot })`.
 *
 * The app provides the actors (see `PurchaseActors` below for their inputs and outputs). */
import { and, assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { cinemaSeatMachine, type ChosenSeats } from './cinemaSeat.machine.ts';
import { SEAT_TAKEN_CODE } from '../src/domain/seats.ts';
import { checkOrder, ORDER_MESSAGES, ORDER_RULES } from '../src/domain/orderRules.ts';
import { isSessionSelectable } from '../src/domain/sessions.ts';
import type { Text } from '../src/domain/text.ts';
import type {
  CalendarDay,
  HallPersonSetting,
  HallPool,
  OrderContext,
  OrderDraft,
  PlaceOrderResult,
  PriceQuote,
  SchedulePool,
  SeatTaken,
  TicketPrice,
  Violation,
  VisitorDraft,
} from '../src/domain/types.ts';
import { errorCode, errorText, failure, notProvided, output, sameText } from './errors.ts';
import { loadingStates } from './loading.ts';
import { queueStates } from './queue.ts';
import { live, queuePush, type LiveEvent, type QueuePushEvent } from './live.ts';
import { applySessions } from '../src/domain/liveStock.ts';
import { ticker, type TickEvent } from './ticker.ts';
import { dayTapOn, QUEUE_POLL_MS, QUEUE_REQUIRED_CODE, QUEUE_STREAM_POLL_MS, type QueueStatus } from '../src/domain/releaseQueue.ts';
import { canAddVisitor, canRemoveVisitor, isVisitorIndex, onVisitorField, type VisitorChange } from './visitorList.ts';

export interface PurchaseContext {
  date: string | null;
  calendar: CalendarDay[];
  halls: HallPool[];
  hallId: number | null;
  hallScheduleId: number | null;
  setting: HallPersonSetting | null;
  visitors: VisitorDraft[];
  violations: Violation[];
  quote: PriceQuote | null;
  agreementAccepted: boolean;
  /** The slider's token: single use, cleared after every submit attempt. */
  captchaToken: string | null;
  orderId: number | null;
  unpaidOrderId: number | null;
  error: Text | null;
  /** The server's risk prompt (already in the user's language). */
  riskPrompt: string | null;
  /** A cinema's chosen seats, "row-col", in the visitors' order (choose mode 1), and as printed. */
  seats: string[];
  seatPlaces: ChosenSeats['places'];
  /** Seats the server refused at placeOrder (taken first by someone else): the map drops them. */
  takenSeats: string[];
  /** The day's release queue as last read (null: the day has none now), with the client's clock
   * (epoch ms) when the answer arrived. */
  queue: QueueAnswer | null;
  /** Whether the place's stream pushes (docs/architecture.md §12): the position is then read less often. */
  queuePushed: boolean;
  /** Sent to the waiting room by her submit (the room opened, or her admission ran out, while she
   * filled the form): once through it, her visitors are there as she left them. */
  draftKept: boolean;
  /** The server's time (epoch ms) as the last TICK puts it: the countdowns run against it. */
  serverNow: number;
}

/** A queue read as the machine keeps it: the server's answer and the client's clock at its arrival. */
export type QueueAnswer = QueueStatus & { receivedAt: number };

/** How often the countdowns of the queue move. */
export const QUEUE_TICK_MS = 1000;

export type { VisitorChange };

export type PurchaseEvent =
  | { type: 'RETRY' }
  | { type: 'PICK_DATE'; date: string }
  | { type: 'BACK' }
  | { type: 'PICK_SESSION'; hallId: number; hallScheduleId: number }
  | { type: 'GO_PAY' }
  | { type: 'DISMISS' }
  | { type: 'VISITOR.ADD' }
  | { type: 'VISITOR.REMOVE'; index: number }
  | ({ type: 'VISITOR.CHANGE'; index: number } & VisitorChange)
  | { type: 'CONFIRM' }
  | { type: 'AGREEMENT.TOGGLE' }
  | { type: 'SUBMIT' }
  | { type: 'SLIDER.PASSED'; token: string }
  | { type: 'SLIDER.CANCEL' }
  | { type: 'ADD_TO_CART' }
  | { type: 'EMPTY_CART' }
  | { type: 'CHANGE_SEATS' }
  | { type: 'JOIN' }
  | TickEvent
  | { type: 'RESET' }
  | LiveEvent
  | QueuePushEvent;

/** placeOrder answers `{ code, msg, data }`: code 200 with data, or 502 and no order
 * (docs/product.md §4, §8). Other codes are rejected by the API layer (the actor throws). */
export interface PlaceOrderAnswer {
  code: number;
  msg: string;
  data: PlaceOrderResult | null;
}

export interface UnpaidCheck {
  orderId: number | null;
}

const CODE_NO_ORDER = 502;
/** The cart holds lines of another date (passed through as data, docs/product.md §8 600). */
const CODE_CART_CONFLICT = 600;

/** What the risk guard reads from a placeOrder or cart-add answer (a cart add may instead
 * answer the date its cart holds). */
type RiskAnswer = { data?: { riskEnable?: boolean; riskPolicy?: number; riskPrompt?: string | null; cartDate?: string } | null };

export function initialPurchaseContext(): PurchaseContext {
  return {
    date: null,
    calendar: [],
    halls: [],
    hallId: null,
    hallScheduleId: null,
    setting: null,
    visitors: [],
    violations: [],
    quote: null,
    agreementAccepted: false,
    captchaToken: null,
    orderId: null,
    unpaidOrderId: null,
    error: null,
    riskPrompt: null,
    seats: [],
    seatPlaces: [],
    takenSeats: [],
    queue: null,
    queuePushed: false,
    draftKept: false,
    serverNow: 0,
  };
}

/** The order as the rules and the calls see it. */
export function draftOf(
  context: Pick<PurchaseContext, 'date' | 'hallId' | 'hallScheduleId' | 'visitors' | 'agreementAccepted' | 'captchaToken' | 'seats'>,
): OrderDraft {
  return {
    visitDate: context.date ?? '',
    hallId: context.hallId,
    hallScheduleId: context.hallScheduleId,
    visitors: context.visitors,
    agreementAccepted: context.agreementAccepted,
    captchaToken: context.captchaToken,
    seats: context.seats,
  };
}

export function chosenHall(context: Pick<PurchaseContext, 'halls' | 'hallId'>): HallPool | undefined {
  return context.halls.find((h) => h.hallId === context.hallId);
}

export function chosenSession(context: Pick<PurchaseContext, 'halls' | 'hallId' | 'hallScheduleId'>): SchedulePool | undefined {
  return chosenHall(context)?.scheduleTicketPoolVOS.find((s) => s.hallScheduleId === context.hallScheduleId);
}

/** What checkOrder needs besides the draft: the hall's rules, the session's prices and stock. */
export function orderContextOf(context: Pick<PurchaseContext, 'halls' | 'hallId' | 'hallScheduleId' | 'setting'>): OrderContext | null {
  const session = chosenSession(context);
  if (!context.setting || !session) return null;
  return {
    hall: context.setting.rules,
    prices: session.priceTicketPoolVOS.map((p): TicketPrice => ({
      ticketPriceId: p.ticketPriceId,
      name: sameText(p.name),
      kind: p.kind,
      price: p.price,
      ageMin: p.ageMin,
      ageMax: p.ageMax,
      isChildFreeTicket: p.isChildFreeTicket,
    })),
    remaining: session.ticketPool,
    freeChildPerAdult: context.setting.freeChildPerAdult,
  };
}

/** The flow's calendar is a change of date from the venue screen, for a visitor taken as logged
 * in: the waiting room asks for the login itself (a place is an account's). */
const LOGGED_IN = true;

function violationsOf(context: PurchaseContext, stage: 'visitors' | 'submit'): Violation[] {
  const orderContext = orderContextOf(context);
  if (!orderContext) return [];
  return checkOrder(draftOf(context), orderContext, stage);
}

function emptyVisitor(context: PurchaseContext): VisitorDraft {
  return {
    name: '',
    certificateType: '1',
    certificateNumber: '',
    ticketPriceId: chosenSession(context)?.priceTicketPoolVOS[0]?.ticketPriceId ?? null,
  };
}

function sameViolation(a: Violation, b: Violation): boolean {
  if (a.field || b.field) {
    return !!a.field && !!b.field && a.field.index === b.field.index && a.field.name === b.field.name;
  }
  return a.rule === b.rule;
}

/** After an edit, the violations the user already sees are checked again: fixed ones go away,
 * ones on fields not shown yet wait for the next CONFIRM. */
function refreshViolations(next: PurchaseContext, shown: Violation[]): Violation[] {
  if (shown.length === 0) return [];
  return violationsOf(next, 'visitors').filter((v) => shown.some((s) => sameViolation(s, v)));
}

export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
  },
  actors: {
    /** The bookable-dates calendar. */
    loadCalendar: fromPromise<CalendarDay[], void>(async () => notProvided('loadCalendar')),
    /** Halls and sessions of a day (the hall pool). */
    loadHalls: fromPromise<HallPool[], { date: string }>(async () => notProvided('loadHalls')),
    /** Unpaid orders block ordering (docs/product.md §8): the unpaid order's id, or null. */
    checkUnpaid: fromPromise<UnpaidCheck, void>(async () => notProvided('checkUnpaid')),
    /** The seat map of a cinema session; the app provides its `loadMap`. */
    cinemaSeat: cinemaSeatMachine,
    /** getHallPoolPersonSetting */
    loadSetting: fromPromise<HallPersonSetting, { hallId: number }>(async () => notProvided('loadSetting')),
    calculatePrice: fromPromise<PriceQuote, { draft: OrderDraft }>(async () => notProvided('calculatePrice')),
    /** Resolves with the raw answer (code 200 or 502); rejects for other codes and network errors. */
    placeOrder: fromPromise<PlaceOrderAnswer, { draft: OrderDraft }>(async () => notProvided('placeOrder')),
    /** placeOrder with poolFlag 1: the tickets go to the cart and hold stock. Resolves with the
     * raw answer: 200, or 600 when the cart holds another date. */
    addToCart: fromPromise<{ code: number; msg: string } & RiskAnswer, { draft: OrderDraft }>(async () => notProvided('addToCart')),
    /** Removes every line of the cart (the visitor agreed to change its date). */
    emptyCart: fromPromise<unknown, void>(async () => notProvided('emptyCart')),
    /** The live stock stream of the calendar or the day (docs/architecture.md §11). */
    live,
    /** Whether the day's booking goes through the release queue now (state 'off': it does not). */
    checkQueue: fromPromise<QueueAnswer, { date: string }>(async () => notProvided('checkQueue')),
    /** Takes (or gets back) the account's place, with the slider's token. */
    enterQueue: fromPromise<QueueAnswer, { date: string; captchaToken: string }>(async () => notProvided('enterQueue')),
    /** Reads the place's position with its queue ticket. */
    readQueue: fromPromise<QueueAnswer, { ticket: string }>(async () => notProvided('readQueue')),
    /** The place's stream: "your turn" and the line's progress as they happen. */
    queuePush,
    ticker,
  },
  guards: {
    dayAvailable: ({ context, event }) => {
      assertEvent(event, 'PICK_DATE');
      return dayTapOn(context.calendar, event.date, LOGGED_IN) === 'book';
    },
    sessionSelectable: ({ context, event }) => {
      assertEvent(event, 'PICK_SESSION');
      const hall = context.halls.find((h) => h.hallId === event.hallId);
      const session = hall?.scheduleTicketPoolVOS.find((s) => s.hallScheduleId === event.hallScheduleId);
      return !!hall && !!session && isSessionSelectable(hall, session);
    },
    hasUnpaidOrder: (_, { check }: { check: UnpaidCheck }) => check.orderId != null,
    canAddVisitor: ({ context }) => canAddVisitor(context.visitors),
    canRemoveVisitor: ({ context, event }) => {
      assertEvent(event, 'VISITOR.REMOVE');
      return canRemoveVisitor(context.visitors, event.index);
    },
    visitorExists: ({ context, event }) => {
      assertEvent(event, 'VISITOR.CHANGE');
      return isVisitorIndex(context.visitors, event.index);
    },
    visitorsValid: ({ context }) => orderContextOf(context) !== null && violationsOf(context, 'visitors').length === 0,
    agreementAccepted: ({ context }) => context.agreementAccepted,
    noOrder: (_, { output: answer }: { output: PlaceOrderAnswer | undefined }) => !answer || answer.code === CODE_NO_ORDER || !answer.data,
    riskRejected: (_, { output: answer }: { output: RiskAnswer }) => !!answer.data && answer.data.riskEnable === true && (answer.data.riskPolicy ?? 1) <= 0,
    cartConflict: (_, { output: answer }: { output: { code: number } }) => answer.code === CODE_CART_CONFLICT,
    orderPlaced: (_, { output: answer }: { output: PlaceOrderAnswer }) => answer.data?.orderId != null,
    /** A cinema where the visitor picks the seats (choose mode 1). */
    picksSeats: ({ context }) => context.setting?.chooseMode === 1,
    seatTaken: (_, { output: answer }: { output: { code: number } }) => answer.code === SEAT_TAKEN_CODE,
    /** A push of the chosen day's sessions. */
    sessionsOfDay: ({ context, event }) => {
      assertEvent(event, 'LIVE');
      return event.push.event === 'sessions' && event.push.data.date === context.date;
    },
    calendarPush: ({ event }) => {
      assertEvent(event, 'LIVE');
      return event.push.event === 'calendar';
    },
    queued: ({ context }) => context.queue !== null,
    queueStreamed: ({ context }) => context.queuePushed,
    /** A push that she still waits; any other (admitted, lost, no queue) is read again at once. */
    pushedWaiting: ({ event }) => {
      assertEvent(event, 'QUEUE.PUSH');
      return event.push.state === 'waiting';
    },
    queueOff: (_, { output: answer }: { output: QueueAnswer }) => answer.state === 'off',
    queueAdmitted: (_, { output: answer }: { output: QueueAnswer }) => answer.state === 'admitted',
    queueLost: (_, { output: answer }: { output: QueueAnswer }) => answer.state === 'left' || answer.state === 'expired',
    /** A place already held (a refresh, a second tab): its position, not a new entry. */
    queuePlaced: (_, { output: answer }: { output: QueueAnswer }) => answer.state === 'waiting' && answer.ticket !== null,
    /** A day awaiting its release: its booking opens through the queue, when the queue is open. */
    dayNotReleased: ({ context, event }) => {
      assertEvent(event, 'PICK_DATE');
      return dayTapOn(context.calendar, event.date, LOGGED_IN) === 'queue';
    },
    notReleasedWithoutQueue: ({ context }) => context.queue === null && context.calendar.some((d) => d.date === context.date && d.state === 'notReleased'),
    sessionChosen: ({ context }) => context.hallScheduleId !== null,
    draftKept: ({ context }) => context.draftKept,
    /** placeOrder or the cart refused her: the day is sold through its waiting room now. */
    queueRequired: (_, { error }: { error: unknown }) => errorCode(error) === QUEUE_REQUIRED_CODE,
  },
  actions: {
    reset: assign(() => initialPurchaseContext()),
    clearError: assign({ error: null }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    setCalendar: assign((_, { output: calendar }: { output: CalendarDay[] }) => ({ calendar, error: null })),
    setHalls: assign((_, { output: halls }: { output: HallPool[] }) => ({ halls, error: null })),
    // Pushed counts and states, applied to what the screen shows (docs/architecture.md §11).
    applyLive: assign(({ context, event }) => {
      assertEvent(event, 'LIVE');
      const { push } = event;
      if (push.event === 'calendar') return { calendar: push.data.days };
      return push.event === 'sessions' ? { halls: applySessions(context.halls, push.data.sessions) } : {};
    }),
    chooseDate: assign(({ event }) => {
      assertEvent(event, 'PICK_DATE');
      return {
        date: event.date,
        queue: null,
        halls: [],
        hallId: null,
        hallScheduleId: null,
        setting: null,
        visitors: [],
        violations: [],
        quote: null,
        agreementAccepted: false,
        captchaToken: null,
        error: null,
      };
    }),
    chooseSession: assign(({ event }) => {
      assertEvent(event, 'PICK_SESSION');
      return { hallId: event.hallId, hallScheduleId: event.hallScheduleId, error: null, unpaidOrderId: null, draftKept: false };
    }),
    startVisitors: assign(({ context }, { setting }: { setting: HallPersonSetting }) => {
      const next = { ...context, setting };
      return {
        setting,
        visitors: [emptyVisitor(next)],
        violations: [],
        quote: null,
        agreementAccepted: false,
        captchaToken: null,
        // Seats belong to the session they were chosen in.
        seats: [],
        seatPlaces: [],
        takenSeats: [],
      };
    }),
    addVisitor: assign(({ context }) => {
      const next = { ...context, visitors: [...context.visitors, emptyVisitor(context)] };
      return { visitors: next.visitors, violations: refreshViolations(next, context.violations) };
    }),
    removeVisitor: assign(({ context, event }) => {
      assertEvent(event, 'VISITOR.REMOVE');
      const visitors = context.visitors.filter((_, i) => i !== event.index);
      // The violations shown keep pointing at the same visitors after the removal.
      const shown = context.violations
        .filter((v) => v.field?.index !== event.index)
        .map((v) => (v.field && v.field.index > event.index ? { ...v, field: { ...v.field, index: v.field.index - 1 } } : v));
      return { visitors, violations: refreshViolations({ ...context, visitors }, shown) };
    }),
    changeVisitor: assign(({ context, event }) => {
      assertEvent(event, 'VISITOR.CHANGE');
      const { index, ...change } = event;
      const visitors = context.visitors.map((v, i) => (i === index ? onVisitorField(v, change as VisitorChange) : v));
      return { visitors, violations: refreshViolations({ ...context, visitors }, context.violations) };
    }),
    showViolations: assign(({ context }) => ({ violations: violationsOf(context, 'visitors') })),
    clearViolations: assign({ violations: [] }),
    toggleAgreement: assign(({ context }) => ({ agreementAccepted: !context.agreementAccepted, error: null })),
    showAgreementError: assign(({ context }) => {
      const agreement = violationsOf(context, 'submit').find((v) => v.rule === ORDER_RULES.agreement);
      return { error: agreement?.message ?? ORDER_MESSAGES.agreement };
    }),
    setToken: assign(({ event }) => {
      assertEvent(event, 'SLIDER.PASSED');
      return { captchaToken: event.token, error: null };
    }),
    clearToken: assign({ captchaToken: null }),
    showNoOrder: assign((_, { output: answer }: { output: PlaceOrderAnswer | undefined }) => ({
      error: answer?.msg ? sameText(answer.msg) : null,
      captchaToken: null,
    })),
    showRisk: assign((_, { output: answer }: { output: RiskAnswer }) => ({ riskPrompt: answer.data?.riskPrompt ?? '', captchaToken: null })),
    setSeats: assign((_, { output: chosen }: { output: ChosenSeats }) => ({ seats: chosen.seats, seatPlaces: chosen.places, takenSeats: [], quote: null })),
    setTakenSeats: assign((_, { output: answer }: { output: { data?: unknown } }) => ({
      takenSeats: (answer.data as SeatTaken | null)?.takenSeats ?? [],
      captchaToken: null,
    })),
    /** The day has no queue now: nothing of it kept. */
    clearQueue: assign({ queue: null }),
    keepDraft: assign({ draftKept: true, queue: null }),
    // Her progress as pushed, on the server's clock of the push (the estimate counts down from it).
    applyQueuePush: assign(({ context, event }) => {
      assertEvent(event, 'QUEUE.PUSH');
      const { ahead, estimateSeconds, now, receivedAt } = event.push;
      return { queuePushed: true, queue: context.queue && { ...context.queue, ahead, estimateSeconds, now, receivedAt }, serverNow: now };
    }),
    streamed: assign({ queuePushed: true }),
    unstreamed: assign({ queuePushed: false }),
    setQueue: assign((_, { output: answer }: { output: QueueAnswer }) => ({
      queue: answer.state === 'off' ? null : answer,
      serverNow: answer.now,
      error: null,
    })),
    tick: assign(({ context }, { now }: { now: number }) => ({
      serverNow: context.queue ? now + context.queue.now - context.queue.receivedAt : context.serverNow,
    })),
    setOrder: assign((_, { output: answer }: { output: PlaceOrderAnswer }) => ({ orderId: answer.data?.orderId ?? null, captchaToken: null, error: null })),
  },
}).createMachine({
  id: 'purchase',
  context: initialPurchaseContext,
  initial: 'date',
  meta: { description: 'Individual purchase' },
  on: {
    RESET: { target: '.date', actions: 'reset' },
    TICK: { guard: 'queued', actions: { type: 'tick', params: ({ event }) => ({ now: event.now }) } },
  },
  states: {
    date: {
      initial: 'loading',
      meta: { description: 'Date selection' },
      states: {
        ...loadingStates(
          { src: 'loadCalendar', onDone: { target: 'ready', actions: { type: 'setCalendar', params: output } } },
          { loading: 'Loading the calendar', failed: 'The calendar could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'The calendar: pick an available day; its days change as they sell' },
          invoke: { id: 'live', src: 'live', input: { kind: 'calendar' } },
          on: {
            PICK_DATE: [
              { guard: 'dayAvailable', target: '#purchase.venue', actions: 'chooseDate' },
              { guard: 'dayNotReleased', target: '#purchase.queue', actions: 'chooseDate' },
            ],
            LIVE: { guard: 'calendarPush', actions: 'applyLive' },
          },
        },
      },
    },
    venue: {
      initial: 'loading',
      meta: { description: 'Venue and session selection for the chosen day' },
      on: {
        BACK: '#purchase.date.ready',
        PICK_DATE: { guard: 'dayAvailable', target: '#purchase.venue', reenter: true, actions: 'chooseDate' },
      },
      states: {
        ...loadingStates(
          {
            src: 'loadHalls',
            input: ({ context }: { context: PurchaseContext }) => ({ date: context.date ?? '' }),
            onDone: { target: 'ready', actions: { type: 'setHalls', params: output } },
          },
          { loading: "Loading the day's halls and sessions", failed: 'The halls could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'The halls with their sessions: pick a session; counts and states change as they sell' },
          invoke: { id: 'live', src: 'live', input: ({ context }) => ({ kind: 'day' as const, date: context.date ?? '' }) },
          on: {
            PICK_SESSION: { guard: 'sessionSelectable', target: '#purchase.checkingUnpaid', actions: 'chooseSession' },
            LIVE: { guard: 'sessionsOfDay', actions: 'applyLive' },
          },
        },
      },
    },
    checkingUnpaid: {
      meta: { description: 'Checking that the user has no unpaid order' },
      invoke: {
        id: 'checkUnpaid',
        src: 'checkUnpaid',
        onDone: [
          {
            guard: { type: 'hasUnpaidOrder', params: ({ event }) => ({ check: event.output }) },
            target: 'unpaidBlocked',
            actions: assign({ unpaidOrderId: ({ event }) => event.output.orderId }),
          },
          { target: 'queue' },
        ],
        onError: { target: '#purchase.venue.ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    queue: {
      initial: 'checking',
      meta: { description: "The waiting room of the day's release (docs/product.md §2.13), when its queue is open" },
      // A new stream is found out anew (its first push says it reaches the page).
      entry: 'unstreamed',
      on: { BACK: { target: '.leaving', actions: assign({ queue: null }) } },
      states: {
        ...queueStates({
          checking: {
            description: "Asking whether the day's booking goes through the queue now, and the place held if any",
            src: 'checkQueue',
            input: ({ context }: { context: PurchaseContext }) => ({ date: context.date ?? '' }),
            then: [
              { guard: { type: 'queuePlaced', params: output }, target: 'waiting', actions: { type: 'setQueue', params: output } },
              { target: 'joining', actions: { type: 'setQueue', params: output } },
            ],
            onError: { target: 'leaving', actions: { type: 'setFailure', params: failure } },
          },
          entering: {
            description: 'Taking a place (or getting back the one held)',
            src: 'enterQueue',
            input: ({ context }: { context: PurchaseContext }) => ({ date: context.date ?? '', captchaToken: context.captchaToken ?? '' }),
            also: ['clearToken'],
            then: [{ target: 'waiting', actions: [{ type: 'setQueue', params: output }, 'clearToken'] }],
            onError: { target: 'joining', actions: [{ type: 'setFailure', params: failure }, 'clearToken'] },
          },
          reading: {
            description: "Reading the place's position",
            src: 'readQueue',
            input: ({ context }: { context: PurchaseContext }) => ({ ticket: context.queue?.ticket ?? '' }),
            then: [
              { guard: { type: 'queueLost', params: output }, target: 'lost', actions: { type: 'setQueue', params: output } },
              { target: 'waiting', actions: { type: 'setQueue', params: output } },
            ],
            // A read that failed keeps the place: read again after the same while.
            onError: { target: 'waiting', actions: { type: 'setFailure', params: failure } },
          },
        }),
        joining: {
          meta: { description: 'The queue is open: the security slider is solved to take a place' },
          on: {
            'SLIDER.PASSED': { target: 'entering', actions: 'setToken' },
            'SLIDER.CANCEL': { target: 'leaving', actions: assign({ queue: null }) },
          },
        },
        waiting: {
          meta: {
            description:
              'In line: the position and an honest estimate, pushed as the line moves; the position read again after a while (the read keeps the place), less often while the pushes come',
          },
          invoke: [
            { id: 'ticker', src: 'ticker', input: { everyMs: QUEUE_TICK_MS } },
            {
              id: 'queuePush',
              src: 'queuePush',
              input: ({ context }) => ({ date: context.date ?? '', ticket: context.queue?.ticket ?? '', ahead: context.queue?.ahead ?? 0 }),
            },
          ],
          after: {
            [QUEUE_POLL_MS]: { guard: not('queueStreamed'), target: 'reading' },
            [QUEUE_STREAM_POLL_MS]: { guard: 'queueStreamed', target: 'reading' },
          },
          on: {
            'QUEUE.PUSH': [
              { guard: 'pushedWaiting', actions: 'applyQueuePush' },
              // Admitted (or lost, or no queue): read at once for the admission's window and the clock.
              { target: 'reading', actions: 'streamed' },
            ],
            // The stream was refused or dropped: read now, then every few seconds.
            'QUEUE.PUSH_LOST': { guard: 'queueStreamed', target: 'reading', actions: 'unstreamed' },
          },
        },
        lost: {
          meta: { description: 'The place was lost (the page stopped reading it, or the admission ran out): join again at the back' },
          on: { JOIN: { target: 'joining', actions: 'clearError' } },
        },
        through: {
          meta: { description: "Past the queue (admitted, or none now): the session's booking, or the day's halls when it was opened before its release" },
          always: [
            { guard: 'notReleasedWithoutQueue', target: '#purchase.date.ready' },
            { guard: 'draftKept', target: '#purchase.visitors', actions: assign({ draftKept: false }) },
            { guard: 'sessionChosen', target: '#purchase.loadingSetting' },
            { target: '#purchase.venue' },
          ],
        },
        leaving: {
          meta: { description: 'Out of the queue: back to the halls, or to the calendar when no session was chosen yet' },
          always: [{ guard: 'sessionChosen', target: '#purchase.venue.ready' }, { target: '#purchase.date.ready' }],
        },
      },
    },
    unpaidBlocked: {
      meta: { description: 'An unpaid order blocks ordering: pay it or go back' },
      on: {
        GO_PAY: 'goPay',
        DISMISS: { target: '#purchase.venue.ready', actions: assign({ unpaidOrderId: null }) },
      },
    },
    goPay: {
      meta: { description: 'The app opens payOrder/{unpaidOrderId}' },
    },
    loadingSetting: {
      meta: { description: "Loading the hall's booking rules" },
      invoke: {
        id: 'loadSetting',
        src: 'loadSetting',
        input: ({ context }) => ({ hallId: context.hallId ?? 0 }),
        onDone: { target: 'visitors', actions: { type: 'startVisitors', params: ({ event }) => ({ setting: event.output }) } },
        onError: { target: '#purchase.venue.ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    visitors: {
      initial: 'editing',
      meta: { description: 'Adding visitors' },
      // An admitted visitor's "left to submit" runs (without a queue a TICK changes nothing).
      invoke: { id: 'ticker', src: 'ticker', input: { everyMs: QUEUE_TICK_MS } },
      states: {
        editing: {
          meta: { description: 'The visitor form (up to 4 visitors), with the violations shown' },
          on: {
            'VISITOR.ADD': { guard: 'canAddVisitor', actions: 'addVisitor' },
            'VISITOR.REMOVE': { guard: 'canRemoveVisitor', actions: 'removeVisitor' },
            'VISITOR.CHANGE': { guard: 'visitorExists', actions: 'changeVisitor' },
            CONFIRM: [
              { guard: and(['visitorsValid', 'picksSeats']), target: '#purchase.seats', actions: 'clearViolations' },
              { guard: 'visitorsValid', target: '#purchase.review', actions: 'clearViolations' },
              { actions: 'showViolations' },
            ],
            BACK: '#purchase.venue.ready',
          },
        },
      },
    },
    seats: {
      meta: { description: 'Choosing the seats on the map (the cinemaSeat machine)' },
      invoke: {
        id: 'cinemaSeat',
        src: 'cinemaSeat',
        input: ({ context }) => ({
          hallScheduleId: context.hallScheduleId ?? 0,
          count: context.visitors.length,
          selected: context.seats,
          taken: context.takenSeats,
        }),
        onDone: { target: 'review', actions: { type: 'setSeats', params: output } },
      },
      on: { BACK: 'visitors' },
    },
    review: {
      initial: 'pricing',
      meta: { description: 'Order review: price, agreement, slider, submit' },
      invoke: { id: 'ticker', src: 'ticker', input: { everyMs: QUEUE_TICK_MS } },
      states: {
        pricing: {
          meta: { description: 'Calculating the price' },
          // The price of other visitors is not shown (nor submitted) while this one is worked out or failed.
          entry: assign({ quote: null }),
          invoke: {
            id: 'calculatePrice',
            src: 'calculatePrice',
            input: ({ context }) => ({ draft: draftOf(context) }),
            onDone: { target: 'ready', actions: assign({ quote: ({ event }) => event.output, error: null }) },
            onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
          },
          on: { BACK: '#purchase.visitors' },
        },
        failed: {
          meta: { description: 'The price could not be calculated: retry' },
          on: { RETRY: 'pricing', BACK: '#purchase.visitors' },
        },
        ready: {
          meta: { description: 'The price and the agreement checkbox; submit' },
          on: {
            'AGREEMENT.TOGGLE': { actions: 'toggleAgreement' },
            SUBMIT: [{ guard: 'agreementAccepted', target: 'verifying', actions: 'clearError' }, { actions: 'showAgreementError' }],
            CHANGE_SEATS: { guard: 'picksSeats', target: '#purchase.seats' },
            // The cart needs the agreement too, but no slider: nothing is bought yet.
            ADD_TO_CART: [{ guard: 'agreementAccepted', target: 'addingToCart', actions: 'clearError' }, { actions: 'showAgreementError' }],
            BACK: '#purchase.visitors',
          },
        },
        verifying: {
          meta: { description: 'The security slider is shown' },
          on: {
            'SLIDER.PASSED': { target: 'submitting', actions: 'setToken' },
            'SLIDER.CANCEL': 'ready',
          },
        },
        submitting: {
          meta: { description: 'Placing the order' },
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => ({ draft: draftOf(context) }),
            onDone: [
              { guard: { type: 'seatTaken', params: output }, target: '#purchase.seats', actions: { type: 'setTakenSeats', params: output } },
              { guard: { type: 'noOrder', params: output }, target: 'ready', actions: { type: 'showNoOrder', params: output } },
              { guard: { type: 'riskRejected', params: output }, target: 'riskRejected', actions: { type: 'showRisk', params: output } },
              { guard: { type: 'orderPlaced', params: output }, target: '#purchase.placed', actions: { type: 'setOrder', params: output } },
              { target: 'ready', actions: { type: 'showNoOrder', params: output } },
            ],
            onError: [
              { guard: { type: 'queueRequired', params: failure }, target: '#purchase.queue', actions: ['keepDraft', 'clearToken'] },
              { target: 'ready', actions: [{ type: 'setFailure', params: failure }, 'clearToken'] },
            ],
          },
        },
        addingToCart: {
          meta: { description: 'Putting the tickets in the cart (stock held)' },
          invoke: {
            id: 'addToCart',
            src: 'addToCart',
            input: ({ context }) => ({ draft: draftOf(context) }),
            onDone: [
              { guard: { type: 'cartConflict', params: output }, target: 'cartConflict' },
              { guard: { type: 'seatTaken', params: output }, target: '#purchase.seats', actions: { type: 'setTakenSeats', params: output } },
              // Cart adds pass the same risk policy as orders (hoarding).
              { guard: { type: 'riskRejected', params: output }, target: 'riskRejected', actions: { type: 'showRisk', params: output } },
              { target: '#purchase.carted' },
            ],
            onError: [
              { guard: { type: 'queueRequired', params: failure }, target: '#purchase.queue', actions: 'keepDraft' },
              { target: 'ready', actions: { type: 'setFailure', params: failure } },
            ],
          },
        },
        cartConflict: {
          meta: { description: 'The cart holds another date: empty it, or keep it and stay' },
          on: { EMPTY_CART: 'emptyingCart', DISMISS: 'ready' },
        },
        emptyingCart: {
          meta: { description: 'Emptying the cart, then adding again' },
          invoke: {
            id: 'emptyCart',
            src: 'emptyCart',
            onDone: 'addingToCart',
            onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
          },
        },
        riskRejected: {
          meta: { description: "The risk check refused the order or cart add: the server's prompt is shown" },
          on: { DISMISS: { target: 'ready', actions: assign({ riskPrompt: null }) } },
        },
      },
    },
    carted: {
      meta: { description: 'In the cart: the app opens the cart and sends RESET' },
    },
    placed: {
      meta: { description: 'Order placed: the app opens payOrder/{orderId} and sends RESET' },
    },
  },
});

export type PurchaseMachine = typeof purchaseMachine;
