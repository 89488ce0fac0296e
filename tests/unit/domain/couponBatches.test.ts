import { describe, expect, it } from 'vitest';
import { BATCH_TEXTS as B, batchDraftRefusal } from '../../../src/domain/couponBatches.ts';
import { DRAFT_TEXTS as D } from '../../../src/domain/draftRefusal.ts';
import { FIVE_OFF } from '../../couponBatches.fixtures.ts';

const TODAY = '2030-03-05';

describe('batchDraftRefusal: the field and the words, as the console shows them and the server answers', () => {
  it.each([
    ['a good batch', FIVE_OFF, null],
    ['a free ticket', { ...FIVE_OFF, kind: 'free', amount: 0 }, null],
    ['one day, today', { ...FIVE_OFF, validTo: TODAY }, null],
    ['no value', { ...FIVE_OFF, amount: 0 }, { field: 'amount', text: B.amountNeeded }],
    ['a free ticket with a value', { ...FIVE_OFF, kind: 'free' }, { field: 'amount', text: B.freeAmount }],
    ['days the wrong way round', { ...FIVE_OFF, validFrom: '2030-05-01' }, { field: 'validTo', text: B.validDays }],
    ['days already over', { ...FIVE_OFF, validFrom: '2030-03-01', validTo: '2030-03-04' }, { field: 'validTo', text: B.pastDays }],
    ['no codes', { ...FIVE_OFF, count: 0 }, { field: 'count', text: { zh: '须为 1 到 5000 之间的整数', en: 'A whole number from 1 to 5000' } }],
    [
      'a count typed wrong',
      { ...FIVE_OFF, count: Number.NaN },
      { field: 'count', text: { zh: '须为 1 到 5000 之间的整数', en: 'A whole number from 1 to 5000' } },
    ],
    ['no name', { ...FIVE_OFF, name: { zh: ' ', en: '¥5 off' } }, { field: 'name.zh', text: D.fieldRequired }],
    ['no first day', { ...FIVE_OFF, validFrom: '' }, { field: 'validFrom', text: D.fieldInvalid }],
  ] as const)('%s', (_, draft, refusal) => expect(batchDraftRefusal(draft, TODAY)).toEqual(refusal));
});
