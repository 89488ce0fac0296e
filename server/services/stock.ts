/** Stock moves on hall_schedule. Every move happens inside the caller's transaction and is
 * guarded by the state of the row that owns the stock (ticket or cart line), so stock
 * comes back exactly once. Invariant: sold = sold_external + tickets in SOLD_STATES;
 * held = cart lines 'held' + the people of group cart entries 'held'; sold + held <= capacity
 * (a CHECK). A school's free pupil tickets of a day (school_free_used) = its free pupil tickets
 * in SOLD_STATES + the free pupils of its held group cart entries. A cinema's seats move with
 * their owners: session seats not free = sold + held. Stock that comes back is offered to the
 * session's waiting list first, in the same transaction (offerToCandidates, at the end). */
import { randomBytes } from 'node:crypto';
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import type { SeatPos } from '../../src/domain/seats.ts';
import { fill } from '../../src/domain/text.ts';
import type { TicketStatus } from '../../src/domain/types.ts';
import { waitingListSettings, WAITING_LIST_MESSAGES } from '../../src/domain/waitingList.ts';
import { sessionCutoff } from './candidateCounts.ts';
import { getConfig } from './settings.ts';

/** Ticket states that own one unit of `sold` on their session. */
export const SOLD_STATES: readonly TicketStatus[] = ['toBePaid', 'toBeChecked', 'checked', 'expired', 'reserved'];

