import type { SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { staffCouponsMachine, type StaffCouponsEvent } from '../../machines/staffCoupons.machine.ts';
import { batchDraftRefusal, type StaffCouponBatch } from '../../src/domain/couponBatches.ts';
import { FIVE_OFF } from '../couponBatches.fixtures.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof staffCouponsMachine>;
const TODAY = FIVE_OFF.validFrom;
const BATCH: StaffCouponBatch = { batchId: 3, ...FIVE_OFF, bound: 1, used: 0, stopped: false, createdAt: '2030-03-05T02:00:00.000Z' };

function events(s: Snapshot): StaffCouponsEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('ready')) {
    return [
      { type: 'CREATE', draft: FIVE_OFF },
      // A free ticket with a value: refused beside "amount", never sent.
      { type: 'CREATE', draft: { ...FIVE_OFF, kind: 'free' } },
      { type: 'STOP', batchId: 3 },
    ];
  }
  return [];
}

pathSuite('staffCoupons', [
  {
    name: 'all cases',
    machine: staffCouponsMachine,
    input: { today: TODAY },
    generators: ['cover'],
    // Every read counts up `generation`: the graph's vertices leave it out, or they never end.
    key: ((s: Snapshot) => JSON.stringify({ value: s.value, context: { ...s.context, generation: 0 } })) as PathModel['key'],
    events: events as PathModel['events'],
    // Nothing the rules refuse is ever sent.
    outcome: (end) => {
      for (const draft of callsOf(end, 'createBatch')) expect(batchDraftRefusal(draft, TODAY)).toBeNull();
    },
    outcomes: {
      loadBatches: [{ output: [BATCH] }, { error: 'Network error' }],
      createBatch: [{ output: { batchId: 4 } }, { error: 'The last day cannot be before today' }],
      stopBatch: [{ output: null }, { error: 'This batch is already stopped' }],
    },
  },
]);
