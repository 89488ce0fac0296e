import type { SnapshotFrom } from 'xstate';
import { expect } from 'vitest';
import { staffContentMachine, type ContentSave, type StaffContentEvent } from '../../machines/staffContent.machine.ts';
import { faqDraftRefusal, noticeDraftRefusal, type FaqEdit, type NoticeEdit, type StaffContent } from '../../src/domain/contentRules.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof staffContentMachine>;
const TODAY = '2030-03-05';
const NOTICE: NoticeEdit = { title: { zh: '东门关闭', en: 'East gate closed' }, content: { zh: '请走北门。', en: 'Use the north gate.' }, applicableEnd: null };
const FAQ: FaqEdit = {
  category: { zh: '交通', en: 'Getting here' },
  question: { zh: '停车？', en: 'Parking?' },
  answer: { zh: '北门。', en: 'North gate.' },
  sort: 0,
};
const CONTENT: StaffContent = { notices: [{ noticeId: 2, ...NOTICE, publishedAt: '2030-03-01T02:00:00.000Z' }], faqs: [{ faqId: 5, ...FAQ }] };

function events(s: Snapshot): StaffContentEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('ready')) {
    return [
      { type: 'SAVE', kind: 'notice', id: null, draft: NOTICE },
      // A last day already past: refused beside it, never sent.
      { type: 'SAVE', kind: 'notice', id: 2, draft: { ...NOTICE, applicableEnd: '2030-03-01' } },
      { type: 'SAVE', kind: 'faq', id: 5, draft: { ...FAQ, sort: 3 } },
      // No answer: refused beside it, never sent.
      { type: 'SAVE', kind: 'faq', id: null, draft: { ...FAQ, answer: { zh: '', en: '' } } },
      { type: 'REMOVE', kind: 'faq', id: 5 },
    ];
  }
  return [];
}

pathSuite('staffContent', [
  {
    name: 'all cases',
    machine: staffContentMachine,
    input: { today: TODAY },
    generators: ['cover'],
    // Every read counts up `generation`: the graph's vertices leave it out, or they never end.
    key: ((s: Snapshot) => JSON.stringify({ value: s.value, context: { ...s.context, generation: 0 } })) as PathModel['key'],
    events: events as PathModel['events'],
    // Nothing the rules refuse is ever sent.
    outcome: (end) => {
      for (const save of callsOf(end, 'save') as ContentSave[]) {
        expect(save.kind === 'notice' ? noticeDraftRefusal(save.draft, TODAY) : faqDraftRefusal(save.draft)).toBeNull();
      }
    },
    outcomes: {
      loadContent: [{ output: CONTENT }, { error: 'Network error' }],
      save: [{ output: { noticeId: 3 } }, { error: 'The notice does not exist' }],
      remove: [{ output: null }, { error: 'The question does not exist' }],
    },
  },
]);
