/** Bearer tokens (jose, HS256) carrying the account kind. */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from './db/db.ts';

/** Visitors, group accounts, and the museum's staff: three kinds that never share a route. */
export type AccountKind = 'individual' | 'team' | 'staff';

export interface Account {
  /** The account's id in its kind's table: users, teams or staff_users. */
  userId: number;
  kind: AccountKind;
  jti: string;
  exp: number;
}

/** TOKEN_SECRET, or a random secret persisted in the settings table so restarts keep sessions. */
export async function loadSecret(db: Db, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  await db.query(`INSERT INTO settings (key, value) VALUES ('token_secret', $1) ON CONFLICT (key) DO NOTHING`, [
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'token_secret'`);
  return new TextEncoder().encode(row.value);
}

export async function signToken(secret: Uint8Array, userId: number, kind: AccountKind, now: Date, ttlSeconds: number) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ kind })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

export async function verifyToken(secret: Uint8Array, token: string, now: Date): Promise<Account | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      currentDate: now,
    });
    const kind = payload.kind;
    if ((kind !== 'individual' && kind !== 'team' && kind !== 'staff') || !payload.sub || !payload.jti || !payload.exp) return null;
    return { userId: Number(payload.sub), kind, jti: payload.jti, exp: payload.exp };
  } catch {
    return null;
  }
}
