/** The group draft (docs/product.md §2 team select screens, §3 "Group order draft", §5 "Group rules"): a
 * day on the team calendar, a hall taking groups and its session, the group's settings for
 * that hall and day, the leader, the pupils by grade (schools) or the group's size, the
 * teachers (schools), the summary with the price, the agreement, the slider, placing it.
 *
 * Every rule is src/domain/groupRules.ts: each step checks its part on NEXT, the summary all
 * of them; the quote (free tickets and price) is computed from the draft, never stored.
 * Context is plain JSON, so the app keeps `getPersistedSnapshot()` in localStorage: the
 * draft survives a reload and a login expiry and can be left and resumed.
 *
 * In a dome the cinema seats the group together; where the dome lets people pick (choose
 * mode 1) the team may instead choose its seats on the map from the summary (the cinemaSeat
 * machine, one seat per person); a seat taken first sends it back to the map without it.
 *
 * From the summary the group may instead wait in the team's cart, holding its places (not in
 * a dome: its seats are taken when it orders); the cart pays it later behind the slider.
 *
 * The app provides the actors: `loadCalendar` (getHallCalendar), `loadHalls` (getHall,
 * openPerson 2), `loadSetting` (getSchoolFreeTicket), `cinemaSeat`, `placeOrder` and
 * `addToCart` (placeOrder with poolFlag 1). */
import { and, assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { cinemaSeatMachine, type ChosenSeats } from './cinemaSeat.machine.ts';
import { SEAT_TAKEN_CODE } from '../src/domain/seats.ts';
import { normalizeCertificate } from '../src/domain/certificates.ts';
import {
  buildGroupOrderRequest,
  checkGroup,
  checkGroupStep,
  groupKindOf,
  hallRefusal,
  quoteGroup,
  type GradeEntry,
  type GroupContext,
  type GroupDraft,
  type GroupOrderRequest,
  type GroupPayMethod,
  type GroupQuote,
  type GroupStep,
  type TicketUseType,
  windowPayOpen,
} from '../src/domain/groupRules.ts';
import { ORDER_MESSAGES, ORDER_RULES } from '../src/domain/orderRules.ts';
import { isDayBookable, isSessionSelectable } from '../src/domain/sessions.ts';
import type { Text } from '../src/domain/text.ts';
import type { CalendarDay, CartAddResult, GroupSetting, HallPool, PlaceOrderResult, SchedulePool, SeatTaken, Violation } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output, sameText } from './errors.ts';
import { loadingStates } from './loading.ts';

/** How many grades and teachers one form holds. */
export const MAX_GRADES = 20;
export const MAX_TEACHERS = 60;

export interface GroupDraftContext {
  /** A new draft's grades (Grade One and Grade Two in the draft's language). */
  defaultGrades: GradeEntry[];
  calendar: CalendarDay[];
  halls: HallPool[];
  setting: GroupSetting | null;
  draft: GroupDraft;
  violations: Violation[];
  agreementAccepted: boolean;
  captchaToken: string | null;
  orderId: number | null;
  error: Text | null;
  /** Seats the team chose in a dome, "row-col", one per person (empty: the cinema seats it), and as printed. */
  seats: string[];
  seatPlaces: ChosenSeats['places'];
  /** Seats the server refused (taken first by someone else): the map drops them. */
  takenSeats: string[];
}

export interface GroupDraftInput {
  /** The default grades' names follow the language of the screen that started the draft. */
  defaultGrades: GradeEntry[];
}

type LeaderField = 'name' | 'certificateType' | 'certificateNumber' | 'phone';
/** A grade's total is not typed: it is boys plus girls (docs/product.md §5.5), kept so. */
type GradeField = 'name' | 'boy' | 'girl' | 'beijing' | 'orther';
type TeacherField = 'name' | 'certificateType' | 'certificateNumber';

