/** The one way a session is made: a template's sessions placed on a museum day, by the
 * staff's application of a template and by the demo's roll-forward alike. A session that is
 * there is never touched (its stock may be sold): a template's session overlapping one of the
 * hall's sessions that day is skipped. A dome's session gets its seats and its capacity from the
 * hall's seat map in the database (migration 009's triggers), whoever inserts it. */
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { sessionsToCreate, type TemplateSession } from '../../src/domain/sessionTemplates.ts';

export interface DayRow {
  closed: boolean;
  release_at: Date | null;
  /** How many sessions (of any hall) the day has. */
  sessions: number;
}

/** The museum day's row, made if missing and locked: placing sessions on one day, closing it and
 * setting its release time happen one at a time. */
export async function lockDay(q: TxQueryable, date: string): Promise<DayRow> {
  await q.query('INSERT INTO museum_days (visit_date) VALUES ($1) ON CONFLICT (visit_date) DO NOTHING', [date]);
  const [day] = await lockRows(q, 'museum_days', { visit_date: date }, ['closed', 'release_at']);
  const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM hall_schedule WHERE visit_date = $1', [date]);
  return { ...day, sessions: n };
}

/** A day is on sale when it has sessions and no release time still to come. */
export const onSale = (day: DayRow, now: Date) => day.sessions > 0 && (day.release_at === null || day.release_at.getTime() <= now.getTime());

/** Places the sessions on the day (whose row the caller has locked) where the hall has none
 * overlapping them; answers the begin times created and skipped. */
export async function placeSessions(
  q: Queryable,
  hallId: number,
  date: string,
  sessions: TemplateSession[],
): Promise<{ created: string[]; skipped: string[] }> {
  const existing = await q.query<{ beginTime: string; endTime: string }>(
    'SELECT begin_time AS "beginTime", end_time AS "endTime" FROM hall_schedule WHERE hall_id = $1 AND visit_date = $2',
    [hallId, date],
  );
  const { create, skip } = sessionsToCreate(sessions, existing);
  const created: string[] = [];
  for (const s of create) {
    // A dome's capacity is its seats (set by the database), so the template's 0 never sells.
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity, film_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (hall_id, visit_date, begin_time) DO NOTHING RETURNING id`,
      [hallId, date, s.beginTime, s.endTime, s.capacity, s.filmId],
    );
    if (row) created.push(s.beginTime);
    else skip.push(s);
  }
  return { created, skipped: skip.map((s) => s.beginTime) };
}
