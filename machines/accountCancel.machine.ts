/** Account cancellation (docs/product.md §2 personalCenter/destory): what it would do first, counted by
 * the server; refused while the visitor still has money in tickets to come or a waiting list
 * (src/domain/account.ts cancelRefusal: she refunds first, then comes back and looks again);
 * otherwise she goes on, confirms with her own phone number and the code sent to it, and the
 * account is cancelled. The machine ends with what went with it, for reDestory.
 *
 * The app provides the actors `load` (the consequences) and `cancel` (the phone and code). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { cancelRefusal, type CancelConsequences } from '../src/domain/account.ts';
import { checkPhoneChange, type PhoneChange } from '../src/domain/team.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface AccountCancelContext {
  consequences: CancelConsequences | null;
  form: PhoneChange;
  error: Text | null;
}

export type AccountCancelEvent =
  { type: 'RETRY' } | { type: 'CONTINUE' } | { type: 'BACK' } | { type: 'FIELD.CHANGE'; field: keyof PhoneChange; value: string } | { type: 'SUBMIT' };

export const accountCancelMachine = setup({
  types: { context: {} as AccountCancelContext, events: {} as AccountCancelEvent },
  actors: {
    load: fromPromise<CancelConsequences>(async () => notProvided('load')),
    cancel: fromPromise<{ cancelled: CancelConsequences }, PhoneChange>(async () => notProvided('cancel')),
  },
  guards: {
    refused: (_, { output: c }: { output: CancelConsequences }) => cancelRefusal(c) !== null,
    invalid: ({ context }) => checkPhoneChange(context.form) !== null,
  },
  actions: {
    setConsequences: assign((_, { output: consequences }: { output: CancelConsequences }) => ({ consequences, error: cancelRefusal(consequences) })),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'FIELD.CHANGE');
      return { form: { ...context.form, [event.field]: event.value.trim() }, error: null };
    }),
    showError: assign(({ context }) => ({ error: checkPhoneChange(context.form) })),
    clearError: assign({ error: null }),
    setCancelled: assign((_, { output: done }: { output: { cancelled: CancelConsequences } }) => ({ consequences: done.cancelled })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'accountCancel',
  context: { consequences: null, form: { phone: '', code: '' }, error: null },
  initial: 'loading',
  meta: { description: 'Cancel the account' },
  states: {
    ...loadingStates(
      {
        src: 'load',
        onDone: [
          { guard: { type: 'refused', params: output }, target: 'refused', actions: { type: 'setConsequences', params: output } },
          { target: 'review', actions: { type: 'setConsequences', params: output } },
        ],
      },
      { loading: 'Counting what the cancellation would do', failed: 'The consequences could not be read: retry' },
    ),
    refused: {
      meta: { description: 'Not now: paid tickets to come or a waiting list; refund first, then look again' },
      on: { RETRY: 'loading' },
    },
    review: {
      meta: { description: 'What would be deleted, released and kept' },
      on: { CONTINUE: 'confirming' },
    },
    confirming: {
      meta: { description: 'Her own phone number and the code sent to it' },
      on: {
        'FIELD.CHANGE': { actions: 'setField' },
        BACK: { target: 'review', actions: 'clearError' },
        SUBMIT: [{ guard: 'invalid', actions: 'showError' }, { target: 'cancelling' }],
      },
    },
    cancelling: {
      meta: { description: 'Cancelling the account' },
      invoke: {
        id: 'cancel',
        src: 'cancel',
        input: ({ context }) => context.form,
        onDone: { target: 'cancelled', actions: { type: 'setCancelled', params: output } },
        onError: { target: 'confirming', actions: { type: 'setFailure', params: failure } },
      },
    },
    cancelled: { type: 'final', meta: { description: 'Cancelled: what went with the account' } },
  },
});
