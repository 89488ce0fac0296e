/** An invoice's fields as rows of label and value, for the visitor's invoice and finance's: the
 * title part of docs/product.md §3 Invoice (the tax number only on a company title), read the same way on
 * both screens; each screen places the order's and the rows around it. */
import type { TFunction } from 'i18next';
import { INVOICE_TITLE_TYPES } from '../domain/invoice.ts';
import type { InvoiceDetail } from '../domain/types.ts';

export interface InvoiceRow {
  label: string;
  value: string | null;
  /** Codes and numbers, set in the monospaced face. */
  mono?: boolean;
}

export function invoiceTitleRows(invoice: InvoiceDetail, t: TFunction): InvoiceRow[] {
  const company = invoice.titleType === INVOICE_TITLE_TYPES.company;
  return [
    { label: t('invoice.titleType'), value: company ? t('invoice.company') : t('invoice.personal') },
    { label: t('invoice.invoiceTitle'), value: invoice.title },
    ...(company ? [{ label: t('invoice.taxNumber'), value: invoice.taxNumber, mono: true }] : []),
    { label: t('invoice.addressPhone'), value: invoice.addressPhone },
    { label: t('invoice.bankAccount'), value: invoice.bankAccount },
    { label: t('invoice.content'), value: invoice.content },
    { label: t('invoice.email'), value: invoice.email },
  ];
}
