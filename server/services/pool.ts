/** Halls, sessions and their states (docs/product.md §4 session states), computed from the stock rows. */
import type { Queryable } from '../db/db.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { CalendarDay, DayState, HallPool, HallRules, PricePool, SchedulePool, SessionState, TicketPrice } from '../../src/domain/types.ts';
import { addDays, museumDate, museumDateTime, museumInstant } from '../time.ts';
import { getConfig } from './settings.ts';
import { BOOKING_DAYS } from '../../src/domain/limits.ts';
import { priceOnSale } from '../../src/domain/catalogueRules.ts';
import type { GroupHall } from '../../src/domain/groupRules.ts';
import { candidateLevel, sessionStatus, waitingListSettings, type CandidateDay } from '../../src/domain/waitingList.ts';
import { sessionCutoff, waitingCounts } from './candidateCounts.ts';

export const POOL_MESSAGES = {
  soldOut: { zh: '已售罄', en: 'Sold out' },
  noSessions: { zh: '暂无可预约场次', en: 'No bookable sessions' },
  ended: { zh: '本场次已停止售票', en: 'Sales for this session have ended' },
  past: { zh: '该日期已过', en: 'This date has passed' },
  stopped: { zh: '本场次暂停售票', en: 'Sales for this session are stopped' },
  notReleased: { zh: '将于{time}开放预约', en: 'Booking opens at {time}' },
  outOfRange: { zh: '该日期不在可预约范围内', en: 'This date cannot be booked yet' },
  paused: { zh: '暂停售票', en: 'Ticket sales are paused' },
} satisfies Record<string, Text>;

export interface HallRow {
  id: number;
  hall_key: HallRules['hallKey'];
  name_zh: string;
  name_en: string;
  intro_zh: string;
  intro_en: string;
  age_note_zh: string | null;
  age_note_en: string | null;
  min_buyers: number;
  max_buyers: number;
  min_age: number | null;
  child_age_min: number | null;
  child_age_max: number | null;
  needs_adult_and_child: boolean;
  cinema: boolean;
  choose_mode: 1 | 2 | 3;
  waiting_list: boolean;
  group_max: number;
  group_min: number;
  school_only: boolean;
  off_season_only: boolean;
  school_free_daily: number;
  /** Closed by an admin: visitors no longer see it (docs/product.md §2.8). */
  closed: boolean;
  /** Free children one adult may bring; null: the museum-wide setting. */
  free_child_per_adult: number | null;
  /** Its groups' off-season months ("1,2,11,12"); null: the museum-wide setting. */
  off_season_months: string | null;
}

export interface PriceRow {
  id: number;
  hall_id: number;
  name_zh: string;
  name_en: string;
  kind: TicketPrice['kind'];
  price: number;
  age_min: number | null;
  age_max: number | null;
  is_child_free: boolean;
  /** The visit days it sells for; null: no bound (docs/product.md §2.8). */
  valid_from: string | null;
  valid_to: string | null;
}

export interface ScheduleRow {
  id: number;
  hall_id: number;
  visit_date: string;
  begin_time: string;
  end_time: string;
  capacity: number;
  sold: number;
  held: number;
  stopped: boolean;
  stop_reason_zh: string | null;
  stop_reason_en: string | null;
  film_id: number | null;
}

export interface DayRow {
  visit_date: string;
  closed: boolean;
  reason_zh: string | null;
  reason_en: string | null;
  release_at: Date | null;
  /** The running surge's start, and its end (migration 048, docs/architecture.md §12). */
  surge_from: Date | null;
  surge_until: Date | null;
}

export const hallRules = (h: HallRow): HallRules => ({
  hallId: h.id,
  hallKey: h.hall_key,
  name: { zh: h.name_zh, en: h.name_en },
  minBuyers: h.min_buyers,
  maxBuyers: h.max_buyers,
  minAge: h.min_age,
  childAgeMin: h.child_age_min,
  childAgeMax: h.child_age_max,
  needsAdultAndChild: h.needs_adult_and_child,
});

export const ticketPrice = (p: PriceRow): TicketPrice => ({
  ticketPriceId: p.id,
  name: { zh: p.name_zh, en: p.name_en },
  kind: p.kind,
  price: p.price,
  ageMin: p.age_min,
  ageMax: p.age_max,
  isChildFreeTicket: p.is_child_free,
});

