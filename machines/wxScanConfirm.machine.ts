/** The phone's side of a scan login: the visitor, logged in in the chat app (its
 * OAuth and a bound phone first, as any screen that needs a login), is asked "Log in on the
 * other screen?" and confirms or cancels; either answer is given once.
 *
 * The app provides `decide` ({ approve }). */
import { assign, fromPromise, setup } from 'xstate';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided } from './errors.ts';

export interface WxScanConfirmContext {
  error: Text | null;
}

export type WxScanConfirmEvent = { type: 'CONFIRM' } | { type: 'CANCEL' };

export const wxScanConfirmMachine = setup({
  types: {
    context: {} as WxScanConfirmContext,
    events: {} as WxScanConfirmEvent,
  },
  actors: {
    decide: fromPromise<unknown, { approve: boolean }>(async () => notProvided('decide')),
  },
  actions: {
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'wxScanConfirm',
  context: { error: null },
  initial: 'asking',
  meta: { description: 'Confirm a scan login on the phone' },
  states: {
    asking: {
      meta: { description: 'Log in on the other screen? Confirm or Cancel' },
      on: {
        CONFIRM: { target: 'approving', actions: 'clearError' },
        CANCEL: { target: 'cancelling', actions: 'clearError' },
      },
    },
    approving: {
      meta: { description: 'Telling the server: yes' },
      invoke: {
        src: 'decide',
        input: { approve: true },
        onDone: 'approved',
        onError: { target: 'asking', actions: { type: 'setFailure', params: failure } },
      },
    },
    cancelling: {
      meta: { description: 'Telling the server: no' },
      invoke: {
        src: 'decide',
        input: { approve: false },
        onDone: 'cancelled',
        onError: { target: 'asking', actions: { type: 'setFailure', params: failure } },
      },
    },
    approved: {
      type: 'final',
      meta: { description: 'The other screen logs in' },
    },
    cancelled: {
      type: 'final',
      meta: { description: 'Not logged in on the other screen' },
    },
  },
});
