import { describe, expect, it } from 'vitest';
import { CONTENT_TEXTS as C, faqDraftRefusal, noticeDraftRefusal } from '../../../src/domain/contentRules.ts';
import { DRAFT_TEXTS as D } from '../../../src/domain/draftRefusal.ts';

const TODAY = '2030-03-05';
const NOTICE = { title: { zh: '东门关闭', en: 'East gate closed' }, content: { zh: '请走北门。', en: 'Use the north gate.' }, applicableEnd: null };
const FAQ = { category: { zh: '交通', en: 'Getting here' }, question: { zh: '停车？', en: 'Parking?' }, answer: { zh: '北门。', en: 'North gate.' }, sort: 0 };

describe('noticeDraftRefusal', () => {
  it.each([
    ['shown until taken down', NOTICE, null],
    ['shown until today', { ...NOTICE, applicableEnd: TODAY }, null],
    ['a last day already past', { ...NOTICE, applicableEnd: '2030-03-04' }, { field: 'applicableEnd', text: C.pastEnd }],
    ['no English title', { ...NOTICE, title: { zh: '东门关闭', en: '  ' } }, { field: 'title.en', text: D.fieldRequired }],
    [
      'a text too long',
      { ...NOTICE, content: { zh: '长'.repeat(5001), en: 'x' } },
      { field: 'content.zh', text: { zh: '最多 5000 个字', en: 'At most 5000 characters' } },
    ],
  ] as const)('%s', (_, draft, refusal) => expect(noticeDraftRefusal(draft, TODAY)).toEqual(refusal));
});

describe('faqDraftRefusal', () => {
  it.each([
    ['a question', FAQ, null],
    ['no answer', { ...FAQ, answer: { zh: '', en: 'x' } }, { field: 'answer.zh', text: D.fieldRequired }],
    ['a place past the list', { ...FAQ, sort: 1000 }, { field: 'sort', text: { zh: '须为 0 到 999 之间的整数', en: 'A whole number from 0 to 999' } }],
  ] as const)('%s', (_, draft, refusal) => expect(faqDraftRefusal(draft)).toEqual(refusal));
});
