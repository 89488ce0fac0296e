import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  groupDraftMachine,
  groupQuote,
  groupRulesContext,
  initialGroupContext,
  type GroupDraftContext,
  type GroupDraftEvent,
  type GroupPlaceAnswer,
  windowPayOffered,
} from '../../machines/groupDraft.machine.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import { checkGroup, defaultGrades, GROUP_RULES, type GroupDraft, type GroupOrderRequest } from '../../src/domain/groupRules.ts';
import type { CalendarDay, GroupSetting, HallPool } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';
import { CALENDAR, DAY, HALLS, SESSION, SOLD_OUT_DAY, SOLD_OUT_SESSION } from './purchase.fixtures.ts';

type Snapshot = SnapshotFrom<typeof groupDraftMachine>;

const LEADER_ID = '11010519800307123' + gb11643CheckChar('11010519800307123');
const TEACHER_ID = '11010519850615456' + gb11643CheckChar('11010519850615456');
const MAIN = HALLS[0].hallId;
/** A hall for schools only, beside the main hall, and a dome where people pick their seats. */
const SCHOOL_HALL = 3;
const SCHOOL_SESSION = 31;
const DOME = 4;
const DOME_SESSION = 41;
const GROUP_HALLS: HallPool[] = [
  { ...HALLS[0], group: { groupMin: 16, groupMax: 200, schoolOnly: false, offSeasonOnly: false } },
  {
    ...HALLS[0],
    hallId: SCHOOL_HALL,
    hallKey: 'temporary',
    name: 'Schools hall',
    scheduleTicketPoolVOS: [{ ...HALLS[0].scheduleTicketPoolVOS[0], hallScheduleId: SCHOOL_SESSION }],
    group: { groupMin: 16, groupMax: 120, schoolOnly: true, offSeasonOnly: false },
  },
  {
    ...HALLS[0],
    hallId: DOME,
    hallKey: 'cinema',
    cinema: true,
    name: 'Dome',
    scheduleTicketPoolVOS: [{ ...HALLS[0].scheduleTicketPoolVOS[0], hallScheduleId: DOME_SESSION }],
    group: { groupMin: 16, groupMax: 150, schoolOnly: false, offSeasonOnly: false },
  },
];
const setting = (teamType: GroupSetting['teamType'], blocked: string | null = null): GroupSetting => ({
  teamType,
  teamName: teamType === 2 ? '科技实验小学' : '星光旅行社',
  discounts: true,
  hall: GROUP_HALLS[0].group!,
  adultPrice: 3000,
  studentPrice: 1500,
  childPrice: 1500,
  freeChildTicket: true,
  freeChildPerAdult: 1,
  childAges: { min: 0, max: 7 },
  freeStudentQuota: 300,
  studentsPerFreeTeacher: 15,
  agencyDiscountPercent: 80,
  chargedPerFreeLeader: 20,
  offSeason: true,
  // The visit (DAY, 2026-12-01) may still be paid at the window: its last day is today.
  today: '2026-11-29',
  chooseMode: null,
  blocked,
});
const SCHOOL = setting(2);
const AGENCY = setting(4);
const FROZEN = setting(2, 'Account abnormal, cannot book: please go to the group centre');
/** The dome's settings: people pick their seats there. */
const AGENCY_IN_DOME: GroupSetting = { ...AGENCY, chooseMode: 1 };
const SEAT_TAKEN: GroupPlaceAnswer = { code: 505, msg: '座位已被他人选走，请重新选座', data: { takenSeats: ['1-1'] } };
/** One seat per person of the group, as the map answers. */
const seatsFor = (n: number) => ({
  seats: Array.from({ length: n }, (_, i) => `1-${i + 1}`),
  places: Array.from({ length: n }, (_, i) => ({ rowLabel: '1', seatLabel: String(i + 1) })),
});
const PLACED: GroupPlaceAnswer = { code: 200, msg: 'ok', data: { orderId: 77, riskEnable: false, riskPolicy: 1, riskPrompt: null } };
const NO_ORDER: GroupPlaceAnswer = { code: 502, msg: '下单失败，请稍后再试', data: null };
const IN_CART: GroupPlaceAnswer = {
  code: 200,
  msg: 'ok',
  data: { orderId: null, riskEnable: false, riskPolicy: 1, riskPrompt: null, cartTicketIds: [5], deadline: 0 },
};

