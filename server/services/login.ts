/** Verification codes and the individual phone login. */
import { randomInt } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import type { Queryable, TxQueryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { checkCode, checkPhone } from '../../src/domain/fields.ts';
import { maskPhone } from '../../src/domain/certificates.ts';
import type { Text } from '../../src/domain/text.ts';
import { museumDate, museumInstant } from '../time.ts';
import { throttleWait } from './throttle.ts';

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_MS = 60_000;
export const CODES_PER_DAY = 10;
/** The login throttle. A code has 6 digits and lives 5 minutes; guessing must stay hopeless
 * without letting a stranger lock the owner out:
 * - one address may try 5 wrong codes for one phone in 15 minutes, then no more for that phone;
 * - one address may try 30 wrong codes in an hour over all phones, then none at all;
 * - one code is spent after 20 wrong tries from all addresses together; the owner asks for a
 *   new code (the newest code always works), so there is never a lockout of the phone itself.
 * Addresses are the peer's, or X-Forwarded-For from proxies TRUST_PROXY names. */
export const THROTTLE = {
  perPhoneAndAddress: { wrong: 5, windowMs: 15 * 60_000 },
  perAddress: { wrong: 30, windowMs: 3600_000 },
  perCode: 20,
} as const;

export const LOGIN_MESSAGES = {
  resend: { zh: '验证码发送过于频繁，请{n}秒后再试', en: 'Codes are sent too often; please try again in {n} s' },
  daily: { zh: '该手机号今日获取验证码次数已达上限，请明天再试', en: "This number has reached today's limit of codes; please try again tomorrow" },
  ip: { zh: '当前网络请求过于频繁，请稍后再试', en: 'Too many requests from your network; please try again later' },
  sendFailed: { zh: '短信发送失败，请稍后再试', en: 'The text message could not be sent; please try again later' },
  wrongCode: { zh: '验证码错误或已过期', en: 'Verification code is incorrect or expired' },
  locked: { zh: '验证码错误次数过多，请{n}分钟后再试', en: 'Too many wrong codes; please try again in {n} min' },
  spent: { zh: '该验证码已失效，请重新获取', en: 'This code can no longer be used; please request a new one' },
  smsText: {
    zh: '【科技馆】您的验证码为{code}，5分钟内有效，请勿泄露。',
    en: '[Science Museum] Your verification code is {code}, valid for 5 minutes. Do not share it.',
  },
} satisfies Record<string, Text>;

const withN = (t: Text, n: number | string, key = 'n'): Text => ({
  zh: t.zh.replace(`{${key}}`, String(n)),
  en: t.en.replace(`{${key}}`, String(n)),
});

export async function sendCode(deps: AppDeps, phone: string, ip: string): Promise<void> {
  const bad = checkPhone(phone);
  if (bad) throw fail(bad);
  const now = deps.clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await deps.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
    const [last] = await q.query<{ sent_at: Date }>('SELECT sent_at FROM sms_codes WHERE phone = $1 ORDER BY sent_at DESC LIMIT 1', [phone]);
    if (last && now.getTime() - last.sent_at.getTime() < RESEND_MS) {
      throw fail(withN(LOGIN_MESSAGES.resend, Math.ceil((RESEND_MS - (now.getTime() - last.sent_at.getTime())) / 1000)));
    }
    const dayStart = museumInstant(museumDate(now));
    const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_codes WHERE phone = $1 AND sent_at >= $2', [phone, dayStart]);
    if (n >= CODES_PER_DAY) throw fail(LOGIN_MESSAGES.daily);
    const [{ m }] = await q.query<{ m: number }>('SELECT count(*)::int AS m FROM sms_codes WHERE ip = $1 AND sent_at > $2', [
      ip,
      new Date(now.getTime() - 3600_000),
    ]);
    if (m >= deps.config.smsPerIpPerHour) throw fail(LOGIN_MESSAGES.ip);
    await q.query('INSERT INTO sms_codes (phone, code, ip, sent_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
      phone,
      code,
      ip,
      now,
      new Date(now.getTime() + CODE_TTL_MS),
    ]);
  });
  try {
    await deps.providers.sms.send({ phone, code, text: withN(LOGIN_MESSAGES.smsText, code, 'code').zh, sentAt: now.getTime() });
  } catch {
    throw fail(LOGIN_MESSAGES.sendFailed);
  }
}

export interface LoggedIn {
  userId: number;
}

/** Checks the code (the latest unexpired one, single use) under the throttle above and
 * returns the user, created on first login. */
export async function loginWithCode(deps: AppDeps, phone: string, code: string, ip: string): Promise<LoggedIn> {
  return checkedCode(deps, phone, code, ip, async (q, now) => {
    await q.query(`INSERT INTO users (phone, user_name, user_type, bind_status, created_at) VALUES ($1, $2, 1, 1, $3) ON CONFLICT (phone) DO NOTHING`, [
      phone,
      maskPhone(phone),
      now,
    ]);
    const [user] = await q.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
    return { userId: user.id };
  });
}

/** Spends a code of `phone` (a team's contact mobile at registration), under the same throttle. */
export async function verifyCode(deps: AppDeps, phone: string, code: string, ip: string): Promise<void> {
  await checkedCode(deps, phone, code, ip, async () => undefined);
}

/** The code check, then `then` in the same transaction (a refusal thrown by `then` rolls the
 * code back unspent). */
export async function checkedCode<T>(deps: AppDeps, phone: string, code: string, ip: string, then: (q: TxQueryable, now: Date) => Promise<T>): Promise<T> {
  const bad = checkPhone(phone) ?? checkCode(code);
  if (bad) throw fail(bad);
  const now = deps.clock();
  const outcome = await deps.db.tx(async (q): Promise<{ done: T } | { error: Text }> => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
    const blocked = await throttled(q, phone, ip, now);
    if (blocked) return { error: blocked };
    const [latest] = await q.query<{ id: number; code: string; wrong_tries: number }>(
      'SELECT id, code, wrong_tries FROM sms_codes WHERE phone = $1 AND NOT used AND expires_at > $2 ORDER BY sent_at DESC, id DESC LIMIT 1',
      [phone, now],
    );
    if (!latest || latest.code !== code.trim()) {
      await q.query('INSERT INTO wrong_codes (phone, ip, at) VALUES ($1, $2, $3)', [phone, ip, now]);
      if (latest) {
        await q.query('UPDATE sms_codes SET wrong_tries = wrong_tries + 1, used = wrong_tries + 1 >= $2 WHERE id = $1', [latest.id, THROTTLE.perCode]);
        if (latest.wrong_tries + 1 >= THROTTLE.perCode) return { error: LOGIN_MESSAGES.spent };
      }
      return { error: LOGIN_MESSAGES.wrongCode };
    }
    await q.query('UPDATE sms_codes SET used = true WHERE id = $1', [latest.id]);
    return { done: await then(q, now) };
  });
  // A wrong code must be counted: the failure is committed, then refused.
  if ('error' in outcome) throw fail(outcome.error);
  return outcome.done;
}

/** The refusal when this address has guessed too much (for this phone, or at all), else null. */
async function throttled(q: Queryable, phone: string, ip: string, now: Date): Promise<Text | null> {
  const wait = Math.max(
    await throttleWait(q, 'wrong_codes', 'phone = $1 AND ip = $2', [phone, ip], THROTTLE.perPhoneAndAddress, now),
    await throttleWait(q, 'wrong_codes', 'ip = $1', [ip], THROTTLE.perAddress, now),
  );
  return wait > 0 ? withN(LOGIN_MESSAGES.locked, Math.ceil(wait / 60_000)) : null;
}
