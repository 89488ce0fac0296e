/** The settings an admin edits: the config keys staff own, each checked against its
 * range before it is sent (src/domain/staffSettings.ts), and the configured texts in zh and
 * en (sanitized by the server). After a save the settings are read again; a refusal stays.
 *
 * The app provides the actors `loadSettings` and `save` (one SettingsChange). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkConfigValue, type SettingsChange } from '../src/domain/staffSettings.ts';
import type { Text } from '../src/domain/text.ts';
import type { StaffSettings } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export type { SettingsChange };

export interface StaffSettingsContext {
  settings: StaffSettings | null;
  /** How many times the settings were read: the screen's editors start again from each read. */
  generation: number;
  pending: SettingsChange | null;
  /** What was saved last, for the screen to confirm. */
  saved: string | null;
  error: Text | null;
}

export type StaffSettingsEvent = { type: 'RETRY' } | { type: 'SAVE'; change: SettingsChange };

const refusalOf = (change: SettingsChange): Text | null => (change.kind === 'config' ? checkConfigValue(change.key, change.value) : null);

export const staffSettingsMachine = setup({
  types: { context: {} as StaffSettingsContext, events: {} as StaffSettingsEvent },
  actors: {
    loadSettings: fromPromise<StaffSettings, void>(async () => notProvided('loadSettings')),
    save: fromPromise<unknown, SettingsChange>(async () => notProvided('save')),
  },
  guards: {
    allowed: ({ event }) => {
      assertEvent(event, 'SAVE');
      return refusalOf(event.change) === null;
    },
  },
  actions: {
    setSettings: assign(({ context }, { output: settings }: { output: StaffSettings }) => ({ settings, generation: context.generation + 1 })),
    setPending: assign(({ event }) => {
      assertEvent(event, 'SAVE');
      return { pending: event.change, saved: null, error: null };
    }),
    refuse: assign(({ event }) => {
      assertEvent(event, 'SAVE');
      return { error: refusalOf(event.change), saved: null };
    }),
    markSaved: assign(({ context }) => ({ saved: context.pending ? (context.pending.kind === 'config' ? context.pending.key : context.pending.name) : null })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffSettings',
  context: { settings: null, generation: 0, pending: null, saved: null, error: null },
  initial: 'loading',
  meta: { description: 'The settings an admin edits' },
  states: {
    ...loadingStates(
      { src: 'loadSettings', onDone: { target: 'ready', actions: { type: 'setSettings', params: output } } },
      { loading: 'Loading the settings', failed: 'The settings could not be loaded: retry' },
    ),
    ready: {
      meta: { description: 'The config keys and the texts, each with its save button' },
      on: { SAVE: [{ guard: 'allowed', target: 'saving', actions: 'setPending' }, { actions: 'refuse' }] },
    },
    saving: {
      meta: { description: 'Saving one setting; then all are read again' },
      invoke: {
        src: 'save',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: 'markSaved' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
  },
});
