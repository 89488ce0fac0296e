/** Calling a session off in the staff console (docs/product.md §2.7): what it will do is read
 * first (paid orders refunded, unpaid cancelled, the waiting list paid back), the admin gives the
 * reason in both languages and confirms that sentence, the call is sent, then its progress is
 * read every few seconds until every order is settled. A session called off already opens on
 * its progress.
 *
 * The app provides the actors `loadPreview` ({ scheduleId }), `callOff` ({ scheduleId,
 * reasonZh, reasonEn }) and `loadProgress` ({ scheduleId }). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkCallOff } from '../src/domain/callOff.ts';
import type { Text } from '../src/domain/text.ts';
import type { CallOffPreview, CallOffProgress } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

/** How often the progress is read while the job settles the orders. */
export const POLL_MS = 3000;

export interface CallOffInput {
  scheduleId: number;
  calledOff: boolean;
}

export interface CallOffContext {
  scheduleId: number;
  /** Called off already when the screen opened. */
  calledOff: boolean;
  preview: CallOffPreview | null;
  progress: CallOffProgress | null;
  reasonZh: string;
  reasonEn: string;
  error: Text | null;
}

export type CallOffEvent = { type: 'RETRY' } | { type: 'ASK'; reasonZh: string; reasonEn: string } | { type: 'BACK' } | { type: 'CONFIRM' };

/** The reason as the server will judge it (the session's own facts are the server's to say). */
const refusalOf = (reasonZh: string, reasonEn: string) => checkCallOff({ reasonZh, reasonEn }, { exists: true, calledOff: false, ended: false });

export const callOffMachine = setup({
  types: { context: {} as CallOffContext, events: {} as CallOffEvent, input: {} as CallOffInput },
  actors: {
    loadPreview: fromPromise<CallOffPreview, { scheduleId: number }>(async () => notProvided('loadPreview')),
    callOff: fromPromise<CallOffProgress, { scheduleId: number; reasonZh: string; reasonEn: string }>(async () => notProvided('callOff')),
    loadProgress: fromPromise<CallOffProgress, { scheduleId: number }>(async () => notProvided('loadProgress')),
  },
  guards: {
    calledOff: ({ context }) => context.calledOff,
    reasonGiven: ({ event }) => {
      assertEvent(event, 'ASK');
      return refusalOf(event.reasonZh, event.reasonEn) === null;
    },
    settled: ({ context }) => context.progress?.state === 'done',
  },
  actions: {
    setPreview: assign((_, { output: preview }: { output: CallOffPreview }) => ({ preview, error: null })),
    setProgress: assign((_, { output: progress }: { output: CallOffProgress }) => ({ progress, error: null })),
    setReason: assign(({ event }) => {
      assertEvent(event, 'ASK');
      return { reasonZh: event.reasonZh, reasonEn: event.reasonEn, error: null };
    }),
    refuseReason: assign(({ event }) => {
      assertEvent(event, 'ASK');
      return { error: refusalOf(event.reasonZh, event.reasonEn) };
    }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'callOff',
  context: ({ input }) => ({
    scheduleId: input.scheduleId,
    calledOff: input.calledOff,
    preview: null,
    progress: null,
    reasonZh: '',
    reasonEn: '',
    error: null,
  }),
  initial: 'start',
  meta: { description: 'Calling a session off: what it will do, the reason, the confirmation, then the progress per order' },
  states: {
    start: {
      meta: { description: 'A session called off already shows its progress; another what calling it off would do' },
      always: [{ guard: 'calledOff', target: 'refreshing' }, { target: 'loading' }],
    },
    ...loadingStates(
      {
        src: 'loadPreview',
        input: ({ context }: { context: CallOffContext }) => ({ scheduleId: context.scheduleId }),
        onDone: { target: 'editing', actions: { type: 'setPreview', params: output } },
      },
      { loading: 'Reading what calling the session off would do', failed: 'It could not be read: retry' },
    ),
    editing: {
      meta: { description: 'The paid, unpaid and waiting orders it will settle; the reason in Chinese and English' },
      on: { ASK: [{ guard: 'reasonGiven', target: 'confirming', actions: 'setReason' }, { actions: 'refuseReason' }] },
    },
    confirming: {
      meta: { description: 'The sentence to confirm: N paid orders refunded, M unpaid cancelled, K waiting paid back; it cannot be undone' },
      on: { CONFIRM: 'callingOff', BACK: 'editing' },
    },
    callingOff: {
      meta: { description: 'Calling the session off' },
      invoke: {
        id: 'callOff',
        src: 'callOff',
        input: ({ context }) => ({ scheduleId: context.scheduleId, reasonZh: context.reasonZh, reasonEn: context.reasonEn }),
        onDone: { target: 'watching', actions: { type: 'setProgress', params: output } },
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    watching: {
      meta: { description: 'Each order and what happened to it, read again every few seconds' },
      always: { guard: 'settled', target: 'done' },
      after: { [POLL_MS]: 'refreshing' },
    },
    refreshing: {
      meta: { description: 'Reading the progress' },
      invoke: {
        id: 'loadProgress',
        src: 'loadProgress',
        input: ({ context }) => ({ scheduleId: context.scheduleId }),
        onDone: { target: 'watching', actions: { type: 'setProgress', params: output } },
        onError: { target: 'watching', actions: { type: 'setFailure', params: failure } },
      },
    },
    done: {
      meta: { description: 'Every order settled: the outcome of each' },
      type: 'final',
    },
  },
});
