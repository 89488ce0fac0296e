/** Bearer tokens (jose, HS256) carrying the account kind. */
import { createHmac, createSecretKey, randomBytes, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Db, Queryable } from './db/db.ts';

/** Visitors, group accounts, and the museum's staff: three kinds that never share a route. */
export type AccountKind = 'individual' | 'team' | 'staff';

export interface Account {
  /** The account's id in its kind's table: users, teams or staff_users. */
  userId: number;
  kind: AccountKind;
  jti: string;
  exp: number;
  /** The account's token_version when the token was issued: a newer one ends it (migration 030). */
  version: number;
}

/** TOKEN_SECRET, or a random secret persisted in the settings table so restarts keep sessions. */
export async function loadSecret(db: Db, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  await db.query(`INSERT INTO settings (key, value) VALUES ('token_secret', $1) ON CONFLICT (key) DO NOTHING`, [randomBytes(32).toString('base64url')]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'token_secret'`);
  return new TextEncoder().encode(row.value);
}

export async function signToken(secret: Uint8Array, userId: number, kind: AccountKind, now: Date, ttlSeconds: number, version = 0) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ kind, ver: version })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

/** Each kind's table: where its accounts and their token_version are kept. */
export const ACCOUNT_TABLE = { individual: 'users', team: 'teams', staff: 'staff_users' } as const satisfies Record<AccountKind, string>;

/** A login's token: for the account's current version, so it ends with the next change of who
 * holds the account (a password changed, a registration replaced; migration 030). A version
 * that moves while this runs leaves the token already ended: never the other way round. */
export async function issueToken(q: Queryable, secret: Uint8Array, userId: number, kind: AccountKind, now: Date, ttlSeconds: number): Promise<string> {
  const [row] = await q.query<{ token_version: number }>(`SELECT token_version FROM ${ACCOUNT_TABLE[kind]} WHERE id = $1`, [userId]);
  return signToken(secret, userId, kind, now, ttlSeconds, row?.token_version ?? 0);
}

/** The token check with its key prepared once. jose's jwtVerify goes through WebCrypto's
 * asynchronous HMAC, about 0.1 ms a call whether given the raw secret, a CryptoKey or a KeyObject
 * (measured); Node's HMAC over a KeyObject made once takes about 5 µs. Only HS256
 * compact tokens as signToken makes them pass: the header names HS256 and nothing it would have
 * to understand (`crit`), the signature matches in constant time, `exp` is after `now`, an `nbf`
 * is not after it, and the claims carry the account (kind, sub, jti). */
export function tokenVerifier(secret: Uint8Array): (token: string, now: Date) => Account | null {
  const key: KeyObject = createSecretKey(secret);
  const json = (part: string): Record<string, unknown> | null => {
    try {
      const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };
  const B64URL = /^[A-Za-z0-9_-]+$/;
  return (token, now) => {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return null;
    const [head, body, signature] = parts;
    const header = json(head);
    if (!header || header.alg !== 'HS256' || header.crit !== undefined || header.b64 !== undefined) return null;
    const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const payload = json(body);
    if (!payload) return null;
    const seconds = Math.floor(now.getTime() / 1000);
    const { kind, sub, jti, exp, nbf, iat, ver = 0 } = payload;
    if (typeof exp !== 'number' || !Number.isFinite(exp) || exp <= seconds) return null;
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > seconds)) return null;
    if (iat !== undefined && typeof iat !== 'number') return null;
    if (kind !== 'individual' && kind !== 'team' && kind !== 'staff') return null;
    if (typeof sub !== 'string' || !/^[1-9]\d{0,15}$/.test(sub) || typeof jti !== 'string' || !jti) return null;
    // Tokens from before versions existed carry none: version 0, which every account had then.
    if (typeof ver !== 'number' || !Number.isSafeInteger(ver) || ver < 0) return null;
    return { userId: Number(sub), kind, jti, exp, version: ver };
  };
}
