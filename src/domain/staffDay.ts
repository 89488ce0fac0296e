/** Running a museum day: what the staff may change about a session or a day, and
 * why not. Pure: the server passes the session's or the day's numbers. */
import { fill, type Text } from './text.ts';

export const DAY_TEXTS = {
  noSession: { zh: '场次不存在', en: 'No such session' },
  reasonNeeded: { zh: '请填写中英文原因，游客将看到它', en: 'Give the reason in Chinese and English: visitors see it' },
  capacityBelowSold: {
    zh: '容量不能少于已售和保留的 {n} 张',
    en: 'The capacity cannot be below the {n} tickets sold and held',
  },
  cinemaCapacity: { zh: '影院场次的容量由座位决定，不能修改', en: "A dome session's capacity is its seats: it cannot change" },
  dayHasVisitors: {
    zh: '该日已有 {n} 张有效门票：请勾选“取消当日全部场次”为游客全额退款，或先为游客改签',
    en: 'Tickets booked for this day: {n}. Tick "Call off every session" to refund them in full, or move them first',
  },
  csvHead: {
    zh: '日期,场馆,场次,容量,已售,保留,剩余,已检票,未到馆,已退票,候补订单,停售',
    en: 'date,hall,session,capacity,sold,held,remaining,checked in,missed,refunded,waiting orders,stopped',
  },
} as const satisfies Record<string, Text>;

/** One change an admin makes to a museum day. */
export type DayChange =
  | { kind: 'stop'; scheduleId: number; stopped: boolean; reasonZh: string; reasonEn: string }
  | { kind: 'capacity'; scheduleId: number; capacity: number }
  | { kind: 'close'; date: string; closed: boolean; reasonZh: string; reasonEn: string; callOff?: boolean }
  /** A day's release time ('YYYY-MM-DD HH:mm' museum time, or 'now'), for a day not on sale. */
  | { kind: 'release'; date: string; releaseAt: string };

/** Whether a day's release time may still change: it is not on sale yet (no sessions, or a
 * release time to come). `now` in epoch ms. */
export function releaseOpen(day: { releaseAt: number | null; sessions: unknown[] }, now: number): boolean {
  return day.sessions.length === 0 || (day.releaseAt !== null && day.releaseAt > now);
}

/** A reason visitors read in both languages, when one is needed. */
export function checkStopReason(change: { stopped: boolean; reasonZh: string; reasonEn: string }): Text | null {
  return change.stopped && (change.reasonZh.trim() === '' || change.reasonEn.trim() === '') ? DAY_TEXTS.reasonNeeded : null;
}

export function checkCapacity(capacity: number, session: { sold: number; held: number; cinema: boolean }): Text | null {
  if (session.cinema) return DAY_TEXTS.cinemaCapacity;
  if (capacity < session.sold + session.held) return fill(DAY_TEXTS.capacityBelowSold, { n: session.sold + session.held });
  return null;
}

/** A day closes with a reason, and only without live tickets (visitors are refunded or moved first). */
export function checkCloseDay(change: { closed: boolean; reasonZh: string; reasonEn: string }, liveTickets: number): Text | null {
  if (!change.closed) return null;
  return (
    checkStopReason({ stopped: true, reasonZh: change.reasonZh, reasonEn: change.reasonEn }) ??
    (liveTickets > 0 ? fill(DAY_TEXTS.dayHasVisitors, { n: liveTickets }) : null)
  );
}
