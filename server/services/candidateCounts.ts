/** What the calendar and the halls read of the waiting lists: when a session's list closes and
 * how many stand by on each. Apart from the waiting list's own service, which sells and so
 * depends on the order services that read the calendar. */
import type { Queryable } from '../db/db.ts';
import { cutoffAt, type WaitingListSettings } from '../../src/domain/waitingList.ts';
import { museumInstant } from '../time.ts';

/** When a session's list closes. */
export const sessionCutoff = (s: { visit_date: string; begin_time: string }, settings: WaitingListSettings) =>
  cutoffAt(museumInstant(s.visit_date, s.begin_time), settings.cutoffMinutes);

/** Candidate orders on each of these sessions' lists. */
export async function waitingCounts(q: Queryable, scheduleIds: number[]): Promise<Map<number, number>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await q.query<{ schedule_id: number; n: number }>(
    `SELECT schedule_id, count(*)::int AS n FROM orders
      WHERE is_candidate AND status IN ('toBePaid', 'standingBy') AND schedule_id = ANY($1::int[]) GROUP BY schedule_id`,
    [scheduleIds],
  );
  return new Map(rows.map((r) => [r.schedule_id, r.n]));
}
