/** Group orders (docs/product.md §3 "Group order", §5 "Group rules", §4 window payers): the settings a
 * team's draft prices itself with, placing the order (every rule again, then stock, the day's
 * free pupil tickets and the order in one transaction), and the group's own part of an order. */
import type { AppDeps } from '../context.ts';
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail, refusal } from '../http.ts';
import type { GroupOrderBody } from '../../src/domain/contracts.ts';
import {
  checkGroup,
  GROUP_RULES,
  groupKindOf,
  isOffSeason,
  quoteGroup,
  windowPayLastDay,
  type GroupContext,
  type GroupDraft,
  type GroupQuote,
  type GroupRole,
} from '../../src/domain/groupRules.ts';
import { STUDENTS_PER_FREE_TEACHER } from '../../src/domain/limits.ts';
import { freeChildPerAdult } from '../../src/domain/orderRules.ts';
import { needsAgreement, teamBookingBlock, type TeamType } from '../../src/domain/team.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { GroupSetting, PlaceOrderResult, TicketPrice } from '../../src/domain/types.ts';
import { addDays, museumDate, museumInstant } from '../time.ts';
import { getConfig, minutes } from './settings.ts';
import { bookableSession, insertOrder, lockBuyer, passRiskAndCaptcha, refuseUnpaid, type NewTicket } from './orders.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { groupHallOf, loadPrices, onSaleOn, remainingOf, ticketPrice, type HallRow } from './pool.ts';
import { takeSold } from './stock.ts';
import { seatsForParty } from './seats.ts';
import { completeOrder } from './payments.ts';
import { TEAM_TEXTS, teamInfo } from './teams.ts';

export const GROUP_TEXTS = {
  /** The total the team saw is not the one now (the day's free pupil tickets were taken, an
   * agreement expired): it confirms the new one rather than paying a surprise. */
  priceChanged: {
    zh: '价格已变化（当日学校免费名额或协议价格有变），请返回重新确认',
    en: "The price has changed (the day's free school tickets or the agreement prices); please go back and check it again",
  },
  sizeMismatch: { zh: '团体总人数与名单不符', en: 'The group size does not match the lists' },
  /** Named as the edge names a bad field (routes/kit.ts invalidInput): a school counts its pupils by grade. */
  schoolChildren: { zh: '请求参数有误：childTicketNum', en: 'Invalid request parameter: childTicketNum' },
  unpaid: { zh: '您有未支付的在线订单，请先支付或取消', en: 'You have an unpaid online order; please pay or cancel it first' },
} satisfies Record<string, Text>;

/** The user that owns a team's orders (migration 012: every team has one). */
export async function teamOwner(q: Queryable, teamId: number): Promise<number> {
  const [t] = await q.query<{ user_id: number }>('SELECT user_id FROM teams WHERE id = $1', [teamId]);
  if (!t) throw fail(TEAM_TEXTS.notFound, 401);
  return t.user_id;
}

/** Free pupil tickets still open in a hall on a day (shared by every school). */
async function freeQuotaLeft(q: Queryable, hall: HallRow, date: string): Promise<number> {
  const [row] = await q.query<{ used: number }>('SELECT used FROM school_free_used WHERE hall_id = $1 AND visit_date = $2', [hall.id, date]);
  return Math.max(0, hall.school_free_daily - (row?.used ?? 0));
}

/** Takes n free pupil tickets of the day within the quota (conditional, like the stock); false when not enough. */
export async function takeFreeQuota(q: Queryable, hallId: number, date: string, n: number): Promise<boolean> {
  if (n === 0) return true;
  const rows = await q.query(
    `INSERT INTO school_free_used AS u (hall_id, visit_date, used)
       SELECT $1, $2, $3 FROM halls WHERE id = $1 AND school_free_daily >= $3
     ON CONFLICT (hall_id, visit_date) DO UPDATE SET used = u.used + $3
       WHERE u.used + $3 <= (SELECT school_free_daily FROM halls WHERE id = $1)
     RETURNING used`,
    [hallId, date, n],
  );
  return rows.length > 0;
}

/** Locks the free pupil ticket rows of a hall's days in date order (made first where a day has
 * none yet), for a transaction that moves pupils between days. */
export async function lockFreeQuotaDays(q: TxQueryable, hallId: number, dates: string[]): Promise<void> {
  const days = [...new Set(dates)].sort();
  await q.query(
    `INSERT INTO school_free_used (hall_id, visit_date, used) SELECT $1, d, 0 FROM unnest($2::text[]) AS d ON CONFLICT (hall_id, visit_date) DO NOTHING`,
    [hallId, days],
  );
  await lockRows(q, 'school_free_used', { hall_id: hallId, visit_date: days }, ['used']);
}

