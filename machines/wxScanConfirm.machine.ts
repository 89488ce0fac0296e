/** The phone's side of a scan login (docs/product.md §2.3): the visitor, logged in in the chat app
 * (its OAuth and a bound phone first, as any screen that needs a login), is told which device
 * shows the code and when it asked, then asked "Log in on the other screen?" and confirms or
 * cancels; either answer is given once. A code already answered or expired is said so, with
 * nothing left to answer; so is one whose answer the server refused because it no longer waits.
 *
 * The app provides `lookup` (the WxScanAsking) and `decide` ({ approve }). */
import { assign, fromPromise, setup } from 'xstate';
import type { Text } from '../src/domain/text.ts';
import type { WxScanAsking } from '../src/domain/types.ts';
import { WX_LOGIN_TEXTS } from '../src/domain/wechatLogin.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

export interface WxScanConfirmContext {
  asking: WxScanAsking | null;
  error: Text | null;
}

export type WxScanConfirmEvent = { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'RETRY' };

const waiting = (_: unknown, { output: asking }: { output: WxScanAsking }) => asking.state === 'waiting';

/** Asked again while the code waits; told why not once it was answered or expired. */
const afterLookup = [
  { guard: { type: 'waiting', params: output }, target: 'asking', actions: { type: 'setAsking', params: output } },
  { target: 'closed', actions: { type: 'setClosed', params: output } },
] as const;

/** Giving the answer once; a refusal asks the server whether the code still waits. */
const telling = <const Done extends string>(approve: boolean, description: string, done: Done) =>
  ({
    meta: { description },
    tags: ['busy'],
    invoke: {
      src: 'decide',
      input: { approve },
      onDone: done,
      onError: { target: 'rechecking', actions: { type: 'setFailure', params: failure } },
    },
  }) as const;

export const wxScanConfirmMachine = setup({
  types: {
    context: {} as WxScanConfirmContext,
    events: {} as WxScanConfirmEvent,
  },
  actors: {
    lookup: fromPromise<WxScanAsking>(async () => notProvided('lookup')),
    decide: fromPromise<unknown, { approve: boolean }>(async () => notProvided('decide')),
  },
  guards: { waiting },
  actions: {
    setAsking: assign((_, { output: asking }: { output: WxScanAsking }) => ({ asking })),
    /** Why nothing is left to answer, in place of a refusal that only said "no". */
    setClosed: assign((_, { output: asking }: { output: WxScanAsking }) => ({
      asking,
      error: asking.state === 'decided' ? WX_LOGIN_TEXTS.scanDecided : WX_LOGIN_TEXTS.scanExpired,
    })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'wxScanConfirm',
  context: { asking: null, error: null },
  initial: 'loading',
  meta: { description: 'Confirm a scan login on the phone' },
  states: {
    loading: {
      meta: { description: 'Reading which device asks, and whether it still waits' },
      tags: ['busy'],
      invoke: {
        src: 'lookup',
        onDone: afterLookup,
        onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
      },
    },
    failed: {
      meta: { description: 'The code could not be read (unknown, or the network): retry' },
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    asking: {
      meta: { description: 'Log in on the other screen (this device, asked at this time)? Confirm or Cancel' },
      on: {
        CONFIRM: { target: 'approving', actions: 'clearError' },
        CANCEL: { target: 'cancelling', actions: 'clearError' },
      },
    },
    approving: telling(true, 'Telling the server: yes', 'approved'),
    cancelling: telling(false, 'Telling the server: no', 'cancelled'),
    rechecking: {
      meta: { description: 'The answer was refused: does the code still wait (then ask again with the refusal)?' },
      tags: ['busy'],
      invoke: {
        src: 'lookup',
        onDone: afterLookup,
        onError: 'asking',
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
    closed: {
      type: 'final',
      meta: { description: 'Already answered or expired: nothing to answer; refresh the code on the other screen' },
    },
  },
});
