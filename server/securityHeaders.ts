/** The security headers of every answer (helmet's, with our content security policy). They are
 * the same for every request, so helmet runs once, at start, on a stand-in answer, and the app
 * copies the result onto each answer: helmet's own middlewares set them one by one on every
 * request, 7% of the server's time in a release-hour rush (and @fastify/helmet made helmet
 * again each time). */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { ServerConfig } from './config.ts';

/** What the pages may load (the app's own bundle, data-URL images of QR codes and the captcha,
 * react-vant's inline styles) and where they may go; no framing by other sites. */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
};

/** The CSP hashes of the page's own inline scripts (index.html's boot script): those run, no
 * other inline script does. A JSON block is data, not a script, and needs none. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attrs = '']) => !/\ssrc=/.test(attrs) && !/type="application\/json"/.test(attrs))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/** The headers, by lower-case name, for the page's inline scripts (their hashes) in this mode. */
export function securityHeaders(pageScripts: readonly string[], mode: ServerConfig['mode']): Record<string, string> {
  const headers: Record<string, string> = {};
  const answer = { setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => undefined };
  let failure: unknown = null;
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP, scriptSrc: [...CSP.scriptSrc, ...pageScripts] } },
    // The chat app opens pages of other origins (payment, OAuth) in the same window.
    crossOriginOpenerPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HTTPS is terminated in front of us; the header only matters where it is.
    strictTransportSecurity: mode === 'production' ? { maxAge: 15_552_000 } : false,
  });
  middleware({} as IncomingMessage, answer as unknown as ServerResponse, (error?: unknown) => void (failure = error ?? null));
  if (failure) throw failure;
  return headers;
}
