/** The team login (docs/product.md §2 team/login, §5): the unified social credit code and the password;
 * after a few wrong passwords the server asks for the slider check first, and the next
 * submit opens it.
 *
 * The app provides the actor `login` ({ creditCode, password, captchaToken }), which resolves
 * with `{ refused: null }` once the team token is kept, or with the server's refusal and
 * whether the slider must come first; it rejects on a network failure. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkCreditCode, required } from '../src/domain/fields.ts';
import { TEAM_LABELS } from '../src/domain/team.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output, sameText } from './errors.ts';

export interface TeamLoginContext {
  creditCode: string;
  password: string;
  /** The server asked for the slider check before the next try. */
  captchaRequired: boolean;
  captchaToken: string | null;
  error: Text | null;
}

export type TeamLoginEvent =
  | { type: 'CREDIT.CHANGE'; value: string }
  | { type: 'PASSWORD.CHANGE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'SLIDER.PASSED'; token: string }
  | { type: 'SLIDER.CANCEL' };

export interface TeamLoginRequest {
  creditCode: string;
  password: string;
  captchaToken: string | null;
}

/** The server's answer: null when logged in, else its message and whether the slider comes next. */
export interface TeamLoginOutcome {
  refused: { message: string; captchaRequired: boolean } | null;
}

function formError(context: TeamLoginContext): Text | null {
  return required(TEAM_LABELS.creditCode, context.creditCode) ?? checkCreditCode(context.creditCode) ?? required(TEAM_LABELS.password, context.password);
}

export const teamLoginMachine = setup({
  types: {
    context: {} as TeamLoginContext,
    events: {} as TeamLoginEvent,
  },
  actors: {
    login: fromPromise<TeamLoginOutcome, TeamLoginRequest>(async () => notProvided('login')),
  },
  guards: {
    formInvalid: ({ context }) => formError(context) !== null,
    needsSlider: ({ context }) => context.captchaRequired && context.captchaToken === null,
    loggedIn: (_, { output: outcome }: { output: TeamLoginOutcome }) => outcome.refused === null,
  },
  actions: {
    setCreditCode: assign(({ event }) => {
      assertEvent(event, 'CREDIT.CHANGE');
      return { creditCode: event.value.trim().toUpperCase(), error: null };
    }),
    setPassword: assign(({ event }) => {
      assertEvent(event, 'PASSWORD.CHANGE');
      return { password: event.value, error: null };
    }),
    showFormError: assign(({ context }) => ({ error: formError(context) })),
    setToken: assign(({ event }) => {
      assertEvent(event, 'SLIDER.PASSED');
      return { captchaToken: event.token };
    }),
    setRefusal: assign((_, { output: outcome }: { output: TeamLoginOutcome }) => ({
      error: outcome.refused ? sameText(outcome.refused.message) : null,
      captchaRequired: outcome.refused?.captchaRequired ?? false,
      captchaToken: null,
    })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), captchaToken: null })),
  },
}).createMachine({
  id: 'teamLogin',
  context: { creditCode: '', password: '', captchaRequired: false, captchaToken: null, error: null },
  initial: 'editing',
  meta: { description: 'Team login by credit code and password' },
  states: {
    editing: {
      meta: { description: 'The form: credit code and password' },
      on: {
        'CREDIT.CHANGE': { actions: 'setCreditCode' },
        'PASSWORD.CHANGE': { actions: 'setPassword' },
        SUBMIT: [{ guard: 'formInvalid', actions: 'showFormError' }, { guard: 'needsSlider', target: 'sliding' }, { target: 'submitting' }],
      },
    },
    sliding: {
      meta: { description: 'The slider check the server asked for' },
      on: {
        'SLIDER.PASSED': { target: 'submitting', actions: 'setToken' },
        'SLIDER.CANCEL': 'editing',
      },
    },
    submitting: {
      meta: { description: 'Logging in' },
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ creditCode: context.creditCode, password: context.password, captchaToken: context.captchaToken }),
        onDone: [
          { guard: { type: 'loggedIn', params: output }, target: 'loggedIn' },
          { target: 'editing', actions: { type: 'setRefusal', params: output } },
        ],
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    loggedIn: {
      type: 'final',
      meta: { description: 'The team token is kept: back to where the team was going' },
    },
  },
});

export type TeamLoginMachine = typeof teamLoginMachine;
