/** The dome cinema's seat map as the browser lane drives it (tests/paths/cinemaSeat.spec.ts):
 * one visitor picks a seat of the dome's first film on the demo's second bookable day. The map
 * reloads on the ticker (TICK: the next reload comes); errors are dropped requests. Also run
 * in memory with the other models (tests/machines/cinemaSeat.test.ts), so it is in the catalogue. */
import type { SnapshotFrom } from 'xstate';
import { cinemaSeatMachine } from '../../../machines/cinemaSeat.machine.ts';
import type { SeatCell, SeatMap } from '../../../src/domain/types.ts';
import type { PathModel } from '../../machines/paths.ts';

const seat = (col: number): SeatCell => ({ row: 1, col, rowLabel: '1', seatLabel: String(col), state: 'available' });
/** A row of free seats: the lane's "first" and "second" free seat are 1-1 and 1-2. */
const MAP: SeatMap = { hallScheduleId: 7, chooseMode: 1, rows: 1, cols: 3, seats: [seat(1), seat(2), seat(3)] };

export const cinemaSeatInBrowser: PathModel = {
  name: 'in the browser',
  machine: cinemaSeatMachine,
  input: { hallScheduleId: 7, count: 1 },
  generators: ['cover'],
  outcomes: { loadMap: [{ output: MAP }, { error: 'Network error' }], ticker: [] },
  events: ((s: SnapshotFrom<typeof cinemaSeatMachine>) => {
    if (s.matches('failed')) return [{ type: 'RETRY' }];
    if (!s.matches('picking')) return [];
    return [{ type: 'TOGGLE', seat: '1-1' }, { type: 'TOGGLE', seat: '1-2' }, { type: 'TICK', now: 5_000 }, { type: 'CONFIRM' }];
  }) as PathModel['events'],
  say: {
    RETRY: 'tap Retry',
    TOGGLE: (e) => `tap the ${e.seat === '1-1' ? 'first' : 'second'} free seat`,
    TICK: 'wait for the map to reload (every 5 s)',
    CONFIRM: 'tap "Confirm seats"',
  },
};
