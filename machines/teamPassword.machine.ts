/** The group area's password forms (docs/product.md §2 team/forgetPassword, personalCenter/changePassword):
 * change it with the current one, or recover it with a code to the registered contact
 * mobile (the code button is the codeSender machine). Every rule is checked before sending.
 *
 * Input: { mode: 'change' | 'recover' }. The app provides the actor `submit` (the form). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkPasswordForm, type PasswordForm } from '../src/domain/team.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided } from './errors.ts';

export type PasswordField = keyof PasswordForm;

export interface TeamPasswordContext {
  mode: 'change' | 'recover';
  form: PasswordForm;
  error: Text | null;
}

export type TeamPasswordEvent = { type: 'FIELD.CHANGE'; field: PasswordField; value: string } | { type: 'SUBMIT' };

export const teamPasswordMachine = setup({
  types: {
    context: {} as TeamPasswordContext,
    events: {} as TeamPasswordEvent,
    input: {} as { mode: 'change' | 'recover' },
  },
  actors: {
    submit: fromPromise<unknown, PasswordForm>(async () => notProvided('submit')),
  },
  guards: {
    formInvalid: ({ context }) => checkPasswordForm(context.mode, context.form) !== null,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      const value = event.field === 'creditCode' ? event.value.trim().toUpperCase() : event.value;
      return { form: { ...context.form, [event.field]: value }, error: null };
    }),
    showFormError: assign(({ context }) => ({ error: checkPasswordForm(context.mode, context.form) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'teamPassword',
  context: ({ input }) => ({
    mode: input.mode,
    form: { oldPassword: '', creditCode: '', contactPhone: '', code: '', password: '', confirmPassword: '' },
    error: null,
  }),
  initial: 'editing',
  meta: { description: 'Change or recover the team password' },
  states: {
    editing: {
      meta: { description: 'The form' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        SUBMIT: [{ guard: 'formInvalid', actions: 'showFormError' }, { target: 'submitting' }],
      },
    },
    submitting: {
      meta: { description: 'Setting the new password' },
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.form,
        onDone: 'changed',
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    changed: { type: 'final', meta: { description: 'The new password is set: log in with it' } },
  },
});
