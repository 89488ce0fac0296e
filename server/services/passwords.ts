/** Passwords (teams, staff): argon2id hashes, never the password itself, never logged. */
import { hash, verify } from '@node-rs/argon2';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { fill, type Text } from '../../src/domain/text.ts';
import { throttleWait, type ThrottleRule } from './throttle.ts';

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

/** The login throttle of passwords (teams, staff), over the wrong passwords recorded with their
 * account key (a credit code, `staff:<name>`) and address:
 * - one address may try 10 wrong passwords for one account in 30 minutes, then no more for it;
 * - one address may try 30 wrong passwords in an hour over all accounts of its kind, known or
 *   not, then none.
 * Both count the refused address's own tries only, so a stranger elsewhere cannot lock the owner
 * out. What one account gets from all addresses together only asks for more: after 3 in 30
 * minutes the team login wants the slider check, which the owner passes and a script pays for.
 * Guessing from many addresses also pays per try: an argon2 check each. */
export const PASSWORD_THROTTLE = {
  perAccountAndAddress: { wrong: 10, windowMs: 30 * 60_000 },
  perAddress: { wrong: 30, windowMs: 3600_000 },
  captchaAfter: { wrong: 3, windowMs: 30 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

/** Staff accounts' keys among the wrong passwords (teams' are credit codes). */
export const STAFF_KEY = 'staff:';

const LOCKED: Text = { zh: '密码错误次数过多，请{n}分钟后再试', en: 'Too many wrong passwords; please try again in {n} min' };

/** Refuses the login when this address has guessed too much, for this account or at all. */
export async function refuseLockedOut(q: Queryable, key: string, ip: string, now: Date): Promise<void> {
  const { perAccountAndAddress, perAddress } = PASSWORD_THROTTLE;
  const sameKind = key.startsWith(STAFF_KEY) ? 'starts_with(credit_code, $2)' : 'NOT starts_with(credit_code, $2)';
  const wait = Math.max(
    await throttleWait(q, 'wrong_passwords', 'credit_code = $1 AND ip = $2', [key, ip], perAccountAndAddress, now),
    await throttleWait(q, 'wrong_passwords', `ip = $1 AND ${sameKind}`, [ip, STAFF_KEY], perAddress, now),
  );
  if (wait > 0) throw fail(fill(LOCKED, { n: Math.ceil(wait / 60_000) }));
}

/** Whether `key` has had enough wrong passwords, from anywhere, for the slider check. */
export async function captchaNeeded(q: Queryable, key: string, now: Date): Promise<boolean> {
  return (await throttleWait(q, 'wrong_passwords', 'credit_code = $1', [key], PASSWORD_THROTTLE.captchaAfter, now)) > 0;
}

export async function recordWrongPassword(q: Queryable, key: string, ip: string, now: Date): Promise<void> {
  await q.query('INSERT INTO wrong_passwords (credit_code, ip, at) VALUES ($1, $2, $3)', [key, ip, now]);
}
