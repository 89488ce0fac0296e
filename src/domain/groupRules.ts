/** Group order rules (SPEC §5 "Group rules"), same shape as the individual order rules: a
 * draft and what the server knows, giving every broken rule. */
import { ageOn, checkCertificate } from './certificates.ts';
import { checkPhone, checkVisitorName } from './fields.ts';
import { GROUP_MIN_SIZE, STUDENTS_PER_FREE_TEACHER } from './limits.ts';
import { ageRangeText } from './orderRules.ts';
import { fill, type Text } from './text.ts';
import type { TicketPrice, Violation } from './types.ts';

/** One gradeList entry (SPEC §3 "Group order draft"): counts as the form holds them. */
export interface GradeEntry {
  name: string;
  boy: number;
  girl: number;
  all: number;
}

export interface GroupLeader {
  name: string;
  certificateType: string;
  certificateNumber: string;
  phone: string;
  /** The leader's own ticket type, when the leader takes one. */
  ticketPriceId: number | null;
}

export interface GroupDraft {
  visitDate: string;
  hallId: number | null;
  hallScheduleId: number | null;
  /** Every ticket of the group: charged and free, students, teachers and the leader. */
  total: number;
  /** Tickets paid for (drives the tour-leader free ticket). */
  chargedTickets: number;
  /** School groups: the grades (empty otherwise). */
  grades: GradeEntry[];
  /** Students on the free quota, and teachers asking for a free ticket. */
  freeStudents: number;
  freeTeachers: number;
  /** Tour leader asks for a free ticket (leaderFreeFlag). */
  leaderFree: boolean;
  leader: GroupLeader;
}

export interface GroupContext {
  /** 'school' = teamType 2. */
  teamType: 'school' | 'travelAgency' | 'other';
  /** Group size range of the hall; min defaults to SPEC §9's 16. */
  minSize?: number;
  maxSize: number;
  /** Remaining tickets of the chosen session. */
  remaining: number;
  prices: TicketPrice[];
  /** Hall for school groups only / open to groups only in the off season. */
  schoolOnly: boolean;
  offSeasonOnly: boolean;
  /** Whether the visit date is in the off season (the server's calendar decides). */
  offSeason: boolean;
  /** One free tour-leader ticket per this many charged tickets; null = no leader tickets. */
  chargedPerFreeLeader: number | null;
}

export const GROUP_RULES = {
  sessionRequired: 'sessionRequired',
  groupMin: 'groupMin',
  groupMax: 'groupMax',
  stock: 'stock',
  stockBelowMinimum: 'stockBelowMinimum',
  gradeCount: 'gradeCount',
  teacherFree: 'teacherFree',
  leaderFree: 'leaderFree',
  leaderName: 'leaderName',
  leaderCertificate: 'leaderCertificate',
  leaderPhone: 'leaderPhone',
  leaderAge: 'leaderAge',
  schoolOnly: 'schoolOnly',
  offSeasonOnly: 'offSeasonOnly',
} as const;

export type GroupRule = (typeof GROUP_RULES)[keyof typeof GROUP_RULES];

export const GROUP_MESSAGES = {
  sessionRequired: { zh: '请选择场次', en: 'Please choose a session' },
  groupMin: { zh: '团体人数不能少于{n}人', en: 'A group needs at least {n} people' },
  groupMax: { zh: '团体人数不能超过{n}人', en: 'A group may have at most {n} people' },
  stock: { zh: '余票不足，该场次仅剩{n}张', en: 'Not enough tickets left: only {n} in this session' },
  stockBelowMinimum: {
    zh: '该场次余票（{n}张）少于团体最低人数，请选择其他场次',
    en: 'Remaining tickets ({n}) are below the group minimum; please pick another session',
  },
  gradeCount: {
    zh: '“{grade}”的人数应等于男生与女生人数之和',
    en: 'The count of "{grade}" must equal boys plus girls',
  },
  teacherFree: {
    zh: '每{per}名免费学生可有1名教师免票，本团最多{n}名',
    en: 'One free teacher ticket per {per} free students: at most {n} for this group',
  },
  leaderFree: { zh: '导游/领队票不可用', en: 'Tour leader tickets unavailable' },
  leaderAge: {
    zh: '领队的年龄（{age}岁）不符合“{ticket}”的适用年龄{range}',
    en: 'The leader\'s age ({age}) does not fit "{ticket}" (ages {range})',
  },
  schoolOnly: { zh: '该场馆仅接待学校团体', en: 'This hall is for school groups only' },
  offSeasonOnly: { zh: '该场馆仅在淡季接待团体', en: 'This hall takes groups in the off season only' },
} as const satisfies Record<string, Text>;

