/** A museum day as the staff run it: its sessions per hall with the day's figures
 * (capacity, sold: paid, held: unpaid orders and carts, checked in, missed, refunded), and what the staff change: stop a
 * session's sale with a reason or resume it, change a session's capacity (more goes to its
 * waiting list first), close a day with a reason or open it. Each change in one transaction
 * with its audit entry; the figures also as CSV. */
import type { z } from 'zod';
import { lockRows } from '../db/locks.ts';
import type { capacityBody, closeDayBody, stopSessionBody } from '../../src/domain/contracts.ts';
import { checkCapacity, checkCloseDay, checkStopReason, DAY_TEXTS } from '../../src/domain/staffDay.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { StaffDay } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { CALL_OFF_TEXTS, checkCallOff } from '../../src/domain/callOff.ts';
import { museumDate } from '../time.ts';
import { callOffFacts, callOffSession } from './callOff.ts';
import { audit } from './audit.ts';
import { offerToCandidates, RELEASED, type ReleasedSession } from './stock.ts';
import { dayRatings } from './ratings.ts';

interface SessionRow {
  id: number;
  hall_id: number;
  name_zh: string;
  name_en: string;
  cinema: boolean;
  begin_time: string;
  end_time: string;
  capacity: number;
  sold: number;
  held: number;
  stopped: boolean;
  called_off: boolean;
  stop_reason_zh: string | null;
  stop_reason_en: string | null;
  checked: number;
  missed: number;
  refunded: number;
  unpaid: number;
  waiting: number;
}

/** The closed days from the museum's today on (the first 60), each with its reason. */
async function closedDays(deps: AppDeps, lang: Lang): Promise<StaffDay['closedDays']> {
  const rows = await deps.db.query<{ visit_date: string; reason: string | null }>(
    `SELECT visit_date, reason_${lang} AS reason FROM museum_days WHERE closed AND visit_date >= $1 ORDER BY visit_date LIMIT 60`,
    [museumDate(deps.clock())],
  );
  return rows.map((r) => ({ date: r.visit_date, reason: r.reason }));
}

/** The day's sessions with their figures, halls in their order. */
export async function staffDay(deps: AppDeps, date: string, lang: Lang): Promise<StaffDay> {
  const [day] = await deps.db.query<{ closed: boolean; reason_zh: string | null; reason_en: string | null; release_at: Date | null }>(
    'SELECT closed, reason_zh, reason_en, release_at FROM museum_days WHERE visit_date = $1',
    [date],
  );
  const rows = await deps.db.query<SessionRow>(
    `SELECT s.id, s.hall_id, h.name_zh, h.name_en, h.cinema, s.begin_time, s.end_time, s.capacity, s.sold, s.held, s.stopped, s.called_off, s.stop_reason_zh, s.stop_reason_en,
            count(t.id) FILTER (WHERE t.status = 'checked')::int AS checked,
            count(t.id) FILTER (WHERE t.status = 'expired')::int AS missed,
            count(t.id) FILTER (WHERE t.status = 'refunded')::int AS refunded,
            count(t.id) FILTER (WHERE t.status = 'toBePaid')::int AS unpaid,
            (SELECT count(*)::int FROM orders o WHERE o.schedule_id = s.id AND o.status = 'standingBy') AS waiting
       FROM hall_schedule s JOIN halls h ON h.id = s.hall_id LEFT JOIN tickets t ON t.schedule_id = s.id
      WHERE s.visit_date = $1
      GROUP BY s.id, h.id ORDER BY h.sort, h.id, s.begin_time`,
    [date],
  );
  return {
    date,
    closed: day?.closed ?? false,
    reason: day ? ((lang === 'en' ? day.reason_en : day.reason_zh) ?? null) : null,
    releaseAt: day?.release_at ? day.release_at.getTime() : null,
    sessions: rows.map((r) => ({
      scheduleId: r.id,
      hallId: r.hall_id,
      hallName: lang === 'en' ? r.name_en : r.name_zh,
      cinema: r.cinema,
      beginTime: r.begin_time,
      endTime: r.end_time,
      capacity: r.capacity,
      // The pool counts an unpaid order's tickets in `sold` (they own stock until the pay
      // deadline, docs/product.md §4.6); staff read them as held, not sold (§2.5).
      sold: r.sold - r.unpaid,
      held: r.held + r.unpaid,
      remaining: r.capacity - r.sold - r.held,
      checked: r.checked,
      missed: r.missed,
      refunded: r.refunded,
      waiting: r.waiting,
      stopped: r.stopped,
      calledOff: r.called_off,
      stopReason: (lang === 'en' ? r.stop_reason_en : r.stop_reason_zh) ?? null,
    })),
    ratings: await dayRatings(deps.db, date, lang),
    closedDays: await closedDays(deps, lang),
  };
}

