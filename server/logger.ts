/** The server's log (pino, through Fastify): JSON lines on stdout (docs/operations.md §7). At
 * `warn`, the default, every error and every "busy" answer with its cause; at `info` (LOG=1),
 * each request too. Nothing personal is written: a mobile or certificate number in a URL is
 * masked, the token and cookies never appear, and a database error's `detail`, which quotes the
 * row's values, is left out. */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config.ts';

/** Eleven digits or more (a mobile, a certificate number, a card), with a certificate's final X. */
const LONG_NUMBER = /\d{11,}[Xx]?/g;

export const maskNumbers = (text: string) => text.replace(LONG_NUMBER, (n) => `${n.slice(0, 3)}***${n.slice(-2)}`);

export function loggerOf(level: LogLevel, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (level === 'silent') return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: ['err.detail', 'err.parameters', 'req.headers'], remove: true },
    serializers: {
      req: (req: FastifyRequest) => ({ id: req.id, method: req.method, url: maskNumbers(req.url), remoteAddress: req.ip }),
    },
  };
}
