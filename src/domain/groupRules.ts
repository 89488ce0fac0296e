/** Group orders (docs/product.md §3 "Group order" and "Group order draft", §5 "Group rules", §9): the
 * draft a team fills in, what it costs and which tickets are free, and every broken rule.
 * Pure: the client shows the quote and the refusals as the draft changes, the server runs the
 * same functions on what it reads from the database. */
import { ageOn, checkCertificate } from './certificates.ts';
import { checkPhone, checkVisitorName } from './fields.ts';
import { GROUP_MIN_SIZE, MINIMUM_ADULT_AGE, OFFLINE_PAY_DAYS_BEFORE, STUDENTS_PER_FREE_TEACHER } from './limits.ts';
import { TEAM_TYPES, type TeamType } from './team.ts';
import { fill, type Text } from './text.ts';
import type { Violation } from './types.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';

export type GradeEntry = z.output<typeof answers.gradeEntry>;

/** A named person of the group: the leader or a teacher. */
export interface GroupPerson {
  name: string;
  certificateType: string;
  certificateNumber: string;
}

export interface GroupLeader extends GroupPerson {
  phone: string;
}

/** How the school's teachers come (docs/product.md §3 ticketUseType): escorting the pupils, or otherwise. */
export type TicketUseType = 1 | 2;
export const TICKET_USE_TYPES = { escort: 1, other: 2 } as const;

/** At the window by cash, bank card or cheque (docs/product.md §4), or online now. */
export type GroupPayMethod = 'online' | 'window';

export interface GroupDraft {
  visitDate: string;
  hallId: number | null;
  hallScheduleId: number | null;
  leader: GroupLeader;
  /** Schools: the pupils by grade. */
  grades: GradeEntry[];
  /** Schools: the teachers, by name and certificate. */
  teachers: GroupPerson[];
  /** Other groups: how many come besides the leader. */
  visitors: number;
  /** Other groups: how many of those visitors are children of the hall's child ticket ages
   * (childTicketNum, docs/product.md §3.3); a school states none. */
  children: number;
  ticketUseType: TicketUseType;
  /** Travel agencies: the tour leader asks for the free leader ticket (leaderFreeFlag). */
  leaderFree: boolean;
  payMethod: GroupPayMethod;
}

/** Which group flow a team type follows (docs/product.md §6: "group type alters the ticket rules"). */
export type GroupKind = 'school' | 'agency' | 'other';

export function groupKindOf(teamType: TeamType): GroupKind {
  if (teamType === TEAM_TYPES.school) return 'school';
  if (teamType === TEAM_TYPES.travelAgency || teamType === TEAM_TYPES.contractedTravelAgency) return 'agency';
  return 'other';
}

/** A hall as groups see it (its schema: answers.ts groupHall). */
export type GroupHall = z.output<typeof answers.groupHall>;

/** What the server knows that the draft does not: the team, the hall, the session's stock,
 * the prices and the museum's settings. */
export interface GroupContext {
  teamType: TeamType;
  /** Agencies: whether the agreement is valid (an expired one books at public prices, docs/product.md §4). */
  discounts: boolean;
  hall: GroupHall;
  /** Remaining tickets of the chosen session. */
  remaining: number;
  /** fen: the hall's adult and student prices (a hall without a student price charges pupils the adult one). */
  adultPrice: number;
  studentPrice: number;
  /** fen: what a group's child pays (the hall's child price, else its student price, else the adult one). */
  childPrice: number;
  /** Whether the hall has a free child ticket, and how many free children one adult brings (docs/product.md §5.4). */
  freeChildTicket: boolean;
  freeChildPerAdult: number;
  /** Schools: free pupil tickets still open on that day in that hall (getSchoolFreeTicket). */
  freeStudentQuota: number;
  /** Contracted agencies with a valid agreement pay this percentage (config agency_discount_percent). */
  agencyDiscountPercent: number;
  /** A tour leader's ticket is free from this many charged tickets on; null: never (config leader_free_per_charged). */
  chargedPerFreeLeader: number | null;
  /** Whether the visit date is in the museum's off season (config off_season_months). */
  offSeason: boolean;
  /** Today in museum time: certificates are checked against it, window payment needs days before the visit. */
  today: string;
}

