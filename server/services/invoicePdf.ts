/** The issued invoice as a PDF: the template's lines (src/domain/invoiceIssue.ts)
 * set with pdfkit in Noto Sans Hans, so Chinese titles, addresses and banks render; the font
 * is embedded (subset) so any reader shows the same document. Rendered once, at issue time,
 * and kept in the database. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pdfDocument } from '../lazy.ts';
import type { InvoiceDocument } from '../../src/domain/invoiceIssue.ts';

const require = createRequire(import.meta.url);

/** The font file inside @embedpdf/fonts-sc. Its package.json is not among the package's
 * exports, so the path is found from its entry point (dist/) rather than written out. */
function fontPath(): string {
  return path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', 'NotoSansHans-Regular.otf');
}

let font: Buffer | null = null;
/** 8 MB read once per process, when the first invoice is issued (not at start-up). */
const cjkFont = () => (font ??= readFileSync(fontPath()));

const INK = '#1f2329';
const MUTED = '#646a73';
const LINE = '#c9cdd4';

/** The PDF of a document: one A5 page, the heading, then each line as label and value.
 * `issuedAt` is the document's creation date, so the file says when it was issued. */
export function renderInvoicePdf(doc: InvoiceDocument, seller: string, issuedAt: Date, options: { compress?: boolean } = {}): Promise<Buffer> {
  const PDFDocument = pdfDocument();
  const pdf = new PDFDocument({
    size: 'A5',
    margin: 36,
    compress: options.compress ?? true,
    info: { Title: doc.documentTitle, Author: seller, Subject: doc.heading, Creator: seller, CreationDate: issuedAt },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('cjk', cjkFont());
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const labelWidth = 150;
  // No ligatures: 'fi' in an e-mail stays two letters when the text is copied or searched.
  const plain = { features: { liga: false } } as unknown as PDFKit.Mixins.TextOptions;

  pdf
    .font('cjk')
    .fillColor(INK)
    .fontSize(18)
    .text(doc.heading, left, pdf.y, { ...plain, width, align: 'center' });
  pdf
    .moveDown(0.3)
    .fontSize(9)
    .fillColor(MUTED)
    .text(seller, { ...plain, width, align: 'center' });
  pdf.moveDown(0.8);
  for (const line of doc.lines) {
    const y = pdf.y;
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    pdf
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(line.label, left, y + 6, { ...plain, width: labelWidth - 8 });
    const afterLabel = pdf.y;
    pdf
      .fontSize(10)
      .fillColor(INK)
      .text(line.value, left + labelWidth, y + 5, { ...plain, width: width - labelWidth });
    pdf.y = Math.max(afterLabel, pdf.y) + 5;
    pdf.x = left;
  }
  pdf
    .moveTo(left, pdf.y)
    .lineTo(left + width, pdf.y)
    .lineWidth(0.5)
    .strokeColor(LINE)
    .stroke();
  pdf.end();
  return done;
}