export type GroupDraftEvent =
  | { type: 'RETRY' }
  | { type: 'BACK' }
  | { type: 'PICK_DATE'; date: string }
  | { type: 'PICK_SESSION'; hallId: number; hallScheduleId: number }
  | { type: 'LEADER.CHANGE'; field: LeaderField; value: string }
  | { type: 'GRADE.ADD' }
  | { type: 'GRADE.REMOVE'; index: number }
  | { type: 'GRADE.CHANGE'; index: number; field: GradeField; value: string }
  | { type: 'VISITORS.CHANGE'; value: string }
  | { type: 'CHILDREN.CHANGE'; value: string }
  | { type: 'LEADER_FREE.TOGGLE' }
  | { type: 'TEACHER.ADD' }
  | { type: 'TEACHER.REMOVE'; index: number }
  | { type: 'TEACHER.CHANGE'; index: number; field: TeacherField; value: string }
  | { type: 'USE_TYPE.CHANGE'; value: TicketUseType }
  | { type: 'PAY_METHOD.CHANGE'; value: GroupPayMethod }
  | { type: 'AGREEMENT.TOGGLE' }
  | { type: 'NEXT' }
  | { type: 'SUBMIT' }
  | { type: 'SLIDER.PASSED'; token: string }
  | { type: 'SLIDER.CANCEL' }
  | { type: 'CHOOSE_SEATS' }
  | { type: 'ADD_TO_CART' }
  | { type: 'RESET' }
  /** Another team logged in on this device: its draft starts afresh. */
  | { type: 'DISCARD' };

/** placeOrder answers `{ code, msg, data }`: 200 with the order (or the cart entry), or 502 and no order (docs/product.md §8). */
export interface GroupPlaceAnswer {
  code: number;
  msg: string;
  data: PlaceOrderResult | CartAddResult | SeatTaken | null;
}

/** "Number: integer, not negative" (docs/product.md §5): what a count field holds while typed. */
export const toCount = (value: string) => {
  const n = Number.parseInt(value.replace(/\D/g, ''), 10);
  return Number.isFinite(n) ? Math.min(n, 9999) : 0;
};

const emptyPerson = () => ({ name: '', certificateType: '1', certificateNumber: '' });

export function initialGroupContext(input: GroupDraftInput): GroupDraftContext {
  return {
    defaultGrades: input.defaultGrades,
    calendar: [],
    halls: [],
    setting: null,
    draft: {
      visitDate: '',
      hallId: null,
      hallScheduleId: null,
      leader: { ...emptyPerson(), phone: '' },
      grades: input.defaultGrades,
      teachers: [emptyPerson()],
      visitors: 0,
      children: 0,
      ticketUseType: 1,
      leaderFree: false,
      payMethod: 'online',
    },
    violations: [],
    agreementAccepted: false,
    captchaToken: null,
    orderId: null,
    error: null,
    seats: [],
    seatPlaces: [],
    takenSeats: [],
  };
}

/** The chosen hall and session. */
export function chosenGroupSession(context: Pick<GroupDraftContext, 'halls' | 'draft'>): { hall: HallPool; session: SchedulePool } | null {
  const hall = context.halls.find((h) => h.hallId === context.draft.hallId);
  const session = hall?.scheduleTicketPoolVOS.find((s) => s.hallScheduleId === context.draft.hallScheduleId);
  return hall && session ? { hall, session } : null;
}

/** What the group rules judge the draft against: the settings of its hall and day, the
 * chosen session's stock. Null until the settings are loaded. */
export function groupRulesContext(context: Pick<GroupDraftContext, 'halls' | 'draft' | 'setting'>): GroupContext | null {
  const chosen = chosenGroupSession(context);
  if (!context.setting || !chosen) return null;
  const { teamName: _name, studentsPerFreeTeacher: _per, blocked: _blocked, chooseMode: _mode, childAges: _ages, ...setting } = context.setting;
  return { ...setting, remaining: chosen.session.ticketPool };
}

/** The free tickets and the price of the draft as it stands. */
export function groupQuote(context: Pick<GroupDraftContext, 'halls' | 'draft' | 'setting'>): GroupQuote | null {
  const ctx = groupRulesContext(context);
  return ctx ? quoteGroup(context.draft, ctx) : null;
}

/** Window payment is offered only while its last day for the visit date is not past (null: the settings are not in yet). */
export const windowPayOffered = (context: Pick<GroupDraftContext, 'draft' | 'setting'>) =>
  context.setting !== null && windowPayOpen(context.draft.visitDate, context.setting.today);