export type GroupRole = 'student' | 'teacher' | 'leader' | 'visitor' | 'child';

/** One kind of ticket in the group: who, free or not, how many, at what price. */
export interface GroupQuoteLine {
  role: GroupRole;
  free: boolean;
  count: number;
  unitPrice: number;
  amount: number;
}

export interface GroupQuote {
  lines: GroupQuoteLine[];
  /** Everyone: pupils, teachers, visitors and the leader. */
  size: number;
  total: number;
  freeStudents: number;
  freeTeachers: number;
  /** Other groups' children on the hall's free child ticket. */
  freeChildren: number;
  leaderFree: boolean;
  /** Schools: some teachers pay (docs/product.md §3 teacherNeedCharge). */
  teacherNeedCharge: boolean;
}

export const pupilsOf = (draft: Pick<GroupDraft, 'grades'>) => draft.grades.reduce((n, g) => n + g.all, 0);

/** The smallest group a hall takes: its own minimum, never below docs/product.md §9's 16. */
export const groupMinSize = (hall: Pick<GroupHall, 'groupMin'>) => Math.max(hall.groupMin, GROUP_MIN_SIZE);

/** A contracted agency with a valid agreement pays its percentage (docs/product.md §4: an expired one the public price). */
export const agencyPriceApplies = (ctx: Pick<GroupContext, 'teamType' | 'discounts'>) => ctx.teamType === TEAM_TYPES.contractedTravelAgency && ctx.discounts;

/** Everyone of the group, the leader included. */
export function groupSize(draft: GroupDraft, kind: GroupKind): number {
  return kind === 'school' ? pupilsOf(draft) + draft.teachers.length + 1 : draft.visitors + 1;
}

/** Free teacher tickets a number of free pupils brings (docs/product.md §5: one per 15). */
export const freeTeachersFor = (freeStudents: number) => Math.floor(Math.max(0, freeStudents) / STUDENTS_PER_FREE_TEACHER);

/** The tickets of the group and what they cost. Schools: pupils free within the day's quota,
 * then the student price; the leader and the teachers escorting free ones free up to one per 15
 * free pupils, the rest at the adult price. Agencies: the adult price (contracted ones with a
 * valid agreement at their percentage); the tour leader free when asked and entitled.
 * Others: the adult price for everyone. */
export function quoteGroup(draft: GroupDraft, ctx: GroupContext): GroupQuote {
  const kind = groupKindOf(ctx.teamType);
  const lines: GroupQuoteLine[] = [];
  const add = (role: GroupRole, free: boolean, count: number, unitPrice: number) => {
    if (count <= 0) return;
    const price = free ? 0 : unitPrice;
    lines.push({ role, free, count, unitPrice: price, amount: price * count });
  };
  let freeStudents = 0;
  let freeTeachers = 0;
  let freeChildren = 0;
  let leaderFree: boolean;
  if (kind === 'school') {
    const pupils = pupilsOf(draft);
    freeStudents = Math.min(pupils, Math.max(0, ctx.freeStudentQuota));
    add('student', true, freeStudents, 0);
    add('student', false, pupils - freeStudents, ctx.studentPrice);
    // The leader is the first of the school's staff to use a free teacher ticket.
    const staff = draft.teachers.length + 1;
    const freeStaff = draft.ticketUseType === TICKET_USE_TYPES.escort ? Math.min(staff, freeTeachersFor(freeStudents)) : 0;
    leaderFree = freeStaff > 0;
    freeTeachers = Math.max(0, freeStaff - 1);
    add('leader', leaderFree, 1, ctx.adultPrice);
    add('teacher', true, freeTeachers, 0);
    add('teacher', false, draft.teachers.length - freeTeachers, ctx.adultPrice);
  } else {
    const priced = (p: number) => (agencyPriceApplies(ctx) ? Math.round((p * ctx.agencyDiscountPercent) / 100) : p);
    const { adults, children } = partyOf(draft);
    freeChildren = freeChildrenOf(draft, ctx);
    add('visitor', false, adults - 1, priced(ctx.adultPrice));
    add('child', true, freeChildren, 0);
    add('child', false, children - freeChildren, priced(ctx.childPrice));
    leaderFree = kind === 'agency' && draft.leaderFree && leaderEntitled(draft.visitors - freeChildren, ctx);
    add('leader', leaderFree, 1, priced(ctx.adultPrice));
  }
  const total = lines.reduce((n, l) => n + l.amount, 0);
  const teacherNeedCharge = lines.some((l) => l.role === 'teacher' && !l.free);
  return { lines, size: groupSize(draft, kind), total, freeStudents, freeTeachers, freeChildren, leaderFree, teacherNeedCharge };
}

