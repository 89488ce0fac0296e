/** Session templates in the staff console ("Operations: Sessions"): pick a hall, save
 * its templates (each checked by the rules of src/domain/sessionTemplates.ts before it is sent),
 * apply one to a day or a range of weekdays with a release time: the preview first (what each
 * day would get), then the confirm, then the report of what was made. A refusal stays shown
 * where it happened; after a save the templates are read again.
 *
 * The app provides the actors `loadTemplates`, `saveTemplate` (a TemplateDraft), `preview` and
 * `apply` (an ApplyRequest each). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkApply, checkTemplate, type ApplyRequest, type TemplateDraft } from '../src/domain/sessionTemplates.ts';
import type { Text } from '../src/domain/text.ts';
import type { ApplyReport, SessionTemplates } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export type { ApplyRequest, TemplateDraft };

export interface StaffSessionsContext {
  data: SessionTemplates | null;
  /** How many times the templates were read: the screen's editors start again from each read. */
  generation: number;
  hallId: number | null;
  draft: TemplateDraft | null;
  request: ApplyRequest | null;
  report: ApplyReport | null;
  /** The name of the template saved last, for the screen to confirm. */
  saved: string | null;
  error: Text | null;
}

export type StaffSessionsEvent =
  | { type: 'RETRY' }
  | { type: 'HALL.PICK'; hallId: number }
  | { type: 'SAVE'; draft: TemplateDraft }
  | { type: 'PREVIEW'; request: ApplyRequest }
  | { type: 'CONFIRM' }
  | { type: 'BACK' }
  | { type: 'DONE' };

const cinemaOf = (context: StaffSessionsContext, hallId: number) => context.data?.halls.find((h) => h.hallId === hallId)?.cinema ?? false;

/** A template as the server will judge it first. */
const templateRefusal = (context: StaffSessionsContext, draft: TemplateDraft): Text | null => checkTemplate(draft, cinemaOf(context, draft.hallId));

/** An application as the server will judge it first, against the server's time of the last read. */
const applyRefusal = (context: StaffSessionsContext, request: ApplyRequest): Text | null => checkApply(request, context.data?.now ?? '');

export const staffSessionsMachine = setup({
  types: { context: {} as StaffSessionsContext, events: {} as StaffSessionsEvent },
  actors: {
    loadTemplates: fromPromise<SessionTemplates, void>(async () => notProvided('loadTemplates')),
    saveTemplate: fromPromise<{ templateId: number }, TemplateDraft>(async () => notProvided('saveTemplate')),
    preview: fromPromise<ApplyReport, ApplyRequest>(async () => notProvided('preview')),
    apply: fromPromise<ApplyReport, ApplyRequest>(async () => notProvided('apply')),
  },
  guards: {
    knownHall: ({ context, event }) => {
      assertEvent(event, 'HALL.PICK');
      return context.data?.halls.some((h) => h.hallId === event.hallId) ?? false;
    },
    templateAllowed: ({ context, event }) => {
      assertEvent(event, 'SAVE');
      return templateRefusal(context, event.draft) === null;
    },
    applyAllowed: ({ context, event }) => {
      assertEvent(event, 'PREVIEW');
      return applyRefusal(context, event.request) === null;
    },
  },
  actions: {
    setData: assign(({ context }, { output: data }: { output: SessionTemplates }) => ({
      data,
      generation: context.generation + 1,
      // The hall picked stays picked; the first one otherwise.
      hallId: data.halls.some((h) => h.hallId === context.hallId) ? context.hallId : (data.halls[0]?.hallId ?? null),
    })),
    pickHall: assign(({ event }) => {
      assertEvent(event, 'HALL.PICK');
      return { hallId: event.hallId, error: null, saved: null };
    }),
    setDraft: assign(({ event }) => {
      assertEvent(event, 'SAVE');
      return { draft: event.draft, saved: null, error: null };
    }),
    refuseDraft: assign(({ context, event }) => {
      assertEvent(event, 'SAVE');
      return { error: templateRefusal(context, event.draft), saved: null };
    }),
    markSaved: assign(({ context }) => ({ saved: context.draft?.name.trim() ?? null })),
    setRequest: assign(({ event }) => {
      assertEvent(event, 'PREVIEW');
      return { request: event.request, report: null, saved: null, error: null };
    }),
    refuseRequest: assign(({ context, event }) => {
      assertEvent(event, 'PREVIEW');
      return { error: applyRefusal(context, event.request), saved: null };
    }),
    setReport: assign((_, { output: report }: { output: ApplyReport }) => ({ report, error: null })),
    clearReport: assign({ report: null, error: null }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffSessions',
  context: { data: null, generation: 0, hallId: null, draft: null, request: null, report: null, saved: null, error: null },
  initial: 'loading',
  meta: { description: "The halls' session templates: edit them, apply one to days with a release time" },
  states: {
    ...loadingStates(
      { src: 'loadTemplates', onDone: { target: 'ready', actions: { type: 'setData', params: output } } },
      { loading: 'Loading the halls and their templates', failed: 'The templates could not be loaded: retry' },
    ),
    ready: {
      meta: { description: "A hall's templates, each editable, a new one, and the form to apply one" },
      on: {
        'HALL.PICK': { guard: 'knownHall', actions: 'pickHall' },
        SAVE: [{ guard: 'templateAllowed', target: 'saving', actions: 'setDraft' }, { actions: 'refuseDraft' }],
        PREVIEW: [{ guard: 'applyAllowed', target: 'previewing', actions: 'setRequest' }, { actions: 'refuseRequest' }],
      },
    },
    saving: {
      meta: { description: 'Saving a template; then the templates are read again' },
      invoke: {
        id: 'saveTemplate',
        src: 'saveTemplate',
        input: ({ context }) => context.draft!,
        onDone: { target: 'loading', actions: 'markSaved' },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    previewing: {
      meta: { description: 'Asking what applying the template would make, day by day' },
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => context.request!,
        onDone: { target: 'preview', actions: { type: 'setReport', params: output } },
        onError: { target: 'ready', actions: { type: 'setFailure', params: failure } },
      },
    },
    preview: {
      meta: { description: 'What each day would get (made, skipped, closed) and its release: confirm or go back' },
      on: { CONFIRM: 'applying', BACK: { target: 'ready', actions: 'clearReport' } },
    },
    applying: {
      meta: { description: 'Making the sessions in one transaction' },
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => context.request!,
        onDone: { target: 'report', actions: { type: 'setReport', params: output } },
        onError: { target: 'preview', actions: { type: 'setFailure', params: failure } },
      },
    },
    report: {
      meta: { description: 'What was made, day by day' },
      on: { DONE: { target: 'ready', actions: 'clearReport' } },
    },
  },
});
