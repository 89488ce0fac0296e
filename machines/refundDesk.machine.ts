/** The finance desk's refused refunds (docs/product.md §2.7): the refunds the payment platform
 * refused, waiting or settled by hand; one is sent again, or settled by hand with a note (how
 * the money went back). After either, the list is read again; a refusal stays shown.
 *
 * The app provides the actors `loadRefunds` ({ settled }), `retryRefund` ({ refundId }) and
 * `settleRefund` ({ refundId, note }). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkRefundDesk } from '../src/domain/callOff.ts';
import type { Text } from '../src/domain/text.ts';
import type { FailedRefund } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface RefundDeskContext {
  /** The tab: settled by hand (true) or waiting (false). */
  settled: boolean;
  refunds: FailedRefund[];
  pending: { refundId: number; note: string } | null;
  error: Text | null;
}

export type RefundDeskEvent =
  | { type: 'RETRY' }
  | { type: 'TAB'; settled: boolean }
  | { type: 'REFUND.RETRY'; refundId: number }
  | { type: 'REFUND.SETTLE'; refundId: number; note: string };

/** A note as the server will judge it (the refund's own state is the server's to say). */
const noteRefusal = (note: string) => checkRefundDesk({ status: 'failed', settled: false }, note);

export const refundDeskMachine = setup({
  types: { context: {} as RefundDeskContext, events: {} as RefundDeskEvent },
  actors: {
    loadRefunds: fromPromise<FailedRefund[], { settled: boolean }>(async () => notProvided('loadRefunds')),
    retryRefund: fromPromise<null, { refundId: number }>(async () => notProvided('retryRefund')),
    settleRefund: fromPromise<null, { refundId: number; note: string }>(async () => notProvided('settleRefund')),
  },
  guards: {
    noteGiven: ({ event }) => {
      assertEvent(event, 'REFUND.SETTLE');
      return noteRefusal(event.note) === null;
    },
  },
  actions: {
    setRefunds: assign((_, { output: refunds }: { output: FailedRefund[] }) => ({ refunds })),
    setTab: assign(({ event }) => {
      assertEvent(event, 'TAB');
      return { settled: event.settled, refunds: [], error: null };
    }),
    setRetry: assign(({ event }) => {
      assertEvent(event, 'REFUND.RETRY');
      return { pending: { refundId: event.refundId, note: '' }, error: null };
    }),
    setSettle: assign(({ event }) => {
      assertEvent(event, 'REFUND.SETTLE');
      return { pending: { refundId: event.refundId, note: event.note }, error: null };
    }),
    refuseNote: assign(({ event }) => {
      assertEvent(event, 'REFUND.SETTLE');
      return { error: noteRefusal(event.note) };
    }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'refundDesk',
  context: { settled: false, refunds: [], pending: null, error: null },
  initial: 'loading',
  meta: { description: 'Refunds the payment platform refused: retried, or settled by hand with a note' },
  states: {
    ...loadingStates(
      {
        src: 'loadRefunds',
        input: ({ context }: { context: RefundDeskContext }) => ({ settled: context.settled }),
        onDone: { target: 'ready', actions: { type: 'setRefunds', params: output } },
      },
      { loading: 'Loading the refused refunds', failed: 'The refunds could not be loaded: retry' },
    ),
    ready: {
      meta: { description: 'The refused refunds of the tab (waiting, or settled by hand), newest first' },
      on: {
        TAB: { target: 'loading', actions: 'setTab' },
        'REFUND.RETRY': { target: 'retrying', actions: 'setRetry' },
        'REFUND.SETTLE': [{ guard: 'noteGiven', target: 'settling', actions: 'setSettle' }, { actions: 'refuseNote' }],
      },
    },
    retrying: {
      meta: { description: 'Sending the refund to the platform again; then the list is read again' },
      invoke: {
        id: 'retryRefund',
        src: 'retryRefund',
        input: ({ context }) => ({ refundId: context.pending!.refundId }),
        onDone: { target: 'loading' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    settling: {
      meta: { description: 'Marking the refund settled by hand with the note; then the list is read again' },
      invoke: {
        id: 'settleRefund',
        src: 'settleRefund',
        input: ({ context }) => ({ refundId: context.pending!.refundId, note: context.pending!.note }),
        onDone: { target: 'loading' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
