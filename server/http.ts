/** The `{ code, msg, data }` envelope and business errors. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langFromHeader, type Lang, type Text } from '../src/domain/text.ts';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A refused request: travels as HTTP 200 with `code` and the message in the request's language.
 * A refusal is an answer, not a fault: it carries no stack (capturing one was 8% of the server's
 * time while it refused a sold-out session's rush). */
export class BizError extends Error {
  readonly code: number;
  readonly text: Text;
  readonly data: unknown;
  /** The refusal's stable name where its words do not give it (a broken rule's, a bad input's):
   * the operator's metrics count refused orders by it (server/metrics/refusals.ts). */
  reason: string | null = null;

  constructor(code: number, text: Text, data: unknown = null) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(text.en);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.text = text;
    this.data = data;
  }
}

export const fail = (text: Text, code = 500, data: unknown = null) => new BizError(code, text, data);

/** The refusal of a broken rule (src/domain's checks): its message, named by its rule (and
 * its code where the client acts on it). */
export function refusal(message: Text, reason: string, code = 500): BizError {
  const error = fail(message, code);
  error.reason = reason;
  return error;
}

export function langOf(request: FastifyRequest): Lang {
  const h = request.headers.language;
  return langFromHeader(Array.isArray(h) ? h[0] : h);
}

export const OK: Text = { zh: '操作成功', en: 'Success' };

export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: 200, msg: OK[langOf(request)], data };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: BizError) {
  return reply.code(200).send({ code: error.code, msg: error.text[langOf(request)], data: error.data });
}

/** Shared messages. */
export const MSG = {
  unauthorized: { zh: '登录状态已过期，请重新登录', en: 'Your login has expired; please log in again' },
  wrongKind: { zh: '当前账号类型无权访问该功能，请重新登录', en: 'This account type cannot use this function; please log in again' },
  notFound: { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  invalid: { zh: '请求参数有误', en: 'Invalid request parameters' },
  serverError: { zh: '系统繁忙，请稍后再试', en: 'The system is busy; please try again later' },
} satisfies Record<string, Text>;
