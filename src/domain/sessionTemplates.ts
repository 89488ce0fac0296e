/** Session templates ("Operations: Sessions"): a hall's named day of sessions, applied
 * by an admin to a day or a range of chosen weekdays with a release time. Pure: the machine's
 * guards and the server judge a template and an application with the same rules. */
import { addDays } from './museumTime.ts';
import { fill, type Text } from './text.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';

/** A session of a template (its schema: answers.ts templateSession). */
export type TemplateSession = z.output<typeof answers.templateSession>;

/** A template as an admin writes it (templateId null: a new one). */
export interface TemplateDraft {
  templateId: number | null;
  hallId: number;
  name: string;
  sessions: TemplateSession[];
}

/** Applying a template: the days from..to (one day: from = to) on the chosen weekdays
 * (0 = Sunday), released at a museum time 'YYYY-MM-DD HH:mm' or 'now'. */
export interface ApplyRequest {
  templateId: number;
  from: string;
  to: string;
  weekdays: number[];
  releaseAt: string;
}

export const TEMPLATE_LIMITS = { nameMax: 30, sessionsMax: 24, capacityMax: 20_000, rangeDays: 31, aheadDays: 366 } as const;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

export const TEMPLATE_TEXTS = {
  name: { zh: '模板名称须为 1-30 个字', en: 'A template name has 1 to 30 characters' },
  noSessions: { zh: '模板至少要有一个场次', en: 'A template needs at least one session' },
  tooManySessions: { zh: '一个模板最多 {n} 个场次', en: 'A template has at most {n} sessions' },
  time: { zh: '第 {n} 个场次的时间须为 HH:mm（00:00-23:59）', en: 'Session {n}: times are HH:mm (00:00 to 23:59)' },
  order: { zh: '第 {n} 个场次的开始时间须早于结束时间', en: 'Session {n}: it must begin before it ends' },
  overlap: { zh: '场次 {a} 与 {b} 时间重叠', en: 'Sessions {a} and {b} overlap' },
  capacity: { zh: '第 {n} 个场次的容量须为 1-{max}', en: 'Session {n}: the capacity is 1 to {max}' },
  film: { zh: '第 {n} 个场次须选择影片', en: 'Session {n}: choose its film' },
  noFilmHere: { zh: '只有球幕影院的场次放映影片', en: 'Only a dome cinema session shows a film' },
  sameName: { zh: '该场馆已有同名模板', en: 'This hall already has a template of that name' },
  noTemplate: { zh: '模板不存在', en: 'No such template' },
  noHall: { zh: '场馆不存在', en: 'No such hall' },
  date: { zh: '请选择有效日期', en: 'Choose valid dates' },
  past: { zh: '不能为已过去的日期排场次', en: 'Sessions cannot be made for a past day' },
  tooFar: { zh: '最多为 {n} 天内的日期排场次', en: 'Sessions can be made up to {n} days ahead' },
  range: { zh: '结束日期不能早于开始日期，且最多 {n} 天', en: 'The last day cannot be before the first, and a range has at most {n} days' },
  weekdays: { zh: '请至少选择一个星期几', en: 'Choose at least one weekday' },
  noDays: { zh: '所选范围内没有所选的星期几', en: 'None of the chosen weekdays falls in that range' },
  releaseFormat: { zh: '放票时间须为“立即”或 YYYY-MM-DD HH:mm', en: 'The release time is "now" or YYYY-MM-DD HH:mm' },
  releasePast: { zh: '放票时间已过，请选择更晚的时间或“立即”', en: 'That release time has passed: choose a later one or "now"' },
  releaseLate: { zh: '放票时间不能晚于第一个参观日', en: 'The release time cannot be after the first visiting day' },
  alreadyOnSale: { zh: '该日已开放预约，放票时间不能再改', en: 'This day is already on sale: its release time cannot change' },
} as const satisfies Record<string, Text>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD'. */
export const isDay = (d: string) => DATE.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** 0 = Sunday ... 6 = Saturday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Two sessions overlap when one begins before the other ends ('HH:mm' compares as text). */
export const overlaps = (a: { beginTime: string; endTime: string }, b: { beginTime: string; endTime: string }) =>
  a.beginTime < b.endTime && b.beginTime < a.endTime;