const input = { defaultGrades: defaultGrades('en') };

/** The draft the server reads from a request (server/services/groupOrders.ts draftOfRequest). */
function draftOf(r: GroupOrderRequest, school: boolean): GroupDraft {
  return {
    visitDate: r.date,
    hallId: r.hallId,
    hallScheduleId: r.hallScheduleId,
    leader: {
      name: r.orderAdditionInfo.name,
      certificateType: r.orderAdditionInfo.certificateType,
      certificateNumber: r.orderAdditionInfo.certificateInfo,
      phone: r.orderAdditionInfo.mobile,
    },
    grades: r.gradeList,
    teachers: r.teacherList.map((t) => ({ name: t.name, certificateType: t.certificateType, certificateNumber: t.certificateInfo })),
    visitors: school ? 0 : r.orderAdditionInfo.personNumber - 1,
    children: school ? 0 : r.childTicketNum,
    ticketUseType: r.ticketUseType,
    leaderFree: r.leaderFreeFlag === 1,
    payMethod: r.payMethod,
  };
}

/** The user's cases per step, valid and refused; counts kept small so the graph stays finite. */
function events(s: Snapshot): GroupDraftEvent[] {
  const c = s.context;
  const out: GroupDraftEvent[] = [];
  if (s.matches({ date: 'failed' }) || s.matches({ venue: 'failed' }) || s.matches({ venue: { setting: 'failed' } })) out.push({ type: 'RETRY' });
  if (s.matches({ date: 'ready' })) out.push({ type: 'PICK_DATE', date: DAY }, { type: 'PICK_DATE', date: SOLD_OUT_DAY });
  if (s.matches('venue') || s.matches('leader') || s.matches('audience') || s.matches('teachers') || s.matches('review')) out.push({ type: 'BACK' });
  if (s.matches({ venue: 'ready' })) {
    out.push(
      { type: 'PICK_SESSION', hallId: MAIN, hallScheduleId: SESSION },
      { type: 'PICK_SESSION', hallId: MAIN, hallScheduleId: SOLD_OUT_SESSION },
      { type: 'PICK_SESSION', hallId: SCHOOL_HALL, hallScheduleId: SCHOOL_SESSION },
      { type: 'PICK_SESSION', hallId: DOME, hallScheduleId: DOME_SESSION },
    );
  }
  if (s.matches('leader')) {
    out.push(
      { type: 'LEADER.CHANGE', field: 'name', value: '王老师' },
      { type: 'LEADER.CHANGE', field: 'certificateNumber', value: LEADER_ID },
      { type: 'LEADER.CHANGE', field: 'phone', value: c.draft.leader.phone ? '123' : '13800138000' },
      { type: 'NEXT' },
    );
  }
  if (s.matches('audience')) {
    if (c.setting?.teamType === 2) {
      out.push(
        { type: 'GRADE.CHANGE', index: 0, field: 'boy', value: '20' },
        { type: 'GRADE.CHANGE', index: 0, field: 'beijing', value: '20' },
        { type: 'GRADE.REMOVE', index: c.draft.grades.length - 1 },
      );
      if (c.draft.grades.length < 2) out.push({ type: 'GRADE.ADD' });
    } else
      out.push(
        { type: 'VISITORS.CHANGE', value: c.draft.visitors === 30 ? '5' : '30' },
        { type: 'CHILDREN.CHANGE', value: c.draft.children === 10 ? '0' : '10' },
        { type: 'LEADER_FREE.TOGGLE' },
      );
    out.push({ type: 'NEXT' });
  }
  if (s.matches('teachers')) {
    out.push(
      { type: 'TEACHER.CHANGE', index: 0, field: 'name', value: '李老师' },
      { type: 'TEACHER.CHANGE', index: 0, field: 'certificateNumber', value: TEACHER_ID },
      { type: 'USE_TYPE.CHANGE', value: c.draft.ticketUseType === 1 ? 2 : 1 },
      { type: 'TEACHER.REMOVE', index: c.draft.teachers.length - 1 },
      { type: 'NEXT' },
    );
    if (c.draft.teachers.length < 2) out.push({ type: 'TEACHER.ADD' });
  }
  if (s.matches('seats')) out.push({ type: 'BACK' });
  if (s.matches('review')) {
    out.push(
      { type: 'CHOOSE_SEATS' },
      { type: 'AGREEMENT.TOGGLE' },
      { type: 'PAY_METHOD.CHANGE', value: c.draft.payMethod === 'online' ? 'window' : 'online' },
      { type: 'SUBMIT' },
      { type: 'ADD_TO_CART' },
    );
  }
  if (s.matches('slider')) out.push({ type: 'SLIDER.PASSED', token: 'slider-token' }, { type: 'SLIDER.CANCEL' });
  if (s.matches('placed') || s.matches('carted')) out.push({ type: 'RESET' });
  if (s.matches('leader')) out.push({ type: 'DISCARD' });
  return out;
}

