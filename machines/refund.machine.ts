/** Refund of tickets of one paid order (docs/product.md §5 "Refund and change", §7 refundCheckBlack and
 * frontUserRefund): tick tickets, the refund rules, the missed-visit blacklist warning, the
 * refund alert, submit.
 *
 * Input: { order }, the OrderDetail the order screen already shows. The machine loads the
 * RefundContext `checkRefund` needs (every ticket of the order with its hall, date, kind,
 * age, free-child/cinema/school-free flags; group; the partial-refund percentage; free
 * children per adult) with its `loadRules` actor, and offers a retry when that fails.
 *
 * Context is plain JSON (persistable like the purchase machine's).
 *
 * The app provides the actors `loadRules`, `checkBlack` (refundCheckBlack) and `refund` (frontUserRefund). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkRefund, NO_REFUND_FACTS, type RefundContext, type RefundDraft } from '../src/domain/refundRules.ts';
import type { Text } from '../src/domain/text.ts';
import type { OrderDetail, RefundResult, RefundRisk, Violation } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';
import { allToggled, selectableTicketIds, toggled } from './ticketSelection.ts';

export interface RefundInput {
  order: OrderDetail;
}

export interface RefundMachineContext {
  order: OrderDetail;
  rules: RefundContext;
  /** Ticked ticket ids, in the order's ticket order. */
  selected: number[];
  /** The refund rules the selection breaks (shown after CONFIRM, cleared by the next edit). */
  violations: Violation[];
  /** refundCheckBlack's message when it warns (already in the user's language). */
  warning: string | null;
  result: RefundResult | null;
  error: Text | null;
}

export type RefundEvent =
  | { type: 'TOGGLE'; ticketId: number }
  | { type: 'SELECT_ALL' }
  | { type: 'CONFIRM' }
  | { type: 'CONTINUE' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'BACK' };

/** Actor inputs (the outputs are the shared RefundRisk and RefundResult). */
export interface TicketIdsInput {
  ticketIds: number[];
}

export function refundDraftOf(context: Pick<RefundMachineContext, 'selected'>): RefundDraft {
  return { action: 'refund', ticketIds: context.selected };
}

/** Every refund rule the current selection breaks. */
export function refundViolations(context: Pick<RefundMachineContext, 'selected' | 'rules'>): Violation[] {
  return checkRefund(refundDraftOf(context), context.rules);
}

/** Tickets the view shows enabled. */
export function refundableTicketIds(context: Pick<RefundMachineContext, 'rules'>): number[] {
  return selectableTicketIds(context.rules, 'refund');
}

export const refundMachine = setup({
  types: {
    context: {} as RefundMachineContext,
    events: {} as RefundEvent,
    input: {} as RefundInput,
  },
  actors: {
    /** The order's refund facts (GET /order/refund/rules/{orderId}). */
    loadRules: fromPromise<RefundContext, { orderId: number }>(async () => notProvided('loadRules')),
    /** refundCheckBlack: would this refund bring the account near (or onto) the blacklist? */
    checkBlack: fromPromise<RefundRisk, TicketIdsInput>(async () => notProvided('checkBlack')),
    /** frontUserRefund */
    refund: fromPromise<RefundResult, TicketIdsInput>(async () => notProvided('refund')),
  },
  guards: {
    ticketSelectable: ({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return refundableTicketIds(context).includes(event.ticketId);
    },
    refundAllowed: ({ context }) => refundViolations(context).length === 0,
    warns: (_, { output: risk }: { output: RefundRisk }) => risk.warn === true,
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { selected: toggled(context.rules, context.selected, event.ticketId), violations: [], error: null };
    }),
    toggleAll: assign(({ context }) => ({
      selected: allToggled(context.rules, context.selected, 'refund'),
      violations: [],
      error: null,
    })),
    showViolations: assign(({ context }) => ({ violations: refundViolations(context) })),
    clearViolations: assign({ violations: [], error: null }),
    setWarning: assign((_, { output: risk }: { output: RefundRisk }) => ({ warning: risk.message ?? '' })),
    clearWarning: assign({ warning: null }),
    setResult: assign((_, { output: result }: { output: RefundResult }) => ({ result, error: null })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error), warning: null })),
    setRules: assign((_, { output: rules }: { output: RefundContext }) => ({ rules, error: null })),
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => ({
    order: input.order,
    rules: NO_REFUND_FACTS,
    selected: [],
    violations: [],
    warning: null,
    result: null,
    error: null,
  }),
  initial: 'loading',
  meta: { description: 'Refund tickets of a paid order' },
  states: {
    ...loadingStates(
      {
        src: 'loadRules',
        input: ({ context }: { context: RefundMachineContext }) => ({ orderId: context.order.orderId }),
        onDone: { target: 'selecting', actions: { type: 'setRules', params: output } },
      },
      { loading: "Loading the order's refund and change facts", failed: 'The facts could not be loaded: the message and a retry' },
    ),
    selecting: {
      meta: { description: "The order's tickets with checkboxes (used ones disabled) and the violations shown" },
      on: {
        TOGGLE: { guard: 'ticketSelectable', actions: 'toggle' },
        SELECT_ALL: { actions: 'toggleAll' },
        CONFIRM: [{ guard: 'refundAllowed', target: 'checking', actions: 'clearViolations' }, { actions: 'showViolations' }],
      },
    },
    checking: {
      meta: { description: 'Asking the server whether the refund risks the missed-visit blacklist' },
      invoke: {
        id: 'checkBlack',
        src: 'checkBlack',
        input: ({ context }) => ({ ticketIds: context.selected }),
        onDone: [{ guard: { type: 'warns', params: output }, target: 'warning', actions: { type: 'setWarning', params: output } }, { target: 'confirming' }],
        onError: { target: 'selecting', actions: { type: 'setFailure', params: failure } },
      },
    },
    warning: {
      meta: { description: "The server's blacklist warning: continue anyway or go back" },
      on: {
        CONTINUE: 'confirming',
        BACK: { target: 'selecting', actions: 'clearWarning' },
      },
    },
    confirming: {
      meta: { description: 'The refund alert (refund_alert text) and the tickets to refund: submit or go back' },
      on: {
        SUBMIT: 'submitting',
        BACK: { target: 'selecting', actions: 'clearWarning' },
      },
    },
    submitting: {
      meta: { description: 'Refunding the tickets' },
      invoke: {
        id: 'refund',
        src: 'refund',
        input: ({ context }) => ({ ticketIds: context.selected }),
        onDone: { target: 'done', actions: { type: 'setResult', params: output } },
        onError: { target: 'selecting', actions: { type: 'setFailure', params: failure } },
      },
    },
    done: {
      type: 'final',
      meta: { description: 'Refunded: the app shows the amount and reloads the order' },
    },
  },
});

export type RefundMachine = typeof refundMachine;