export const isAgencyDraft = (context: Pick<GroupDraftContext, 'setting'>) => context.setting !== null && groupKindOf(context.setting.teamType) === 'agency';

export const isSchoolDraft = (context: Pick<GroupDraftContext, 'setting'>) => context.setting !== null && groupKindOf(context.setting.teamType) === 'school';

function stepViolations(context: GroupDraftContext, step: GroupStep): Violation[] {
  const ctx = groupRulesContext(context);
  if (!ctx) return [{ rule: ORDER_RULES.sessionRequired, message: ORDER_MESSAGES.sessionRequired }];
  if (step !== 'submit') return checkGroupStep(context.draft, ctx, step);
  const all = checkGroup(context.draft, ctx);
  return context.agreementAccepted ? all : [...all, { rule: ORDER_RULES.agreement, message: ORDER_MESSAGES.agreement }];
}

/** A hall this team may not book, or a session not for sale: why (null when it may). */
export function sessionRefusal(context: Pick<GroupDraftContext, 'halls' | 'setting'>, hallId: number, hallScheduleId: number): Text | null {
  const hall = context.halls.find((h) => h.hallId === hallId);
  const session = hall?.scheduleTicketPoolVOS.find((s) => s.hallScheduleId === hallScheduleId);
  if (!hall || !session || !isSessionSelectable(hall, session)) return ORDER_MESSAGES.notSelectable;
  return null;
}

/** Why a hall is greyed out for this team (school-only, off-season-only, no groups), once its
 * settings are known; the venue list shows it, the server enforces it. */
export function hallRefusalFor(hall: HallPool, setting: GroupSetting | null): Text | null {
  return hall.group && setting ? hallRefusal(hall.group, setting.teamType, setting.offSeason) : null;
}

export function groupOrderRequestOf(context: GroupDraftContext): GroupOrderRequest {
  const quote = groupQuote(context)!;
  return buildGroupOrderRequest(context.draft, quote, context.setting?.teamName ?? '', context.captchaToken ?? '', context.seats);
}

/** A group that may wait in the team's cart: any but a dome's (its seats are taken when it orders). */
export const groupCartable = (context: Pick<GroupDraftContext, 'halls' | 'draft'>) => chosenGroupSession(context)?.hall.cinema === false;

/** A dome where people pick their seats (choose mode 1): the team may choose the group's. */
export const picksGroupSeats = (context: Pick<GroupDraftContext, 'halls' | 'draft' | 'setting'>) =>
  chosenGroupSession(context)?.hall.cinema === true && context.setting?.chooseMode === 1;

const updateDraft = (context: GroupDraftContext, change: Partial<GroupDraft>) => ({ draft: { ...context.draft, ...change }, violations: [], error: null });

