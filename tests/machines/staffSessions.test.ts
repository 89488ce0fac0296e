import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { staffSessionsMachine, type ApplyRequest, type StaffSessionsEvent, type TemplateDraft } from '../../machines/staffSessions.machine.ts';
import { checkApply, checkTemplate } from '../../src/domain/sessionTemplates.ts';
import type { ApplyReport, SessionTemplates } from '../../src/domain/types.ts';
import { callsOf } from './outcomes.ts';
import { pathSuite } from './pathSuite.ts';
import type { PathModel } from './paths.ts';

type Snapshot = SnapshotFrom<typeof staffSessionsMachine>;
const NOW = '2030-03-05 10:00';
const DATA: SessionTemplates = {
  now: NOW,
  halls: [
    {
      hallId: 1,
      name: 'Main exhibition hall',
      cinema: false,
      seats: 0,
      films: [],
      templates: [{ templateId: 7, name: 'Daily', rollForward: true, sessions: [{ beginTime: '09:00', endTime: '12:00', capacity: 300, filmId: null }] }],
    },
    { hallId: 4, name: 'Dome cinema', cinema: true, seats: 154, films: [{ filmId: 2, name: 'Ocean' }], templates: [] },
  ],
};
const DRAFT: TemplateDraft = {
  templateId: null,
  hallId: 1,
  name: 'Weekend',
  sessions: [{ beginTime: '10:00', endTime: '13:00', capacity: 200, filmId: null }],
};
const OVERLAPPING: TemplateDraft = { ...DRAFT, sessions: [...DRAFT.sessions, { beginTime: '12:00', endTime: '14:00', capacity: 100, filmId: null }] };
const DOME_NO_FILM: TemplateDraft = {
  templateId: null,
  hallId: 4,
  name: 'Evening',
  sessions: [{ beginTime: '19:00', endTime: '19:40', capacity: 0, filmId: null }],
};
const WEEK: ApplyRequest = { templateId: 7, from: '2030-03-25', to: '2030-03-31', weekdays: [1, 2, 3, 4, 5], releaseAt: '2030-03-20 20:00' };
const REPORT: ApplyReport = {
  templateId: 7,
  hallName: 'Main exhibition hall',
  templateName: 'Daily',
  applied: false,
  created: 1,
  skipped: 0,
  days: [{ date: '2030-03-25', closed: false, onSale: false, releaseAt: Date.parse('2030-03-20T12:00:00Z'), created: ['09:00'], skipped: [] }],
};

function events(s: Snapshot): StaffSessionsEvent[] {
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  if (s.matches('ready')) {
    return [
      { type: 'HALL.PICK', hallId: 4 },
      { type: 'HALL.PICK', hallId: 99 },
      { type: 'SAVE', draft: DRAFT },
      { type: 'SAVE', draft: OVERLAPPING },
      { type: 'SAVE', draft: DOME_NO_FILM },
      { type: 'PREVIEW', request: WEEK },
      { type: 'PREVIEW', request: { ...WEEK, weekdays: [] } },
      { type: 'PREVIEW', request: { ...WEEK, releaseAt: '2030-03-01 20:00' } },
    ];
  }
  if (s.matches('preview')) return [{ type: 'CONFIRM' }, { type: 'BACK' }];
  if (s.matches('report')) return [{ type: 'DONE' }];
  return [];
}

pathSuite('staffSessions', [
  {
    name: 'all cases',
    machine: staffSessionsMachine,
    generators: ['cover'],
    // Every read counts up `generation`: the graph's vertices leave it out, or they never end.
    key: ((s: Snapshot) => JSON.stringify({ value: s.value, context: { ...s.context, generation: 0 } })) as PathModel['key'],
    events: events as PathModel['events'],
    // No template breaking a rule and no application of bad days or release is ever sent; a
    // confirm applies exactly what was previewed.
    outcome: (end) => {
      for (const draft of callsOf(end, 'saveTemplate') as TemplateDraft[]) expect(checkTemplate(draft, draft.hallId === 4)).toBeNull();
      for (const src of ['preview', 'apply']) for (const request of callsOf(end, src) as ApplyRequest[]) expect(checkApply(request, NOW)).toBeNull();
      const previewed = callsOf(end, 'preview');
      for (const applied of callsOf(end, 'apply')) expect(previewed).toContainEqual(applied);
    },
    outcomes: {
      loadTemplates: [{ output: DATA }, { error: 'Network error' }],
      saveTemplate: [{ output: { templateId: 8 } }, { error: 'This hall already has a template of that name' }],
      preview: [{ output: REPORT }, { error: 'No such template' }],
      apply: [{ output: { ...REPORT, applied: true } }, { error: 'No such template' }],
    },
  },
]);

describe('staffSessions: behaviour', () => {
  it('keeps the hall picked across a save, previews, then applies what was previewed', async () => {
    const sent: string[] = [];
    const actor = createActor(
      staffSessionsMachine.provide({
        actors: {
          loadTemplates: fromPromise(async () => DATA),
          saveTemplate: fromPromise(async ({ input }: { input: TemplateDraft }) => {
            sent.push(`save ${input.name}`);
            return { templateId: 8 };
          }),
          preview: fromPromise(async ({ input }: { input: ApplyRequest }) => {
            sent.push(`preview ${input.from}`);
            return REPORT;
          }),
          apply: fromPromise(async ({ input }: { input: ApplyRequest }): Promise<ApplyReport> => {
            sent.push(`apply ${input.from}`);
            return { ...REPORT, applied: true };
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.hallId).toBe(1);
    actor.send({ type: 'HALL.PICK', hallId: 4 });
    actor.send({ type: 'SAVE', draft: DOME_NO_FILM });
    expect(actor.getSnapshot().context.error?.en).toBe('Session 1: choose its film');
    actor.send({ type: 'SAVE', draft: { ...DOME_NO_FILM, sessions: [{ ...DOME_NO_FILM.sessions[0], filmId: 2 }] } });
    await waitFor(actor, (s) => s.matches('ready') && s.context.generation === 2);
    expect(actor.getSnapshot().context).toMatchObject({ hallId: 4, saved: 'Evening', error: null });
    actor.send({ type: 'PREVIEW', request: WEEK });
    await waitFor(actor, (s) => s.matches('preview'));
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('report'));
    expect(actor.getSnapshot().context.report?.applied).toBe(true);
    expect(sent).toEqual(['save Evening', 'preview 2030-03-25', 'apply 2030-03-25']);
  });
});
