/** Teams frozen by their own bookings (docs/product.md §4; the rules are src/domain/teamFreezing.ts): a
 * refund that freezes, told before it happens (refundCheckBlack) and applied in the refund's
 * transaction; and the passed group visits judged once by the missed-visit job, after the
 * gate's tickets of the day turned 'checked' or 'expired'. The team hears it by text message,
 * sent after the transaction commits (sms_notices). */
import type { Db, Queryable } from '../db/db.ts';
import { freezeSettings, refundFreeze, visitFreeze, type GroupVisit } from '../../src/domain/teamFreezing.ts';
import { fill, type Text } from '../../src/domain/text.ts';
import type { OrderTeam, TicketFacts } from './refundFacts.ts';
import { addDays, museumDate, museumInstant } from '../time.ts';
import { getConfig } from './settings.ts';
import { REQUEST_TEXTS } from './teamRequests.ts';
import { teamLangColumn } from '../db/columns.ts';

/** Freezes a team with a reason in both languages; an already frozen team keeps its first
 * reason. The text message, in the team's language, waits in sms_notices for the commit. */
export async function freezeTeamIn(q: Queryable, teamId: number, reason: Text, now: Date): Promise<boolean> {
  const [team] = await q.query<{ contact_phone: string; lang: unknown }>(
    `UPDATE teams SET frozen = true, frozen_reason = $2, frozen_reason_en = $3 WHERE id = $1 AND NOT frozen RETURNING contact_phone, lang`,
    [teamId, reason.zh, reason.en],
  );
  if (!team) return false;
  await q.query('INSERT INTO sms_notices (phone, text, created_at) VALUES ($1, $2, $3)', [
    team.contact_phone,
    fill(REQUEST_TEXTS.frozenSms, { reason })[teamLangColumn(team.lang)],
    now,
  ]);
  return true;
}

/** Whether refunding these tickets freezes the order's team (null: a visitor's order, or a
 * refund that does not), judged on what refundContext read; counts the team's refunds in the
 * window before this one. */
export async function refundFreezeOf(
  q: Queryable,
  order: { team: OrderTeam | null; facts: TicketFacts[]; config: Record<string, string> },
  ticketIds: number[],
  now: Date,
) {
  const { team } = order;
  if (!team) return null;
  const settings = freezeSettings(order.config);
  const since = museumInstant(addDays(museumDate(now), -settings.windowDays));
  const [{ n }] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM refunds WHERE user_id = $1 AND created_at >= $2 AND cardinality(ticket_ids) > 0',
    [team.userId, since],
  );
  const freePupils = order.facts.filter((f) => ticketIds.includes(f.id) && f.free && f.role === 'student').length;
  const freeze = refundFreeze({ teamType: team.teamType, freePupils, earlierRefunds: n, visitDate: team.visitDate, orderNumber: team.orderNumber }, settings);
  return freeze ? { teamId: team.teamId, ...freeze } : null;
}

/** Judges group orders whose visit day has passed and whose tickets the gate (or the missed
 * visit job) has settled: nobody came, or too few of the free pupils. Each order once. */
export async function judgeGroupVisitsIn(q: Queryable, now: Date, limit = 100): Promise<number> {
  const orders = await q.query<GroupVisit & { id: number; team_id: number }>(
    `SELECT o.id, tm.id AS team_id, o.visit_date AS "visitDate", o.order_number AS "orderNumber",
            count(t.id) FILTER (WHERE t.status IN ('checked', 'expired'))::int AS tickets,
            count(t.id) FILTER (WHERE t.status = 'checked')::int AS checked,
            count(t.id) FILTER (WHERE t.status IN ('checked', 'expired') AND t.free AND t.role = 'student')::int AS "freePupils",
            count(t.id) FILTER (WHERE t.status = 'checked' AND t.free AND t.role = 'student')::int AS "freePupilsChecked"
       FROM orders o JOIN teams tm ON tm.user_id = o.user_id JOIN tickets t ON t.order_id = o.id
      WHERE o.group_info IS NOT NULL AND o.arrival_judged_at IS NULL AND o.visit_date < $1
        AND NOT EXISTS (SELECT 1 FROM tickets u WHERE u.order_id = o.id AND u.status = 'toBeChecked')
        AND o.id IN (SELECT id FROM orders WHERE group_info IS NOT NULL AND arrival_judged_at IS NULL AND visit_date < $1
                     ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
      GROUP BY o.id, tm.id`,
    [museumDate(now), limit],
  );
  if (orders.length === 0) return 0;
  const settings = freezeSettings(await getConfig(q));
  for (const o of orders) {
    const reason = visitFreeze(o, settings);
    if (reason) await freezeTeamIn(q, o.team_id, reason, now);
  }
  await q.query('UPDATE orders SET arrival_judged_at = $2 WHERE id = ANY($1::int[])', [orders.map((o) => o.id), now]);
  return orders.length;
}

export async function runGroupVisitJudging(db: Db, clock: () => Date, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.tx((q) => judgeGroupVisitsIn(q, clock(), batch));
    total += n;
    if (n < batch) return total;
  }
}
