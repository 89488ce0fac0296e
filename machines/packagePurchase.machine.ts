/** select/packageAddSure: a package (admission and a dome film at one price). The visitor
 * picks an admission time and a film, adds up to 4 visitors, agrees, passes the slider and
 * places the order; both halls' rules are checked before anything is sent (checkPackage).
 *
 * Input: { packageId, date }. The app provides the actors `loadPackages` (the date: the day's
 * packages) and `placePackage` ({ packageId, draft }: placeOrder's raw answer, code 200 or 502). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { normalizeCertificate } from '../src/domain/certificates.ts';
import { ORDER_MESSAGES } from '../src/domain/orderRules.ts';
import { checkPackage, PACKAGE_MESSAGES, packageContexts, type PackageDraft } from '../src/domain/packages.ts';
import type { Text } from '../src/domain/text.ts';
import { isSessionOpen } from '../src/domain/sessions.ts';
import type { CertificateType, SchedulePool, TicketPackage, Violation } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output, sameText } from './errors.ts';
import { loadingStates } from './loading.ts';
import { canAddVisitor, canRemoveVisitor, isVisitorIndex } from './visitorList.ts';
import type { PlaceOrderAnswer } from './purchase.machine.ts';

type Visitor = PackageDraft['visitors'][number];

export interface PackagePurchaseContext {
  packageId: number;
  date: string;
  pkg: TicketPackage | null;
  admissionScheduleId: number | null;
  filmScheduleId: number | null;
  visitors: Visitor[];
  violations: Violation[];
  agreementAccepted: boolean;
  captchaToken: string | null;
  orderId: number | null;
  error: Text | null;
}

export type PackagePurchaseEvent =
  | { type: 'RETRY' }
  | { type: 'PICK_ADMISSION'; scheduleId: number }
  | { type: 'PICK_FILM'; scheduleId: number }
  | { type: 'VISITOR.ADD' }
  | { type: 'VISITOR.REMOVE'; index: number }
  | { type: 'VISITOR.CHANGE'; index: number; field: 'name' | 'certificateNumber'; value: string }
  | { type: 'VISITOR.TYPE'; index: number; value: CertificateType }
  | { type: 'AGREEMENT.TOGGLE' }
  | { type: 'SUBMIT' }
  | { type: 'SLIDER.PASSED'; token: string }
  | { type: 'SLIDER.CANCEL' };

const emptyVisitor = (): Visitor => ({ name: '', certificateType: '1', certificateNumber: '' });

/** The draft the rules and the call see. */
export function packageDraftOf(c: PackagePurchaseContext): PackageDraft {
  return {
    visitDate: c.date,
    admissionScheduleId: c.admissionScheduleId,
    filmScheduleId: c.filmScheduleId,
    visitors: c.visitors.map((v) => ({ ...v, name: v.name.trim(), certificateNumber: normalizeCertificate(v.certificateNumber) })),
    agreementAccepted: c.agreementAccepted,
    captchaToken: c.captchaToken,
  };
}

function violationsOf(c: PackagePurchaseContext): Violation[] {
  if (!c.pkg) return [];
  return checkPackage(packageDraftOf(c), packageContexts(c.pkg, c.admissionScheduleId, c.filmScheduleId), c.pkg, 'visitors');
}

const open = (sessions: SchedulePool[], id: number) => sessions.some((s) => s.hallScheduleId === id && isSessionOpen(s));

