import type { SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { staffSettingsMachine, type SettingsChange, type StaffSettingsEvent } from '../../machines/staffSettings.machine.ts';
import { checkConfigValue } from '../../src/domain/staffSettings.ts';
import type { StaffSettings } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof staffSettingsMachine>;
const SETTINGS: StaffSettings = {
  config: [{ key: 'person_pay_hold_period', label: 'Time to pay a visitor order (minutes)', value: '15' }],
  texts: [{ name: 'refund_alert', zh: '<p>退款</p>', en: '<p>Refunds</p>' }],
};

function events(s: Snapshot): StaffSettingsEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('ready')) {
    return [
      { type: 'SAVE', change: { kind: 'config', key: 'person_pay_hold_period', value: '20' } },
      { type: 'SAVE', change: { kind: 'config', key: 'person_pay_hold_period', value: '999' } },
      { type: 'SAVE', change: { kind: 'text', name: 'refund_alert', zh: '<p>七日内退款</p>', en: '<p>Within 7 days</p>' } },
    ];
  }
  return [];
}

pathSuite('staffSettings', [
  {
    name: 'all cases',
    machine: staffSettingsMachine,
    generators: ['cover'],
    // Every read counts up `generation`: the graph's vertices leave it out, or they never end.
    key: ((s: Snapshot) => JSON.stringify({ value: s.value, context: { ...s.context, generation: 0 } })) as PathModel['key'],
    events: events as PathModel['events'],
    // No config value outside its range is ever sent.
    outcome: (end) => {
      for (const change of callsOf(end, 'save') as SettingsChange[]) {
        if (change.kind === 'config') expect(checkConfigValue(change.key, change.value)).toBeNull();
      }
    },
    outcomes: {
      loadSettings: [{ output: SETTINGS }, { error: 'Network error' }],
      save: [{ output: null }, { error: 'Both the Chinese and the English text are needed' }],
    },
  },
]);