/** A vertex: the state and, of the draft, only what the current step decides on (the earlier
 * steps are valid once passed), not every keystroke: the graph stays small. */
const key = (s: Snapshot) => {
  const c: GroupDraftContext = s.context;
  const { leader, grades, teachers } = c.draft;
  const step = s.matches('leader')
    ? [leader.name !== '', leader.certificateNumber !== '', leader.phone]
    : s.matches('audience')
      ? [grades.length, grades[0]?.boy, grades[0]?.all, grades[0]?.beijing, c.draft.visitors, c.draft.leaderFree]
      : s.matches('teachers')
        ? [teachers.length, teachers[0]?.name ?? null, Boolean(teachers[0]?.certificateNumber), c.draft.ticketUseType]
        : s.matches('review') || s.matches('slider') || s.matches('submitting') || s.matches('seats') || s.matches('carting')
          ? [c.agreementAccepted, c.draft.payMethod, c.captchaToken !== null, c.seats.length, c.takenSeats.length]
          : [];
  return JSON.stringify({ value: s.value, team: c.setting?.teamType ?? null, session: c.draft.hallScheduleId, error: c.error !== null, step });
};

type Said = Record<string, unknown>;
const say: PathModel['say'] = {
  PICK_DATE: 'choose a day',
  PICK_SESSION: 'choose a session',
  'LEADER.CHANGE': (e: Said) => `type the leader's ${String(e.field)} "${String(e.value)}"`,
  'GRADE.CHANGE': (e: Said) => `set grade ${Number(e.index) + 1}'s ${String(e.field)} to "${String(e.value)}"`,
  'TEACHER.CHANGE': (e: Said) => `type teacher ${Number(e.index) + 1}'s ${String(e.field)}`,
  NEXT: 'tap Next',
  SUBMIT: 'tap Place the order',
  ADD_TO_CART: 'tap Add to the cart',
};

/** Every group order sent obeys every group rule, with the agreement and the slider, at the total
 * shown; a group put in the cart obeys them too (its slider comes at the cart's checkout), and
 * never a dome's. */
const outcome: PathModel['outcome'] = (end) => {
  const c = end.snapshot.context as GroupDraftContext;
  const ctx = groupRulesContext(c);
  const carted = callsOf(end, 'addToCart') as GroupOrderRequest[];
  if (carted.length > 0) expect(c.draft.hallId, 'a dome waits in no cart').not.toBe(DOME);
  for (const request of [...(callsOf(end, 'placeOrder') as GroupOrderRequest[]), ...carted]) {
    if (!carted.includes(request)) expect(request.captchaToken, 'slider token').toBe('slider-token');
    if (!ctx) continue;
    const draft = draftOf(request, c.setting?.teamType === 2);
    expect(checkGroup(draft, ctx), 'group rules').toEqual([]);
    expect(request.quotedAmount).toBe(groupQuote({ ...c, draft })!.total);
    // Seats the team chose: one per person, none of them refused before.
    if (request.seatNumbers) {
      expect(request.seatNumbers).toHaveLength(request.orderAdditionInfo.personNumber);
      expect(request.seatNumbers.some((seat) => c.takenSeats.includes(seat))).toBe(false);
    }
  }
};

const outcomes = (
  settingOutcomes: PathModel['outcomes'][string],
  placeOrder = [{ output: PLACED }, { output: NO_ORDER }, { error: 'Network error' }],
): PathModel['outcomes'] => ({
  loadCalendar: [{ output: CALENDAR satisfies CalendarDay[] }, { error: 'Network error' }],
  loadHalls: [{ output: GROUP_HALLS }, { error: 'Network error' }],
  loadSetting: settingOutcomes,
  placeOrder,
  addToCart: [{ output: IN_CART }, { output: NO_ORDER }, { error: 'Network error' }],
  cinemaSeat: (s) => [{ output: seatsFor(groupQuote(s.context as GroupDraftContext)?.size ?? 0) }],
});

