/** The packages an admin edits (docs/product.md §2.8): the packages listed with the halls their
 * parts may be of, one made or changed (its draft checked by src/domain/packageEdits.ts before it
 * is sent: the refusal beside its field, never sent; the server checks it again against what is
 * sold then, and its refusal is shown at the save button). After a save the packages are read
 * again.
 *
 * The app provides the actors `loadPackages` and `savePackage`. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { CatalogueRefusal } from '../src/domain/catalogueRules.ts';
import { otherNamesOf, packageDraftRefusal, packageEditOf, type StaffPackages } from '../src/domain/packageEdits.ts';
import type { Text } from '../src/domain/text.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface PackageSave {
  /** null: a new package. */
  packageId: number | null;
  draft: unknown;
}

export interface StaffPackagesContext {
  listed: StaffPackages | null;
  /** How many times the packages were read: the forms start again from each read. */
  generation: number;
  /** The rules' refusal of the last draft, beside its field (not sent). */
  refusal: CatalogueRefusal | null;
  /** The server's refusal or a failed call. */
  error: Text | null;
  /** The package the last refusal or error is about (null: the new one). */
  target: number | null;
  pending: PackageSave | null;
  /** The zh name of what was saved last, for the screen to confirm. */
  saved: string | null;
}

export type StaffPackagesEvent = { type: 'RETRY' } | { type: 'SAVE'; packageId: number | null; draft: unknown };

function refusalOf(context: StaffPackagesContext, packageId: number | null, draft: unknown): CatalogueRefusal | null {
  const packages = context.listed?.packages ?? [];
  const before = packages.find((p) => p.packageId === packageId) ?? null;
  return packageDraftRefusal(before ? packageEditOf(before) : null, draft, before?.sold ?? 0, context.listed?.halls ?? [], otherNamesOf(packages, packageId));
}

export const staffPackagesMachine = setup({
  types: { context: {} as StaffPackagesContext, events: {} as StaffPackagesEvent },
  actors: {
    loadPackages: fromPromise<StaffPackages, void>(async () => notProvided('loadPackages')),
    savePackage: fromPromise<unknown, PackageSave>(async () => notProvided('savePackage')),
  },
  guards: {
    allowed: ({ context, event }) => {
      assertEvent(event, 'SAVE');
      return refusalOf(context, event.packageId, event.draft) === null;
    },
  },
  actions: {
    setListed: assign(({ context }, { output: listed }: { output: StaffPackages }) => ({ listed, generation: context.generation + 1 })),
    setPending: assign(({ event }) => {
      assertEvent(event, 'SAVE');
      return { pending: { packageId: event.packageId, draft: event.draft }, target: event.packageId, refusal: null, error: null, saved: null };
    }),
    refuse: assign(({ context, event }) => {
      assertEvent(event, 'SAVE');
      return { refusal: refusalOf(context, event.packageId, event.draft), target: event.packageId, error: null, saved: null };
    }),
    markSaved: assign(({ context }) => ({ saved: (context.pending?.draft as { name?: { zh?: string } } | null)?.name?.zh ?? '' })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffPackages',
  context: { listed: null, generation: 0, refusal: null, error: null, target: null, pending: null, saved: null },
  initial: 'loading',
  meta: { description: 'The packages an admin makes and changes: halls, part prices, on or off sale' },
  states: {
    ...loadingStates(
      { src: 'loadPackages', onDone: { target: 'ready', actions: { type: 'setListed', params: output } } },
      { loading: 'Loading the packages and the halls', failed: 'The packages could not be loaded: retry' },
    ),
    ready: {
      meta: { description: 'Every package, on sale or stopped, each editable with what is sold of it; a new package' },
      on: {
        SAVE: [{ guard: 'allowed', target: 'saving', actions: 'setPending' }, { actions: 'refuse' }],
      },
    },
    saving: {
      meta: { description: 'Saving the package; then the packages are read again' },
      tags: ['busy'],
      invoke: {
        id: 'savePackage',
        src: 'savePackage',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: 'markSaved' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
