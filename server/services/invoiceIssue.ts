/** The finance side of invoices: requested, issued and flagged invoices listed,
 * one read in full, and one issued: exactly once (a conditional update from 'requested', under
 * the order's lock so a refund cannot slip between the amount read and the invoice written),
 * for the order's paid amount minus its refunds at that moment, with a number and the
 * document's facts, audited, in one transaction; its PDF rendered after it commits, in the
 * worker pool, and kept in the database (invoicePdfStore.ts). */
import type { z } from 'zod';
import type { staffInvoicesQuery } from '../../src/domain/contracts.ts';
import { invoiceDocument, invoiceNumberOf, issueRefusal, INVOICE_ISSUE_MESSAGES } from '../../src/domain/invoiceIssue.ts';
import type { Text } from '../../src/domain/text.ts';
import type { InvoiceSummary, OrderStatus, Page, StaffInvoice } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { museumDate } from '../time.ts';
import { audit } from './audit.ts';
import { detailOf, INVOICE_SELECT, INVOICE_TEXTS, issuedPdf, summaryOf, type InvoiceRow, type IssuedPdf } from './invoices.ts';
import { storeInvoicePdf } from './invoicePdfStore.ts';

type StaffInvoiceRow = InvoiceRow & { order_status: OrderStatus; order_amount: number; order_refunded: number; issued_by_name: string | null };

const STAFF_SELECT = `SELECT x.*, o.status AS order_status, o.amount AS order_amount, o.refunded_amount AS order_refunded, s.username AS issued_by_name
  FROM (${INVOICE_SELECT}) x JOIN orders o ON o.id = x.order_id LEFT JOIN staff_users s ON s.id = x.issued_by`;

const FILTERS = {
  requested: `i.state = 'requested'`,
  issued: `i.state = 'issued'`,
  flagged: `i.state = 'issued' AND i.refunded_after_issue_at IS NOT NULL`,
} as const;

/** Newest first: requested ones by when they were asked for, issued ones by when issued,
 * flagged ones by their last refund. */
const ORDERS = {
  requested: 'i.created_at DESC, i.id DESC',
  issued: 'i.issued_at DESC, i.id DESC',
  flagged: 'i.refunded_after_issue_at DESC, i.id DESC',
} as const;

export async function staffInvoices(deps: AppDeps, query: z.output<typeof staffInvoicesQuery>): Promise<Page<InvoiceSummary>> {
  const { state, pageNum, pageSize } = query;
  const rows = await deps.db.query<InvoiceRow>(`${INVOICE_SELECT} WHERE ${FILTERS[state]} ORDER BY ${ORDERS[state]} LIMIT $1 OFFSET $2`, [
    pageSize,
    (pageNum - 1) * pageSize,
  ]);
  const [{ n }] = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices i WHERE ${FILTERS[state]}`);
  return { rows: rows.map(summaryOf), total: n };
}

export async function staffInvoice(deps: AppDeps, id: number): Promise<StaffInvoice> {
  const [r] = await deps.db.query<StaffInvoiceRow>(`${STAFF_SELECT} WHERE x.id = $1`, [id]);
  if (!r) throw fail(INVOICE_TEXTS.notFound);
  return { ...detailOf(r), orderStatus: r.order_status, orderAmount: r.order_amount, orderRefunded: r.order_refunded, issuedBy: r.issued_by_name };
}

/** Issues a requested invoice: the amount the order has left now, its number, then its PDF.
 * A PDF that could not be rendered now (the pool busy, a fault: `log` says why) does not undo the
 * issue: the invoice is issued with its number, and its PDF is rendered from the same facts at
 * its first download. */
export async function issueInvoice(deps: AppDeps, staffId: number, id: number, log: (cause: string) => void = () => undefined): Promise<StaffInvoice> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    const [found] = await q.query<{ order_id: number }>('SELECT order_id FROM invoices WHERE id = $1', [id]);
    if (!found) throw fail(INVOICE_TEXTS.notFound);
    // The order first, as a refund locks it (then flags the invoice): one lock order, no deadlock.
    const [order] = await lockRows(q, 'orders', { id: found.order_id }, ['amount', 'refunded_amount']);
    // Not lockRows: the invoice is read with its order's columns (a join).
    const [r] = await q.query<InvoiceRow>(`${INVOICE_SELECT} WHERE i.id = $1 FOR UPDATE OF i`, [id]);
    const amount = order.amount - order.refunded_amount;
    const refused = issueRefusal({ state: r.state, amountLeft: amount });
    if (refused) throw fail(refused);
    const issueDate = museumDate(now);
    const invoiceNumber = invoiceNumberOf(id, issueDate);
    const seller = await museumName(q);
    const document = invoiceDocument({
      invoiceNumber,
      orderNumber: r.order_number,
      issueDate,
      seller,
      titleType: r.title_type,
      title: r.title,
      taxNumber: r.tax_number,
      addressPhone: r.address_phone,
      bankAccount: r.bank_account,
      amount,
      content: r.content,
      email: r.email,
    });
    const issued = await q.query(
      `UPDATE invoices SET state = 'issued', amount = $2, invoice_number = $3, document = $4, issued_at = $5, issued_by = $6 WHERE id = $1 AND state = 'requested' RETURNING id`,
      [id, amount, invoiceNumber, JSON.stringify({ document, seller: seller.zh }), now, staffId],
    );
    // Under the locks above this cannot miss; the condition is the guarantee if it ever could.
    if (issued.length === 0) throw fail(INVOICE_ISSUE_MESSAGES.issued);
    await audit(q, staffId, 'issueInvoice', `invoice:${id}`, { invoiceNumber, orderNumber: r.order_number, amount }, now);
  });
  await storeInvoicePdf(deps, id).catch((error: unknown) =>
    log(`invoice ${id}: PDF not rendered at issue (${(error as Error).message}); rendered at its first download`),
  );
  return staffInvoice(deps, id);
}

/** The seller: the museum's name in both languages (the text `museum_name`, migration 016). */
async function museumName(q: Queryable): Promise<Text> {
  const [row] = await q.query<Text>(`SELECT zh, en FROM texts WHERE name = 'museum_name'`);
  return row ?? { zh: '科技馆', en: 'Science and Technology Museum' };
}

/** Any issued invoice's PDF, for finance. */
export function staffInvoicePdf(deps: AppDeps, id: number): Promise<IssuedPdf> {
  return issuedPdf(deps, 'i.id = $1', [id]);
}