/** A path model of the draft for one kind of team (its settings) and the answers its order may get. */
const model = (name: string, settings: PathModel['outcomes'][string], placeOrder?: Parameters<typeof outcomes>[1]): PathModel => ({
  name,
  machine: groupDraftMachine,
  input,
  generators: ['cover'],
  key: key as PathModel['key'],
  say,
  outcome,
  events: events as PathModel['events'],
  outcomes: outcomes(settings, placeOrder),
});

pathSuite('groupDraft', [
  model('a school', [{ output: SCHOOL }, { output: FROZEN }, { error: 'Network error' }]),
  model('a travel agency', [{ output: AGENCY }]),
  model('a travel agency in a dome', [{ output: AGENCY_IN_DOME }], [{ output: PLACED }, { output: SEAT_TAKEN }]),
]);

describe('groupDraft: behaviour', () => {
  async function start(team: GroupSetting = SCHOOL, answer: GroupPlaceAnswer = PLACED) {
    const sent: GroupOrderRequest[] = [];
    const machine = groupDraftMachine.provide({
      actors: {
        loadCalendar: fromPromise(async () => CALENDAR),
        loadHalls: fromPromise(async () => GROUP_HALLS),
        loadSetting: fromPromise(async () => team),
        placeOrder: fromPromise(async ({ input }: { input: GroupOrderRequest }) => {
          sent.push(input);
          return answer;
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    actor.send({ type: 'PICK_DATE', date: DAY });
    await waitFor(actor, (s) => s.matches({ venue: 'ready' }));
    return { actor, sent };
  }
  type Actor = Awaited<ReturnType<typeof start>>['actor'];
  const fillLeader = (actor: Actor) => {
    actor.send({ type: 'LEADER.CHANGE', field: 'name', value: '王老师' });
    actor.send({ type: 'LEADER.CHANGE', field: 'certificateNumber', value: LEADER_ID });
    actor.send({ type: 'LEADER.CHANGE', field: 'phone', value: '13800138000' });
  };
  const grade = (actor: Actor, index: number, n: number) => {
    for (const field of ['boy', 'beijing'] as const) actor.send({ type: 'GRADE.CHANGE', index, field, value: String(n) });
  };

  it('a school: 2 grades of 20, a teacher and the leader; 40 free pupils bring 2 free staff tickets; placed at ¥0 with the agreement and the slider', async () => {
    const { actor, sent } = await start();
    actor.send({ type: 'PICK_SESSION', hallId: MAIN, hallScheduleId: SESSION });
    await waitFor(actor, (s) => s.matches('leader'));
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.violations.map((v) => v.rule)).toEqual([GROUP_RULES.leaderName, GROUP_RULES.leaderPhone, GROUP_RULES.leaderCertificate]);
    fillLeader(actor);
    actor.send({ type: 'NEXT' });
    grade(actor, 0, 20);
    // The total is counted, never typed: boys plus girls.
    actor.send({ type: 'GRADE.CHANGE', index: 1, field: 'boy', value: '12' });
    actor.send({ type: 'GRADE.CHANGE', index: 1, field: 'girl', value: '9' });
    expect(actor.getSnapshot().context.draft.grades[1].all).toBe(21);
    actor.send({ type: 'GRADE.CHANGE', index: 1, field: 'girl', value: '0' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.violations[0].message.en).toBe('Beijing and other pupils of "Grade Two" must add up to its count');
    grade(actor, 1, 20);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'TEACHER.CHANGE', index: 0, field: 'name', value: '李老师' });
    actor.send({ type: 'TEACHER.CHANGE', index: 0, field: 'certificateNumber', value: TEACHER_ID });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('review');
    expect(groupQuote(actor.getSnapshot().context)).toMatchObject({ size: 42, total: 0, freeStudents: 40, freeTeachers: 1, leaderFree: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.violations.map((v) => v.rule)).toEqual(['agreement']);
    actor.send({ type: 'AGREEMENT.TOGGLE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SLIDER.PASSED', token: 't' });
    await waitFor(actor, (s) => s.matches('placed'));
    expect(sent[0]).toMatchObject({
      quotedAmount: 0,
      orderAdditionInfo: { personNumber: 42, teamName: '科技实验小学' },
      gradeList: [
        { name: 'Grade One', all: 20 },
        { name: 'Grade Two', all: 20 },
      ],
    });
  });

  it("another team's login discards the draft: nothing of it is left", async () => {
    const { actor } = await start();
    actor.send({ type: 'PICK_SESSION', hallId: MAIN, hallScheduleId: SESSION });
    await waitFor(actor, (s) => s.matches('leader'));
    fillLeader(actor);
    actor.send({ type: 'DISCARD' });
    await waitFor(actor, (s) => s.matches({ date: 'ready' }));
    expect(actor.getSnapshot().context.draft).toEqual(initialGroupContext(input).draft);
  });

  it('window payment is not offered once its last day for the visit date has passed: online stays chosen', async () => {
    const { actor } = await start({ ...SCHOOL, today: '2026-11-30' });
    actor.send({ type: 'PICK_SESSION', hallId: MAIN, hallScheduleId: SESSION });
    await waitFor(actor, (s) => s.matches('leader'));
    fillLeader(actor);
    actor.send({ type: 'NEXT' });
    grade(actor, 0, 20);
    actor.send({ type: 'GRADE.REMOVE', index: 1 });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'TEACHER.CHANGE', index: 0, field: 'name', value: '李老师' });
    actor.send({ type: 'TEACHER.CHANGE', index: 0, field: 'certificateNumber', value: TEACHER_ID });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('review');
    expect(windowPayOffered(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'PAY_METHOD.CHANGE', value: 'window' });
    expect(actor.getSnapshot().context.draft.payMethod).toBe('online');
  });

  it('a frozen team is stopped at the venue with the reason; an agency is refused a school-only hall', async () => {
    const frozen = await start(FROZEN);
    frozen.actor.send({ type: 'PICK_SESSION', hallId: MAIN, hallScheduleId: SESSION });
    await waitFor(frozen.actor, (s) => s.matches({ venue: 'ready' }) && s.context.error !== null);
    expect(frozen.actor.getSnapshot().context.error?.en).toBe(FROZEN.blocked);
    const agency = await start(AGENCY);
    agency.actor.send({ type: 'PICK_SESSION', hallId: SCHOOL_HALL, hallScheduleId: SCHOOL_SESSION });
    await waitFor(agency.actor, (s) => s.matches({ venue: 'ready' }) && s.context.error !== null);
    expect(agency.actor.getSnapshot().context.error?.en).toBe('This hall is for school groups only');
  });

  it('an agency skips the teachers; its tour leader rides free from 20 charged tickets; a 502 keeps the draft with the message', async () => {
    const { actor, sent } = await start(AGENCY, NO_ORDER);
    actor.send({ type: 'PICK_SESSION', hallId: MAIN, hallScheduleId: SESSION });
    await waitFor(actor, (s) => s.matches('leader'));
    fillLeader(actor);
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'VISITORS.CHANGE', value: '19' });
    actor.send({ type: 'LEADER_FREE.TOGGLE' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.violations[0].message.en).toBe('Tour leader tickets unavailable');
    actor.send({ type: 'VISITORS.CHANGE', value: '20' });
    // Children never come alone (docs/product.md §3.3): at most every visitor besides the leader.
    actor.send({ type: 'CHILDREN.CHANGE', value: '21' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.violations[0].message.en).toBe('Children never come without an adult: at most 20 children, with at least one adult');
    actor.send({ type: 'CHILDREN.CHANGE', value: '0' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().value).toBe('review');
    expect(groupQuote(actor.getSnapshot().context)).toMatchObject({ size: 21, total: 20 * 3000, leaderFree: true });
    actor.send({ type: 'AGREEMENT.TOGGLE' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SLIDER.PASSED', token: 't' });
    await waitFor(actor, (s) => s.matches('review') && s.context.error !== null);
    expect(actor.getSnapshot().context.error?.zh).toBe('下单失败，请稍后再试');
    expect(actor.getSnapshot().context.captchaToken).toBeNull();
    expect(sent).toHaveLength(1);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().value).toBe('audience');
  });
});
