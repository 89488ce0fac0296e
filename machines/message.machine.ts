/** Leaving a message on the board (docs/product.md §2 message/fillIn): a service type, what it is about
 * and a contact name, checked by the board's rules (src/domain/message.ts) before it is sent.
 * Sent, the machine ends with the message's id: the screen opens its thread.
 *
 * The app provides the actor `send` (the form; answers the stored message's id). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkMessage, type MessageForm } from '../src/domain/message.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

export type MessageField = keyof MessageForm;

export interface MessageContext {
  form: MessageForm;
  messageId: number | null;
  error: Text | null;
}

export type MessageEvent = { type: 'FIELD.CHANGE'; field: MessageField; value: string } | { type: 'SEND' };

export const messageMachine = setup({
  types: { context: {} as MessageContext, events: {} as MessageEvent },
  actors: {
    send: fromPromise<number, MessageForm>(async () => notProvided('send')),
  },
  guards: {
    formInvalid: ({ context }) => checkMessage(context.form) !== null,
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      return { form: { ...context.form, [event.field]: event.value }, error: null };
    }),
    showFormError: assign(({ context }) => ({ error: checkMessage(context.form) })),
    setSent: assign((_, { output: messageId }: { output: number }) => ({ messageId })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'message',
  context: { form: { serviceType: '', description: '', contactName: '' }, messageId: null, error: null },
  initial: 'editing',
  meta: { description: 'Leave a message for the museum' },
  states: {
    editing: {
      meta: { description: 'The form: service type, message, contact name' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        SEND: [{ guard: 'formInvalid', actions: 'showFormError' }, { target: 'sending' }],
      },
    },
    sending: {
      meta: { description: 'Sending the message' },
      invoke: {
        src: 'send',
        input: ({ context }) => context.form,
        onDone: { target: 'sent', actions: { type: 'setSent', params: output } },
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    sent: { type: 'final', meta: { description: 'Sent: its thread opens' } },
  },
});
