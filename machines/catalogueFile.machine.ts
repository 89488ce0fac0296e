/** staff/halls, the catalogue file (docs/product.md §2.8): an admin picks a file, which is checked
 * at once (nothing written) and shows what it would change, or why it is refused (each problem
 * by its line or field); she then imports it, or picks another.
 *
 * The app provides the actor `send` (POST /staff/catalogue/file: the text, and whether only to check). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CatalogueFileReport } from '../src/domain/catalogueFile.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

export interface CatalogueFileContext {
  name: string;
  text: string;
  report: CatalogueFileReport | null;
  error: Text | null;
  /** The refusal's problems, each by the file's line or field. */
  problems: string[];
}

export type CatalogueFileEvent = { type: 'FILE.CHOSEN'; name: string; text: string } | { type: 'IMPORT' };

export const catalogueFileMachine = setup({
  types: {
    context: {} as CatalogueFileContext,
    events: {} as CatalogueFileEvent,
  },
  actors: {
    send: fromPromise<CatalogueFileReport, { text: string; checkOnly: boolean }>(async () => notProvided('send')),
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'FILE.CHOSEN');
      return { name: event.name, text: event.text, report: null, error: null, problems: [] };
    }),
    setReport: assign((_, { output: report }: { output: CatalogueFileReport }) => ({ report })),
    setFailure: assign((_, { error }: { error: unknown }) => {
      const data = (error as { data?: { problems?: unknown } } | null)?.data;
      return { error: errorText(error), problems: Array.isArray(data?.problems) ? data.problems.map(String) : [] };
    }),
  },
}).createMachine({
  id: 'catalogueFile',
  context: { name: '', text: '', report: null, error: null, problems: [] },
  initial: 'idle',
  meta: { description: 'The catalogue file' },
  on: { 'FILE.CHOSEN': { target: '.checking', actions: 'choose' } },
  states: {
    idle: { meta: { description: 'No file chosen' } },
    checking: {
      meta: { description: 'Checking the file; nothing is written' },
      invoke: {
        src: 'send',
        input: ({ context }) => ({ text: context.text, checkOnly: true }),
        onDone: { target: 'checked', actions: { type: 'setReport', params: output } },
        onError: { target: 'refused', actions: { type: 'setFailure', params: failure } },
      },
    },
    checked: {
      meta: { description: 'What an import would change' },
      on: { IMPORT: 'importing' },
    },
    importing: {
      meta: { description: 'Importing in one transaction' },
      invoke: {
        src: 'send',
        input: ({ context }) => ({ text: context.text, checkOnly: false }),
        onDone: { target: 'imported', actions: { type: 'setReport', params: output } },
        onError: { target: 'refused', actions: { type: 'setFailure', params: failure } },
      },
    },
    imported: { meta: { description: 'Imported: visitors see it' } },
    refused: { meta: { description: 'Refused, nothing written: why' } },
  },
});
