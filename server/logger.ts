/** The server's log (pino, through Fastify): JSON lines on stdout (docs/operations.md §7). At
 * `warn`, the default, every error and every "busy" answer with its cause; at `info` (LOG=1),
 * each request too. Nothing personal is written: a mobile or certificate number in a URL is
 * masked, the token and cookies never appear, and a database error's `detail`, which quotes the
 * row's values, is left out. */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
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

/** The log of what happens outside a request (a job's failed round, a payment or refund the
 * platform did not take, a lost database connection, a vendor's token): the same JSON lines as a
 * request's, at the level `LOG` sets (server/main.ts sets it). The start-up banner alone is plain
 * text, for the person starting the server. */
export const processLog = pino({ level: 'warn' });

/** A line of the process log at the error level: what the jobs and services write when no log is given. */
export const logError = (msg: string) => processLog.error(msg);
