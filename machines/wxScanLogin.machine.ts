/** The scan login (docs/product.md §2 wxLogin): this screen asks the server for a ticket and
 * shows its QR code; the visitor scans it in the chat app, logs in there and confirms; this
 * screen asks every 2 s until then, and logs in. The QR code expires after 2 minutes (or is
 * refused on the phone): tap to get a new one.
 *
 * The app provides `createTicket` (resolving `{ ticket, scanId, expiresAt }`) and `poll`
 * ({ ticket }, resolving `{ status }`; it keeps the token itself when the status is loggedIn). */
import { assign, fromPromise, setup } from 'xstate';
import { SCAN_POLL_MS } from '../src/domain/wechatLogin.ts';
import type { Text } from '../src/domain/text.ts';
import type { WxScanTicket } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

export type ScanStatus = 'waiting' | 'refused' | 'expired' | 'loggedIn';

export interface WxScanLoginContext {
  ticket: string | null;
  scanId: string | null;
  expiresAt: number;
  error: Text | null;
}

export type WxScanLoginEvent = { type: 'REFRESH' };

export const wxScanLoginMachine = setup({
  types: {
    context: {} as WxScanLoginContext,
    events: {} as WxScanLoginEvent,
  },
  actors: {
    createTicket: fromPromise<WxScanTicket>(async () => notProvided('createTicket')),
    poll: fromPromise<{ status: ScanStatus }, { ticket: string }>(async () => notProvided('poll')),
  },
  guards: {
    is: (_, { output: answer, status }: { output: { status: ScanStatus }; status: ScanStatus }) => answer.status === status,
  },
  actions: {
    takeTicket: assign((_, { output: t }: { output: WxScanTicket }) => ({ ticket: t.ticket, scanId: t.scanId, expiresAt: t.expiresAt, error: null })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    forget: assign({ ticket: null, scanId: null, expiresAt: 0, error: null }),
  },
}).createMachine({
  id: 'wxScanLogin',
  context: { ticket: null, scanId: null, expiresAt: 0, error: null },
  initial: 'requesting',
  meta: { description: 'Log in by scanning a QR code with the chat app' },
  states: {
    requesting: {
      meta: { description: 'Asking the server for a new QR code' },
      invoke: {
        src: 'createTicket',
        onDone: { target: 'showing', actions: { type: 'takeTicket', params: output } },
        onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
      },
    },
    showing: {
      meta: { description: 'The QR code shown: waiting for the phone (asks again every 2 s)' },
      after: { [SCAN_POLL_MS]: 'polling' },
    },
    polling: {
      meta: { description: 'Asking whether the phone has confirmed' },
      invoke: {
        src: 'poll',
        input: ({ context }) => ({ ticket: context.ticket ?? '' }),
        onDone: [
          { guard: { type: 'is', params: ({ event }) => ({ output: event.output, status: 'loggedIn' as const }) }, target: 'loggedIn' },
          { guard: { type: 'is', params: ({ event }) => ({ output: event.output, status: 'expired' as const }) }, target: 'expired', actions: 'forget' },
          { guard: { type: 'is', params: ({ event }) => ({ output: event.output, status: 'refused' as const }) }, target: 'refused', actions: 'forget' },
          { target: 'showing' },
        ],
        onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
      },
    },
    expired: {
      meta: { description: 'The QR code expired: tap to refresh' },
      on: { REFRESH: 'requesting' },
    },
    refused: {
      meta: { description: 'The login was cancelled on the phone: tap for a new QR code' },
      on: { REFRESH: 'requesting' },
    },
    failed: {
      meta: { description: 'The server could not be asked (or refused the ticket): the reason, tap for a new QR code' },
      on: { REFRESH: { target: 'requesting', actions: 'forget' } },
    },
    loggedIn: {
      type: 'final',
      meta: { description: 'Confirmed on the phone: logged in here' },
    },
  },
});

export type WxScanLoginMachine = typeof wxScanLoginMachine;
