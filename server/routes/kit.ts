/** Small helpers shared by the route plugins. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../src/domain/answers.ts';
import type { Account } from '../auth.ts';
import type { AppDeps } from '../context.ts';
import { teamOwner } from '../services/groupOrders.ts';
import { fail, MSG, ok, refusal } from '../http.ts';
import type { StaffAbility } from '../../src/domain/staffRoles.ts';

/** 'any' is a visitor or a team (the shared calls of docs/product.md §7); staff only reach 'staff' routes. */
export type AuthMode = 'none' | 'any' | 'individual' | 'team' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call: default 'none' for paths containing `ingore`, otherwise 'any' logged-in account. */
    auth?: AuthMode;
    /** A staff route: what it does, so which staff roles may call it (src/domain/staffRoles.ts). */
    staffAbility?: StaffAbility;
    /** A visitor route an account without a bound phone may call (its info, binding, logout);
     * every other is refused it until a phone is bound (docs/product.md §1). */
    bindFree?: boolean;
    /** An anonymous answer the same for everyone (the calendar, the halls, the settings): it may
     * be kept by a browser or a proxy. Every other /prod-api answer is `no-store` (server/app.ts). */
    publicRead?: boolean;
    /** Set from the route table (server/app.ts): the answer says `cache-control: no-store`. */
    noStore?: boolean;
  }
  interface FastifyRequest {
    account: Account | null;
  }
}

/** The refusal of a bad input: a code-500 answer naming the field (or none, for the whole input). */
export function invalidInput(field: string) {
  return refusal(field ? { zh: `请求参数有误：${field}`, en: `Invalid request parameter: ${field}` } : MSG.invalid, 'invalidInput');
}

/** The user that owns the caller's orders: a visitor is one; a team owns them through its own
 * (migration 012), so the order services read one owner column for both kinds. */
export async function ownerOf(deps: AppDeps, request: FastifyRequest): Promise<number> {
  const who = account(request);
  return who.kind === 'team' ? teamOwner(deps.db, who.userId) : who.userId;
}

/** The logged-in account (the auth hook guarantees it on routes that need one). */
export function account(request: FastifyRequest): Account {
  if (!request.account) throw fail(MSG.unauthorized, 401);
  return request.account;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

/** A route's answer for the OpenAPI document and the serializer: `data` in the envelope. */
export function answer<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}

/** A cached answer's body, made once: what the route's serializer (fastify-type-provider-zod:
 * encode with the answer's schema, then JSON) would send for `data`. Sent as a JSON string it is
 * not serialized again, so a cache hit costs neither the schema's walk nor the stringify. */
export function answerText<T extends z.ZodType>(data: T) {
  const schema = envelope(data);
  return (request: FastifyRequest, value: z.input<T>) => JSON.stringify(z.encode(schema, ok(request, value) as z.output<typeof schema>));
}

/** Sends a body made by answerText. */
export function sendText(reply: FastifyReply, body: string) {
  return reply.type('application/json; charset=utf-8').send(body);
}
