/** An issued invoice's PDF, rendered in the worker pool from the facts the issue committed
 * (`invoices.document`: its lines and seller) and its issue time, then kept: the first one stored
 * is the invoice's file for good (a second rendering, at once on another instance, is dropped). */
import type { InvoiceDocument } from '../../src/domain/invoiceIssue.ts';
import type { AppDeps } from '../context.ts';

interface IssuedFacts {
  document: { document: InvoiceDocument; seller: string } | null;
  issued_at: Date;
  pdf: Buffer | Uint8Array | null;
}

/** The invoice's PDF, rendered and stored now unless it is already. */
export async function storeInvoicePdf(deps: Pick<AppDeps, 'db' | 'work'>, id: number): Promise<Uint8Array> {
  const [facts] = await deps.db.query<IssuedFacts>(`SELECT document, issued_at, pdf FROM invoices WHERE id = $1 AND state = 'issued'`, [id]);
  if (!facts) throw new Error(`invoice ${id} is not issued`);
  if (facts.pdf) return facts.pdf;
  if (!facts.document) throw new Error(`invoice ${id} has neither a PDF nor its document`);
  const { document, seller } = facts.document;
  const pdf = await deps.work.run({ kind: 'invoicePdf', document, seller, issuedAt: new Date(facts.issued_at) });
  const [kept] = await deps.db.query<{ pdf: Buffer | Uint8Array }>(`UPDATE invoices SET pdf = COALESCE(pdf, $2) WHERE id = $1 RETURNING pdf`, [
    id,
    Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
  ]);
  return kept.pdf;
}
