/** Finance issues invoices in the staff console: the invoices by state (requested,
 * issued, flagged: refunded after issue), one opened with every field and its order's money,
 * issued after a confirmation, then shown issued with its number (the view offers the PDF).
 * An invoice whose order has nothing left to invoice is refused before anything is sent
 * (issueRefusal, the server's own rule); a refusal from the server (another clerk was first,
 * a refund came in) stays shown and the invoice is read again.
 *
 * The app provides the actors `loadList` ({ tab }), `loadInvoice` ({ invoiceId }) and
 * `issue` ({ invoiceId }). */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { issueRefusal } from '../src/domain/invoiceIssue.ts';
import type { Text } from '../src/domain/text.ts';
import type { InvoiceSummary, Page, StaffInvoice } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export type InvoiceTab = 'requested' | 'issued' | 'flagged';

export interface StaffInvoicesContext {
  tab: InvoiceTab;
  list: Page<InvoiceSummary> | null;
  invoiceId: number | null;
  invoice: StaffInvoice | null;
  error: Text | null;
}

export type StaffInvoicesEvent =
  | { type: 'TAB'; tab: InvoiceTab }
  | { type: 'OPEN'; invoiceId: number }
  | { type: 'BACK' }
  | { type: 'ISSUE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

const refusalOf = (invoice: StaffInvoice | null): Text | null =>
  invoice ? issueRefusal({ state: invoice.state, amountLeft: invoice.orderAmount - invoice.orderRefunded }) : null;

export const staffInvoicesMachine = setup({
  types: { context: {} as StaffInvoicesContext, events: {} as StaffInvoicesEvent },
  actors: {
    loadList: fromPromise<Page<InvoiceSummary>, { tab: InvoiceTab }>(async () => notProvided('loadList')),
    loadInvoice: fromPromise<StaffInvoice, { invoiceId: number }>(async () => notProvided('loadInvoice')),
    issue: fromPromise<StaffInvoice, { invoiceId: number }>(async () => notProvided('issue')),
  },
  guards: {
    issuable: ({ context }) => refusalOf(context.invoice) === null,
  },
  actions: {
    setTab: assign(({ event }) => {
      assertEvent(event, 'TAB');
      return { tab: event.tab, list: null, error: null };
    }),
    setList: assign((_, { output: list }: { output: Page<InvoiceSummary> }) => ({ list })),
    open: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return { invoiceId: event.invoiceId, invoice: null, error: null };
    }),
    close: assign({ invoiceId: null, invoice: null, error: null }),
    setInvoice: assign((_, { output: invoice }: { output: StaffInvoice }) => ({ invoice })),
    refuseIssue: assign(({ context }) => ({ error: refusalOf(context.invoice) })),
    clearError: assign({ error: null }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'staffInvoices',
  context: { tab: 'requested', list: null, invoiceId: null, invoice: null, error: null },
  initial: 'list',
  meta: { description: 'Finance: invoices by state, one opened, issued after a confirmation' },
  states: {
    list: {
      meta: { description: 'The invoices of a tab, newest first' },
      initial: 'loading',
      states: {
        ...loadingStates(
          {
            src: 'loadList',
            input: ({ context }: { context: StaffInvoicesContext }) => ({ tab: context.tab }),
            onDone: { target: 'ready', actions: { type: 'setList', params: output } },
          },
          { loading: 'Loading the invoices of the tab', failed: 'The invoices could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'Order number, title, amount, requested time of each; tabs; open one' },
          on: {
            TAB: { target: 'loading', actions: 'setTab' },
            OPEN: { target: '#staffInvoices.invoice', actions: 'open' },
          },
        },
      },
    },
    invoice: {
      meta: { description: "One invoice: every field, the order's money, its state" },
      initial: 'loading',
      on: { BACK: { target: '#staffInvoices.list', actions: 'close' } },
      states: {
        ...loadingStates(
          {
            src: 'loadInvoice',
            input: ({ context }: { context: StaffInvoicesContext }) => ({ invoiceId: context.invoiceId! }),
            onDone: { target: 'ready', actions: { type: 'setInvoice', params: output } },
          },
          { loading: 'Loading the invoice', failed: 'The invoice could not be loaded: retry' },
        ),
        ready: {
          meta: { description: 'The invoice; issue it (requested, with money left) or download it (issued)' },
          on: {
            ISSUE: [{ guard: 'issuable', target: 'confirming', actions: 'clearError' }, { actions: 'refuseIssue' }],
          },
        },
        confirming: {
          meta: { description: 'Issue this invoice for this amount? It cannot be changed afterwards' },
          on: { CONFIRM: 'issuing', CANCEL: 'ready' },
        },
        issuing: {
          meta: { description: 'Issuing: the number and the PDF are made on the server' },
          invoke: {
            src: 'issue',
            input: ({ context }) => ({ invoiceId: context.invoiceId! }),
            onDone: { target: 'ready', actions: { type: 'setInvoice', params: output } },
            // Refused (another clerk was first, the order was refunded): read it again, the refusal kept.
            onError: { target: 'reloading', actions: { type: 'setFailure', params: failure } },
          },
        },
        reloading: {
          meta: { description: 'After a refusal: the invoice as it is now, the refusal still shown' },
          invoke: {
            src: 'loadInvoice',
            input: ({ context }) => ({ invoiceId: context.invoiceId! }),
            onDone: { target: 'ready', actions: { type: 'setInvoice', params: output } },
            onError: { target: 'ready' },
          },
        },
      },
    },
  },
});
