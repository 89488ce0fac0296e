/** A museum day in the staff console: the day's sessions with their figures, and
 * the changes an admin makes (stop a session's sale with its reason or resume it, change its
 * capacity, close the day with a reason or open it, set the release time of a day not on sale). Each change is sent, then the day is
 * read again; a refusal (a capacity below what is sold, a day with visitors) stays shown.
 *
 * While the day is shown, its release's waiting room is watched (docs/product.md §2.13): its
 * figures are read every ROOM_READ_MS while the room is shown (an hour before it opens until its
 * window ends), every ROOM_AHEAD_READ_MS while it is further ahead or when the day has none (a
 * surge of its orders may open one on any day). A failed read keeps the last figures, marked, and
 * the next tick reads again.
 *
 * The app provides the actors `loadDay` ({ date }), `change` (one of DayChange), `readQueue`
 * ({ date }) and `ticker` (machines/ticker.ts; the app's pauses while the page is hidden). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ROOM_AHEAD_READ_MS, ROOM_READ_MS, roomPhase, roomShown, type QueueFigures } from '../src/domain/queueFigures.ts';
import { parseRelease, TEMPLATE_TEXTS } from '../src/domain/sessionTemplates.ts';
import { checkStopReason, type DayChange } from '../src/domain/staffDay.ts';
import type { Text } from '../src/domain/text.ts';
import type { StaffDay } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';
import { ticker, type TickEvent } from './ticker.ts';

export type { DayChange };

export interface StaffDayContext {
  date: string;
  day: StaffDay | null;
  pending: DayChange | null;
  error: Text | null;
  /** The day's waiting room as last read (null: none read, or the day has none). */
  queue: QueueFigures | null;
  /** Whether the last read of it failed (the figures shown are the ones before). */
  queueStale: boolean;
}

export type StaffDayEvent = { type: 'RETRY' } | { type: 'DATE.CHANGE'; date: string } | { type: 'CHANGE'; change: DayChange } | TickEvent;

/** The change as the server will judge it first: a reason in both languages where one is needed. */
const refusalOf = (change: DayChange): Text | null => {
  if (change.kind === 'capacity') return null;
  // Whether the time is still to come is the server's to say: it is the clock.
  if (change.kind === 'release') return parseRelease(change.releaseAt) === null ? TEMPLATE_TEXTS.releaseFormat : null;
  return checkStopReason({ stopped: change.kind === 'stop' ? change.stopped : change.closed, reasonZh: change.reasonZh, reasonEn: change.reasonEn });
};

export const staffDayMachine = setup({
  types: { context: {} as StaffDayContext, events: {} as StaffDayEvent, input: {} as { date: string } },
  actors: {
    loadDay: fromPromise<StaffDay, { date: string }>(async () => notProvided('loadDay')),
    change: fromPromise<null, DayChange>(async () => notProvided('change')),
    readQueue: fromPromise<QueueFigures, { date: string }>(async () => notProvided('readQueue')),
    ticker,
  },
  guards: {
    /** The figures read: the room has no window now or to come (none, or its window is over). */
    noRoom: (_, { output: f }: { output: QueueFigures }) => roomPhase(f) === 'none',
    validDate: ({ event }) => {
      assertEvent(event, 'DATE.CHANGE');
      return /^\d{4}-\d{2}-\d{2}$/.test(event.date);
    },
    changeAllowed: ({ event }) => {
      assertEvent(event, 'CHANGE');
      return refusalOf(event.change) === null;
    },
  },
  actions: {
    setDay: assign((_, { output: day }: { output: StaffDay }) => ({ day })),
    setDate: assign(({ event }) => {
      assertEvent(event, 'DATE.CHANGE');
      return { date: event.date, day: null, error: null, queue: null, queueStale: false };
    }),
    setPending: assign(({ event }) => {
      assertEvent(event, 'CHANGE');
      const change = event.change;
      // Calling every session off goes with closing only: opening a day never carries the tick.
      return { pending: change.kind === 'close' && !change.closed ? { ...change, callOff: false } : change, error: null };
    }),
    refuseChange: assign(({ event }) => {
      assertEvent(event, 'CHANGE');
      return { error: refusalOf(event.change) };
    }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    setQueue: assign((_, { output: queue }: { output: QueueFigures }) => ({ queue, queueStale: false })),
  },
}).createMachine({
  id: 'staffDay',
  context: ({ input }) => ({ date: input.date, day: null, pending: null, error: null, queue: null, queueStale: false }),
  initial: 'loading',
  meta: { description: 'A museum day: its sessions, their figures, the changes an admin makes' },
  states: {
    ...loadingStates(
      {
        src: 'loadDay',
        input: ({ context }: { context: StaffDayContext }) => ({ date: context.date }),
        onDone: { target: 'ready', actions: { type: 'setDay', params: output } },
      },
      { loading: "Loading the day's sessions", failed: 'The day could not be loaded: retry' },
    ),
    ready: {
      meta: { description: 'Each session with its figures; stop, resume, capacity; close or open the day' },
      on: {
        'DATE.CHANGE': { guard: 'validDate', target: 'loading', actions: 'setDate' },
        CHANGE: [{ guard: 'changeAllowed', target: 'changing', actions: 'setPending' }, { actions: 'refuseChange' }],
      },
      initial: 'roomReading',
      states: {
        noRoom: {
          meta: { description: 'No waiting room now or to come; read again after a minute, as a surge may open one on any day' },
          invoke: { id: 'ticker', src: 'ticker', input: { everyMs: ROOM_AHEAD_READ_MS } },
          on: { TICK: 'roomReading' },
        },
        roomReading: {
          meta: { description: "Reading the waiting room's figures (the last ones stay shown)" },
          invoke: {
            id: 'readQueue',
            src: 'readQueue',
            input: ({ context }) => ({ date: context.date }),
            onDone: [
              { guard: { type: 'noRoom', params: output }, target: 'noRoom', actions: assign({ queue: null, queueStale: false }) },
              { target: 'roomWatching', actions: { type: 'setQueue', params: output } },
            ],
            // Quietly: the last figures stay, marked with their time, and the next tick reads again.
            onError: { target: 'roomWatching', actions: assign({ queueStale: true }) },
          },
        },
        roomWatching: {
          meta: { description: 'The waiting room card (from an hour before it opens): read again every 2 s, every minute while it is further ahead' },
          invoke: {
            id: 'ticker',
            src: 'ticker',
            input: ({ context }) => ({ everyMs: roomShown(context.queue) || context.queue === null ? ROOM_READ_MS : ROOM_AHEAD_READ_MS }),
          },
          on: { TICK: 'roomReading' },
        },
      },
    },
    changing: {
      meta: { description: 'Sending the change; then the day is read again' },
      invoke: {
        src: 'change',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