const priceOf = (prices: TicketPrice[], kind: TicketPrice['kind']) => prices.find((p) => p.kind === kind);

/** The team, the hall and the day as the group rules see them (remaining: the caller's session);
 * the hall's prices and the config as the caller has read them. */
async function groupContext(
  deps: AppDeps,
  q: Queryable,
  teamId: number,
  hall: HallRow,
  date: string,
  remaining: number,
  { prices, config }: { prices: TicketPrice[]; config: Record<string, string> },
) {
  const { team } = await teamInfo(deps, teamId);
  const adult = priceOf(prices, 'adult');
  const student = priceOf(prices, 'student') ?? adult;
  // A group's child (docs/product.md §3.3): the hall's child price, else its student price, else the adult one.
  const child = prices.find((p) => p.kind === 'child' && !p.isChildFreeTicket) ?? student;
  const freeChild = prices.find((p) => p.isChildFreeTicket);
  const ages = freeChild ?? (child?.kind === 'child' ? child : undefined);
  const perLeader = config.leader_free_per_charged?.trim();
  const ctx: GroupContext = {
    teamType: team.teamType,
    // An agency whose agreement expired books at the public prices (docs/product.md §4).
    discounts: needsAgreement(team.teamType) ? team.teamRunTimeStatus.protocolStatus === 1 : true,
    hall: groupHallOf(hall),
    remaining,
    adultPrice: adult?.price ?? 0,
    studentPrice: student?.price ?? 0,
    childPrice: child?.price ?? 0,
    freeChildTicket: freeChild !== undefined,
    freeChildPerAdult: freeChildPerAdult(config, hall.hall_key, hall.free_child_per_adult),
    freeStudentQuota: groupKindOf(team.teamType) === 'school' ? await freeQuotaLeft(q, hall, date) : 0,
    // A whole number, as minutes() reads one.
    agencyDiscountPercent: Math.min(100, minutes(config, 'agency_discount_percent', 100)),
    chargedPerFreeLeader: perLeader && /^\d+$/.test(perLeader) ? Number(perLeader) : null,
    offSeason: isOffSeason(date, hall.off_season_months ?? config.off_season_months),
    today: museumDate(deps.clock()),
  };
  const childAges = { min: ages?.ageMin ?? hall.child_age_min, max: ages?.ageMax ?? hall.child_age_max };
  return { team, ctx, childAges, prices: { adult, student, child, freeChild }, config };
}

/** getSchoolFreeTicket: the settings the draft of this hall and day prices and checks itself with. */
export async function groupSetting(deps: AppDeps, teamId: number, hallId: number, date: string, lang: Lang): Promise<GroupSetting> {
  const [hall] = await deps.db.query<HallRow>('SELECT * FROM halls WHERE id = $1', [hallId]);
  if (!hall) throw fail(ORDER_TEXTS.notSelectable);
  const read = { prices: (await loadPrices(deps.db, hall.id)).filter(onSaleOn(date)).map(ticketPrice), config: await getConfig(deps.db) };
  const { team, ctx, childAges } = await groupContext(deps, deps.db, teamId, hall, date, 0, read);
  const block = teamBookingBlock(team);
  const { remaining: _, ...rest } = ctx;
  return {
    ...rest,
    childAges,
    teamName: team.teamName,
    studentsPerFreeTeacher: STUDENTS_PER_FREE_TEACHER,
    chooseMode: hall.cinema ? hall.choose_mode : null,
    blocked: block ? block[lang] : null,
  };
}

/** The draft a request describes (schools: grades and teachers; others: everyone but the leader). */
export function draftOfRequest(body: GroupOrderBody, teamType: TeamType): GroupDraft {
  const info = body.orderAdditionInfo;
  const school = groupKindOf(teamType) === 'school';
  return {
    visitDate: body.date,
    hallId: body.hallId,
    hallScheduleId: body.hallScheduleId,
    leader: { name: info.name, certificateType: info.certificateType, certificateNumber: info.certificateInfo, phone: info.mobile },
    grades: school ? body.gradeList : [],
    teachers: school ? body.teacherList.map((t) => ({ name: t.name, certificateType: t.certificateType, certificateNumber: t.certificateInfo })) : [],
    visitors: school ? 0 : Math.max(0, info.personNumber - 1),
    children: school ? 0 : (body.childTicketNum ?? 0),
    ticketUseType: body.ticketUseType,
    leaderFree: body.leaderFreeFlag === 1,
    payMethod: body.payMethod,
  };
}

