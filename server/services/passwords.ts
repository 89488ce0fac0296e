/** Passwords (teams, staff): argon2id hashes, never the password itself, never logged. */
import { hash, verify } from '@node-rs/argon2';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { fill, type Text } from '../../src/domain/text.ts';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A hash of nothing anyone types: an unknown account is checked against it, so a wrong
// credit code costs the same time as a wrong password and does not tell the two apart.
// Hashed on first use, not at start-up: argon2 is deliberately slow.
let nobody: Promise<string> | undefined;
const nobodyHash = () => (nobody ??= hash('no such account: the login answers as for a wrong password'));

/** Whether `password` matches `stored` (or, with no account, a constant-time "no"). */
export async function passwordMatches(stored: string | null, password: string): Promise<boolean> {
  const ok = await verify(stored ?? (await nobodyHash()), password);
  return stored !== null && ok;
}

/** Wrong passwords per team (its credit code): after `captchaAfter` in the window the team
 * login asks for the slider check; after `lockAfter` no login at all until the oldest of them
 * leaves the window. (The staff console counts per address instead: services/staff.ts.) */
export const PASSWORD_THROTTLE = { captchaAfter: 3, lockAfter: 10, windowMs: 30 * 60_000 } as const;

const LOCKED: Text = { zh: '密码错误次数过多，请{n}分钟后再试', en: 'Too many wrong passwords; please try again in {n} min' };

/** The lockout's refusal: free again in `waitMs`. */
export const lockedFor = (waitMs: number) => fail(fill(LOCKED, { n: Math.ceil(waitMs / 60_000) }));

/** How many wrong passwords `key` has in the window; refuses when it is locked out. */
export async function wrongPasswords(q: Queryable, key: string, now: Date): Promise<number> {
  const { lockAfter, windowMs } = PASSWORD_THROTTLE;
  const wrong = await q.query<{ at: Date }>('SELECT at FROM wrong_passwords WHERE credit_code = $1 AND at > $2 ORDER BY at ASC', [
    key,
    new Date(now.getTime() - windowMs),
  ]);
  if (wrong.length >= lockAfter) throw lockedFor(wrong[wrong.length - lockAfter].at.getTime() + windowMs - now.getTime());
  return wrong.length;
}

export async function recordWrongPassword(q: Queryable, key: string, ip: string, now: Date): Promise<void> {
  await q.query('INSERT INTO wrong_passwords (credit_code, ip, at) VALUES ($1, $2, $3)', [key, ip, now]);
}