export const packagePurchaseMachine = setup({
  types: {
    context: {} as PackagePurchaseContext,
    events: {} as PackagePurchaseEvent,
    input: {} as { packageId: number; date: string },
  },
  actors: {
    loadPackages: fromPromise<TicketPackage[], string>(async () => notProvided('loadPackages')),
    placePackage: fromPromise<PlaceOrderAnswer, { packageId: number; draft: PackageDraft }>(async () => notProvided('placePackage')),
  },
  guards: {
    found: ({ context }, { output: all }: { output: TicketPackage[] }) => all.some((p) => p.packageId === context.packageId),
    admissionOpen: ({ context, event }) => {
      assertEvent(event, 'PICK_ADMISSION');
      return !!context.pkg && open(context.pkg.admission.sessions, event.scheduleId);
    },
    filmOpen: ({ context, event }) => {
      assertEvent(event, 'PICK_FILM');
      return !!context.pkg && open(context.pkg.film.sessions, event.scheduleId);
    },
    canAdd: ({ context }) => canAddVisitor(context.visitors),
    canRemove: ({ context, event }) => {
      assertEvent(event, 'VISITOR.REMOVE');
      return canRemoveVisitor(context.visitors, event.index);
    },
    visitorExists: ({ context, event }) => {
      assertEvent(event, ['VISITOR.CHANGE', 'VISITOR.TYPE']);
      return isVisitorIndex(context.visitors, event.index);
    },
    invalid: ({ context }) => violationsOf(context).length > 0,
    agreed: ({ context }) => context.agreementAccepted,
    orderPlaced: (_, { output: answer }: { output: PlaceOrderAnswer }) => answer.code === 200 && answer.data?.orderId != null,
  },
  actions: {
    setPackage: assign(({ context }, { output: all }: { output: TicketPackage[] }) => ({
      pkg: all.find((p) => p.packageId === context.packageId)!,
      error: null,
    })),
    notFound: assign({ error: PACKAGE_MESSAGES.notFound }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), captchaToken: null })),
    pickAdmission: assign(({ event }) => {
      assertEvent(event, 'PICK_ADMISSION');
      return { admissionScheduleId: event.scheduleId, violations: [] };
    }),
    pickFilm: assign(({ event }) => {
      assertEvent(event, 'PICK_FILM');
      return { filmScheduleId: event.scheduleId, violations: [] };
    }),
    addVisitor: assign(({ context }) => ({ visitors: [...context.visitors, emptyVisitor()] })),
    removeVisitor: assign(({ context, event }) => {
      assertEvent(event, 'VISITOR.REMOVE');
      return { visitors: context.visitors.filter((_, i) => i !== event.index), violations: [] };
    }),
    changeVisitor: assign(({ context, event }) => {
      assertEvent(event, ['VISITOR.CHANGE', 'VISITOR.TYPE']);
      const change = event.type === 'VISITOR.TYPE' ? { certificateType: event.value } : { [event.field]: event.value };
      return { visitors: context.visitors.map((v, i) => (i === event.index ? { ...v, ...change } : v)), violations: [] };
    }),
    showViolations: assign(({ context }) => ({ violations: violationsOf(context), error: null })),
    toggleAgreement: assign(({ context }) => ({ agreementAccepted: !context.agreementAccepted, error: null })),
    showAgreementError: assign({ error: ORDER_MESSAGES.agreement }),
    setToken: assign(({ event }) => {
      assertEvent(event, 'SLIDER.PASSED');
      return { captchaToken: event.token, error: null };
    }),
    showNoOrder: assign((_, { output: answer }: { output: PlaceOrderAnswer }) => ({ error: sameText(answer.msg || '—'), captchaToken: null })),
    setOrder: assign((_, { output: answer }: { output: PlaceOrderAnswer }) => ({ orderId: answer.data?.orderId ?? null, captchaToken: null })),
  },
}).createMachine({
  id: 'packagePurchase',
  context: ({ input }) => ({
    packageId: input.packageId,
    date: input.date,
    pkg: null,
    admissionScheduleId: null,
    filmScheduleId: null,
    visitors: [emptyVisitor()],
    violations: [],
    agreementAccepted: false,
    captchaToken: null,
    orderId: null,
    error: null,
  }),
  initial: 'loading',
  meta: { description: 'A package: admission and a film at one price' },
  states: {
    ...loadingStates(
      {
        src: 'loadPackages',
        input: ({ context }: { context: PackagePurchaseContext }) => context.date,
        onDone: [
          { guard: { type: 'found', params: output }, target: 'choosing', actions: { type: 'setPackage', params: output } },
          { target: 'failed', actions: 'notFound' },
        ],
      },
      { loading: "Loading the day's packages", failed: 'The package could not be loaded: retry' },
    ),
    choosing: {
      meta: { description: 'Admission time, film, visitors and the agreement' },
      on: {
        PICK_ADMISSION: { guard: 'admissionOpen', actions: 'pickAdmission' },
        PICK_FILM: { guard: 'filmOpen', actions: 'pickFilm' },
        'VISITOR.ADD': { guard: 'canAdd', actions: 'addVisitor' },
        'VISITOR.REMOVE': { guard: 'canRemove', actions: 'removeVisitor' },
        'VISITOR.CHANGE': { guard: 'visitorExists', actions: 'changeVisitor' },
        'VISITOR.TYPE': { guard: 'visitorExists', actions: 'changeVisitor' },
        'AGREEMENT.TOGGLE': { actions: 'toggleAgreement' },
        SUBMIT: [{ guard: 'invalid', actions: 'showViolations' }, { guard: 'agreed', target: 'verifying' }, { actions: 'showAgreementError' }],
      },
    },
    verifying: {
      meta: { description: 'The security slider is shown' },
      on: { 'SLIDER.PASSED': { target: 'submitting', actions: 'setToken' }, 'SLIDER.CANCEL': 'choosing' },
    },
    submitting: {
      meta: { description: 'Placing the order' },
      invoke: {
        id: 'placePackage',
        src: 'placePackage',
        input: ({ context }) => ({ packageId: context.packageId, draft: packageDraftOf(context) }),
        onDone: [
          { guard: { type: 'orderPlaced', params: output }, target: 'placed', actions: { type: 'setOrder', params: output } },
          { target: 'choosing', actions: { type: 'showNoOrder', params: output } },
        ],
        onError: { target: 'choosing', actions: { type: 'setFailure', params: failure } },
      },
    },
    placed: { type: 'final', meta: { description: 'Placed: the app opens payOrder/{orderId}' } },
  },
});