const ROLE_NAMES: Record<GroupRole, [string, string]> = {
  student: ['学生票', 'Pupil'],
  teacher: ['教师票', 'Teacher'],
  leader: ['领队票', 'Leader'],
  visitor: ['团体票', 'Group'],
  child: ['儿童票', 'Child'],
};

/** One ticket per person, in the quote's order: pupils by grade (no names: the grade), then the
 * leader, the teachers and the visitors. */
type GroupPrices = Record<'adult' | 'student' | 'child' | 'freeChild', TicketPrice | undefined>;

/** The price row a line's tickets are sold under: pupils the student price, children the hall's
 * free child ticket or its child price, everyone else the adult price. */
const priceRowOf = (line: GroupQuote['lines'][number], prices: GroupPrices) =>
  line.role === 'student' ? prices.student : line.role === 'child' ? (line.free ? prices.freeChild : prices.child) : prices.adult;

function groupTickets(draft: GroupDraft, quote: GroupQuote, prices: GroupPrices, scheduleId: number) {
  const pupils = draft.grades.flatMap((g) => Array.from({ length: g.all }, () => g.name.trim()));
  const teachers = [...draft.teachers];
  const out: Array<NewTicket & { role: GroupRole; free: boolean }> = [];
  for (const line of quote.lines) {
    const price = priceRowOf(line, prices);
    for (let i = 0; i < line.count; i++) {
      const person =
        line.role === 'leader'
          ? draft.leader
          : line.role === 'teacher'
            ? teachers.shift()!
            : { name: line.role === 'student' ? pupils.shift()! : '', certificateType: '1', certificateNumber: '' };
      const [zh, en] = ROLE_NAMES[line.role];
      out.push({
        priceId: price!.ticketPriceId,
        userName: person.name.trim(),
        certificateType: person.certificateType,
        certificateInfo: person.certificateNumber.trim().toUpperCase(),
        nameZh: line.free ? `${zh}（免费）` : zh,
        nameEn: line.free ? `${en} (free)` : en,
        price: line.unitPrice,
        scheduleId,
        seat: null,
        role: line.role,
        free: line.free,
      });
    }
  }
  return out;
}

/** What a group cart entry holds already: its places and its free pupil tickets of the day. */
export interface HeldByCart {
  people: number;
  freePupils: number;
}

/** A team's group order checked against what the database says now, before its transaction:
 * the team may book, every group rule, the confirmed total, and the tickets it makes. `held`:
 * the places and free pupil tickets the team's own cart entry holds count as still open. */
export async function preparedGroupOrder(deps: AppDeps, teamId: number, body: GroupOrderBody, held: HeldByCart = { people: 0, freePupils: 0 }) {
  const now = deps.clock();
  const session = await bookableSession(deps, deps.db, body.hallScheduleId, now, body.date);
  const { schedule, hall } = session;
  if (hall.id !== body.hallId) throw fail(ORDER_TEXTS.notSelectable);
  // The session's read gave the hall's prices and the config: the group rules use them as they are.
  const base = await groupContext(deps, deps.db, teamId, hall, schedule.visit_date, remainingOf(schedule) + held.people, session);
  const { team, prices, config } = base;
  const ctx = { ...base.ctx, freeStudentQuota: base.ctx.freeStudentQuota + (groupKindOf(team.teamType) === 'school' ? held.freePupils : 0) };
  const block = teamBookingBlock(team);
  if (block) throw fail(block);
  // A school's pupils are counted by grade (docs/product.md §3.3): a child count from one is refused by name, not dropped.
  if (groupKindOf(team.teamType) === 'school' && (body.childTicketNum ?? 0) > 0) throw refusal(GROUP_TEXTS.schoolChildren, 'invalidInput');
  const draft = draftOfRequest(body, team.teamType);
  const violations = checkGroup(draft, ctx);
  if (violations.length > 0) throw refusal(violations[0].message, violations[0].rule);
  const quote = quoteGroup(draft, ctx);
  if (quote.size !== body.orderAdditionInfo.personNumber) throw fail(GROUP_TEXTS.sizeMismatch);
  if (body.quotedAmount !== undefined && body.quotedAmount !== quote.total) throw fail(GROUP_TEXTS.priceChanged);
  if (body.seatNumbers && body.seatNumbers.length !== quote.size) throw fail(GROUP_TEXTS.sizeMismatch);
  const owner = await teamOwner(deps.db, teamId);
  return { now, schedule, hall, team, ctx, draft, quote, config, owner, tickets: groupTickets(draft, quote, prices, schedule.id) };
}

