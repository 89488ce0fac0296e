/** personalCenter/changePhone: a new mobile and the code sent to it (the code button is the
 * codeSender machine). A team's new contact mobile replaces the registered one after staff
 * review (docs/product.md §8 "phone differs from the registered contact phone"); a visitor's screen
 * provides changePhoneNumber, and her number changes at once.
 *
 * The app provides the actor `send` (updateTeamContacterMobile, the form). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkPhoneChange, type PhoneChange } from '../src/domain/team.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided } from './errors.ts';

export interface TeamPhoneContext {
  form: PhoneChange;
  error: Text | null;
}

export type TeamPhoneEvent = { type: 'FIELD.CHANGE'; field: keyof PhoneChange; value: string } | { type: 'SUBMIT' };

export const teamPhoneMachine = setup({
  types: {
    context: {} as TeamPhoneContext,
    events: {} as TeamPhoneEvent,
  },
  actors: {
    send: fromPromise<unknown, PhoneChange>(async () => notProvided('send')),
  },
  guards: {
    invalid: ({ context }) => checkPhoneChange(context.form) !== null,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      return { form: { ...context.form, [event.field]: event.value.trim() }, error: null };
    }),
    showError: assign(({ context }) => ({ error: checkPhoneChange(context.form) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'teamPhone',
  context: { form: { phone: '', code: '' }, error: null },
  initial: 'editing',
  meta: { description: 'A new contact mobile' },
  states: {
    editing: {
      meta: { description: 'The new number and its code' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        SUBMIT: [{ guard: 'invalid', actions: 'showError' }, { target: 'sending' }],
      },
    },
    sending: {
      meta: { description: 'Sending it for review' },
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => context.form,
        onDone: 'sent',
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    sent: { type: 'final', meta: { description: 'Sent: the contact mobile changes when the staff approve' } },
  },
});
