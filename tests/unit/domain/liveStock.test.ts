/** Live stock's pushes as the screens take them in (docs/architecture.md §11): a day's sessions
 * onto its halls, a session's seats taken onto its map. */
import { describe, expect, it } from 'vitest';
import { applySessions, applyTaken, liveSessionOf, takenSeatsOf } from '../../../src/domain/liveStock.ts';
import type { HallPool, SchedulePool, SeatCell, SeatMap } from '../../../src/domain/types.ts';
import { session } from '../../machines/refund.fixtures.ts';

const hall = (id: number, sessions: SchedulePool[]): HallPool => ({
  hallId: id,
  hallKey: 'main',
  cinema: false,
  name: 'Main',
  intro: '',
  ageNote: null,
  disabled: false,
  disabledText: null,
  scheduleTicketPoolVOS: sessions,
});
const soldOut = (id: number) => ({ ...liveSessionOf(session(id, 0)), state: 'soldOut' as const, disabled: true, disabledText: 'Sold out', status: 2 as const });

describe('a day’s pushed sessions', () => {
  it('changes the counts and states of the sessions pushed, and only those', () => {
    const halls = [hall(1, [session(11, 5), session(12, 5)])];
    const [after] = applySessions(halls, [{ ...liveSessionOf(session(11, 3)) }]);
    expect(after.scheduleTicketPoolVOS.map((s) => s.ticketPool)).toEqual([3, 5]);
    expect(after.disabled).toBe(false);
    // What the push does not carry (times, prices) stays as loaded.
    expect(after.scheduleTicketPoolVOS[0].beginTime).toBe('09:00');
  });

  it('closes a hall whose every session is sold out, with the reason, and opens it again when stock comes back', () => {
    const halls = [hall(1, [session(11, 1), session(12, 1)])];
    const closed = applySessions(halls, [soldOut(11), soldOut(12)]);
    expect(closed[0]).toMatchObject({ disabled: true, disabledText: 'Sold out' });
    const open = applySessions(closed, [liveSessionOf(session(12, 2))]);
    expect(open[0]).toMatchObject({ disabled: false, disabledText: null });
  });
});

describe('a session’s pushed seats', () => {
  const cell = (col: number, state: SeatCell['state']): SeatCell => ({ row: 1, col, rowLabel: '1', seatLabel: String(col), state });
  const map: SeatMap = { hallScheduleId: 7, chooseMode: 1, rows: 1, cols: 3, seats: [cell(1, 'available'), cell(2, 'sold'), cell(3, 'notAvailable')] };

  it('turns the seats taken sold, the others free again, and leaves blocked seats blocked', () => {
    expect(applyTaken(map, ['1-1', '1-3']).seats.map((s) => s.state)).toEqual(['sold', 'available', 'notAvailable']);
    expect(takenSeatsOf(map)).toEqual(['1-2']);
  });
});
