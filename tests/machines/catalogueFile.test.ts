import type { SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { catalogueFileMachine, type CatalogueFileEvent } from '../../machines/catalogueFile.machine.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof catalogueFileMachine>;
const FILE = { type: 'FILE.CHOSEN', name: 'museum.json', text: '{"format":"museum-catalogue"}' } as const;

function events(s: Snapshot): CatalogueFileEvent[] {
  if (s.matches('checked')) return [{ type: 'IMPORT' }, FILE];
  if (s.matches('idle') || s.matches('imported') || s.matches('refused')) return [FILE];
  return [];
}

pathSuite('catalogueFile', [
  {
    name: 'all cases',
    machine: catalogueFileMachine,
    generators: ['cover'],
    events: events as PathModel['events'],
    // A file is imported only after the same file was checked: nothing unchecked is written.
    outcome: (end) => {
      const sent = callsOf(end, 'send') as Array<{ text: string; checkOnly: boolean }>;
      sent.forEach((call, i) => {
        if (!call.checkOnly) expect(sent[i - 1]).toEqual({ text: call.text, checkOnly: true });
      });
    },
    outcomes: {
      send: [{ output: { created: 0, updated: 2, unchanged: 40, checkOnly: true } }, { error: 'The catalogue file is refused; nothing was written:' }],
    },
  },
]);
