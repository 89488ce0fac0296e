/** A link to an issued invoice's PDF that needs no token header: the chat app's
 * browser may not save a file the page built from a fetched blob, but it opens a link. The
 * visitor's page asks for one with her token (only for her own issued invoice); the link
 * carries the invoice and an expiry signed with the server's secret (HMAC-SHA256), and works
 * for a few minutes on any instance sharing the secret. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { INVOICE_ISSUE_MESSAGES } from '../../src/domain/invoiceIssue.ts';
import type { InvoicePdfLink } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { issuedPdf, type IssuedPdf } from './invoices.ts';

export const PDF_LINK_TTL_MS = 5 * 60_000;

const signature = (secret: Uint8Array, id: number, expires: number) => createHmac('sha256', secret).update(`invoice-pdf:${id}:${expires}`).digest('base64url');

/** The signed link of the caller's own issued invoice (refused like the PDF itself otherwise). */
export async function pdfLink(deps: AppDeps, secret: Uint8Array, userId: number, id: number): Promise<InvoicePdfLink> {
  await issuedPdf(deps, 'i.id = $1 AND i.user_id = $2', [id, userId]);
  const expiresAt = deps.clock().getTime() + PDF_LINK_TTL_MS;
  const query = new URLSearchParams({ id: String(id), expires: String(expiresAt), sig: signature(secret, id, expiresAt) });
  return { url: `/prod-api/ingore/invoice/pdf?${query}`, expiresAt };
}

/** The PDF a link names, while the link is unexpired and its signature the server's. */
export async function pdfByLink(deps: AppDeps, secret: Uint8Array, link: { id: number; expires: number; sig: string }): Promise<IssuedPdf> {
  const expected = Buffer.from(signature(secret, link.id, link.expires));
  const given = Buffer.from(link.sig);
  const genuine = expected.length === given.length && timingSafeEqual(expected, given);
  if (!genuine || link.expires <= deps.clock().getTime()) throw fail(INVOICE_ISSUE_MESSAGES.linkExpired);
  return issuedPdf(deps, 'i.id = $1', [link.id]);
}