/** A price as the pool shows it, in the request's language. */
export const pricePoolOf = (p: PriceRow, lang: Lang): PricePool => ({
  ticketPriceId: p.id,
  name: lang === 'en' ? p.name_en : p.name_zh,
  kind: p.kind,
  price: p.price,
  ageMin: p.age_min,
  ageMax: p.age_max,
  isChildFreeTicket: p.is_child_free,
});

export const remainingOf = (s: ScheduleRow) => s.capacity - s.sold - s.held;

const fillTime = (t: Text, time: string): Text => ({ zh: t.zh.replace('{time}', time), en: t.en.replace('{time}', time) });

export interface StateResult {
  state: SessionState;
  reason: Text | null;
  releaseTime: string | null;
}

/** Museum-wide stop (hallStatus '0'), then the day, then the session itself. */
export function sessionState(s: ScheduleRow, day: DayRow | undefined, now: Date, stopSale: Text | null): StateResult {
  const none = { releaseTime: null };
  if (stopSale) return { state: 'closed', reason: stopSale, ...none };
  if (!day) return { state: 'closed', reason: POOL_MESSAGES.outOfRange, ...none };
  if (day.closed) return { state: 'closed', reason: { zh: day.reason_zh ?? '闭馆', en: day.reason_en ?? 'Closed' }, ...none };
  if (s.visit_date < museumDate(now)) return { state: 'stopped', reason: POOL_MESSAGES.past, ...none };
  if (day.release_at && day.release_at.getTime() > now.getTime()) {
    const time = museumDateTime(day.release_at);
    return { state: 'notReleased', reason: fillTime(POOL_MESSAGES.notReleased, time.slice(0, 16)), releaseTime: time };
  }
  if (s.stopped) {
    return {
      state: 'stopped',
      reason: s.stop_reason_zh ? { zh: s.stop_reason_zh, en: s.stop_reason_en ?? s.stop_reason_zh } : POOL_MESSAGES.stopped,
      ...none,
    };
  }
  if (museumInstant(s.visit_date, s.end_time).getTime() <= now.getTime()) return { state: 'stopped', reason: POOL_MESSAGES.ended, ...none };
  if (remainingOf(s) <= 0) return { state: 'soldOut', reason: POOL_MESSAGES.soldOut, ...none };
  return { state: 'available', reason: null, ...none };
}

/** What the calendar and an order's refusal both say of a museum-wide stop (config hallStatus
 * '0'): the staff's text (museumStopSaleContent), its zh where the en is blank, and ours where
 * they left it blank or deleted it: never an empty refusal. */
export function museumStopText(text: Readonly<Text> | null): Text {
  if (!text?.zh.trim()) return POOL_MESSAGES.paused;
  return { zh: text.zh, en: text.en.trim() ? text.en : text.zh };
}

/** The museum-wide stop text when config hallStatus is '0'. */
async function stopSaleText(q: Queryable, config: Record<string, string>): Promise<Text | null> {
  if (config.hallStatus !== '0') return null;
  const [text] = await q.query<Text>(`SELECT zh, en FROM texts WHERE name = 'museumStopSaleContent'`);
  return museumStopText(text ?? null);
}

/** The halls visitors see: those open. */
export async function loadHalls(q: Queryable): Promise<HallRow[]> {
  return q.query<HallRow>('SELECT * FROM halls WHERE NOT closed ORDER BY sort, id');
}

/** Whether a price sells for a visit on `date` (catalogueRules.priceOnSale). */
export const onSaleOn = (date: string) => (p: Readonly<PriceRow>) => priceOnSale({ validFrom: p.valid_from, validTo: p.valid_to }, date);

/** A hall's own prices; a package's parts are sold only with the package. */
export async function loadPrices(q: Queryable, hallId?: number): Promise<PriceRow[]> {
  return hallId === undefined
    ? q.query<PriceRow>('SELECT * FROM ticket_prices WHERE NOT package_only ORDER BY hall_id, sort, id')
    : q.query<PriceRow>('SELECT * FROM ticket_prices WHERE hall_id = $1 AND NOT package_only ORDER BY sort, id', [hallId]);
}

export async function loadDay(q: Queryable, date: string): Promise<DayRow | undefined> {
  const [day] = await q.query<DayRow>('SELECT * FROM museum_days WHERE visit_date = $1', [date]);
  return day;
}

