/** The coupon batches an admin makes (docs/product.md §2.10): the batches listed, a new one made
 * (its draft checked by src/domain/couponBatches.ts before it is sent: the refusal beside its
 * field, never sent; the server's at the button), a batch stopped. After a change the batches
 * are read again. Downloading a batch's codes is the screen's (a file, not a state).
 *
 * The app provides the actors `loadBatches`, `createBatch` and `stopBatch`; its input is the
 * museum's today, which a batch's last day may not be before. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { batchDraftRefusal, type BatchRefusal, type StaffCouponBatch } from '../src/domain/couponBatches.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface StaffCouponsContext {
  today: string;
  batches: StaffCouponBatch[] | null;
  /** How many times the batches were read: the new-batch form starts again from each read. */
  generation: number;
  /** The rules' refusal of the last draft, beside its field (not sent). */
  refusal: BatchRefusal | null;
  /** The server's refusal or a failed call. */
  error: Text | null;
  /** The batch the last error is about (null: the new one). */
  target: number | null;
  pendingDraft: unknown;
  pendingStop: number | null;
  /** What was done last, for the screen to confirm. */
  done: 'created' | 'stopped' | null;
}

export type StaffCouponsEvent = { type: 'RETRY' } | { type: 'CREATE'; draft: unknown } | { type: 'STOP'; batchId: number };

export const staffCouponsMachine = setup({
  types: { context: {} as StaffCouponsContext, events: {} as StaffCouponsEvent, input: {} as { today: string } },
  actors: {
    loadBatches: fromPromise<StaffCouponBatch[], void>(async () => notProvided('loadBatches')),
    createBatch: fromPromise<unknown, unknown>(async () => notProvided('createBatch')),
    stopBatch: fromPromise<unknown, number>(async () => notProvided('stopBatch')),
  },
  guards: {
    allowed: ({ context, event }) => {
      assertEvent(event, 'CREATE');
      return batchDraftRefusal(event.draft, context.today) === null;
    },
  },
  actions: {
    setBatches: assign(({ context }, { output: batches }: { output: StaffCouponBatch[] }) => ({ batches, generation: context.generation + 1 })),
    setPendingDraft: assign(({ event }) => {
      assertEvent(event, 'CREATE');
      return { pendingDraft: event.draft, target: null, refusal: null, error: null, done: null };
    }),
    refuse: assign(({ context, event }) => {
      assertEvent(event, 'CREATE');
      return { refusal: batchDraftRefusal(event.draft, context.today), target: null, error: null, done: null };
    }),
    setPendingStop: assign(({ event }) => {
      assertEvent(event, 'STOP');
      return { pendingStop: event.batchId, target: event.batchId, refusal: null, error: null, done: null };
    }),
    markCreated: assign({ done: 'created' as const }),
    markStopped: assign({ done: 'stopped' as const }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffCoupons',
  context: ({ input }) => ({
    today: input.today,
    batches: null,
    generation: 0,
    refusal: null,
    error: null,
    target: null,
    pendingDraft: null,
    pendingStop: null,
    done: null,
  }),
  initial: 'loading',
  meta: { description: 'The coupon batches an admin makes and stops' },
  states: {
    ...loadingStates(
      { src: 'loadBatches', onDone: { target: 'ready', actions: { type: 'setBatches', params: output } } },
      { loading: 'Loading the coupon batches', failed: 'The coupon batches could not be loaded: retry' },
    ),
    ready: {
      meta: { description: 'The batches, newest first, each with its codes bound and used; a new batch' },
      on: {
        CREATE: [{ guard: 'allowed', target: 'creating', actions: 'setPendingDraft' }, { actions: 'refuse' }],
        STOP: { target: 'stopping', actions: 'setPendingStop' },
      },
    },
    creating: {
      meta: { description: 'Making the batch and its codes; then the batches are read again' },
      tags: ['busy'],
      invoke: {
        src: 'createBatch',
        input: ({ context }: { context: StaffCouponsContext }) => context.pendingDraft,
        onDone: { target: 'loading', actions: 'markCreated' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    stopping: {
      meta: { description: 'Stopping the batch; then the batches are read again' },
      tags: ['busy'],
      invoke: {
        src: 'stopBatch',
        input: ({ context }) => context.pendingStop!,
        onDone: { target: 'loading', actions: 'markStopped' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
