/** Invoices for paid orders (docs/product.md §3 Invoice). Paths are ours (SPEC shows none). The amount
 * is the order's paid amount minus its refunds, never the client's: a requested invoice's
 * follows the order's refunds until finance issues it (services/invoiceIssue.ts), then it is
 * fixed, and a later refund flags it. States: 'requested' (on apply), 'issued'. One invoice
 * per order. */
import type { z } from 'zod';
import { invoiceApplyBody, pageQuery } from '../../src/domain/contracts.ts';
import { checkInvoice } from '../../src/domain/invoice.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { INVOICE_ISSUE_MESSAGES } from '../../src/domain/invoiceIssue.ts';
import { fail } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { InvoiceDetail, InvoiceSummary, InvoiceTitleType, OrderSummary, Page } from '../../src/domain/types.ts';
import { museumDateTime } from '../time.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { ORDER_SELECT, summary, type OrderRow } from './orderQueries.ts';
import { storeInvoicePdf } from './invoicePdfStore.ts';

export const INVOICE_TEXTS = {
  title: { zh: '发票抬头', en: 'Invoice title' },
  taxNumber: { zh: '税号', en: 'Tax number' },
  email: { zh: '电子邮箱', en: 'E-mail' },
  notPaid: { zh: '只有已支付的订单可以开具发票', en: 'Only paid orders can be invoiced' },
  nothing: { zh: '该订单没有可开票金额', en: 'This order has no amount to invoice' },
  exists: { zh: '该订单已申请过发票', en: 'An invoice has already been requested for this order' },
  notFound: { zh: '发票不存在', en: 'The invoice does not exist' },
  defaultContent: { zh: '门票', en: 'Admission tickets' },
} satisfies Record<string, Text>;

const PAID = ['completed', 'partlyRefunded', 'changed'];

export interface InvoiceRow {
  id: number;
  order_id: number;
  order_number: string;
  title_type: InvoiceTitleType;
  title: string;
  tax_number: string | null;
  address_phone: string | null;
  bank_account: string | null;
  amount: number;
  content: string;
  email: string;
  state: 'requested' | 'issued';
  created_at: Date;
  issued_at: Date | null;
  invoice_number: string | null;
  refunded_after_issue: number;
  refunded_after_issue_at: Date | null;
  /** The order's paid amount minus its refunds now: a requested invoice's amount. */
  amount_left: number;
}

/** Every column but the PDF's bytes (read only to serve them). */
export const INVOICE_SELECT = `SELECT i.id, i.user_id, i.order_id, i.title_type, i.title, i.tax_number, i.address_phone, i.bank_account, i.amount, i.content,
    i.email, i.state, i.created_at, i.issued_at, i.invoice_number, i.refunded_after_issue, i.refunded_after_issue_at, i.issued_by,
    o.order_number, o.amount - o.refunded_amount AS amount_left
  FROM invoices i JOIN orders o ON o.id = i.order_id`;

export const summaryOf = (r: InvoiceRow): InvoiceSummary => ({
  invoiceId: r.id,
  orderId: r.order_id,
  orderNumber: r.order_number,
  titleType: r.title_type,
  title: r.title,
  amount: r.state === 'issued' ? r.amount : Math.max(0, r.amount_left),
  state: r.state,
  createTime: museumDateTime(r.created_at),
  invoiceNumber: r.invoice_number,
  flagged: r.refunded_after_issue_at !== null,
});

export const detailOf = (r: InvoiceRow): InvoiceDetail => ({
  ...summaryOf(r),
  taxNumber: r.tax_number,
  addressPhone: r.address_phone,
  bankAccount: r.bank_account,
  content: r.content,
  email: r.email,
  issueTime: r.issued_at ? museumDateTime(r.issued_at) : null,
  refundedAfterIssue: r.refunded_after_issue,
  refundedAfterIssueTime: r.refunded_after_issue_at ? museumDateTime(r.refunded_after_issue_at) : null,
});

const blank = (v: string | null | undefined) => {
  const t = v?.trim() ?? '';
  return t === '' ? null : t;
};

