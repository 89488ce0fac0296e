/** The notices and FAQs an admin writes (docs/product.md §2.11): both listed, one written or
 * changed (its draft checked by src/domain/contentRules.ts before it is sent: the refusal beside
 * its field, never sent; the server's at its button), one taken down. After a change all is
 * read again.
 *
 * The app provides the actors `loadContent`, `save` and `remove`; its input is the museum's
 * today, which a notice's last day may not be before. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { faqDraftRefusal, noticeDraftRefusal, type StaffContent } from '../src/domain/contentRules.ts';
import type { DraftRefusal } from '../src/domain/draftRefusal.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export type ContentKind = 'notice' | 'faq';
/** One notice or question: null `id` is a new one. */
export interface ContentTarget {
  kind: ContentKind;
  id: number | null;
}
export interface ContentSave extends ContentTarget {
  draft: unknown;
}

export interface StaffContentContext {
  today: string;
  content: StaffContent | null;
  /** How many times all was read: the forms start again from each read. */
  generation: number;
  /** What the last refusal or error is about. */
  target: ContentTarget | null;
  /** The rules' refusal of the last draft, beside its field (not sent). */
  refusal: DraftRefusal | null;
  /** The server's refusal or a failed call. */
  error: Text | null;
  pendingSave: ContentSave | null;
  pendingRemove: ContentTarget | null;
  /** What was done last, for the screen to confirm. */
  done: 'saved' | 'removed' | null;
}

export type StaffContentEvent = { type: 'RETRY' } | ({ type: 'SAVE' } & ContentSave) | ({ type: 'REMOVE' } & ContentTarget);

const refusalOf = (context: StaffContentContext, save: ContentSave) =>
  save.kind === 'notice' ? noticeDraftRefusal(save.draft, context.today) : faqDraftRefusal(save.draft);
const targetOf = ({ kind, id }: ContentTarget): ContentTarget => ({ kind, id });

export const staffContentMachine = setup({
  types: { context: {} as StaffContentContext, events: {} as StaffContentEvent, input: {} as { today: string } },
  actors: {
    loadContent: fromPromise<StaffContent, void>(async () => notProvided('loadContent')),
    save: fromPromise<unknown, ContentSave>(async () => notProvided('save')),
    remove: fromPromise<unknown, ContentTarget>(async () => notProvided('remove')),
  },
  guards: {
    allowed: ({ context, event }) => {
      assertEvent(event, 'SAVE');
      return refusalOf(context, event) === null;
    },
  },
  actions: {
    setContent: assign(({ context }, { output: content }: { output: StaffContent }) => ({ content, generation: context.generation + 1 })),
    setPendingSave: assign(({ event }) => {
      assertEvent(event, 'SAVE');
      return { pendingSave: { ...targetOf(event), draft: event.draft }, target: targetOf(event), refusal: null, error: null, done: null };
    }),
    refuse: assign(({ context, event }) => {
      assertEvent(event, 'SAVE');
      return { refusal: refusalOf(context, event), target: targetOf(event), error: null, done: null };
    }),
    setPendingRemove: assign(({ event }) => {
      assertEvent(event, 'REMOVE');
      return { pendingRemove: targetOf(event), target: targetOf(event), refusal: null, error: null, done: null };
    }),
    markSaved: assign({ done: 'saved' as const }),
    markRemoved: assign({ done: 'removed' as const }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffContent',
  context: ({ input }) => ({
    today: input.today,
    content: null,
    generation: 0,
    target: null,
    refusal: null,
    error: null,
    pendingSave: null,
    pendingRemove: null,
    done: null,
  }),
  initial: 'loading',
  meta: { description: 'The notices and FAQs an admin writes' },
  states: {
    ...loadingStates(
      { src: 'loadContent', onDone: { target: 'ready', actions: { type: 'setContent', params: output } } },
      { loading: 'Loading the notices and FAQs', failed: 'The notices and FAQs could not be loaded: retry' },
    ),
    ready: {
      meta: { description: 'Every notice and question, each editable; a new one of each' },
      on: {
        SAVE: [{ guard: 'allowed', target: 'saving', actions: 'setPendingSave' }, { actions: 'refuse' }],
        REMOVE: { target: 'removing', actions: 'setPendingRemove' },
      },
    },
    saving: {
      meta: { description: 'Saving the notice or question; then all is read again' },
      tags: ['busy'],
      invoke: {
        src: 'save',
        input: ({ context }: { context: StaffContentContext }) => context.pendingSave!,
        onDone: { target: 'loading', actions: 'markSaved' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    removing: {
      meta: { description: 'Taking the notice or question down; then all is read again' },
      tags: ['busy'],
      invoke: {
        src: 'remove',
        input: ({ context }: { context: StaffContentContext }) => context.pendingRemove!,
        onDone: { target: 'loading', actions: 'markRemoved' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
