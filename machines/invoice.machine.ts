/** Requesting an invoice (docs/product.md §2 invoice/chooseOrder -> invoice/editInvoiceInfo, §3 Invoice):
 * choose a paid order that has no invoice yet, fill in the title and the rest, submit. The
 * form's rules are src/domain/invoice.ts; the amount is the order's, never typed.
 *
 * Input `orderId` (editInvoiceInfo?orderId=): the order is chosen as soon as the list is
 * loaded, when it is in it; otherwise the list is shown with a message.
 *
 * The app provides the actors `loadOrders` and `apply`. */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { checkInvoice, EMPTY_INVOICE_DRAFT, invoiceRequestOf, type InvoiceDraft, type InvoiceField, type InvoiceViolation } from '../src/domain/invoice.ts';
import type { Text } from '../src/domain/text.ts';
import type { InvoiceDetail, InvoiceRequest, InvoiceTitleType, OrderSummary } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';

/** The order asked for cannot be invoiced (not paid, not the visitor's, or invoiced already). */
export const INVOICE_ORDER_UNAVAILABLE: Text = {
  zh: '该订单不可开票或已申请过发票，请重新选择订单',
  en: 'This order cannot be invoiced or already has an invoice; please choose another order',
};

export interface InvoiceInput {
  orderId?: number | null;
}

export interface InvoiceContext {
  /** The order the flow was opened for, until it is chosen or found missing. */
  presetOrderId: number | null;
  /** Paid orders without an invoice; null until loaded. */
  orders: OrderSummary[] | null;
  order: OrderSummary | null;
  draft: InvoiceDraft;
  violations: InvoiceViolation[];
  invoice: InvoiceDetail | null;
  error: Text | null;
}

export type InvoiceChange = { field: 'titleType'; value: InvoiceTitleType } | { field: Exclude<keyof InvoiceDraft, 'titleType'>; value: string };

export type InvoiceEvent =
  { type: 'RELOAD' } | { type: 'CHOOSE'; orderId: number } | ({ type: 'CHANGE' } & InvoiceChange) | { type: 'SUBMIT' } | { type: 'BACK' };

const find = (orders: OrderSummary[] | null, orderId: number | null | undefined) =>
  orderId == null ? null : ((orders ?? []).find((o) => o.orderId === orderId) ?? null);

const requestOf = (context: InvoiceContext) => invoiceRequestOf(context.order?.orderId ?? 0, context.draft);

/** The fields whose messages a change makes stale: its own, and the tax number's when the
 * title type changes (a personal title has none). */
const touched = (field: keyof InvoiceDraft): InvoiceField[] => (field === 'titleType' ? ['titleType', 'taxNumber'] : [field]);

export const invoiceMachine = setup({
  types: {
    context: {} as InvoiceContext,
    events: {} as InvoiceEvent,
    input: {} as InvoiceInput,
  },
  actors: {
    loadOrders: fromPromise<OrderSummary[], void>(async () => notProvided('loadOrders')),
    apply: fromPromise<InvoiceDetail, InvoiceRequest>(async () => notProvided('apply')),
  },
  guards: {
    presetFound: ({ context }, { output: orders }: { output: OrderSummary[] }) => find(orders, context.presetOrderId) !== null,
    presetMissing: ({ context }) => context.presetOrderId !== null,
    invoiceable: ({ context, event }) => {
      assertEvent(event, 'CHOOSE');
      return find(context.orders, event.orderId) !== null;
    },
    valid: ({ context }) => checkInvoice(requestOf(context)).length === 0,
  },
  actions: {
    setOrders: assign((_, { output: orders }: { output: OrderSummary[] }) => ({ orders, error: null })),
    choosePreset: assign(({ context }) => ({ order: find(context.orders, context.presetOrderId), presetOrderId: null })),
    presetUnavailable: assign({ presetOrderId: null, error: INVOICE_ORDER_UNAVAILABLE }),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'CHOOSE');
      return { order: find(context.orders, event.orderId), error: null, violations: [] };
    }),
    unavailable: assign({ error: INVOICE_ORDER_UNAVAILABLE }),
    change: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      const stale = touched(event.field);
      return {
        draft: { ...context.draft, [event.field]: event.value },
        violations: context.violations.filter((v) => !stale.includes(v.field)),
        error: null,
      };
    }),
    showViolations: assign(({ context }) => ({ violations: checkInvoice(requestOf(context)), error: null })),
    clearMessages: assign({ violations: [], error: null }),
    setInvoice: assign((_, { output: invoice }: { output: InvoiceDetail }) => ({ invoice, error: null })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({
    presetOrderId: input?.orderId ?? null,
    orders: null,
    order: null,
    draft: EMPTY_INVOICE_DRAFT,
    violations: [],
    invoice: null,
    error: null,
  }),
  initial: 'choosing',
  meta: { description: 'Requesting an invoice for a paid order' },
  states: {
    choosing: {
      meta: { description: 'Choosing the order to invoice' },
      initial: 'loading',
      states: {
        loading: {
          meta: { description: 'Loading the paid orders without an invoice' },
          invoke: {
            id: 'loadOrders',
            src: 'loadOrders',
            onDone: [
              { guard: { type: 'presetFound', params: output }, target: '#invoice.editing', actions: [{ type: 'setOrders', params: output }, 'choosePreset'] },
              { guard: 'presetMissing', target: 'ready', actions: [{ type: 'setOrders', params: output }, 'presetUnavailable'] },
              { target: 'ready', actions: { type: 'setOrders', params: output } },
            ],
            onError: { target: 'failed', actions: { type: 'setFailure', params: failure } },
          },
        },
        failed: {
          meta: { description: 'The orders could not be loaded: retry' },
          on: { RELOAD: 'loading' },
        },
        ready: {
          meta: { description: 'The invoiceable orders; choose one' },
          on: {
            CHOOSE: [{ guard: 'invoiceable', target: '#invoice.editing', actions: 'choose' }, { actions: 'unavailable' }],
            RELOAD: 'loading',
          },
        },
      },
    },
    editing: {
      meta: { description: 'The invoice form of the chosen order; messages beside the fields' },
      on: {
        CHANGE: { actions: 'change' },
        SUBMIT: [{ guard: 'valid', target: 'submitting', actions: 'clearMessages' }, { actions: 'showViolations' }],
        BACK: { target: '#invoice.choosing.ready', actions: 'clearMessages' },
      },
    },
    submitting: {
      meta: { description: 'Sending the invoice request' },
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => requestOf(context),
        onDone: { target: 'done', actions: { type: 'setInvoice', params: output } },
        onError: { target: 'editing', actions: { type: 'setFailure', params: failure } },
      },
    },
    done: {
      type: 'final',
      meta: { description: 'Requested: the app opens invoiceDetail of context.invoice' },
    },
  },
});
