/** Issued invoices: finance lists requested, issued and flagged invoices, reads one,
 * issues it and downloads its PDF (`invoice` ability: finance, and admins); a visitor downloads
 * her own issued invoice's PDF with her token, or through a signed link the page opens. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { idParam, invoicePdfLinkQuery, staffInvoicesQuery } from '../../src/domain/contracts.ts';
import * as answers from '../../src/domain/answers.ts';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';
import { issueInvoice, staffInvoice, staffInvoicePdf, staffInvoices } from '../services/invoiceIssue.ts';
import { invoicePdf, type IssuedPdf } from '../services/invoices.ts';
import { pdfByLink, pdfLink } from '../services/invoiceLink.ts';
import { account, answer } from './kit.ts';

const finance = { config: { auth: 'staff' as const, staffAbility: 'invoice' as const } };
const individual = { config: { auth: 'individual' as const } };

/** The PDF as a file: its number names it; never cached by a shared cache. */
const sendPdf = (reply: FastifyReply, pdf: IssuedPdf) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="invoice-${pdf.invoiceNumber}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf.bytes);

export const invoiceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/staff/invoices', { ...finance, schema: { querystring: staffInvoicesQuery, response: answer(answers.staffInvoicePage) } }, async (req) =>
    ok(req, await staffInvoices(deps, req.query)),
  );
  app.get('/staff/invoices/:id', { ...finance, schema: { params: idParam, response: answer(answers.staffInvoice) } }, async (req) =>
    ok(req, await staffInvoice(deps, req.params.id)),
  );
  app.post('/staff/invoices/:id/issue', { ...finance, schema: { params: idParam, response: answer(answers.staffInvoice) } }, async (req) =>
    ok(req, await issueInvoice(deps, account(req).userId, req.params.id, (cause) => req.log.warn({ cause }, 'invoice PDF deferred'))),
  );
  app.get('/staff/invoices/:id/pdf', { ...finance, schema: { params: idParam } }, async (req, reply) =>
    sendPdf(reply, await staffInvoicePdf(deps, req.params.id)),
  );

  app.get('/invoice/:id/pdf', { ...individual, schema: { params: idParam } }, async (req, reply) =>
    sendPdf(reply, await invoicePdf(deps, account(req).userId, req.params.id)),
  );
  app.get('/invoice/:id/pdfLink', { ...individual, schema: { params: idParam, response: answer(answers.invoicePdfLink) } }, async (req) =>
    ok(req, await pdfLink(deps, app.tokenSecret, account(req).userId, req.params.id)),
  );
  app.get('/ingore/invoice/pdf', { schema: { querystring: invoicePdfLinkQuery } }, async (req, reply) =>
    sendPdf(reply, await pdfByLink(deps, app.tokenSecret, req.query)),
  );
};
