/** A museum day in the staff console: the day's sessions with their figures, and
 * the changes an admin makes (stop a session's sale with its reason or resume it, change its
 * capacity, close the day with a reason or open it, set the release time of a day not on sale). Each change is sent, then the day is
 * read again; a refusal (a capacity below what is sold, a day with visitors) stays shown.
 *
 * The app provides the actors `loadDay` ({ date }) and `change` (one of DayChange). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { parseRelease, TEMPLATE_TEXTS } from '../src/domain/sessionTemplates.ts';
import { checkStopReason, type DayChange } from '../src/domain/staffDay.ts';
import type { Text } from '../src/domain/text.ts';
import type { StaffDay } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export type { DayChange };

export interface StaffDayContext {
  date: string;
  day: StaffDay | null;
  pending: DayChange | null;
  error: Text | null;
}

export type StaffDayEvent = { type: 'RETRY' } | { type: 'DATE.CHANGE'; date: string } | { type: 'CHANGE'; change: DayChange };

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
  },
  guards: {
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
      return { date: event.date, day: null, error: null };
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
  },
}).createMachine({
  id: 'staffDay',
  context: ({ input }) => ({ date: input.date, day: null, pending: null, error: null }),
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
