/** personalCenter/editAudienceInformation: add a frequent visitor, or load one to change or
 * delete it (after a confirmation). Every rule of src/domain/contacts.ts is checked before
 * anything is sent; the server's refusal (the same certificate twice, too many) stays on the form.
 *
 * Input: { contactId } (null: a new one). The app provides the actors `load` (the id: the
 * contact in full), `save` ({ contactId, form }) and `remove` (the id). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkContact, type ContactForm } from '../src/domain/contacts.ts';
import type { Text } from '../src/domain/text.ts';
import type { Contact } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface ContactEditContext {
  contactId: number | null;
  form: ContactForm;
  /** The face photo bound to the loaded contact's certificate (faceUpload.machine.ts owns its changes). */
  faceUrl: string | null;
  error: Text | null;
}

export type ContactEditEvent =
  | { type: 'FIELD.CHANGE'; field: keyof ContactForm; value: string }
  | { type: 'SUBMIT' }
  | { type: 'DELETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

export const emptyContact = (): ContactForm => ({ name: '', certificateType: '1', certificateNumber: '', phone: '' });

export const contactEditMachine = setup({
  types: {
    context: {} as ContactEditContext,
    events: {} as ContactEditEvent,
    input: {} as { contactId: number | null },
  },
  actors: {
    load: fromPromise<Contact, number>(async () => notProvided('load')),
    save: fromPromise<unknown, { contactId: number | null; form: ContactForm }>(async () => notProvided('save')),
    remove: fromPromise<unknown, number>(async () => notProvided('remove')),
  },
  guards: {
    existing: ({ context }) => context.contactId !== null,
    invalid: ({ context }) => checkContact(context.form) !== null,
  },
  actions: {
    setContact: assign((_, { output: c }: { output: Contact }) => ({
      form: { name: c.name, certificateType: c.certificateType, certificateNumber: c.certificateNumber, phone: c.phone ?? '' },
      faceUrl: c.faceUrl,
    })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      return { form: { ...context.form, [event.field]: event.value }, error: null };
    }),
    showError: assign(({ context }) => ({ error: checkContact(context.form) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'contactEdit',
  context: ({ input }) => ({ contactId: input.contactId, form: emptyContact(), faceUrl: null, error: null }),
  initial: 'start',
  meta: { description: 'A frequent visitor: add, change or delete' },
  states: {
    start: {
      meta: { description: 'A new one, or one to load' },
      always: [{ guard: 'existing', target: 'loading' }, { target: 'editing' }],
    },
    ...loadingStates(
      {
        src: 'load',
        input: ({ context }: { context: ContactEditContext }) => context.contactId!,
        onDone: { target: 'editing', actions: { type: 'setContact', params: output } },
      },
      { loading: 'Loading the frequent visitor', failed: 'It could not be loaded: the message and a retry' },
    ),
    editing: {
      meta: { description: 'The form' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        SUBMIT: [{ guard: 'invalid', actions: 'showError' }, { target: 'saving' }],
        DELETE: { guard: 'existing', target: 'confirmingDelete' },
      },
    },
    saving: {
      meta: { description: 'Saving' },
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ contactId: context.contactId, form: context.form }),
        onDone: 'saved',
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    confirmingDelete: {
      meta: { description: 'Delete this frequent visitor? (a dialog)' },
      on: { CONFIRM: 'deleting', CANCEL: 'editing' },
    },
    deleting: {
      meta: { description: 'Deleting' },
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.contactId!,
        onDone: 'deleted',
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    saved: { type: 'final', meta: { description: 'Saved: back to the list' } },
    deleted: { type: 'final', meta: { description: 'Deleted: back to the list' } },
  },
});
