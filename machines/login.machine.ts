/** Phone + SMS code login (SPEC §2 login, §4 "Verification code", §9: 60 s countdown, code
 * at most 6 characters). Two parallel regions: the code sender and the submit flow.
 *
 * The app provides the actors `sendCode` ({ phone }) and `login` ({ phone, code }); both
 * reject with an Error whose message is already in the user's language. */
import { assign, fromPromise, setup } from 'xstate';
import { checkCode, checkPhone } from '../src/domain/fields.ts';
import { CODE_COUNTDOWN_SECONDS, CODE_MAX_LENGTH } from '../src/domain/limits.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, notProvided } from './errors.ts';

export interface LoginContext {
  phone: string;
  code: string;
  /** Seconds left before the code can be sent again (0 when it can). */
  countdown: number;
  /** Where the countdown starts (CODE_COUNTDOWN_SECONDS unless the input says otherwise). */
  countdownFrom: number;
  error: Text | null;
}

export interface LoginInput {
  /** Prefill (e.g. the phone the user typed last time). */
  phone?: string;
  /** Defaults to CODE_COUNTDOWN_SECONDS; tests use a short one. */
  countdownSeconds?: number;
}

export type LoginEvent =
  | { type: 'PHONE.CHANGE'; value: string }
  | { type: 'CODE.CHANGE'; value: string }
  | { type: 'SEND_CODE' }
  | { type: 'SUBMIT' };

export interface SendCodeInput {
  phone: string;
}
export interface LoginActorInput {
  phone: string;
  code: string;
}


export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput | undefined,
  },
  actors: {
    /** Sends the SMS code to the phone. */
    sendCode: fromPromise<unknown, SendCodeInput>(async () => notProvided('sendCode')),
    /** Logs in; resolves with whatever the app wants (token, user), the machine ignores it. */
    login: fromPromise<unknown, LoginActorInput>(async () => notProvided('login')),
  },
  guards: {
    phoneValid: ({ context }) => checkPhone(context.phone) === null,
    canSubmit: ({ context }) => checkPhone(context.phone) === null && checkCode(context.code) === null,
    lastSecond: ({ context }) => context.countdown <= 1,
  },
  actions: {
    setPhone: assign(({ event }) => {
      if (event.type !== 'PHONE.CHANGE') return {};
      return { phone: event.value, error: null };
    }),
    setCode: assign(({ event }) => {
      if (event.type !== 'CODE.CHANGE') return {};
      return { code: event.value.slice(0, CODE_MAX_LENGTH), error: null };
    }),
    clearError: assign({ error: null }),
    showPhoneError: assign({ error: ({ context }) => checkPhone(context.phone) }),
    showSubmitError: assign({
      error: ({ context }) => checkPhone(context.phone) ?? checkCode(context.code),
    }),
    startCountdown: assign({ countdown: ({ context }) => context.countdownFrom }),
    tick: assign({ countdown: ({ context }) => context.countdown - 1 }),
    stopCountdown: assign({ countdown: 0 }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    phone: input?.phone ?? '',
    code: '',
    countdown: 0,
    countdownFrom: input?.countdownSeconds ?? CODE_COUNTDOWN_SECONDS,
    error: null,
  }),
  initial: 'form',
  meta: { description: 'Phone and SMS code login' },
  states: {
    form: {
      type: 'parallel',
      meta: { description: 'The login form: phone, code, send-code button and submit button' },
      on: {
        'PHONE.CHANGE': { actions: 'setPhone' },
        'CODE.CHANGE': { actions: 'setCode' },
      },
      states: {
        sender: {
          initial: 'ready',
          meta: { description: 'The send-code button' },
          states: {
            ready: {
              meta: { description: 'The send-code button is enabled' },
              on: {
                SEND_CODE: [
                  { guard: 'phoneValid', target: 'sending', actions: 'clearError' },
                  { actions: 'showPhoneError' },
                ],
              },
            },
            sending: {
              meta: { description: 'The code is being sent' },
              invoke: {
                id: 'sendCode',
                src: 'sendCode',
                input: ({ context }) => ({ phone: context.phone }),
                onDone: { target: 'counting', actions: 'startCountdown' },
                onError: {
                  target: 'ready',
                  actions: assign({ error: ({ event }) => errorText(event.error) }),
                },
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
        },
        submit: {
          initial: 'idle',
          meta: { description: 'The login button' },
          states: {
            idle: {
              meta: { description: 'Waiting for the user to log in' },
              on: {
                SUBMIT: [
                  { guard: 'canSubmit', target: 'submitting', actions: 'clearError' },
                  { actions: 'showSubmitError' },
                ],
              },
            },
            submitting: {
              meta: { description: 'Logging in' },
              invoke: {
                id: 'login',
                src: 'login',
                input: ({ context }) => ({ phone: context.phone, code: context.code }),
                onDone: { target: '#login.loggedIn' },
                onError: {
                  target: 'idle',
                  actions: assign({ error: ({ event }) => errorText(event.error) }),
                },
              },
            },
          },
        },
      },
    },
    loggedIn: {
      type: 'final',
      meta: { description: 'Logged in: the app follows the redirect' },
    },
  },
});

export type LoginMachine = typeof loginMachine;
