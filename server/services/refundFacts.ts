/** The facts the refund and date-change rules judge (src/domain/refundRules.ts), read from the database, and the order lock they are read under. */
import type { GroupRole } from '../../src/domain/groupRules.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import type { TicketKind, TicketStatus } from '../../src/domain/types.ts';
import { type RefundContext, type RefundTicket } from '../../src/domain/refundRules.ts';
import { afterCollection } from '../../src/domain/collection.ts';
import { freeChildPerAdult } from '../../src/domain/orderRules.ts';
import { ageOn, checkCertificate } from '../../src/domain/certificates.ts';
import { museumDate } from '../time.ts';
import { TEAM_TYPES, type TeamType } from '../../src/domain/team.ts';
import { getConfig } from './settings.ts';
import { ORDER_TEXTS } from './orderTexts.ts';

export interface TicketFacts {
  id: number;
  order_id: number;
  schedule_id: number;
  hall_id: number;
  hall_key: string;
  free_child_per_adult: number | null;
  cinema: boolean;
  visit_date: string;
  status: TicketStatus;
  price_id: number;
  price: number;
  kind: TicketKind;
  is_child_free: boolean;
  user_name: string;
  certificate_type: string;
  certificate_info: string;
  ticket_name_zh: string;
  ticket_name_en: string;
  role: GroupRole | null;
  free: boolean;
  /** A paper ticket or wristband was handed out for it. */
  collected: boolean;
}

export const TICKET_FACTS = `SELECT t.id, t.order_id, t.schedule_id, s.hall_id, h.hall_key, h.free_child_per_adult, h.cinema, s.visit_date, t.status, t.price_id, t.price,
    p.kind, p.is_child_free, t.user_name, t.certificate_type, t.certificate_info, t.ticket_name_zh, t.ticket_name_en, t.role, t.free,
    t.collected_at IS NOT NULL AS collected
  FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id JOIN halls h ON h.id = s.hall_id JOIN ticket_prices p ON p.id = t.price_id`;

/** `school`: the order is a school's group order, whose free tickets are not refundable. */
export function refundTicket(t: TicketFacts, today: string, school = false): RefundTicket {
  const cert = checkCertificate(t.certificate_type, t.certificate_info, today);
  const age = cert.valid && cert.birthDate ? ageOn(cert.birthDate, t.visit_date) : null;
  return {
    ticketId: t.id,
    status: t.status,
    hallId: t.hall_id,
    visitDate: t.visit_date,
    // A group's child is a child whichever price row it was sold under (docs/product.md §3.3).
    kind: t.role === 'child' ? 'child' : t.kind,
    age,
    isChildFreeTicket: t.is_child_free,
    cinema: t.cinema,
    schoolFree: school && t.free,
    collected: t.collected,
  };
}

/** The order owning the first of ticketIds that belongs to the caller, locked. */
export async function lockOrderOfTickets(q: TxQueryable, userId: number, ticketIds: number[]): Promise<number> {
  const [row] = await q.query<{ order_id: number }>(
    `SELECT t.order_id FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.id = ANY($1::int[]) AND o.user_id = $2 ORDER BY t.id LIMIT 1`,
    [ticketIds, userId],
  );
  if (!row) throw fail(ORDER_TEXTS.orderNotFound);
  await lockRows(q, 'orders', { id: row.order_id }, ['id']);
  return row.order_id;
}

/** A group order's team, as its refunds are judged (a school's free tickets; freezing). */
export interface OrderTeam {
  teamId: number;
  teamType: TeamType;
  /** The team's owner: the order's user. */
  userId: number;
  visitDate: string;
  orderNumber: string;
}

export async function refundContext(q: Queryable, orderId: number, today: string) {
  // Not lockRows: the tickets are read with their sessions' and prices' facts (a join).
  const facts = await q.query<TicketFacts>(`${TICKET_FACTS} WHERE t.order_id = $1 ORDER BY t.id FOR UPDATE OF t`, [orderId]);
  // A group order: its team (a school's free tickets stay), and group rules instead of the visitors' company rules.
  const [group] = await q.query<OrderTeam>(
    `SELECT tm.id AS "teamId", tm.team_type AS "teamType", o.user_id AS "userId", o.visit_date AS "visitDate", o.order_number AS "orderNumber"
       FROM orders o JOIN teams tm ON tm.user_id = o.user_id WHERE o.id = $1 AND o.group_info IS NOT NULL`,
    [orderId],
  );
  const school = group?.teamType === TEAM_TYPES.school;
  const config = await getConfig(q);
  const pct = config.refund_percentage?.trim();
  const maxPartialRefundPercent = pct && /^\d+$/.test(pct) ? Math.min(100, Number(pct)) : null;
  const perAdult = Math.min(...facts.map((f) => freeChildPerAdult(config, f.hall_key, f.free_child_per_adult)), Number.MAX_SAFE_INTEGER);
  return {
    facts,
    config,
    team: group ?? null,
    ctx: {
      tickets: facts.map((f) => refundTicket(f, today, school)),
      group: group !== undefined,
      maxPartialRefundPercent,
      freeChildPerAdult: perAdult === Number.MAX_SAFE_INTEGER ? 1 : perAdult,
      afterCollection: afterCollection(config),
    },
  };
}

/** What the refund and date-change rules know of an order (the client's machines run the
 * same checkRefund on it before they ask; the server checks again on submit). */
export async function refundRules(deps: AppDeps, userId: number, orderId: number): Promise<RefundContext> {
  const [owned] = await deps.db.query('SELECT 1 FROM orders WHERE id = $1 AND user_id = $2', [orderId, userId]);
  if (!owned) throw fail(ORDER_TEXTS.orderNotFound);
  return deps.db.tx(async (q) => (await refundContext(q, orderId, museumDate(deps.clock()))).ctx);
}
