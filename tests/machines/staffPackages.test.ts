import type { SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { staffPackagesMachine, type PackageSave, type StaffPackagesEvent } from '../../machines/staffPackages.machine.ts';
import { otherNamesOf, packageDraftRefusal, packageEditOf, type StaffPackages } from '../../src/domain/packageEdits.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';
import { NIGHT_PACKAGE } from '../catalogue.fixtures.ts';

type Snapshot = SnapshotFrom<typeof staffPackagesMachine>;
const NIGHT = NIGHT_PACKAGE;
const LISTED: StaffPackages = {
  packages: [{ ...NIGHT, packageId: 7, sold: 2 }],
  halls: [
    { hallId: 1, name: { zh: '主展馆', en: 'Main hall' }, dome: false, closed: false },
    { hallId: 2, name: { zh: '短期展厅', en: 'Short-term hall' }, dome: false, closed: false },
    { hallId: 3, name: { zh: '球幕影院', en: 'Dome cinema' }, dome: true, closed: false },
  ],
};
const DAY = { ...NIGHT, key: 'day', name: { zh: '日游套票', en: 'Day package' } };

function events(s: Snapshot): StaffPackagesEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('ready')) {
    return [
      { type: 'SAVE', packageId: null, draft: DAY },
      // A film part of an exhibition hall: refused beside "cinemaId", never sent.
      { type: 'SAVE', packageId: null, draft: { ...DAY, cinemaId: 2 } },
      { type: 'SAVE', packageId: 7, draft: { ...NIGHT, admission: 4000 } },
      // Two are sold: its halls stay.
      { type: 'SAVE', packageId: 7, draft: { ...NIGHT, hallId: 2 } },
    ];
  }
  return [];
}

pathSuite('staffPackages', [
  {
    name: 'all cases',
    machine: staffPackagesMachine,
    generators: ['cover'],
    // Every read counts up `generation`: the graph's vertices leave it out, or they never end.
    key: ((s: Snapshot) => JSON.stringify({ value: s.value, context: { ...s.context, generation: 0 } })) as PathModel['key'],
    events: events as PathModel['events'],
    // Nothing the rules refuse is ever sent.
    outcome: (end) => {
      for (const { packageId, draft } of callsOf(end, 'savePackage') as PackageSave[]) {
        const before = LISTED.packages.find((p) => p.packageId === packageId);
        expect(
          packageDraftRefusal(before ? packageEditOf(before) : null, draft, before?.sold ?? 0, LISTED.halls, otherNamesOf(LISTED.packages, packageId)),
        ).toBeNull();
      }
    },
    outcomes: {
      loadPackages: [{ output: LISTED }, { error: 'Network error' }],
      savePackage: [{ output: { packageId: 8 } }, { error: 'This package code is taken' }],
    },
  },
]);
