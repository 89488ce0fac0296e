/** Issuing an invoice: when finance may issue one, its number, and the lines of the
 * issued document (the PDF's template: docs/product.md §3 Invoice fields plus the number, the order, the
 * issue date and the seller). Pure: the server renders these lines (server/services/invoicePdf.ts)
 * and the console's machine asks the same refusal before it sends anything. */
import { INVOICE_LABELS, INVOICE_TITLE_TYPES } from './invoice.ts';
import type { Text } from './text.ts';
import type { InvoiceState, InvoiceTitleType } from './types.ts';

export const INVOICE_ISSUE_MESSAGES = {
  issued: { zh: '该发票已开具，不能重复开具', en: 'This invoice has already been issued' },
  refunded: { zh: '该订单已全额退款，无可开票金额，不能开具', en: 'The order has been refunded in full: there is nothing left to invoice' },
  notIssued: { zh: '发票尚未开具，暂无可下载的文件', en: 'The invoice has not been issued yet: there is no file to download' },
  linkExpired: { zh: '下载链接已失效，请返回发票详情重新下载', en: 'The download link has expired: download again from the invoice' },
} as const satisfies Record<string, Text>;

/** Why an invoice cannot be issued now, or null. `amountLeft`: fen the order has paid and not
 * had back, as the server reads it at issue time (the issued amount). */
export function issueRefusal(invoice: { state: InvoiceState; amountLeft: number }): Text | null {
  if (invoice.state !== 'requested') return INVOICE_ISSUE_MESSAGES.issued;
  if (invoice.amountLeft <= 0) return INVOICE_ISSUE_MESSAGES.refunded;
  return null;
}

/** The museum's invoice number: 'FP', the issue date, and the invoice's id (unique as the id is;
 * the date makes a number readable over the phone). */
export function invoiceNumberOf(invoiceId: number, issueDate: string): string {
  return `FP${issueDate.replaceAll('-', '')}${String(invoiceId).padStart(6, '0')}`;
}

/** Yuan with two decimals, as an invoice writes money: 3000 -> '¥30.00'. */
export function invoiceYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟', '万', '拾', '佰', '仟', '亿', '拾', '佰', '仟'];

/** The amount in capital numerals, as Chinese invoices write it beside the figures
 * (价税合计（大写）): 3000 -> '叁拾元整', 10050 -> '壹佰元伍角', 100001 -> '壹仟元零壹分',
 * 10000100000 -> '壹亿零壹仟元整'. */
export function yuanInCapitals(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0 || fen >= 1e14) throw new RangeError(`not an amount: ${fen}`);
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cent = fen % 10;
  const digits = String(yuan);
  let integer = '';
  for (let k = 0; k < digits.length; k++) {
    const i = digits.length - 1 - k;
    const d = Number(digits[k]);
    // A zero says 零 (runs of them once), except where 万 or 亿 closes its group.
    integer += d !== 0 ? DIGITS[d] + UNITS[i] : i % 4 === 0 ? UNITS[i] : '零';
  }
  // An empty ten-thousands group still says its zero: 100,001,000 is 壹亿零壹仟, not 壹亿壹仟.
  integer = integer
    .replace(/零+/g, '零')
    .replace(/零(万|亿)/g, '$1')
    .replace(/亿万/, '亿零')
    .replace(/零+/g, '零')
    .replace(/零$/, '');
  if (jiao === 0 && cent === 0) return `${integer || '零'}元整`;
  const cents = `${jiao !== 0 ? DIGITS[jiao] + '角' : yuan > 0 ? '零' : ''}${cent !== 0 ? DIGITS[cent] + '分' : ''}`;
  return yuan > 0 ? `${integer}元${cents}` : cents;
}

/** What the issued document says: the invoice's fields as finance issues them. */
export interface InvoiceDocumentFacts {
  invoiceNumber: string;
  orderNumber: string;
  /** 'YYYY-MM-DD', museum time */
  issueDate: string;
  /** The museum's name (the configured text `museum_name`). */
  seller: Text;
  titleType: InvoiceTitleType;
  title: string;
  taxNumber: string | null;
  addressPhone: string | null;
  bankAccount: string | null;
  /** fen */
  amount: number;
  content: string;
  email: string;
}

export interface InvoiceDocumentLine {
  /** Chinese, then English: the document serves both. */
  label: string;
  value: string;
}

export interface InvoiceDocument {
  heading: string;
  /** The PDF's metadata title (and the file's name without '.pdf'). */
  documentTitle: string;
  lines: InvoiceDocumentLine[];
}

const both = (text: Text) => `${text.zh} ${text.en}`;
const EMPTY = '—';

export const INVOICE_DOCUMENT_LABELS = {
  heading: { zh: '电子发票', en: 'Invoice' },
  invoiceNumber: { zh: '发票号码', en: 'Invoice number' },
  issueDate: { zh: '开票日期', en: 'Issue date' },
  seller: { zh: '销售方', en: 'Seller' },
  orderNumber: { zh: '订单号', en: 'Order number' },
  amount: { zh: '金额', en: 'Amount' },
  amountInCapitals: { zh: '金额（大写）', en: 'Amount in words' },
  personal: { zh: '个人', en: 'Personal' },
  company: { zh: '单位', en: 'Company' },
} as const satisfies Record<string, Text>;

/** The document's lines in the order an invoice reads: who issues it and when, to whom, what
 * for and how much. A personal title has no tax number line; an empty optional field is '—'. */
export function invoiceDocument(f: InvoiceDocumentFacts): InvoiceDocument {
  const L = INVOICE_DOCUMENT_LABELS;
  const company = f.titleType === INVOICE_TITLE_TYPES.company;
  const lines: InvoiceDocumentLine[] = [
    { label: both(L.invoiceNumber), value: f.invoiceNumber },
    { label: both(L.issueDate), value: f.issueDate },
    { label: both(L.seller), value: f.seller.zh === f.seller.en ? f.seller.zh : `${f.seller.zh} ${f.seller.en}` },
    { label: both(L.orderNumber), value: f.orderNumber },
    { label: both(INVOICE_LABELS.titleType), value: both(company ? L.company : L.personal) },
    { label: both(INVOICE_LABELS.title), value: f.title },
    ...(company ? [{ label: both(INVOICE_LABELS.taxNumber), value: f.taxNumber ?? EMPTY }] : []),
    { label: both(INVOICE_LABELS.addressPhone), value: f.addressPhone ?? EMPTY },
    { label: both(INVOICE_LABELS.bankAccount), value: f.bankAccount ?? EMPTY },
    { label: both(INVOICE_LABELS.content), value: f.content },
    { label: both(L.amount), value: invoiceYuan(f.amount) },
    { label: both(L.amountInCapitals), value: yuanInCapitals(f.amount) },
    { label: both(INVOICE_LABELS.email), value: f.email },
  ];
  return { heading: both(L.heading), documentTitle: `${L.heading.zh} ${f.invoiceNumber}`, lines };
}