/** Why a template cannot be saved, or null. `cinema`: the hall is a dome (films, seats). */
export function checkTemplate(draft: Pick<TemplateDraft, 'name' | 'sessions'>, cinema: boolean): Text | null {
  const name = draft.name.trim();
  if (name.length < 1 || [...name].length > TEMPLATE_LIMITS.nameMax) return TEMPLATE_TEXTS.name;
  if (draft.sessions.length === 0) return TEMPLATE_TEXTS.noSessions;
  if (draft.sessions.length > TEMPLATE_LIMITS.sessionsMax) return fill(TEMPLATE_TEXTS.tooManySessions, { n: TEMPLATE_LIMITS.sessionsMax });
  for (const [i, s] of draft.sessions.entries()) {
    const n = i + 1;
    if (!HHMM.test(s.beginTime) || !HHMM.test(s.endTime)) return fill(TEMPLATE_TEXTS.time, { n });
    if (s.beginTime >= s.endTime) return fill(TEMPLATE_TEXTS.order, { n });
    if (cinema && s.filmId === null) return fill(TEMPLATE_TEXTS.film, { n });
    if (!cinema && s.filmId !== null) return TEMPLATE_TEXTS.noFilmHere;
    if (!cinema && !(Number.isInteger(s.capacity) && s.capacity >= 1 && s.capacity <= TEMPLATE_LIMITS.capacityMax)) {
      return fill(TEMPLATE_TEXTS.capacity, { n, max: TEMPLATE_LIMITS.capacityMax });
    }
  }
  const sorted = [...draft.sessions].sort((a, b) => a.beginTime.localeCompare(b.beginTime));
  for (let i = 1; i < sorted.length; i++) {
    if (overlaps(sorted[i - 1], sorted[i])) {
      return fill(TEMPLATE_TEXTS.overlap, { a: `${sorted[i - 1].beginTime}-${sorted[i - 1].endTime}`, b: `${sorted[i].beginTime}-${sorted[i].endTime}` });
    }
  }
  return null;
}

/** The days of an application: from..to on the chosen weekdays. */
export function daysOf(from: string, to: string, weekdays: readonly number[]): string[] {
  const days: string[] = [];
  for (let d = from, i = 0; d <= to && i < TEMPLATE_LIMITS.rangeDays; d = addDays(d, 1), i++) if (weekdays.includes(weekdayOf(d))) days.push(d);
  return days;
}

/** 'now' or a museum time 'YYYY-MM-DD HH:mm'; null when it is neither. */
export function parseRelease(releaseAt: string): 'now' | { date: string; time: string } | null {
  if (releaseAt === 'now') return 'now';
  const [date, time, ...rest] = releaseAt.trim().split(/\s+/);
  return rest.length === 0 && date && time && isDay(date) && HHMM.test(time) ? { date, time } : null;
}

/** Museum time now as 'YYYY-MM-DD HH:mm' compares with a release time as text. */
const releaseKey = (r: { date: string; time: string }) => `${r.date} ${r.time}`;

/** Why a release time cannot be set for days beginning with `firstDay`, or null. `now` is the
 * museum time 'YYYY-MM-DD HH:mm'. */
export function checkRelease(releaseAt: string, firstDay: string, now: string): Text | null {
  const r = parseRelease(releaseAt);
  if (r === null) return TEMPLATE_TEXTS.releaseFormat;
  if (r === 'now') return null;
  if (releaseKey(r) <= now) return TEMPLATE_TEXTS.releasePast;
  if (r.date > firstDay) return TEMPLATE_TEXTS.releaseLate;
  return null;
}

/** Why the days cannot get sessions (today on; a range of at most 31 days; a weekday that falls
 * in it), or null. `now` is the museum time 'YYYY-MM-DD HH:mm'. */
export function checkDays(req: Pick<ApplyRequest, 'from' | 'to' | 'weekdays'>, now: string): Text | null {
  const today = now.slice(0, 10);
  if (!isDay(req.from) || !isDay(req.to)) return TEMPLATE_TEXTS.date;
  if (req.from < today) return TEMPLATE_TEXTS.past;
  if (req.to > addDays(today, TEMPLATE_LIMITS.aheadDays)) return fill(TEMPLATE_TEXTS.tooFar, { n: TEMPLATE_LIMITS.aheadDays });
  if (req.to < req.from || req.to > addDays(req.from, TEMPLATE_LIMITS.rangeDays - 1)) return fill(TEMPLATE_TEXTS.range, { n: TEMPLATE_LIMITS.rangeDays });
  if (req.weekdays.length === 0) return TEMPLATE_TEXTS.weekdays;
  if (daysOf(req.from, req.to, req.weekdays).length === 0) return TEMPLATE_TEXTS.noDays;
  return null;
}

export function checkApply(req: Omit<ApplyRequest, 'templateId'>, now: string): Text | null {
  return checkDays(req, now) ?? checkRelease(req.releaseAt, req.from, now);
}

/** Which of a template's sessions a day gets: those overlapping no session the hall already has
 * that day (an existing session is never touched: its stock may be sold). */
export function sessionsToCreate<S extends { beginTime: string; endTime: string }>(
  template: S[],
  existing: Array<{ beginTime: string; endTime: string }>,
): { create: S[]; skip: S[] } {
  const create: S[] = [];
  const skip: S[] = [];
  for (const s of template) (existing.some((e) => overlaps(e, s)) ? skip : create).push(s);
  return { create, skip };
}
