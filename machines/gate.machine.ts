/** A gate (issue 16): the attendant picks the gate's hall among today's, then every ticket QR
 * the camera reads, or an order number typed in (a group at once), is checked in; the answer
 * shows big and green or red for a few seconds, then the gate scans again. The code just sent
 * is not sent again while the camera keeps reading it (the visitor still holds it up); a
 * failed call forgets it, so it can be scanned again.
 *
 * The app provides the actors `loadHalls` (today's halls) and `checkIn`. */
import { assign, fromPromise, setup } from 'xstate';
import { checkOrderNumber } from '../src/domain/fields.ts';
import type { Text } from '../src/domain/text.ts';
import type { GateAnswer, HallPool } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

/** How long an answer stays on the screen before the gate scans again. */
export const ANSWER_MS = 3000;

export type CheckInInput = { hallId: number; qr: string } | { hallId: number; orderNumber: string };

export interface GateContext {
  halls: HallPool[];
  hallId: number | null;
  orderNumber: string;
  /** The last code sent: a camera reading it again (the visitor still holds it up) sends nothing. */
  lastQr: string | null;
  /** What is being checked in now. */
  request: CheckInInput | null;
  answer: GateAnswer | null;
  error: Text | null;
}

export type GateEvent =
  | { type: 'RETRY' }
  | { type: 'PICK_HALL'; hallId: number }
  | { type: 'CHANGE_HALL' }
  | { type: 'SCANNED'; text: string }
  | { type: 'ORDER_NUMBER.CHANGE'; value: string }
  | { type: 'CHECK_ORDER' }
  | { type: 'NEXT' };

export const gateMachine = setup({
  types: { context: {} as GateContext, events: {} as GateEvent },
  actors: {
    loadHalls: fromPromise<HallPool[], void>(async () => notProvided('loadHalls')),
    checkIn: fromPromise<GateAnswer, CheckInInput>(async () => notProvided('checkIn')),
  },
  guards: {
    knownHall: ({ context, event }) => event.type === 'PICK_HALL' && context.halls.some((h) => h.hallId === event.hallId),
    newCode: ({ context, event }) => event.type === 'SCANNED' && event.text.trim() !== '' && event.text !== context.lastQr,
    numberValid: ({ context }) => checkOrderNumber(context.orderNumber) === null,
  },
  actions: {
    setHalls: assign((_, { output: halls }: { output: HallPool[] }) => ({ halls, error: null })),
    pickHall: assign(({ event }) => (event.type === 'PICK_HALL' ? { hallId: event.hallId, answer: null, lastQr: null } : {})),
    sendQr: assign(({ context, event }) => (event.type === 'SCANNED' ? { lastQr: event.text, request: { hallId: context.hallId ?? 0, qr: event.text }, error: null } : {})),
    sendNumber: assign(({ context }) => ({ request: { hallId: context.hallId ?? 0, orderNumber: context.orderNumber }, error: null })),
    setNumber: assign(({ event }) => (event.type === 'ORDER_NUMBER.CHANGE' ? { orderNumber: event.value.trim().toUpperCase(), error: null } : {})),
    refuseNumber: assign(({ context }) => ({ error: checkOrderNumber(context.orderNumber) })),
    setAnswer: assign((_, { output: answer }: { output: GateAnswer }) => ({ answer, orderNumber: '' })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), lastQr: null })),
    clearAnswer: assign({ answer: null }),
  },
}).createMachine({
  id: 'gate',
  context: { halls: [], hallId: null, orderNumber: '', lastQr: null, request: null, answer: null, error: null },
  initial: 'loading',
  meta: { description: 'A gate checks tickets in at its hall' },
  states: {
    ...loadingStates(
      { src: 'loadHalls', onDone: { target: 'choosing', actions: { type: 'setHalls', params: output } } },
      { loading: "Loading today's halls", failed: 'The halls could not be loaded: retry' },
    ),
    choosing: {
      meta: { description: "Pick the gate's hall among today's" },
      on: { PICK_HALL: { guard: 'knownHall', target: 'scanning', actions: 'pickHall' } },
    },
    scanning: {
      meta: { description: 'The camera looks for a ticket QR; an order number can be typed in' },
      on: {
        SCANNED: { guard: 'newCode', target: 'checking', actions: 'sendQr' },
        'ORDER_NUMBER.CHANGE': { actions: 'setNumber' },
        CHECK_ORDER: [{ guard: 'numberValid', target: 'checking', actions: 'sendNumber' }, { actions: 'refuseNumber' }],
        CHANGE_HALL: 'choosing',
      },
    },
    checking: {
      meta: { description: 'Asking the server: in, or why not' },
      invoke: {
        src: 'checkIn',
        input: ({ context }) => context.request!,
        onDone: { target: 'answered', actions: { type: 'setAnswer', params: output } },
        onError: { target: 'scanning', actions: { type: 'setFailure', params: failure } },
      },
    },
    answered: {
      meta: { description: 'The answer in big letters, green or red; the gate scans again by itself' },
      after: { [ANSWER_MS]: { target: 'scanning', actions: 'clearAnswer' } },
      on: {
        NEXT: { target: 'scanning', actions: 'clearAnswer' },
        // Another code, or an order number, while the answer shows: the next visitor is already there.
        SCANNED: { guard: 'newCode', target: 'checking', actions: 'sendQr' },
        'ORDER_NUMBER.CHANGE': { actions: 'setNumber' },
        CHECK_ORDER: [{ guard: 'numberValid', target: 'checking', actions: 'sendNumber' }, { actions: 'refuseNumber' }],
      },
    },
  },
});
