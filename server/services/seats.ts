/** The seats of a cinema order or cart add (docs/product.md §2 cinemaSelectSeat, §3 seatNumber): the
 * visitor's picks in choose mode 1, the server's assignment for what is left and in modes 2
 * and 3. Called after the session's stock was taken, so the session row is locked and the
 * free seats read here stay free for this transaction; the claims (stock.ts claimSeat) still
 * check each seat. */
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { assignSeats, parseSeatNumber, SEAT_MESSAGES, SEAT_TAKEN_CODE, seatingOrder, seatNumberOf, type SeatPos } from '../../src/domain/seats.ts';
import type { HallRow } from './pool.ts';
import { claimSeat } from './stock.ts';

/** One seat per visitor, in the visitors' order; all null for a hall without seats. */
export async function seatsForParty(
  q: Queryable,
  hall: HallRow,
  scheduleId: number,
  wanted: ReadonlyArray<string | undefined>,
  children: readonly boolean[],
): Promise<Array<SeatPos | null>> {
  if (!hall.cinema) return wanted.map(() => null);
  const seats = wanted.map((w) => (hall.choose_mode === 1 ? parseSeatNumber(w) : null));
  const picked = seats.filter((s) => s !== null);
  await refusePicks(q, hall.id, picked);
  const open = seats.flatMap((s, i) => (s === null ? [i] : []));
  if (open.length === 0) return seats;

  const taken = new Set(picked.map(seatNumberOf));
  const free = (
    await q.query<{ row: number; col: number }>(
      `SELECT h.row_no AS row, h.col_no AS col FROM session_seats ss JOIN hall_seats h ON h.id = ss.seat_id WHERE ss.schedule_id = $1 AND ss.state = 'free'`,
      [scheduleId],
    )
  ).filter((s) => !taken.has(seatNumberOf(s)));
  const [size] = await q.query<{ rows: number; cols: number }>(
    'SELECT max(row_no) AS rows, max(col_no) AS cols FROM hall_seats WHERE hall_id = $1 AND NOT removed',
    [hall.id],
  );
  const blocks = assignSeats(free, open.length, size);
  if (!blocks) throw fail(SEAT_MESSAGES.noSeats);
  const order = seatingOrder(
    open.map((i) => children[i]),
    blocks.map((b) => b.length),
  );
  blocks.flat().forEach((seat, k) => {
    seats[open[order[k]]] = seat;
  });
  return seats;
}

/** The refusal when seats went to someone else first: code 505 with the seat numbers, so the
 * map drops them from the selection and shows them sold. */
export const seatsTaken = (seats: SeatPos[]) => fail(SEAT_MESSAGES.taken, SEAT_TAKEN_CODE, { takenSeats: seats.map(seatNumberOf) });

/** cinemaSelectSeatChange: an unpaid order's visitors move to other seats. The old seats are
 * freed and the new ones taken in one transaction: either all move, or none (a new seat
 * taken meanwhile answers 505 and the order keeps its seats). */
export async function changeOrderSeats(q: TxQueryable, userId: number, orderId: number, wanted: string[], now: Date): Promise<void> {
  const [order] = await q.query<{ schedule_id: number; hall_id: number; choose_mode: number; status: string; pay_deadline: Date | null }>(
    `SELECT o.schedule_id, o.hall_id, h.choose_mode, o.status, o.pay_deadline
       FROM orders o JOIN halls h ON h.id = o.hall_id WHERE o.id = $1 AND o.user_id = $2 AND h.cinema FOR UPDATE OF o`, // not lockRows: read with its hall (a join)
    [orderId, userId],
  );
  if (!order || order.status !== 'toBePaid' || order.choose_mode !== 1 || (order.pay_deadline && order.pay_deadline <= now)) {
    throw fail(SEAT_MESSAGES.noChange);
  }
  const tickets = await lockRows(q, 'tickets', { order_id: orderId, status: 'toBePaid' }, ['id']);
  const seats = wanted.map(parseSeatNumber);
  if (seats.length !== tickets.length || seats.some((s) => s === null)) throw fail(SEAT_MESSAGES.choose);
  const picked = seats as SeatPos[];
  await refusePicks(q, order.hall_id, picked);
  // The session row, after the order and its tickets as every stock move takes them: a
  // buyer whose seats are being assigned (seatsForParty) holds it while it reads the free ones.
  await lockRows(q, 'hall_schedule', { id: order.schedule_id }, ['id']);
  const ids = tickets.map((t) => t.id);
  await q.query(`UPDATE session_seats SET state = 'free', ticket_id = NULL WHERE ticket_id = ANY($1::int[])`, [ids]);
  await claimSeats(
    q,
    picked.map((seat, i) => ({ scheduleId: order.schedule_id, seat, owner: { ticketId: ids[i] } })),
  );
}

/** Holds each seat for its new ticket or cart line; when any went to someone else first, the
 * refusal names them all (505) and the caller's transaction takes nothing. */
export async function claimSeats(
  q: Queryable,
  claims: Array<{ scheduleId: number; seat: SeatPos; owner: { ticketId: number } | { cartLineId: number } }>,
): Promise<void> {
  const taken: SeatPos[] = [];
  for (const { scheduleId, seat, owner } of claims) {
    if (!(await claimSeat(q, scheduleId, seat, owner))) taken.push(seat);
  }
  if (taken.length > 0) throw seatsTaken(taken);
}

/** The visitor's picks: each seat once, and each a seat of the hall that sells (not an
 * aisle, not blocked). */
async function refusePicks(q: Queryable, hallId: number, picked: SeatPos[]): Promise<void> {
  if (picked.length === 0) return;
  if (new Set(picked.map(seatNumberOf)).size !== picked.length) throw fail(SEAT_MESSAGES.sameSeat);
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM hall_seats WHERE hall_id = $1 AND NOT blocked AND NOT removed AND (row_no, col_no) IN (SELECT * FROM unnest($2::int[], $3::int[]))`,
    [hallId, picked.map((s) => s.row), picked.map((s) => s.col)],
  );
  if (n !== picked.length) throw fail(SEAT_MESSAGES.notASeat);
}