export const groupDraftMachine = setup({
  types: {
    context: {} as GroupDraftContext,
    events: {} as GroupDraftEvent,
    input: {} as GroupDraftInput,
  },
  actors: {
    /** The team calendar (GET /pool/getHallCalendar). */
    loadCalendar: fromPromise<CalendarDay[], void>(async () => notProvided('loadCalendar')),
    /** The halls taking groups on a day (getHall, openPerson 2). */
    loadHalls: fromPromise<HallPool[], { date: string }>(async () => notProvided('loadHalls')),
    /** getSchoolFreeTicket: the group settings of the hall and day. */
    loadSetting: fromPromise<GroupSetting, { hallId: number; date: string }>(async () => notProvided('loadSetting')),
    placeOrder: fromPromise<GroupPlaceAnswer, GroupOrderRequest>(async () => notProvided('placeOrder')),
    /** placeOrder with poolFlag 1: the group into the team's cart. */
    addToCart: fromPromise<GroupPlaceAnswer, GroupOrderRequest>(async () => notProvided('addToCart')),
    cinemaSeat: cinemaSeatMachine,
  },
  guards: {
    dayBookable: ({ context, event }) => {
      assertEvent(event, 'PICK_DATE');
      return isDayBookable(context.calendar, event.date);
    },
    sessionSelectable: ({ context, event }) => {
      assertEvent(event, 'PICK_SESSION');
      return sessionRefusal(context, event.hallId, event.hallScheduleId) === null;
    },
    teamBlocked: (_, { output: setting }: { output: GroupSetting }) => setting.blocked !== null,
    hallRefused: ({ context }, { output: setting }: { output: GroupSetting }) => {
      const hall = context.halls.find((h) => h.hallId === context.draft.hallId);
      return hall !== undefined && hallRefusalFor(hall, setting) !== null;
    },
    stepAllowed: ({ context }, { step }: { step: GroupStep }) => stepViolations(context, step).length === 0,
    isSchool: ({ context }) => isSchoolDraft(context),
    isAgency: ({ context }) => isAgencyDraft(context),
    canAddGrade: ({ context }) => context.draft.grades.length < MAX_GRADES,
    canRemoveGrade: ({ context, event }) => {
      assertEvent(event, 'GRADE.REMOVE');
      return context.draft.grades.length > 1 && event.index >= 0 && event.index < context.draft.grades.length;
    },
    canAddTeacher: ({ context }) => context.draft.teachers.length < MAX_TEACHERS,
    canRemoveTeacher: ({ context, event }) => {
      assertEvent(event, 'TEACHER.REMOVE');
      return event.index >= 0 && event.index < context.draft.teachers.length;
    },
    placed: (_, { output: answer }: { output: GroupPlaceAnswer }) =>
      answer.code === 200 && answer.data !== null && 'orderId' in answer.data && answer.data.orderId != null,
    seatTaken: (_, { output: answer }: { output: GroupPlaceAnswer }) => answer.code === SEAT_TAKEN_CODE,
    inCart: (_, { output: answer }: { output: GroupPlaceAnswer }) => answer.code === 200 && answer.data !== null && 'cartTicketIds' in answer.data,
    cartable: ({ context }) => groupCartable(context),
    picksSeats: ({ context }) => picksGroupSeats(context),
    payMethodOffered: ({ context, event }) => {
      assertEvent(event, 'PAY_METHOD.CHANGE');
      return event.value === 'online' || windowPayOffered(context);
    },
  },
  actions: {
    setCalendar: assign((_, { output: calendar }: { output: CalendarDay[] }) => ({ calendar, error: null })),
    setHalls: assign((_, { output: halls }: { output: HallPool[] }) => ({ halls, error: null })),
    setSetting: assign((_, { output: setting }: { output: GroupSetting }) => ({ setting, error: null })),
    refuseBlocked: assign((_, { output: setting }: { output: GroupSetting }) => ({ setting, error: sameText(setting.blocked ?? '') })),
    refuseHall: assign(({ context }, { output: setting }: { output: GroupSetting }) => {
      const hall = context.halls.find((h) => h.hallId === context.draft.hallId);
      return { setting, error: hall ? hallRefusalFor(hall, setting) : null };
    }),
    chooseDate: assign(({ context, event }) => {
      assertEvent(event, 'PICK_DATE');
      return { ...updateDraft(context, { visitDate: event.date, hallId: null, hallScheduleId: null }), halls: [], setting: null };
    }),
    chooseSession: assign(({ context, event }) => {
      assertEvent(event, 'PICK_SESSION');
      return updateDraft(context, { hallId: event.hallId, hallScheduleId: event.hallScheduleId });
    }),
    refuseSession: assign(({ context, event }) => {
      assertEvent(event, 'PICK_SESSION');
      return { error: sessionRefusal(context, event.hallId, event.hallScheduleId) };
    }),
    changeLeader: assign(({ context, event }) => {
      assertEvent(event, 'LEADER.CHANGE');
      const value = event.field === 'certificateNumber' ? normalizeCertificate(event.value) : event.value;
      return updateDraft(context, { leader: { ...context.draft.leader, [event.field]: value } });
    }),
    addGrade: assign(({ context }) =>
      updateDraft(context, { grades: [...context.draft.grades, { name: '', boy: 0, girl: 0, all: 0, beijing: 0, orther: 0 }] }),
    ),
    removeGrade: assign(({ context, event }) => {
      assertEvent(event, 'GRADE.REMOVE');
      return updateDraft(context, { grades: context.draft.grades.filter((_, i) => i !== event.index) });
    }),
    changeGrade: assign(({ context, event }) => {
      assertEvent(event, 'GRADE.CHANGE');
      const value = event.field === 'name' ? event.value : toCount(event.value);
      const changed = (g: GradeEntry): GradeEntry => {
        const grade = { ...g, [event.field]: value };
        return { ...grade, all: grade.boy + grade.girl };
      };
      return updateDraft(context, { grades: context.draft.grades.map((g, i) => (i === event.index ? changed(g) : g)) });
    }),
    changeVisitors: assign(({ context, event }) => {
      assertEvent(event, 'VISITORS.CHANGE');
      return updateDraft(context, { visitors: toCount(event.value) });
    }),
    changeChildren: assign(({ context, event }) => {
      assertEvent(event, 'CHILDREN.CHANGE');
      return updateDraft(context, { children: toCount(event.value) });
    }),
    toggleLeaderFree: assign(({ context }) => updateDraft(context, { leaderFree: !context.draft.leaderFree })),
    addTeacher: assign(({ context }) => updateDraft(context, { teachers: [...context.draft.teachers, emptyPerson()] })),
    removeTeacher: assign(({ context, event }) => {
      assertEvent(event, 'TEACHER.REMOVE');
      return updateDraft(context, { teachers: context.draft.teachers.filter((_, i) => i !== event.index) });
    }),
    changeTeacher: assign(({ context, event }) => {
      assertEvent(event, 'TEACHER.CHANGE');
      const value = event.field === 'certificateNumber' ? normalizeCertificate(event.value) : event.value;
      return updateDraft(context, { teachers: context.draft.teachers.map((t, i) => (i === event.index ? { ...t, [event.field]: value } : t)) });
    }),
    changeUseType: assign(({ context, event }) => {
      assertEvent(event, 'USE_TYPE.CHANGE');
      return updateDraft(context, { ticketUseType: event.value });
    }),
    changePayMethod: assign(({ context, event }) => {
      assertEvent(event, 'PAY_METHOD.CHANGE');
      return updateDraft(context, { payMethod: event.value });
    }),
    toggleAgreement: assign(({ context }) => ({ agreementAccepted: !context.agreementAccepted, violations: [] })),
    showViolations: assign(({ context }, { step }: { step: GroupStep }) => ({ violations: stepViolations(context, step) })),
    clearViolations: assign({ violations: [], error: null }),
    setToken: assign(({ event }) => {
      assertEvent(event, 'SLIDER.PASSED');
      return { captchaToken: event.token };
    }),
    setOrder: assign((_, { output: answer }: { output: GroupPlaceAnswer }) => ({
      orderId: answer.data && 'orderId' in answer.data ? answer.data.orderId : null,
      captchaToken: null,
      error: null,
    })),
    refuseOrder: assign((_, { output: answer }: { output: GroupPlaceAnswer }) => ({
      captchaToken: null,
      error: sameText((answer.data && 'riskPrompt' in answer.data && answer.data.riskPrompt) || answer.msg),
    })),
    setSeats: assign((_, { output: chosen }: { output: ChosenSeats }) => ({ seats: chosen.seats, seatPlaces: chosen.places, takenSeats: [], error: null })),
    // The seats someone else got first leave the group's choice (a short choice is dropped at the summary).
    setTakenSeats: assign(({ context }, { output: answer }: { output: GroupPlaceAnswer }) => {
      const taken = answer.data && 'takenSeats' in answer.data ? answer.data.takenSeats : [];
      const kept = context.seats.flatMap((seat, i) => (taken.includes(seat) ? [] : [{ seat, place: context.seatPlaces[i] }]));
      return { captchaToken: null, takenSeats: taken, seats: kept.map((k) => k.seat), seatPlaces: kept.map((k) => k.place), error: sameText(answer.msg) };
    }),
    // Seats chosen for another group size are no one's: the cinema seats the group again.
    // A draft kept from days ago may have chosen the window after its last day: online then.
    dropClosedWindow: assign(({ context }) =>
      context.draft.payMethod === 'window' && !windowPayOffered(context) ? { draft: { ...context.draft, payMethod: 'online' as const } } : {},
    ),
    dropStaleSeats: assign(({ context }) => (context.seats.length === (groupQuote(context)?.size ?? 0) ? {} : { seats: [], seatPlaces: [] })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), captchaToken: null })),
    reset: assign(({ context }) => initialGroupContext({ defaultGrades: context.defaultGrades })),
  },
}).createMachine({
  id: 'groupDraft',
  context: ({ input }) => initialGroupContext(input),
  initial: 'date',
  meta: { description: "A team's group order: day, hall and session, leader, pupils or size, teachers, summary, slider, order" },
  on: { DISCARD: { target: '.date', actions: 'reset' } },
  states: {
    date: {
      initial: 'loading',
      meta: { description: 'The team calendar' },
      states: {
        ...loadingStates(
          { src: 'loadCalendar', onDone: { target: 'ready', actions: { type: 'setCalendar', params: output } } },
          { loading: 'Loading the team calendar', failed: 'The calendar could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'Pick a day with tickets' },
          on: { PICK_DATE: { guard: 'dayBookable', target: '#groupDraft.venue', actions: 'chooseDate' } },
        },
      },
    },
    venue: {
      initial: 'loading',
      meta: { description: "The day's halls taking groups" },
      on: { BACK: { target: '#groupDraft.date.ready', actions: 'clearViolations' } },
      states: {
        ...loadingStates(
          {
            src: 'loadHalls',
            input: ({ context }: { context: GroupDraftContext }) => ({ date: context.draft.visitDate }),
            onDone: { target: 'ready', actions: { type: 'setHalls', params: output } },
          },
          { loading: "Loading the day's halls", failed: 'The halls could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'Each hall with its sessions as a radio list: pick one (refusals shown at the top)' },
          on: {
            PICK_SESSION: [{ guard: 'sessionSelectable', target: 'setting', actions: 'chooseSession' }, { actions: 'refuseSession' }],
          },
        },
        setting: {
          initial: 'loading',
          meta: { description: "The group settings of the hall and day: the team's type, prices, free pupil tickets" },
          states: {
            ...loadingStates(
              {
                src: 'loadSetting',
                input: ({ context }: { context: GroupDraftContext }) => ({ hallId: context.draft.hallId ?? 0, date: context.draft.visitDate }),
                onDone: [
                  { guard: { type: 'teamBlocked', params: output }, target: '#groupDraft.venue.ready', actions: { type: 'refuseBlocked', params: output } },
                  { guard: { type: 'hallRefused', params: output }, target: '#groupDraft.venue.ready', actions: { type: 'refuseHall', params: output } },
                  { target: '#groupDraft.leader', actions: { type: 'setSetting', params: output } },
                ],
              },
              { loading: 'Loading the group settings', failed: 'The settings could not be loaded: retry' },
            ),
          },
        },
      },
    },
    leader: {
      meta: { description: 'addLeader: the leader (name as on the certificate, ID card by default, mobile, an adult)' },
      on: {
        'LEADER.CHANGE': { actions: 'changeLeader' },
        NEXT: [
          { guard: { type: 'stepAllowed', params: { step: 'leader' } }, target: 'audience', actions: 'clearViolations' },
          { actions: { type: 'showViolations', params: { step: 'leader' } } },
        ],
        BACK: { target: '#groupDraft.venue.ready', actions: 'clearViolations' },
      },
    },
    audience: {
      meta: { description: "addAudience: a school's pupils by grade, or the group's size (and the tour leader's free ticket)" },
      on: {
        'GRADE.ADD': { guard: 'canAddGrade', actions: 'addGrade' },
        'GRADE.REMOVE': { guard: 'canRemoveGrade', actions: 'removeGrade' },
        'GRADE.CHANGE': { actions: 'changeGrade' },
        'VISITORS.CHANGE': { actions: 'changeVisitors' },
        // A school's pupils are counted by grade: it states no children (docs/product.md §3.3).
        'CHILDREN.CHANGE': { guard: not('isSchool'), actions: 'changeChildren' },
        'LEADER_FREE.TOGGLE': { guard: 'isAgency', actions: 'toggleLeaderFree' },
        NEXT: [
          { guard: { type: 'stepAllowed', params: { step: 'audience' } }, target: 'teachers', actions: 'clearViolations' },
          { actions: { type: 'showViolations', params: { step: 'audience' } } },
        ],
        BACK: { target: 'leader', actions: 'clearViolations' },
      },
    },
    teachers: {
      meta: { description: "addTeachers: a school's teachers and whether they escort the pupils (others skip this step)" },
      always: { guard: not('isSchool'), target: 'review' },
      on: {
        'TEACHER.ADD': { guard: 'canAddTeacher', actions: 'addTeacher' },
        'TEACHER.REMOVE': { guard: 'canRemoveTeacher', actions: 'removeTeacher' },
        'TEACHER.CHANGE': { actions: 'changeTeacher' },
        'USE_TYPE.CHANGE': { actions: 'changeUseType' },
        NEXT: [
          { guard: { type: 'stepAllowed', params: { step: 'teachers' } }, target: 'review', actions: 'clearViolations' },
          { actions: { type: 'showViolations', params: { step: 'teachers' } } },
        ],
        BACK: { target: 'audience', actions: 'clearViolations' },
      },
    },
    review: {
      meta: { description: 'addAudienceSure: the summary, free tickets and price, how to pay, the agreement' },
      entry: ['dropStaleSeats', 'dropClosedWindow'],
      on: {
        CHOOSE_SEATS: { guard: 'picksSeats', target: 'seats' },
        'AGREEMENT.TOGGLE': { actions: 'toggleAgreement' },
        'PAY_METHOD.CHANGE': { guard: 'payMethodOffered', actions: 'changePayMethod' },
        SUBMIT: [
          { guard: { type: 'stepAllowed', params: { step: 'submit' } }, target: 'slider', actions: 'clearViolations' },
          { actions: { type: 'showViolations', params: { step: 'submit' } } },
        ],
        ADD_TO_CART: [
          { guard: and(['cartable', { type: 'stepAllowed', params: { step: 'submit' as const } }]), target: 'carting', actions: 'clearViolations' },
          { guard: 'cartable', actions: { type: 'showViolations', params: { step: 'submit' } } },
        ],
        BACK: [
          { guard: 'isSchool', target: 'teachers', actions: 'clearViolations' },
          { target: 'audience', actions: 'clearViolations' },
        ],
      },
    },
    seats: {
      meta: { description: "cinemaSelectSeat: the team chooses the group's seats on the dome's map, one per person" },
      invoke: {
        id: 'cinemaSeat',
        src: 'cinemaSeat',
        input: ({ context }) => ({
          hallScheduleId: context.draft.hallScheduleId ?? 0,
          count: groupQuote(context)?.size ?? 0,
          selected: context.seats,
          taken: context.takenSeats,
        }),
        onDone: { target: 'review', actions: { type: 'setSeats', params: output } },
      },
      on: { BACK: 'review' },
    },
    slider: {
      meta: { description: 'The security slider over the summary' },
      on: {
        'SLIDER.PASSED': { target: 'submitting', actions: 'setToken' },
        'SLIDER.CANCEL': 'review',
      },
    },
    submitting: {
      meta: { description: 'Placing the group order' },
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => groupOrderRequestOf(context),
        onDone: [
          { guard: { type: 'placed', params: output }, target: 'placed', actions: { type: 'setOrder', params: output } },
          { guard: { type: 'seatTaken', params: output }, target: 'seats', actions: { type: 'setTakenSeats', params: output } },
          { target: 'review', actions: { type: 'refuseOrder', params: output } },
        ],
        onError: { target: 'review', actions: { type: 'setFailure', params: failure } },
      },
    },
    placed: {
      meta: { description: 'Placed: the app goes to the order (pay online, or at the window) and starts a new draft' },
      on: { RESET: { target: 'date', actions: 'reset' } },
    },
    carting: {
      meta: { description: "Putting the group in the team's cart" },
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => groupOrderRequestOf(context),
        onDone: [
          { guard: { type: 'inCart', params: output }, target: 'carted', actions: 'clearViolations' },
          { target: 'review', actions: { type: 'refuseOrder', params: output } },
        ],
        onError: { target: 'review', actions: { type: 'setFailure', params: failure } },
      },
    },
    carted: {
      meta: { description: "In the team's cart, holding its places: the app opens the cart and starts a new draft" },
      on: { RESET: { target: 'date', actions: 'reset' } },
    },
  },
});

export type GroupDraftMachine = typeof groupDraftMachine;
