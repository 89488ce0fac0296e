/** Verification codes and the individual phone login. */
import { randomInt } from 'node:crypto';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { checkCode, checkPhone } from '../../src/domain/fields.ts';
import { maskPhone } from '../../src/domain/certificates.ts';
import type { Text } from '../../src/domain/text.ts';
import { museumDate, museumInstant } from '../time.ts';

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_MS = 60_000;
export const CODES_PER_DAY = 10;
export const MAX_WRONG = 5;
export const LOCK_MS = 15 * 60_000;

export const LOGIN_MESSAGES = {
  resend: { zh: '验证码发送过于频繁，请{n}秒后再试', en: 'Codes are sent too often; please try again in {n} s' },
  daily: { zh: '该手机号今日获取验证码次数已达上限，请明天再试', en: 'This number has reached today\'s limit of codes; please try again tomorrow' },
  ip: { zh: '当前网络请求过于频繁，请稍后再试', en: 'Too many requests from your network; please try again later' },
  sendFailed: { zh: '短信发送失败，请稍后再试', en: 'The text message could not be sent; please try again later' },
  wrongCode: { zh: '验证码错误或已过期', en: 'Verification code is incorrect or expired' },
  locked: { zh: '验证码错误次数过多，请{n}分钟后再试', en: 'Too many wrong codes; please try again in {n} min' },
  smsText: { zh: '【科技馆】您的验证码为{code}，5分钟内有效，请勿泄露。', en: '[Science Museum] Your verification code is {code}, valid for 5 minutes. Do not share it.' },
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

/** Checks the code (latest unexpired one, single use, lockout after 5 wrong tries) and
 * returns the user, created on first login. */
export async function loginWithCode(deps: AppDeps, phone: string, code: string): Promise<LoggedIn> {
  const bad = checkPhone(phone) ?? checkCode(code);
  if (bad) throw fail(bad);
  const now = deps.clock();
  const outcome = await deps.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${phone}`]);
    const [lock] = await q.query<{ failures: number; locked_until: Date | null }>(
      'SELECT failures, locked_until FROM login_failures WHERE phone = $1',
      [phone],
    );
    if (lock?.locked_until && lock.locked_until.getTime() > now.getTime()) {
      return { error: withN(LOGIN_MESSAGES.locked, Math.ceil((lock.locked_until.getTime() - now.getTime()) / 60_000)) };
    }
    const [latest] = await q.query<{ id: number; code: string }>(
      'SELECT id, code FROM sms_codes WHERE phone = $1 AND NOT used AND expires_at > $2 ORDER BY sent_at DESC, id DESC LIMIT 1',
      [phone, now],
    );
    if (!latest || latest.code !== code.trim()) {
      const failures = (lock && !lock.locked_until ? lock.failures : lock?.failures ?? 0) + 1;
      if (failures >= MAX_WRONG) {
        await q.query(
          `INSERT INTO login_failures (phone, failures, locked_until) VALUES ($1, 0, $2)
           ON CONFLICT (phone) DO UPDATE SET failures = 0, locked_until = $2`,
          [phone, new Date(now.getTime() + LOCK_MS)],
        );
        // The codes sent so far are void too.
        await q.query('UPDATE sms_codes SET used = true WHERE phone = $1 AND NOT used', [phone]);
      } else {
        await q.query(
          `INSERT INTO login_failures (phone, failures, locked_until) VALUES ($1, $2, NULL)
           ON CONFLICT (phone) DO UPDATE SET failures = $2, locked_until = NULL`,
          [phone, failures],
        );
      }
      return { error: LOGIN_MESSAGES.wrongCode };
    }
    await q.query('UPDATE sms_codes SET used = true WHERE id = $1', [latest.id]);
    await q.query('DELETE FROM login_failures WHERE phone = $1', [phone]);
    await q.query(
      `INSERT INTO users (phone, user_name, user_type, bind_status, created_at) VALUES ($1, $2, 1, 1, $3) ON CONFLICT (phone) DO NOTHING`,
      [phone, maskPhone(phone), now],
    );
    const [user] = await q.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
    return { userId: user.id };
  });
  // A wrong code must be counted: the failure is committed, then refused.
  if ('error' in outcome) throw fail(outcome.error as Text);
  return outcome;
}
