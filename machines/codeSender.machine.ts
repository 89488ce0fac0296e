/** The send-code button of a form that verifies a mobile number (docs/product.md §4 "Verification
 * code", §9: 60 s before the next code): ready, sending, then counting down. The form owns
 * the number and sends it with SEND; this machine only knows when the button may be tapped.
 *
 * The app provides the actor `sendCode` ({ phone }). */
import { assign, fromPromise, setup } from 'xstate';
import { checkPhone } from '../src/domain/fields.ts';
import { CODE_COUNTDOWN_SECONDS } from '../src/domain/limits.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided } from './errors.ts';

export interface CodeSenderContext {
  phone: string;
  countdown: number;
  countdownFrom: number;
  error: Text | null;
}

export type CodeSenderEvent = { type: 'SEND'; phone: string };

export const codeSenderMachine = setup({
  types: {
    context: {} as CodeSenderContext,
    events: {} as CodeSenderEvent,
    input: {} as { countdownSeconds?: number } | undefined,
  },
  actors: {
    sendCode: fromPromise<unknown, { phone: string }>(async () => notProvided('sendCode')),
  },
  guards: {
    phoneValid: ({ event }) => checkPhone(event.phone) === null,
    lastSecond: ({ context }) => context.countdown <= 1,
  },
  actions: {
    takePhone: assign(({ event }) => ({ phone: event.phone.trim(), error: null })),
    showPhoneError: assign(({ event }) => ({ error: checkPhone(event.phone) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    startCountdown: assign(({ context }) => ({ countdown: context.countdownFrom })),
    tick: assign(({ context }) => ({ countdown: context.countdown - 1 })),
    stopCountdown: assign({ countdown: 0 }),
  },
}).createMachine({
  id: 'codeSender',
  context: ({ input }) => ({ phone: '', countdown: 0, countdownFrom: input?.countdownSeconds ?? CODE_COUNTDOWN_SECONDS, error: null }),
  initial: 'ready',
  meta: { description: 'The send-code button' },
  states: {
    ready: {
      meta: { description: 'The button is enabled' },
      on: {
        SEND: [{ guard: 'phoneValid', target: 'sending', actions: 'takePhone' }, { actions: 'showPhoneError' }],
      },
    },
    sending: {
      meta: { description: 'The code is being sent' },
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: { target: 'counting', actions: 'startCountdown' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    counting: {
      meta: { description: 'Code sent: the button shows the seconds left and ignores taps' },
      after: {
        1000: [
          { guard: 'lastSecond', target: 'ready', actions: 'stopCountdown' },
          { target: 'counting', reenter: true, actions: 'tick' },
        ],
      },
    },
  },
});