export function checkGroup(draft: GroupDraft, ctx: GroupContext, today?: string): Violation[] {
  const out: Violation[] = [];
  const add = (rule: GroupRule, message: Text) => out.push({ rule, message });
  const minSize = ctx.minSize ?? GROUP_MIN_SIZE;

  if (draft.hallId === null || draft.hallScheduleId === null) add(GROUP_RULES.sessionRequired, GROUP_MESSAGES.sessionRequired);
  if (ctx.schoolOnly && ctx.teamType !== 'school') add(GROUP_RULES.schoolOnly, GROUP_MESSAGES.schoolOnly);
  if (ctx.offSeasonOnly && !ctx.offSeason) add(GROUP_RULES.offSeasonOnly, GROUP_MESSAGES.offSeasonOnly);

  // Size and stock. When the session cannot hold even a minimum group, say that instead of
  // "not enough": no group size would do.
  if (draft.total < minSize) add(GROUP_RULES.groupMin, fill(GROUP_MESSAGES.groupMin, { n: minSize }));
  if (draft.total > ctx.maxSize) add(GROUP_RULES.groupMax, fill(GROUP_MESSAGES.groupMax, { n: ctx.maxSize }));
  if (ctx.remaining < minSize) add(GROUP_RULES.stockBelowMinimum, fill(GROUP_MESSAGES.stockBelowMinimum, { n: Math.max(0, ctx.remaining) }));
  else if (draft.total > ctx.remaining) add(GROUP_RULES.stock, fill(GROUP_MESSAGES.stock, { n: ctx.remaining }));

  for (const grade of draft.grades) {
    if (grade.all !== grade.boy + grade.girl) add(GROUP_RULES.gradeCount, fill(GROUP_MESSAGES.gradeCount, { grade: grade.name }));
  }

  const maxTeachers = Math.floor(Math.max(0, draft.freeStudents) / STUDENTS_PER_FREE_TEACHER);
  if (draft.freeTeachers > maxTeachers) {
    add(GROUP_RULES.teacherFree, fill(GROUP_MESSAGES.teacherFree, { per: STUDENTS_PER_FREE_TEACHER, n: maxTeachers }));
  }
  if (draft.leaderFree && (ctx.chargedPerFreeLeader === null || draft.chargedTickets < ctx.chargedPerFreeLeader)) {
    add(GROUP_RULES.leaderFree, GROUP_MESSAGES.leaderFree);
  }

  const { leader } = draft;
  const nameMessage = checkVisitorName(leader.name, leader.certificateType);
  if (nameMessage) add(GROUP_RULES.leaderName, nameMessage);
  const phoneMessage = checkPhone(leader.phone);
  if (phoneMessage) add(GROUP_RULES.leaderPhone, phoneMessage);
  const cert = checkCertificate(leader.certificateType, leader.certificateNumber, today);
  if (!cert.valid) add(GROUP_RULES.leaderCertificate, cert.message);
  else if (cert.birthDate) {
    const ticket = ctx.prices.find((p) => p.ticketPriceId === leader.ticketPriceId);
    const age = ageOn(cert.birthDate, draft.visitDate);
    if (ticket && ((ticket.ageMin !== null && age < ticket.ageMin) || (ticket.ageMax !== null && age > ticket.ageMax))) {
      add(GROUP_RULES.leaderAge, fill(GROUP_MESSAGES.leaderAge, { age, ticket: ticket.name, range: ageRangeText(ticket.ageMin, ticket.ageMax) }));
    }
  }
  return out;
}
