/** Packages the first answer does not need, loaded at their first use instead of at start-up
 * (together about 0.4 s of a fresh start on a small machine): sharp (images: the slider check,
 * uploads, faces), pdfkit (invoices) and sanitize-html (the configured texts). main.ts loads the
 * first and the last once the server listens (`warmLazy`), so a visitor's first request does not
 * wait for them either. All three are CommonJS, so a synchronous require keeps their callers as
 * they were. */
import { createRequire } from 'node:module';
import type Sharp from 'sharp';
import type PdfKit from 'pdfkit';
import type SanitizeHtml from 'sanitize-html';

const require = createRequire(import.meta.url);

function lazy<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}

const loadSharp = lazy<typeof Sharp>('sharp');
const loadSanitizeHtml = lazy<typeof SanitizeHtml>('sanitize-html');

/** sharp itself, loaded by its first call. */
export const sharp = ((...args: unknown[]) => (loadSharp() as unknown as (...a: unknown[]) => unknown)(...args)) as unknown as typeof Sharp;
/** sanitize-html itself, loaded by its first call. */
export const sanitizeHtml = ((...args: unknown[]) =>
  (loadSanitizeHtml() as unknown as (...a: unknown[]) => unknown)(...args)) as unknown as typeof SanitizeHtml;
/** pdfkit's PDFDocument class. */
export const pdfDocument = lazy<typeof PdfKit>('pdfkit');

/** Loads sharp and sanitize-html now (after listen). */
export function warmLazy(): void {
  loadSharp();
  loadSanitizeHtml();
}