/** The bookable days from today: the config, the museum-wide stop, the days and their sessions. */
async function bookingWindow(q: Queryable, now: Date) {
  const today = museumDate(now);
  const last = addDays(today, BOOKING_DAYS - 1);
  const config = await getConfig(q);
  const stop = await stopSaleText(q, config);
  const days = await q.query<DayRow>('SELECT * FROM museum_days WHERE visit_date BETWEEN $1 AND $2', [today, last]);
  const schedules = await q.query<ScheduleRow>('SELECT * FROM hall_schedule WHERE visit_date BETWEEN $1 AND $2', [today, last]);
  return { today, config, stop, days, schedules };
}

/** Halls a team may book: those taking groups. */
export const takesGroups = (h: HallRow) => h.group_max > 0;

export const groupHallOf = (h: HallRow): GroupHall => ({
  groupMin: h.group_min,
  groupMax: h.group_max,
  schoolOnly: h.school_only,
  offSeasonOnly: h.off_season_only,
});

/** The bookable days; for 'group' (getHallCalendar) counted over the halls taking groups only.
 * The sessions are counted in SQL, one row a day (how many, the tickets left in those on sale,
 * whether one of them is sold out), not read and decoded one by one: sessionState's rules for a
 * session of a day neither closed nor awaiting its release, as a filter. A session has ended when
 * its end time of today has passed (the window starts today; later days' sessions have not). */
export async function calendar(q: Queryable, now: Date, lang: Lang, mode: 'sale' | 'group' = 'sale'): Promise<CalendarDay[]> {
  const today = museumDate(now);
  const last = addDays(today, BOOKING_DAYS - 1);
  const stop = await stopSaleText(q, await getConfig(q));
  const days = await q.query<DayRow>('SELECT * FROM museum_days WHERE visit_date BETWEEN $1 AND $2', [today, last]);
  const counts = await q.query<{ visit_date: string; sessions: number; remaining: number; sold_out: boolean }>(
    `WITH s AS (
       SELECT visit_date, capacity - sold - held AS left_over,
              NOT stopped AND NOT (visit_date = $3 AND (CASE WHEN length(end_time) = 5 THEN end_time || ':00' ELSE end_time END) <= $4) AS selling
         FROM hall_schedule
        WHERE visit_date BETWEEN $1 AND $2 AND hall_id IN (SELECT id FROM halls WHERE NOT closed AND ($5 = 'sale' OR group_max > 0)))
     SELECT visit_date, count(*)::int AS sessions,
            coalesce(sum(left_over) FILTER (WHERE selling AND left_over > 0), 0)::int AS remaining,
            coalesce(bool_or(selling AND left_over <= 0), false) AS sold_out
       FROM s GROUP BY visit_date`,
    [today, last, today, museumDateTime(now).slice(11), mode],
  );
  const out: CalendarDay[] = [];
  for (let i = 0; i < BOOKING_DAYS; i++) {
    const date = addDays(today, i);
    const day = days.find((d) => d.visit_date === date);
    const count = counts.find((c) => c.visit_date === date);
    let state: DayState;
    let reason: Text | null = null;
    let remaining = 0;
    if (stop) [state, reason] = ['closed', stop];
    else if (!day || !count) [state, reason] = ['closed', POOL_MESSAGES.noSessions];
    else if (day.closed) [state, reason] = ['closed', { zh: day.reason_zh ?? '闭馆', en: day.reason_en ?? 'Closed' }];
    else if (day.release_at && day.release_at.getTime() > now.getTime()) {
      state = 'notReleased';
      reason = fillTime(POOL_MESSAGES.notReleased, museumDateTime(day.release_at).slice(0, 16));
    } else {
      remaining = count.remaining;
      if (remaining > 0) state = 'available';
      else {
        state = 'soldOut';
        reason = count.sold_out ? POOL_MESSAGES.soldOut : POOL_MESSAGES.noSessions;
      }
    }
    out.push({ date, state, remaining, reason: reason ? reason[lang] : null });
  }
  return out;
}

/** The halls of a day with their sessions. Each session carries its docs/product.md §3 status and
 * candidateLevel; mode 'candidate' (getHallForCandidate) lists only the halls that keep a
 * waiting list. */
