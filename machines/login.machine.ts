/** The visitor's login (docs/product.md §1, §2 login, §4 "Verification code", §9: 60 s countdown, code
 * at most 6 characters).
 * - Outside the chat app: the phone + SMS code form. The code's send button and its countdown
 *   are the code field's own (the codeSender machine, src/widgets/CodeField.tsx), as on every
 *   form that verifies a mobile number; this machine holds the form and its submission.
 * - In the chat app: the chat app's OAuth at once (`startOAuth` asks the server for
 *   the authorize page and goes there); back with a one-time ticket, `exchangeTicket` logs in.
 * - An account the chat app created has no phone: the same form binds one (`bind`) before
 *   anything else (the server refuses everything else meanwhile).
 *
 * The app provides the actors `login` and `bind` ({ phone, code }),
 * `startOAuth` ({ redirect }) and `exchangeTicket` ({ ticket }, resolving `{ bindStatus }`);
 * all reject with an Error whose message is already in the user's language. */
import { assign, fromPromise, setup } from 'xstate';
import { checkCode, checkPhone } from '../src/domain/fields.ts';
import { CODE_MAX_LENGTH } from '../src/domain/limits.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

export interface LoginContext {
  phone: string;
  code: string;
  error: Text | null;
  /** 'login' with the phone, or 'bind' a phone to the account the chat app created. */
  mode: 'login' | 'bind';
  ticket: string | null;
  /** In the chat app's browser (the view reads the user agent). */
  chatApp: boolean;
  redirect: string;
}

export interface LoginInput {
  /** Back from the chat app's OAuth with a one-time login ticket. */
  ticket?: string | null;
  /** In the chat app's browser: its OAuth instead of the phone form. */
  chatApp?: boolean;
  /** Logged in already, with no phone bound: the bind form. */
  mustBind?: boolean;
  /** Where the visitor was going (the app path the OAuth brings her back to). */
  redirect?: string;
  /** Prefill (e.g. the phone the user typed last time). */
  phone?: string;
}

export type LoginEvent =
  { type: 'PHONE.CHANGE'; value: string } | { type: 'CODE.CHANGE'; value: string } | { type: 'SUBMIT' } | { type: 'RETRY' } | { type: 'USE_PHONE' };

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
    /** Logs in; resolves with whatever the app wants (token, user), the machine ignores it. */
    login: fromPromise<unknown, LoginActorInput>(async () => notProvided('login')),
    /** Binds the phone to the account the chat app created (the answer's token replaces the old). */
    bind: fromPromise<unknown, LoginActorInput>(async () => notProvided('bind')),
    /** Asks for the chat app's authorize page and goes there (the page is left). */
    startOAuth: fromPromise<unknown, { redirect: string }>(async () => notProvided('startOAuth')),
    /** Exchanges the OAuth's one-time ticket for the login. */
    exchangeTicket: fromPromise<{ bindStatus: 0 | 1 }, { ticket: string }>(async () => notProvided('exchangeTicket')),
  },
  guards: {
    hasTicket: ({ context }) => context.ticket !== null,
    binding: ({ context }) => context.mode === 'bind',
    chatApp: ({ context }) => context.chatApp,
    phoneBound: (_, { output }: { output: { bindStatus: 0 | 1 } }) => output.bindStatus === 1,
    canSubmitAs: ({ context }, { mode }: { mode: LoginContext['mode'] }) =>
      context.mode === mode && checkPhone(context.phone) === null && checkCode(context.code) === null,
  },
  actions: {
    setPhone: assign((_, { value }: { value: string }) => ({ phone: value, error: null })),
    setCode: assign((_, { value }: { value: string }) => ({ code: value.slice(0, CODE_MAX_LENGTH), error: null })),
    clearError: assign({ error: null }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
    toBind: assign({ mode: 'bind' as const, error: null, code: '' }),
    toPhoneForm: assign({ mode: 'login' as const, error: null }),
    showSubmitError: assign({
      error: ({ context }) => checkPhone(context.phone) ?? checkCode(context.code),
    }),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    phone: input?.phone ?? '',
    code: '',
    error: null,
    mode: input?.mustBind ? 'bind' : 'login',
    ticket: input?.ticket || null,
    chatApp: input?.chatApp ?? false,
    redirect: input?.redirect ?? '',
  }),
  initial: 'start',
  meta: { description: "The visitor login: phone and SMS code, or the chat app's OAuth, then a phone bound if none is" },
  states: {
    start: {
      meta: { description: 'Which way in: back with a ticket, a phone to bind, the chat app, or the phone form' },
      always: [{ guard: 'hasTicket', target: 'exchanging' }, { guard: 'binding', target: 'form' }, { guard: 'chatApp', target: 'oauth' }, { target: 'form' }],
    },
    oauth: {
      meta: { description: 'In the chat app: asking for its authorize page' },
      invoke: {
        id: 'startOAuth',
        src: 'startOAuth',
        input: ({ context }) => ({ redirect: context.redirect }),
        onDone: { target: 'redirecting' },
        onError: { target: 'oauthFailed', actions: { type: 'setFailure', params: failure } },
      },
    },
    redirecting: {
      meta: { description: "Gone to the chat app's authorize page (silent, or its consent screen)" },
    },
    exchanging: {
      meta: { description: 'Back from the chat app with a one-time ticket: logging in' },
      invoke: {
        id: 'exchangeTicket',
        src: 'exchangeTicket',
        input: ({ context }) => ({ ticket: context.ticket ?? '' }),
        onDone: [
          { guard: { type: 'phoneBound', params: output }, target: 'loggedIn' },
          { target: 'form', actions: 'toBind' },
        ],
        onError: { target: 'oauthFailed', actions: { type: 'setFailure', params: failure } },
      },
    },
    oauthFailed: {
      meta: { description: "The chat app's login failed: the reason, try again, or log in with the phone" },
      on: {
        RETRY: { target: 'oauth', actions: 'clearError' },
        USE_PHONE: { target: 'form', actions: 'toPhoneForm' },
      },
    },
    form: {
      initial: 'idle',
      meta: { description: 'The phone form (log in, or bind the phone): phone, code and the submit button' },
      on: {
        'PHONE.CHANGE': { actions: { type: 'setPhone', params: ({ event }) => ({ value: event.value }) } },
        'CODE.CHANGE': { actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) } },
      },
      states: {
        idle: {
          meta: { description: 'Waiting for the user to log in' },
          on: {
            SUBMIT: [
              { guard: { type: 'canSubmitAs', params: { mode: 'bind' } }, target: 'binding', actions: 'clearError' },
              { guard: { type: 'canSubmitAs', params: { mode: 'login' } }, target: 'submitting', actions: 'clearError' },
              { actions: 'showSubmitError' },
            ],
          },
        },
        binding: {
          meta: { description: 'Binding the phone to the account the chat app created' },
          invoke: {
            id: 'bind',
            src: 'bind',
            input: ({ context }) => ({ phone: context.phone, code: context.code }),
            onDone: { target: '#login.loggedIn' },
            onError: { target: 'idle', actions: { type: 'setFailure', params: failure } },
          },
        },
        submitting: {
          meta: { description: 'Logging in' },
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => ({ phone: context.phone, code: context.code }),
            onDone: { target: '#login.loggedIn' },
            onError: { target: 'idle', actions: { type: 'setFailure', params: failure } },
          },
        },
      },
    },
    loggedIn: {
      type: 'final',
      meta: { description: 'Logged in (with a phone bound): the app follows the redirect' },
    },
  },
});

export type LoginMachine = typeof loginMachine;
