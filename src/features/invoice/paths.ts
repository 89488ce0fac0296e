/** Where the invoice screens live (SPEC §2 invoice group), and the configured text they show. */
export const INVOICE_BASE = '/individualCustomers/invoice';

export const invoiceDetailPath = (invoiceId: number) => `${INVOICE_BASE}/invoiceDetail?id=${invoiceId}`;
export const editInvoicePath = (orderId: number) => `${INVOICE_BASE}/editInvoiceInfo?orderId=${orderId}`;

/** Name of the configured text (BaseSettings.texts) shown on invoice/index, when configured. */
export const INVOICE_NOTE_TEXT = 'invoice_tips';
