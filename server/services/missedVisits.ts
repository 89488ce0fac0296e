/** Missed visits: paid tickets of a past day never checked (only where a check-in source exists, docs/operations.md section 1), and the record the visitor sees. */
import type { z } from 'zod';
import { pageQuery } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import type { Db, TxQueryable } from '../db/db.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { MissedVisitList } from '../../src/domain/types.ts';
import { museumDate } from '../time.ts';
import { blockFacts, blockStatus, recordMissedVisits } from './blacklist.ts';
import { releaseTickets } from './stock.ts';
import { runGroupVisitJudging } from './teamFreezing.ts';

/** Marks paid, never-checked tickets whose visit date has passed as 'expired' (missed
 * visit). Their stock stays sold. Claims rows with FOR UPDATE SKIP LOCKED; idempotent. */
export async function markMissedVisitsIn(q: TxQueryable, now: Date, limit = 200): Promise<number> {
  const today = museumDate(now);
  const due = await q.query<{ id: number }>(
    `SELECT t.id FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id
     WHERE t.status = 'toBeChecked' AND s.visit_date < $1 ORDER BY t.id LIMIT $2 FOR UPDATE OF t SKIP LOCKED`,
    [today, limit],
  );
  if (due.length === 0) return 0;
  const moved = await releaseTickets(
    q,
    due.map((r) => r.id),
    ['toBeChecked'],
    'expired',
    now,
  );
  await recordMissedVisits(
    q,
    moved.map((t) => t.id),
  );
  return moved.length;
}

/** Marks the missed tickets, then judges the group visits they settled (teamFreezing.ts). */
export async function runMissedVisits(db: Db, clock: () => Date, batch = 200): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.tx((q) => markMissedVisitsIn(q, clock(), batch), 'job');
    total += n;
    if (n < batch) break;
  }
  await runGroupVisitJudging(db, clock);
  return total;
}

/** The missed-visit record; `team`: a team's, without the visitors' blacklist status. */
export async function missedVisits(deps: AppDeps, userId: number, query: z.output<typeof pageQuery>, lang: Lang, team = false): Promise<MissedVisitList> {
  const { pageNum, pageSize } = query;
  const now = deps.clock();
  const status = team ? null : await blockStatus(deps.db, userId, now, lang);
  const f = await blockFacts(deps.db, userId, now);
  const base = `FROM tickets t JOIN orders o ON o.id = t.order_id JOIN hall_schedule s ON s.id = t.schedule_id JOIN halls h ON h.id = s.hall_id
    WHERE o.user_id = $1 AND t.status = 'expired'`;
  const rows = await deps.db.query<{
    order_id: number;
    order_number: string;
    visit_date: string;
    name_zh: string;
    name_en: string;
    begin_time: string;
    end_time: string;
    n: number;
  }>(
    `SELECT o.id AS order_id, o.order_number, s.visit_date, h.name_zh, h.name_en, min(s.begin_time) AS begin_time, max(s.end_time) AS end_time,
       count(*)::int AS n ${base}
     GROUP BY o.id, o.order_number, s.visit_date, h.name_zh, h.name_en ORDER BY s.visit_date DESC, o.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (pageNum - 1) * pageSize],
  );
  const [{ total }] = await deps.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (SELECT 1 ${base} GROUP BY o.id, s.visit_date, h.id) x`, [
    userId,
  ]);
  return {
    rows: rows.map((r) => ({
      orderId: r.order_id,
      orderNumber: r.order_number,
      visitDate: r.visit_date,
      hallName: lang === 'en' ? r.name_en : r.name_zh,
      beginTime: r.begin_time,
      endTime: r.end_time,
      ticketNum: r.n,
      counted: r.visit_date >= f.windowStart,
    })),
    total,
    status,
  };
}
