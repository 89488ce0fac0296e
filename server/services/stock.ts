/** Stock moves on hall_schedule. Every move happens inside the caller's transaction and is
 * guarded by the state of the row that owns the stock (ticket or cart line), so stock
 * comes back exactly once. Invariant: sold = sold_external + tickets in SOLD_STATES;
 * held = cart lines 'held' + the people of group cart entries 'held'; sold + held <= capacity
 * (a CHECK). A school's free pupil tickets of a day (school_free_used) = its free pupil tickets
 * in SOLD_STATES + the free pupils of its held group cart entries. A cinema's seats move with
 * their owners: session seats not free = sold + held. */
import type { Queryable } from '../db/db.ts';
import type { SeatPos } from '../../src/domain/seats.ts';
import type { TicketStatus } from '../../src/domain/types.ts';
import { offerToCandidates, RELEASED, type ReleasedSession } from './waitingList.ts';

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
export async function releaseOrderTickets(q: Queryable, orderId: number, from: readonly TicketStatus[], to: TicketStatus, now: Date) {
  const rows = await q.query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1 AND status = ANY($2::text[]) ORDER BY id FOR UPDATE', [orderId, from]);
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