/** The day's figures as CSV (UTF-8 with a BOM, so a spreadsheet reads the Chinese names). */
export async function staffDayCsv(deps: AppDeps, date: string, lang: Lang): Promise<string> {
  const day = await staffDay(deps, date, lang);
  const head = DAY_TEXTS.csvHead[lang];
  const quote = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v.replace(/"/g, '""')}"`);
  const lines = day.sessions.map((s) =>
    [date, s.hallName, `${s.beginTime}-${s.endTime}`, s.capacity, s.sold, s.held, s.remaining, s.checked, s.missed, s.refunded, s.waiting, s.stopped ? 1 : 0]
      .map(quote)
      .join(','),
  );
  return `\uFEFF${head}\n${lines.join('\n')}\n`;
}

export async function stopSession(deps: AppDeps, staffId: number, body: z.output<typeof stopSessionBody>): Promise<null> {
  const refused = checkStopReason(body);
  if (refused) throw fail(refused);
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    // A called-off session stays stopped, with the call-off's reason (docs/product.md §2.7).
    const [off] = await lockRows(q, 'hall_schedule', { id: body.scheduleId }, ['called_off']);
    if (off?.called_off) throw fail(CALL_OFF_TEXTS.noResume);
    const [s] = await q.query<ReleasedSession>(
      `UPDATE hall_schedule SET stopped = $2, stop_reason_zh = $3, stop_reason_en = $4 WHERE id = $1 RETURNING ${RELEASED}`,
      [body.scheduleId, body.stopped, body.stopped ? body.reasonZh.trim() : null, body.stopped ? body.reasonEn.trim() : null],
    );
    if (!s) throw fail(DAY_TEXTS.noSession);
    // On sale again: what came back meanwhile goes to the waiting list first.
    if (!body.stopped) await offerToCandidates(q, body.scheduleId, now, s);
    await audit(
      q,
      staffId,
      body.stopped ? 'stopSession' : 'resumeSession',
      `session:${body.scheduleId}`,
      body.stopped ? { reason: body.reasonZh.trim() } : null,
      now,
    );
  });
  return null;
}

export async function setCapacity(deps: AppDeps, staffId: number, body: z.output<typeof capacityBody>): Promise<null> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    const [s] = await q.query<{ capacity: number; sold: number; held: number; cinema: boolean }>(
      // Not lockRows: read with its hall (a join).
      'SELECT s.capacity, s.sold, s.held, h.cinema FROM hall_schedule s JOIN halls h ON h.id = s.hall_id WHERE s.id = $1 FOR UPDATE OF s',
      [body.scheduleId],
    );
    if (!s) throw fail(DAY_TEXTS.noSession);
    const refused = checkCapacity(body.capacity, s);
    if (refused) throw fail(refused);
    const [after] = await q.query<ReleasedSession>(`UPDATE hall_schedule SET capacity = $2 WHERE id = $1 RETURNING ${RELEASED}`, [
      body.scheduleId,
      body.capacity,
    ]);
    // More room: the waiting list first, then general sale.
    if (body.capacity > s.capacity) await offerToCandidates(q, body.scheduleId, now, after);
    await audit(q, staffId, 'setCapacity', `session:${body.scheduleId}`, { from: s.capacity, to: body.capacity }, now);
  });
  return null;
}

export async function closeDay(deps: AppDeps, staffId: number, body: z.output<typeof closeDayBody>, lang: Lang = 'zh'): Promise<null> {
  if (body.closed && body.callOff) await callOffDay(deps, staffId, body, lang);
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    await lockRows(q, 'hall_schedule', { visit_date: body.date }, ['id']);
    const [{ live }] = await q.query<{ live: number }>(
      `SELECT count(*)::int AS live FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id
        WHERE s.visit_date = $1 AND NOT s.called_off AND t.status IN ('toBePaid', 'toBeChecked', 'reserved')`,
      [body.date],
    );
    const refused = checkCloseDay(body, live);
    if (refused) throw fail(refused);
    await q.query(
      `INSERT INTO museum_days (visit_date, closed, reason_zh, reason_en) VALUES ($1, $2, $3, $4)
       ON CONFLICT (visit_date) DO UPDATE SET closed = EXCLUDED.closed, reason_zh = EXCLUDED.reason_zh, reason_en = EXCLUDED.reason_en`,
      [body.date, body.closed, body.closed ? body.reasonZh.trim() : null, body.closed ? body.reasonEn.trim() : null],
    );
    await audit(q, staffId, body.closed ? 'closeDay' : 'openDay', `day:${body.date}`, body.closed ? { reason: body.reasonZh.trim() } : null, now);
  });
  return null;
}

/** Calls off every session of the day still to end (docs/product.md §2.7), each in a transaction
 * of its own: a crash between two, or a close refused after (a session already over with tickets
 * left), keeps the ones called off, and asking again goes on with the rest. */
async function callOffDay(deps: AppDeps, staffId: number, body: z.output<typeof closeDayBody>, lang: Lang): Promise<void> {
  const refused = checkStopReason({ stopped: true, reasonZh: body.reasonZh, reasonEn: body.reasonEn });
  if (refused) throw fail(refused);
  const sessions = await deps.db.query<{ id: number; called_off: boolean; visit_date: string; end_time: string }>(
    `SELECT id, called_off, visit_date, end_time FROM hall_schedule WHERE visit_date = $1 ORDER BY id`,
    [body.date],
  );
  const now = deps.clock();
  const request = { reasonZh: body.reasonZh, reasonEn: body.reasonEn };
  // The sessions one could call off by themselves: those already called off or over are left.
  for (const s of sessions.filter((s) => checkCallOff(request, callOffFacts(s, now)) === null)) {
    await callOffSession(deps, staffId, { scheduleId: s.id, ...request }, lang);
  }
}