/** A group other than a school: its adults (the leader among them) and its children, never
 * more children than visitors besides the leader (checkGroup refuses more). */
export function partyOf(draft: Pick<GroupDraft, 'visitors' | 'children'>) {
  const children = Math.min(Math.max(0, draft.children), draft.visitors);
  return { adults: draft.visitors - children + 1, children };
}

/** Children on the hall's free child ticket: up to freeChildPerAdult per adult, where it has one. */
export function freeChildrenOf(draft: Pick<GroupDraft, 'visitors' | 'children'>, ctx: Pick<GroupContext, 'freeChildTicket' | 'freeChildPerAdult'>) {
  const { adults, children } = partyOf(draft);
  return ctx.freeChildTicket ? Math.min(children, adults * Math.max(0, ctx.freeChildPerAdult)) : 0;
}

const leaderEntitled = (charged: number, ctx: GroupContext) => ctx.chargedPerFreeLeader !== null && charged >= ctx.chargedPerFreeLeader;

/** The latest moment a window payer pays: the end of the day OFFLINE_PAY_DAYS_BEFORE days
 * before the visit (docs/product.md §4), as a museum-time date; the order is cancelled after it. */
export function windowPayLastDay(visitDate: string): string {
  // No day chosen yet (a draft just started afresh, its summary opened by address): no last day,
  // and so no window, rather than an invalid date that stops the screen.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(visitDate)) return '';
  const d = new Date(`${visitDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - OFFLINE_PAY_DAYS_BEFORE);
  return d.toISOString().slice(0, 10);
}

/** Whether window payment is still open for a visit on `visitDate`, `today` in museum time:
 * its last day not yet past. Once past it is not offered; the server refuses it too. */
export const windowPayOpen = (visitDate: string, today: string) => windowPayLastDay(visitDate) >= today;

export const GROUP_RULES = {
  sessionRequired: 'sessionRequired',
  noGroups: 'noGroups',
  groupMin: 'groupMin',
  groupMax: 'groupMax',
  stock: 'stock',
  stockBelowMinimum: 'stockBelowMinimum',
  gradesRequired: 'gradesRequired',
  gradeName: 'gradeName',
  gradeCount: 'gradeCount',
  gradeOrigin: 'gradeOrigin',
  teacherName: 'teacherName',
  teacherCertificate: 'teacherCertificate',
  duplicateCertificate: 'duplicateCertificate',
  leaderFree: 'leaderFree',
  leaderName: 'leaderName',
  leaderCertificate: 'leaderCertificate',
  leaderPhone: 'leaderPhone',
  leaderAge: 'leaderAge',
  schoolOnly: 'schoolOnly',
  offSeasonOnly: 'offSeasonOnly',
  windowTooLate: 'windowTooLate',
  childrenAlone: 'childrenAlone',
  childrenOfSchool: 'childrenOfSchool',
} as const;

export type GroupRule = (typeof GROUP_RULES)[keyof typeof GROUP_RULES];

export const GROUP_MESSAGES = {
  sessionRequired: { zh: '请选择场次', en: 'Please choose a session' },
  noGroups: { zh: '该场馆不接待团体', en: 'This hall does not take groups' },
  groupMin: { zh: '团体人数不能少于{n}人', en: 'A group needs at least {n} people' },
  groupMax: { zh: '团体人数不能超过{n}人', en: 'A group may have at most {n} people' },
  stock: { zh: '余票不足，该场次仅剩{n}张', en: 'Not enough tickets left: only {n} in this session' },
  stockBelowMinimum: {
    zh: '该场次余票（{n}张）少于团体最低人数，请选择其他场次',
    en: 'Remaining tickets ({n}) are below the group minimum; please pick another session',
  },
  gradesRequired: { zh: '请至少填写一个年级的学生', en: 'Please add the pupils of at least one grade' },
  gradeName: { zh: '年级名称不能为空', en: 'Grade name cannot be empty' },
  gradeCount: {
    zh: '“{grade}”的人数应等于男生与女生人数之和',
    en: 'The count of "{grade}" must equal boys plus girls',
  },
  gradeOrigin: {
    zh: '“{grade}”的京籍与非京籍学生之和应等于总人数',
    en: 'Beijing and other pupils of "{grade}" must add up to its count',
  },
  duplicateCertificate: { zh: '证件号码重复', en: 'Duplicate certificates are not allowed' },
  leaderFree: { zh: '导游/领队票不可用', en: 'Tour leader tickets unavailable' },
  leaderAge: {
    zh: '领队的年龄（{age}岁）不得小于{min}岁',
    en: 'The leader must be at least {min} (is {age})',
  },
  schoolOnly: { zh: '该场馆仅接待学校团体', en: 'This hall is for school groups only' },
  offSeasonOnly: { zh: '该场馆仅在淡季接待团体', en: 'This hall takes groups in the off season only' },
  windowTooLate: {
    zh: '窗口支付须在参观日{n}天前完成，该日期请选择在线支付',
    en: 'Window payment must be made {n} days before the visit; please pay online for this date',
  },
  childrenAlone: {
    zh: '儿童不能单独参观：儿童人数最多{n}人，至少须有一名成人',
    en: 'Children never come without an adult: at most {n} children, with at least one adult',
  },
  childrenOfSchool: { zh: '学校团体的学生按年级填写，无需填写儿童人数', en: "A school's pupils are counted by grade, not as children" },
} as const satisfies Record<string, Text>;

const labelled = (who: Text, message: Text): Text => ({ zh: `${who.zh}：${message.zh}`, en: `${who.en}: ${message.en}` });
const TEACHER = (n: number): Text => ({ zh: `教师${n}`, en: `Teacher ${n}` });
const LEADER: Text = { zh: '领队', en: 'Leader' };

/** The steps of the draft a rule belongs to, so each screen checks its own part. */
export type GroupStep = 'leader' | 'audience' | 'teachers' | 'submit';

const STEP_RULES: Record<GroupStep, readonly GroupRule[]> = {
  leader: [GROUP_RULES.leaderName, GROUP_RULES.leaderPhone, GROUP_RULES.leaderCertificate, GROUP_RULES.leaderAge],
  audience: [
    GROUP_RULES.gradesRequired,
    GROUP_RULES.gradeName,
    GROUP_RULES.gradeCount,
    GROUP_RULES.gradeOrigin,
    GROUP_RULES.groupMax,
    GROUP_RULES.stock,
    GROUP_RULES.leaderFree,
    GROUP_RULES.childrenAlone,
    GROUP_RULES.childrenOfSchool,
  ],
  teachers: [
    GROUP_RULES.teacherName,
    GROUP_RULES.teacherCertificate,
    GROUP_RULES.duplicateCertificate,
    GROUP_RULES.groupMin,
    GROUP_RULES.groupMax,
    GROUP_RULES.stock,
  ],
  submit: Object.values(GROUP_RULES),
};

/** The broken rules of one step of the draft (a school's size is complete with its teachers;
 * other groups have no teachers' step, so their audience step checks the minimum too). */
export function checkGroupStep(draft: GroupDraft, ctx: GroupContext, step: GroupStep): Violation[] {
  const kind = groupKindOf(ctx.teamType);
  const rules = new Set<GroupRule>(STEP_RULES[step]);
  if (step === 'audience' && kind !== 'school') rules.add(GROUP_RULES.groupMin).add(GROUP_RULES.stockBelowMinimum);
  return checkGroup(draft, ctx).filter((v) => rules.has(v.rule as GroupRule));
}

/** Every broken rule of a group order, in the order the screens ask. */
export function checkGroup(draft: GroupDraft, ctx: GroupContext): Violation[] {
  const out: Violation[] = [];
  const add = (rule: GroupRule, message: Text) => out.push({ rule, message });
  const kind = groupKindOf(ctx.teamType);
  const { hall } = ctx;
  const minSize = groupMinSize(hall);

  if (draft.hallId === null || draft.hallScheduleId === null) add(GROUP_RULES.sessionRequired, GROUP_MESSAGES.sessionRequired);
  if (hall.groupMax <= 0) add(GROUP_RULES.noGroups, GROUP_MESSAGES.noGroups);
  if (hall.schoolOnly && kind !== 'school') add(GROUP_RULES.schoolOnly, GROUP_MESSAGES.schoolOnly);
  if (hall.offSeasonOnly && !ctx.offSeason) add(GROUP_RULES.offSeasonOnly, GROUP_MESSAGES.offSeasonOnly);

  // The leader (docs/product.md §3 leader info): named as on the certificate, a mobile, an adult.
  const { leader } = draft;
  const leaderName = checkVisitorName(leader.name, leader.certificateType);
  if (leaderName) add(GROUP_RULES.leaderName, labelled(LEADER, leaderName));
  const leaderPhone = checkPhone(leader.phone);
  if (leaderPhone) add(GROUP_RULES.leaderPhone, labelled(LEADER, leaderPhone));
  const cert = checkCertificate(leader.certificateType, leader.certificateNumber, ctx.today);
  if (!cert.valid) add(GROUP_RULES.leaderCertificate, labelled(LEADER, cert.message));
  else if (cert.birthDate) {
    const age = ageOn(cert.birthDate, draft.visitDate);
    if (age < MINIMUM_ADULT_AGE) add(GROUP_RULES.leaderAge, fill(GROUP_MESSAGES.leaderAge, { age, min: MINIMUM_ADULT_AGE }));
  }

  if (kind === 'school') {
    if (draft.grades.length === 0 || pupilsOf(draft) === 0) add(GROUP_RULES.gradesRequired, GROUP_MESSAGES.gradesRequired);
    for (const grade of draft.grades) {
      if (!grade.name.trim()) add(GROUP_RULES.gradeName, GROUP_MESSAGES.gradeName);
      else if (grade.all !== grade.boy + grade.girl) add(GROUP_RULES.gradeCount, fill(GROUP_MESSAGES.gradeCount, { grade: grade.name }));
      else if (grade.beijing + grade.orther !== grade.all) add(GROUP_RULES.gradeOrigin, fill(GROUP_MESSAGES.gradeOrigin, { grade: grade.name }));
    }
    draft.teachers.forEach((teacher, i) => {
      const name = checkVisitorName(teacher.name, teacher.certificateType);
      if (name) add(GROUP_RULES.teacherName, labelled(TEACHER(i + 1), name));
      const c = checkCertificate(teacher.certificateType, teacher.certificateNumber, ctx.today);
      if (!c.valid) add(GROUP_RULES.teacherCertificate, labelled(TEACHER(i + 1), c.message));
    });
    const seen = new Set<string>();
    for (const p of [leader, ...draft.teachers]) {
      const key = `${p.certificateType}:${p.certificateNumber.trim().toUpperCase()}`;
      if (p.certificateNumber.trim() && seen.has(key)) {
        add(GROUP_RULES.duplicateCertificate, GROUP_MESSAGES.duplicateCertificate);
        break;
      }
      seen.add(key);
    }
    if (draft.children > 0) add(GROUP_RULES.childrenOfSchool, GROUP_MESSAGES.childrenOfSchool);
  } else {
    // Children never come alone: the leader is an adult, so at most every other visitor is a child.
    if (draft.children > draft.visitors) add(GROUP_RULES.childrenAlone, fill(GROUP_MESSAGES.childrenAlone, { n: draft.visitors }));
    if (kind === 'agency' && draft.leaderFree && !leaderEntitled(draft.visitors - freeChildrenOf(draft, ctx), ctx)) {
      add(GROUP_RULES.leaderFree, GROUP_MESSAGES.leaderFree);
    }
  }

  // Size and stock. When the session cannot hold even a minimum group, say that instead of
  // "not enough": no group size would do.
  const size = groupSize(draft, kind);
  if (size < minSize) add(GROUP_RULES.groupMin, fill(GROUP_MESSAGES.groupMin, { n: minSize }));
  if (hall.groupMax > 0 && size > hall.groupMax) add(GROUP_RULES.groupMax, fill(GROUP_MESSAGES.groupMax, { n: hall.groupMax }));
  if (ctx.remaining < minSize) add(GROUP_RULES.stockBelowMinimum, fill(GROUP_MESSAGES.stockBelowMinimum, { n: Math.max(0, ctx.remaining) }));
  else if (size > ctx.remaining) add(GROUP_RULES.stock, fill(GROUP_MESSAGES.stock, { n: ctx.remaining }));

  if (draft.payMethod === 'window' && !windowPayOpen(draft.visitDate, ctx.today)) {
    add(GROUP_RULES.windowTooLate, fill(GROUP_MESSAGES.windowTooLate, { n: OFFLINE_PAY_DAYS_BEFORE }));
  }
  return out;
}

/** The default grades of a new school draft (docs/product.md §3: Grade One and Grade Two). */
export function defaultGrades(lang: 'zh' | 'en'): GradeEntry[] {
  const names = lang === 'zh' ? ['一年级', '二年级'] : ['Grade One', 'Grade Two'];
  return names.map((name) => ({ name, boy: 0, girl: 0, all: 0, beijing: 0, orther: 0 }));
}

/** Whether a hall can be booked by this team at all (the venue list greys out the others). */
export function hallRefusal(hall: GroupHall, teamType: TeamType, offSeason: boolean): Text | null {
  if (hall.groupMax <= 0) return GROUP_MESSAGES.noGroups;
  if (hall.schoolOnly && groupKindOf(teamType) !== 'school') return GROUP_MESSAGES.schoolOnly;
  if (hall.offSeasonOnly && !offSeason) return GROUP_MESSAGES.offSeasonOnly;
  return null;
}

/** Whether a date is in the off season: config off_season_months, e.g. "1,2,3,11,12". */
export function isOffSeason(date: string, months: string | undefined): boolean {
  const month = Number(date.slice(5, 7));
  return (months ?? '')
    .split(',')
    .map((m) => Number(m.trim()))
    .includes(month);
}

/** The placeOrder payload of a group (docs/product.md §3 "Group order"), built from the draft and the
 * quote the team confirmed. The server reads the same fields back (draftOfRequest) and
 * prices it again: the flags it sends are for the record, `quotedAmount` guards the price. */
export function buildGroupOrderRequest(draft: GroupDraft, quote: GroupQuote, teamName: string, captchaToken: string, seats: readonly string[] = []) {
  return {
    date: draft.visitDate,
    hallId: draft.hallId ?? 0,
    hallScheduleId: draft.hallScheduleId ?? 0,
    captchaToken,
    poolFlag: 0 as const,
    payMethod: draft.payMethod,
    orderAdditionInfo: {
      teamName,
      name: draft.leader.name.trim(),
      certificateType: draft.leader.certificateType as '1' | '2' | '3' | '4' | '5',
      certificateInfo: draft.leader.certificateNumber.trim(),
      mobile: draft.leader.phone.trim(),
      personNumber: quote.size,
    },
    ticketUseType: draft.ticketUseType,
    leaderFreeFlag: draft.leaderFree ? (1 as const) : (0 as const),
    travelFreeTicketFlag: quote.leaderFree ? (1 as const) : (0 as const),
    teacherNeedCharge: quote.teacherNeedCharge ? (1 as const) : (0 as const),
    gradeList: draft.grades.map((g) => ({ ...g, name: g.name.trim() })),
    teacherList: draft.teachers.map((t) => ({
      name: t.name.trim(),
      certificateType: t.certificateType as '1' | '2' | '3' | '4' | '5',
      certificateInfo: t.certificateNumber.trim(),
    })),
    childTicketNum: draft.children,
    quotedAmount: quote.total,
    // A dome's seats the team chose, one per ticket in the order the server makes them; none: the cinema seats the group.
    ...(seats.length > 0 ? { seatNumbers: [...seats] } : {}),
  };
}

export type GroupOrderRequest = ReturnType<typeof buildGroupOrderRequest>;