/** Counts per session id, sessions in id order (a stable lock order). */
export function perSchedule(rows: Array<{ schedule_id: number }>): Array<[number, number]> {
  const m = new Map<number, number>();
  for (const r of rows) m.set(r.schedule_id, (m.get(r.schedule_id) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => a[0] - b[0]);
}

/** Takes n units of remaining stock into `sold` (conditional update); false when not enough. */
export async function takeSold(q: Queryable, scheduleId: number, n: number): Promise<boolean> {
  const r = await q.query('UPDATE hall_schedule SET sold = sold + $2 WHERE id = $1 AND NOT stopped AND capacity - sold - held >= $2 RETURNING id', [
    scheduleId,
    n,
  ]);
  return r.length > 0;
}

/** Takes n units of remaining stock into `held` (conditional update); false when not enough. */
export async function takeHeld(q: Queryable, scheduleId: number, n: number): Promise<boolean> {
  const r = await q.query('UPDATE hall_schedule SET held = held + $2 WHERE id = $1 AND NOT stopped AND capacity - sold - held >= $2 RETURNING id', [
    scheduleId,
    n,
  ]);
  return r.length > 0;
}

/** Turns n units a cart hold owns into sold ones (checkout); false when the hold is gone. */
export async function heldToSold(q: Queryable, scheduleId: number, n: number): Promise<boolean> {
  const r = await q.query('UPDATE hall_schedule SET held = held - $2, sold = sold + $2 WHERE id = $1 AND held >= $2 RETURNING id', [scheduleId, n]);
  return r.length > 0;
}

/** Moves tickets from one of `from` to `to` and gives their `sold` back, per session, first to
 * the session's waiting list (in this transaction), then to general sale.
 * Only the rows this call moved count: a second call finds none. */
export async function releaseTickets(
  q: Queryable,
  ticketIds: number[],
  from: readonly TicketStatus[],
  to: TicketStatus,
  now: Date,
): Promise<Array<{ id: number; schedule_id: number; price: number }>> {
  if (ticketIds.length === 0) return [];
  // Still sold (e.g. toBeChecked -> expired): the tickets keep their seats; otherwise the seats
  // come free in the same statement.
  const keep = SOLD_STATES.includes(to);
  const moved = await q.query<{ id: number; schedule_id: number; price: number; free_pupil: boolean }>(
    keep
      ? `UPDATE tickets SET status = $3 WHERE id = ANY($1::int[]) AND status = ANY($2::text[]) RETURNING id, schedule_id, price, false AS free_pupil`
      : `WITH moved AS (UPDATE tickets SET status = $3 WHERE id = ANY($1::int[]) AND status = ANY($2::text[])
                        RETURNING id, schedule_id, price, (free AND role = 'student') AS free_pupil),
              freed AS (UPDATE session_seats SET state = 'free', ticket_id = NULL WHERE ticket_id IN (SELECT id FROM moved))
         SELECT * FROM moved`,
    [ticketIds, from, to],
  );
  if (keep) return moved;
  for (const [scheduleId, n] of perSchedule(moved)) {
    const [session] = await q.query<ReleasedSession>(`UPDATE hall_schedule SET sold = sold - $2 WHERE id = $1 RETURNING ${RELEASED}`, [scheduleId, n]);
    await offerToCandidates(q, scheduleId, now, session);
  }
  // A school's free pupil tickets go back to the day's quota with them.
  for (const [scheduleId, n] of perSchedule(moved.filter((t) => t.free_pupil))) {
    await q.query(
      `UPDATE school_free_used u SET used = u.used - $2 FROM hall_schedule s WHERE s.id = $1 AND u.hall_id = s.hall_id AND u.visit_date = s.visit_date`,
      [scheduleId, n],
    );
  }
  return moved;
}

/** releaseTickets for every ticket of an order in one of `from`. */
export async function releaseOrderTickets(q: TxQueryable, orderId: number, from: readonly TicketStatus[], to: TicketStatus, now: Date) {
  const rows = await lockRows(q, 'tickets', { order_id: orderId, status: from }, ['id']);
  return releaseTickets(
    q,
    rows.map((r) => r.id),
    from,
    to,
    now,
  );
}

/** Moves held cart lines to `to` ('expired', 'removed') and gives their `held` back (the
 * waiting list first, as releaseTickets). */
export async function releaseCartLines(
  q: Queryable,
  lineIds: number[],
  to: 'expired' | 'removed',
  now: Date,
): Promise<Array<{ id: number; schedule_id: number }>> {
  if (lineIds.length === 0) return [];
  // The lines' seats come free in the same statement.
  const moved = await q.query<{ id: number; schedule_id: number }>(
    `WITH moved AS (UPDATE cart_lines SET status = $2, closed_at = $3 WHERE id = ANY($1::int[]) AND status = 'held' RETURNING id, schedule_id),
          freed AS (UPDATE session_seats SET state = 'free', cart_line_id = NULL WHERE cart_line_id IN (SELECT id FROM moved))
     SELECT * FROM moved`,
    [lineIds, to, now],
  );
  for (const [scheduleId, n] of perSchedule(moved)) {
    const [session] = await q.query<ReleasedSession>(`UPDATE hall_schedule SET held = held - $2 WHERE id = $1 RETURNING ${RELEASED}`, [scheduleId, n]);
    await offerToCandidates(q, scheduleId, now, session);
  }
  return moved;
}

/** Moves held group cart entries to `to` ('expired', 'removed', 'ordered') and gives back what
 * they held: their places (the waiting list first, as releaseTickets) and their free pupil
 * tickets of the day. A checkout takes them again in the same transaction. */
export async function releaseGroupCart(q: Queryable, ids: number[], to: 'expired' | 'removed' | 'ordered', now: Date): Promise<number[]> {
  if (ids.length === 0) return [];
  const moved = await q.query<{ id: number; schedule_id: number; hall_id: number; visit_date: string; people: number; free_pupils: number }>(
    `UPDATE group_cart SET status = $2, closed_at = $3 WHERE id = ANY($1::int[]) AND status = 'held'
     RETURNING id, schedule_id, hall_id, visit_date, people, free_pupils`,
    [ids, to, now],
  );
  for (const e of moved.sort((a, b) => a.schedule_id - b.schedule_id)) {
    const [session] = await q.query<ReleasedSession>(`UPDATE hall_schedule SET held = held - $2 WHERE id = $1 RETURNING ${RELEASED}`, [
      e.schedule_id,
      e.people,
    ]);
    // An order made of this entry takes the places back itself: no one else is offered them.
    if (to !== 'ordered') await offerToCandidates(q, e.schedule_id, now, session);
    if (e.free_pupils > 0) {
      await q.query('UPDATE school_free_used SET used = used - $3 WHERE hall_id = $1 AND visit_date = $2', [e.hall_id, e.visit_date, e.free_pupils]);
    }
  }
  return moved.map((e) => e.id);
}

/** The seat of a session's grid position for a new ticket or cart line: held for it if it is
 * free now; false when someone else has it (or it is no seat for sale). */
export async function claimSeat(q: Queryable, scheduleId: number, seat: SeatPos, owner: { ticketId: number } | { cartLineId: number }): Promise<boolean> {
  const r = await q.query(
    `UPDATE session_seats ss SET state = 'held', ticket_id = $4, cart_line_id = $5
       FROM hall_seats h
      WHERE ss.schedule_id = $1 AND ss.seat_id = h.id AND h.row_no = $2 AND h.col_no = $3 AND ss.state = 'free'
      RETURNING ss.seat_id`,
    [scheduleId, seat.row, seat.col, 'ticketId' in owner ? owner.ticketId : null, 'cartLineId' in owner ? owner.cartLineId : null],
  );
  return r.length > 0;
}

/** A cart line's seat goes with it into its order's ticket (checkout). */
export async function moveSeatToTicket(q: Queryable, cartLineId: number, ticketId: number): Promise<void> {
  await q.query('UPDATE session_seats SET cart_line_id = NULL, ticket_id = $2 WHERE cart_line_id = $1', [cartLineId, ticketId]);
}

/** A paid order's seats are sold. */
export async function sellOrderSeats(q: Queryable, orderId: number): Promise<void> {
  await q.query(`UPDATE session_seats SET state = 'sold' WHERE ticket_id IN (SELECT id FROM tickets WHERE order_id = $1)`, [orderId]);
}

/** What a fill needs of its session row, read (and locked) by the update that gave stock back,
 * with whether anyone stands by: most releases find nobody and end there, no further query. */
export const RELEASED = `capacity - sold - held AS remaining, stopped, visit_date, begin_time,
  EXISTS (SELECT 1 FROM orders o WHERE o.schedule_id = hall_schedule.id AND o.status = 'standingBy') AS waiting`;
export interface ReleasedSession {
  remaining: number;
  stopped: boolean;
  visit_date: string;
  begin_time: string;
  waiting: boolean;
}

/** Gives a session's free stock to its standing-by candidates, oldest first, each order whole
 * or not at all (a later smaller one may fit where an earlier larger one does not). Runs inside
 * the caller's transaction, right after stock came back (`locked`: the session row as that
 * update left it) or a candidate began standing by. Returns the filled order ids. */
export async function offerToCandidates(q: Queryable, scheduleId: number, now: Date, locked?: ReleasedSession): Promise<number[]> {
  // Not lockRows: RELEASED computes columns (what is left, whether anyone waits).
  const [s] = locked ? [locked] : await q.query<ReleasedSession>(`SELECT ${RELEASED} FROM hall_schedule WHERE id = $1 FOR UPDATE`, [scheduleId]);
  if (!s || !s.waiting || s.stopped || s.remaining <= 0) return [];
  const waiting = await q.query<{ id: number; ticket_num: number; order_number: string; phone: string }>(
    `SELECT o.id, o.ticket_num, o.order_number, u.phone FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.schedule_id = $1 AND o.status = 'standingBy' AND o.ticket_num <= $2
      ORDER BY o.standing_since, o.id FOR UPDATE OF o SKIP LOCKED`, // a claim (SKIP LOCKED, joined): never waits, outside the lock order
    [scheduleId, s.remaining],
  );
  if (waiting.length === 0) return [];
  // Past the cut-off the list is closed: the job pays these back.
  if (now.getTime() >= sessionCutoff(s, waitingListSettings(await getConfig(q))).getTime()) return [];
  let left = s.remaining;
  const filled: number[] = [];
  for (const o of waiting) {
    if (o.ticket_num > left) continue;
    // Both hold: the order row is ours (locked, standing by) and so is the session's (locked, with this stock).
    await q.query(`UPDATE orders SET status = 'completed', short_link_flag = $2 WHERE id = $1 AND status = 'standingBy'`, [
      o.id,
      randomBytes(18).toString('base64url'),
    ]);
    if (!(await takeSold(q, scheduleId, o.ticket_num))) throw new Error(`waiting list: session ${scheduleId} lost its stock under lock`);
    const tickets = await q.query<{ id: number }>(`SELECT id FROM tickets WHERE order_id = $1 AND status = 'candidate' ORDER BY id`, [o.id]);
    await q.query(`UPDATE tickets t SET status = 'toBeChecked', qr_code = v.qr FROM unnest($1::int[], $2::text[]) AS v(id, qr) WHERE t.id = v.id`, [
      tickets.map((t) => t.id),
      tickets.map(() => randomBytes(24).toString('base64url')),
    ]);
    await q.query('INSERT INTO sms_notices (phone, text, created_at) VALUES ($1, $2, $3)', [
      o.phone,
      fill(WAITING_LIST_MESSAGES.succeededSms, { orderNumber: o.order_number }).zh,
      now,
    ]);
    left -= o.ticket_num;
    filled.push(o.id);
    if (left === 0) break;
  }
  return filled;
}
