/** The invoice request machine with the app's calls as its actors (chooseOrder and
 * editInvoiceInfo each run one). */
import { fromPromise } from 'xstate';
import { invoiceMachine } from '../../../machines/invoice.machine.ts';
import { applyInvoice, getInvoiceableOrders } from '../../api/orderCalls.ts';

export const invoiceFlow = invoiceMachine.provide({
  actors: {
    loadOrders: fromPromise(() => getInvoiceableOrders()),
    apply: fromPromise(({ input }) => applyInvoice(input)),
  },
});
