/** The staff console's login: a username and a password, then the console.
 *
 * The app provides the actor `login` ({ username, password }), which keeps the staff token. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { required } from '../src/domain/fields.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided } from './errors.ts';

export const STAFF_LABELS = {
  username: { zh: '用户名', en: 'Username' },
  password: { zh: '密码', en: 'Password' },
} as const satisfies Record<string, Text>;

export interface StaffLoginContext {
  username: string;
  password: string;
  error: Text | null;
}

export type StaffLoginEvent = { type: 'USERNAME.CHANGE'; value: string } | { type: 'PASSWORD.CHANGE'; value: string } | { type: 'SUBMIT' };

const formError = (c: StaffLoginContext) => required(STAFF_LABELS.username, c.username) ?? required(STAFF_LABELS.password, c.password);

export const staffLoginMachine = setup({
  types: { context: {} as StaffLoginContext, events: {} as StaffLoginEvent },
  actors: {
    login: fromPromise<unknown, { username: string; password: string }>(async () => notProvided('login')),
  },
  guards: {
    formInvalid: ({ context }) => formError(context) !== null,
  },
  actions: {
    setUsername: assign(({ event }) => {
      assertEvent(event, 'USERNAME.CHANGE');
      return { username: event.value.trim(), error: null };
    }),
    setPassword: assign(({ event }) => {
      assertEvent(event, 'PASSWORD.CHANGE');
      return { password: event.value, error: null };
    }),
    showFormError: assign(({ context }) => ({ error: formError(context) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffLogin',
  context: { username: '', password: '', error: null },
  initial: 'editing',
  meta: { description: 'Staff login' },
  states: {
    editing: {
      meta: { description: 'Username and password' },
      on: {
        'USERNAME.CHANGE': { actions: 'setUsername' },
        'PASSWORD.CHANGE': { actions: 'setPassword' },
        SUBMIT: [{ guard: 'formInvalid', actions: 'showFormError' }, { target: 'submitting' }],
      },
    },
    submitting: {
      meta: { description: 'Logging in' },
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ username: context.username, password: context.password }),
        onDone: 'loggedIn',
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    loggedIn: { type: 'final', meta: { description: 'The staff token is kept: the console opens' } },
  },
});