export async function applyInvoice(deps: AppDeps, userId: number, body: z.output<typeof invoiceApplyBody>, lang: Lang): Promise<InvoiceDetail> {
  const input = body;
  // The same rules the form applies (src/domain/invoice.ts): refuse with the first.
  const [violation] = checkInvoice(input);
  if (violation) throw fail(violation.message);
  const title = input.title.trim();
  const taxNumber = input.titleType === 2 ? (blank(input.taxNumber)?.toUpperCase() ?? null) : null;
  const now = deps.clock();
  const id = await deps.db.tx(async (q) => {
    const [o] = await lockRows(q, 'orders', { id: input.orderId, user_id: userId }, ['id', 'status', 'amount', 'refunded_amount', 'pay_time']);
    if (!o) throw fail(ORDER_TEXTS.orderNotFound);
    if (!PAID.includes(o.status) || !o.pay_time) throw fail(INVOICE_TEXTS.notPaid);
    const amount = o.amount - o.refunded_amount;
    if (amount <= 0) throw fail(INVOICE_TEXTS.nothing);
    const exists = await q.query('SELECT 1 FROM invoices WHERE order_id = $1', [o.id]);
    if (exists.length > 0) throw fail(INVOICE_TEXTS.exists);
    const [row] = await q.query<{ id: number }>(
      `INSERT INTO invoices (user_id, order_id, title_type, title, tax_number, address_phone, bank_account, amount, content, email, created_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING id`,
      [
        userId,
        o.id,
        input.titleType,
        title,
        taxNumber,
        blank(input.addressPhone),
        blank(input.bankAccount),
        amount,
        blank(input.content) ?? INVOICE_TEXTS.defaultContent[lang],
        input.email.trim(),
        now,
      ],
    );
    return row.id;
  });
  return getInvoice(deps, userId, id);
}

export async function listInvoices(deps: AppDeps, userId: number, query: z.output<typeof pageQuery>): Promise<Page<InvoiceSummary>> {
  const { pageNum, pageSize } = query;
  const rows = await deps.db.query<InvoiceRow>(`${INVOICE_SELECT} WHERE i.user_id = $1 ORDER BY i.created_at DESC, i.id DESC LIMIT $2 OFFSET $3`, [
    userId,
    pageSize,
    (pageNum - 1) * pageSize,
  ]);
  const [{ n }] = await deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE user_id = $1', [userId]);
  return { rows: rows.map(summaryOf), total: n };
}

export async function getInvoice(deps: AppDeps, userId: number, id: number): Promise<InvoiceDetail> {
  const [r] = await deps.db.query<InvoiceRow>(`${INVOICE_SELECT} WHERE i.id = $1 AND i.user_id = $2`, [id, userId]);
  if (!r) throw fail(INVOICE_TEXTS.notFound);
  return detailOf(r);
}

/** Paid orders with an amount left and no invoice yet. */
export async function invoiceableOrders(deps: AppDeps, userId: number, lang: Lang): Promise<OrderSummary[]> {
  const rows = await deps.db.query<OrderRow>(
    `${ORDER_SELECT} WHERE o.user_id = $1 AND o.status = ANY($2::text[]) AND o.pay_time IS NOT NULL AND o.amount - o.refunded_amount > 0
       AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
     ORDER BY o.created_at DESC, o.id DESC LIMIT 100`,
    [userId, PAID],
  );
  return rows.map((o) => ({ ...summary(o, lang), amount: o.amount - (o as OrderRow & { refunded_amount: number }).refunded_amount }));
}

/** An order was refunded (any way: a visitor's or a group's refund, a waiting-list return):
 * its issued invoice no longer matches it, so it is flagged with the money refunded since,
 * for finance to void or reissue by hand. Called in the refund's own transaction; a requested
 * invoice needs nothing (its amount is read from the order when it is issued). */
export async function flagIssuedInvoice(q: Queryable, orderId: number, refunded: number, at: Date): Promise<void> {
  if (refunded <= 0) return;
  await q.query(`UPDATE invoices SET refunded_after_issue = refunded_after_issue + $2, refunded_after_issue_at = $3 WHERE order_id = $1 AND state = 'issued'`, [
    orderId,
    refunded,
    at,
  ]);
}

/** The issued PDF of a visitor's own invoice, as issued. */
export async function invoicePdf(deps: AppDeps, userId: number, id: number): Promise<IssuedPdf> {
  return issuedPdf(deps, 'i.id = $1 AND i.user_id = $2', [id, userId]);
}

export interface IssuedPdf {
  invoiceNumber: string;
  bytes: Buffer;
}

/** The PDF of an invoice the `where` finds (over `invoices i`), or the refusal: none, or not
 * issued. An issued invoice whose PDF was not rendered at issue is rendered now, from the facts
 * it was issued with, and kept (a busy pool answers "busy, try again"; the number stands). */
export async function issuedPdf(deps: Pick<AppDeps, 'db' | 'work'>, where: string, params: unknown[]): Promise<IssuedPdf> {
  const [r] = await deps.db.query<{ id: number; state: string; invoice_number: string | null; pdf: Buffer | Uint8Array | null }>(
    `SELECT i.id, i.state, i.invoice_number, i.pdf FROM invoices i WHERE ${where}`,
    params,
  );
  if (!r) throw fail(INVOICE_TEXTS.notFound);
  if (r.state !== 'issued' || !r.invoice_number) throw fail(INVOICE_ISSUE_MESSAGES.notIssued);
  const pdf = r.pdf ?? (await storeInvoicePdf(deps, r.id));
  return { invoiceNumber: r.invoice_number, bytes: Buffer.from(pdf) };
}