export type PreparedGroupOrder = Awaited<ReturnType<typeof preparedGroupOrder>>;

/** placeOrder for a team: the rules again on what the database says, then in one transaction
 * the team's owner locked, stock and free pupil tickets taken by conditional updates, the order
 * and its tickets; nothing to pay completes it at once. */
export async function placeGroupOrder(deps: AppDeps, teamId: number, body: GroupOrderBody, lang: Lang): Promise<PlaceOrderResult> {
  const order = await preparedGroupOrder(deps, teamId, body);
  return deps.db.tx(async (q) => {
    await lockBuyer(q, order.owner, order.now, order.config);
    const refused = await passGroupChecks(q, deps, order, body.captchaToken, lang);
    if (refused) return refused;
    return insertGroupOrder(q, order, body.seatNumbers, lang);
  });
}

/** Inside the order's transaction, its owner locked: one unpaid online order at a time, then
 * the risk policy and the captcha (a refusal to return, or null). */
export async function passGroupChecks(q: TxQueryable, deps: AppDeps, order: PreparedGroupOrder, captchaToken: string, lang: Lang) {
  // An unpaid online order blocks the next; orders waiting for the window do not (they wait days).
  const ordersToday = await refuseUnpaid(q, order.owner, order.now, GROUP_TEXTS.unpaid, true);
  return passRiskAndCaptcha(q, deps, order.config, order.owner, order.now, captchaToken, lang, ordersToday);
}

/** The places were taken meanwhile: how many are left, said as the stock rule would have. */
export async function stockRefusal(q: Queryable, { schedule, draft, ctx }: PreparedGroupOrder): Promise<Text> {
  const [stock] = await q.query<{ left: number }>('SELECT capacity - sold - held AS left FROM hall_schedule WHERE id = $1', [schedule.id]);
  const broken = checkGroup(draft, { ...ctx, remaining: stock.left }).find((v) => v.rule === GROUP_RULES.stock || v.rule === GROUP_RULES.stockBelowMinimum);
  return broken?.message ?? ORDER_TEXTS.soldOut;
}

/** Stock, the day's free pupil tickets, seats and the order with its tickets, in the caller's
 * transaction. */
export async function insertGroupOrder(q: Queryable, order: PreparedGroupOrder, seatNumbers?: string[], lang: Lang = 'zh'): Promise<PlaceOrderResult> {
  const { now, schedule, hall, team, draft, quote, config, owner, tickets } = order;
  if (!(await takeSold(q, schedule.id, tickets.length))) throw refusal(await stockRefusal(q, order), GROUP_RULES.stock);
  if (!(await takeFreeQuota(q, hall.id, schedule.visit_date, quote.freeStudents))) throw fail(GROUP_TEXTS.priceChanged);
  // In a dome: the seats the team chose, or together where the cinema seats it (seatsForParty's blocks).
  const seats = await seatsForParty(
    q,
    hall,
    schedule.id,
    seatNumbers ?? tickets.map(() => undefined),
    tickets.map(() => false),
  );
  tickets.forEach((ticket, i) => (ticket.seat = seats[i]));
  const info = {
    teamName: team.teamName,
    leader: { name: draft.leader.name.trim(), certificateInfo: draft.leader.certificateNumber.trim().toUpperCase(), mobile: draft.leader.phone.trim() },
    gradeList: draft.grades,
    teacherList: draft.teachers.map((t) => ({ name: t.name.trim(), certificateInfo: t.certificateNumber.trim().toUpperCase() })),
    ticketUseType: draft.ticketUseType,
    leaderFreeFlag: quote.leaderFree ? 1 : 0,
    teacherNeedCharge: quote.teacherNeedCharge ? 1 : 0,
    lines: quote.lines,
  };
  // Window payers pay by the end of the day two days before the visit (docs/product.md §4).
  const deadline =
    draft.payMethod === 'online'
      ? new Date(now.getTime() + minutes(config, 'team_pay_hold_period', 30) * 60_000)
      : museumInstant(addDays(windowPayLastDay(schedule.visit_date), 1));
  const orderId = await insertOrder(q, {
    userId: owner,
    now,
    holdMinutes: 0,
    tickets,
    hallId: hall.id,
    visitDate: schedule.visit_date,
    group: { payDeadline: deadline, payMethod: draft.payMethod, groupInfo: info },
    lang,
  });
  if (quote.total === 0) await completeOrder(q, orderId, now);
  return { orderId, riskEnable: false, riskPolicy: 1, riskPrompt: null };
}
