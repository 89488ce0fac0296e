/** A message's thread in the staff console: read it, reply (checked by
 * src/domain/message.ts before it is sent), and see the thread as the server has it after
 * each reply. A thread may take more than one reply.
 *
 * Input: { messageId }. The app provides the actors `loadMessage` and `reply` (both answer the
 * thread). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkReply } from '../src/domain/message.ts';
import type { Text } from '../src/domain/text.ts';
import type { StaffMessageDetail } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface MessageReplyContext {
  messageId: number;
  message: StaffMessageDetail | null;
  draft: string;
  error: Text | null;
}

export type MessageReplyEvent = { type: 'RETRY' } | { type: 'TYPE'; value: string } | { type: 'SEND' };

export const messageReplyMachine = setup({
  types: { context: {} as MessageReplyContext, events: {} as MessageReplyEvent, input: {} as { messageId: number } },
  actors: {
    loadMessage: fromPromise<StaffMessageDetail, { messageId: number }>(async () => notProvided('loadMessage')),
    reply: fromPromise<StaffMessageDetail, { messageId: number; body: string }>(async () => notProvided('reply')),
  },
  guards: {
    draftRefused: ({ context }) => checkReply(context.draft) !== null,
  },
  actions: {
    setMessage: assign((_, { output: message }: { output: StaffMessageDetail }) => ({ message })),
    setReplied: assign((_, { output: message }: { output: StaffMessageDetail }) => ({ message, draft: '' })),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'TYPE');
      return { draft: event.value, error: null };
    }),
    refuse: assign(({ context }) => ({ error: checkReply(context.draft) })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'messageReply',
  context: ({ input }) => ({ messageId: input.messageId, message: null, draft: '', error: null }),
  initial: 'loading',
  meta: { description: 'A message and its replies, in the staff console' },
  states: {
    ...loadingStates(
      {
        src: 'loadMessage',
        input: ({ context }: { context: MessageReplyContext }) => ({ messageId: context.messageId }),
        onDone: { target: 'ready', actions: { type: 'setMessage', params: output } },
      },
      { loading: 'Loading the message', failed: 'The message could not be loaded: retry' },
    ),
    ready: {
      meta: { description: 'The thread, and the reply being written' },
      on: {
        TYPE: { actions: 'setDraft' },
        SEND: [{ guard: 'draftRefused', actions: 'refuse' }, { target: 'sending' }],
      },
    },
    sending: {
      meta: { description: 'Sending the reply' },
      invoke: {
        src: 'reply',
        input: ({ context }) => ({ messageId: context.messageId, body: context.draft }),
        onDone: { target: 'ready', actions: { type: 'setReplied', params: output } },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
