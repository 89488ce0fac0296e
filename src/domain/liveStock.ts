/** Live stock (docs/architecture.md §11): what the server's stream pushes to the calendar, the
 * venue screen and the seat map, and how each screen's data takes it in. One shape on both
 * sides: the server builds the pushes from the same reads the screens load, the client's
 * machines apply them without reading the rest again. */
import { seatNumberOf } from './seats.ts';
import type { CalendarDay, HallPool, SchedulePool, SeatMap } from './types.ts';

/** What a stream watches: the calendar, a day's sessions, or one session's seats. */
export type LiveTopic = { kind: 'calendar' } | { kind: 'day'; date: string } | { kind: 'seats'; hallScheduleId: number };

/** A session's counts and state as the venue screen shows them. */
export type LiveSession = Pick<SchedulePool, 'hallScheduleId' | 'ticketPool' | 'state' | 'disabled' | 'disabledText' | 'status' | 'candidateLevel'>;

/** The pushes, one SSE `event:` name each. */
export interface LivePushes {
  calendar: { days: CalendarDay[] };
  sessions: { date: string; sessions: LiveSession[] };
  seats: { hallScheduleId: number; taken: string[] };
}

/** One push, as its event name and data. */
export type LivePush = { [E in keyof LivePushes]: { event: E; data: LivePushes[E] } }[keyof LivePushes];

/** What a machine's `live` actor sends it with each push. */
export interface LiveEvent {
  type: 'LIVE';
  push: LivePush;
}

export const liveSessionOf = (s: SchedulePool): LiveSession => ({
  hallScheduleId: s.hallScheduleId,
  ticketPool: s.ticketPool,
  state: s.state,
  disabled: s.disabled,
  disabledText: s.disabledText,
  status: s.status,
  candidateLevel: s.candidateLevel,
});

/** The day's halls with the pushed sessions' counts and states; a hall is closed when none of its
 * sessions can be chosen any more (its reason: its first session's). */
export function applySessions(halls: readonly HallPool[], sessions: readonly LiveSession[]): HallPool[] {
  const byId = new Map(sessions.map((s) => [s.hallScheduleId, s]));
  return halls.map((hall) => {
    const list = hall.scheduleTicketPoolVOS.map((s) => {
      const pushed = byId.get(s.hallScheduleId);
      return pushed ? { ...s, ...pushed } : s;
    });
    const open = list.some((s) => !s.disabled);
    const disabledText = open ? null : (list.find((s) => s.disabledText)?.disabledText ?? hall.disabledText);
    return { ...hall, scheduleTicketPoolVOS: list, disabled: !open, disabledText };
  });
}

/** The seats taken (held or sold) of a map, "row-col". */
export const takenSeatsOf = (map: SeatMap): string[] => map.seats.filter((s) => s.state === 'sold').map(seatNumberOf);

/** The map with the pushed seats taken sold and the others free again; blocked seats stay blocked. */
export function applyTaken(map: SeatMap, taken: readonly string[]): SeatMap {
  const set = new Set(taken);
  return {
    ...map,
    seats: map.seats.map((s) => {
      if (s.state === 'notAvailable') return s;
      const state = set.has(seatNumberOf(s)) ? 'sold' : 'available';
      return state === s.state ? s : { ...s, state };
    }),
  };
}