export async function hallPools(q: Queryable, date: string, now: Date, lang: Lang, mode: 'sale' | 'candidate' | 'group' = 'sale'): Promise<HallPool[]> {
  const halls = (await loadHalls(q)).filter((h) => mode === 'sale' || (mode === 'group' ? takesGroups(h) : offersWaitingList(h)));
  const prices = await loadPrices(q);
  const day = await loadDay(q, date);
  const config = await getConfig(q);
  const stop = await stopSaleText(q, config);
  const schedules = await q.query<ScheduleRow>('SELECT * FROM hall_schedule WHERE visit_date = $1 ORDER BY begin_time, id', [date]);
  const lists = await waitingLists(q, config, halls, schedules, now);
  return halls.map((h) => {
    const hallPrices = prices
      .filter((p) => p.hall_id === h.id)
      .filter(onSaleOn(date))
      .map((p) => pricePoolOf(p, lang));
    const sessions: SchedulePool[] = schedules
      .filter((s) => s.hall_id === h.id)
      .map((s) => {
        const r = sessionState(s, day, now, stop);
        const pool = { state: r.state, ticketPool: Math.max(0, remainingOf(s)) };
        const list = lists(s);
        return {
          hallScheduleId: s.id,
          beginTime: s.begin_time,
          endTime: s.end_time,
          capacity: s.capacity,
          ...pool,
          disabled: r.state !== 'available',
          disabledText: r.reason ? r.reason[lang] : null,
          releaseTime: r.releaseTime,
          priceTicketPoolVOS: hallPrices,
          status: sessionStatus(pool, list),
          candidateLevel: list.offered ? candidateLevel(list.waiting, list.max) : null,
        };
      });
    const open = sessions.some((s) => !s.disabled);
    const firstReason = sessions.find((s) => s.disabledText)?.disabledText ?? POOL_MESSAGES.noSessions[lang];
    return {
      hallId: h.id,
      hallKey: h.hall_key,
      cinema: h.cinema,
      name: lang === 'en' ? h.name_en : h.name_zh,
      intro: lang === 'en' ? h.intro_en : h.intro_zh,
      ageNote: (lang === 'en' ? h.age_note_en : h.age_note_zh) ?? null,
      disabled: !open,
      disabledText: open ? null : firstReason,
      scheduleTicketPoolVOS: sessions,
      ...(mode === 'group' ? { group: groupHallOf(h) } : {}),
    };
  });
}

/** A cinema's seats are chosen or assigned at sale: its full sessions keep no list. */
export const offersWaitingList = (h: HallRow) => h.waiting_list && !h.cinema;

/** Each session's waiting list as sessionStatus sees it. */
async function waitingLists(q: Queryable, config: Record<string, string>, halls: HallRow[], schedules: ScheduleRow[], now: Date) {
  const settings = waitingListSettings(config);
  const counts = await waitingCounts(
    q,
    schedules.map((s) => s.id),
  );
  return (s: ScheduleRow) => ({
    offered: halls.some((h) => h.id === s.hall_id && offersWaitingList(h)),
    waiting: counts.get(s.id) ?? 0,
    max: settings.maxPerSession,
    closed: now.getTime() >= sessionCutoff(s, settings).getTime(),
  });
}

/** getCalendarForCandidate: each bookable day's best waiting-list status (4 a list is open,
 * 3 the lists are full, 1 tickets are on sale, 2 none of these) and how busy its open lists are. */
export async function candidateCalendar(q: Queryable, now: Date): Promise<CandidateDay[]> {
  const { today, config, stop, days, schedules } = await bookingWindow(q, now);
  const lists = await waitingLists(q, config, await loadHalls(q), schedules, now);
  return Array.from({ length: BOOKING_DAYS }, (_, i) => {
    const date = addDays(today, i);
    const day = days.find((d) => d.visit_date === date);
    const sessions = schedules
      .filter((s) => s.visit_date === date)
      .map((s) => {
        const r = sessionState(s, day, now, stop);
        const list = lists(s);
        return { status: sessionStatus({ state: r.state, ticketPool: Math.max(0, remainingOf(s)) }, list), list };
      });
    const best = ([4, 3, 1] as const).find((st) => sessions.some((x) => x.status === st)) ?? 2;
    const open = sessions.filter((x) => x.status === 4);
    const level = open.length ? candidateLevel(Math.min(...open.map((x) => x.list.waiting)), open[0].list.max) : null;
    return { date, status: best, candidateLevel: level };
  });
}
