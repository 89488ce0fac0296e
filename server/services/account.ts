/** A visitor's own account (docs/product.md §2 personalCenter baseInfo, changePhone; §7 bindUserEmail,
 * unBindUserEmail, changePhoneNumber). Each change is written to account_audit in its own
 * transaction. A phone change keeps the account (its orders, tickets, frequent visitors) and
 * its tokens: the visitor proved the new number while logged in, and nothing about who she is
 * changed; the old number no longer logs in, and may register a new account. */
import type { z } from 'zod';
import { ACCOUNT_TEXTS, checkBindEmail } from '../../src/domain/account.ts';
import { maskPhone } from '../../src/domain/certificates.ts';
import type { emailBody, phoneCodeBody } from '../../src/domain/contracts.ts';
import { checkCode, checkPhone } from '../../src/domain/fields.ts';
import type { User } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { museumDate } from '../time.ts';
import { checkedCode } from './login.ts';
import { wechatOf } from './wechatLogin.ts';
import { accountAudit } from './accountAudit.ts';

interface UserRow {
  id: number;
  user_name: string;
  bind_status: number;
  phone: string | null;
  email: string | null;
  created_at: Date;
}

/** getUserInfoToIndividual: the visitor as she sees herself, her phone masked. */
export async function userInfo(deps: AppDeps, userId: number): Promise<{ user: User }> {
  const [u] = await deps.db.query<UserRow>('SELECT id, user_name, bind_status, phone, email, created_at FROM users WHERE id = $1 AND cancelled_at IS NULL', [
    userId,
  ]);
  if (!u) throw fail(ACCOUNT_TEXTS.gone, 401);
  return {
    user: {
      userId: u.id,
      userName: u.user_name,
      userType: 1,
      bindStatus: u.bind_status === 1 ? 1 : 0,
      phone: u.phone ? maskPhone(u.phone) : '',
      email: u.email,
      registeredAt: museumDate(u.created_at),
      wechatNickname: await wechatOf(deps.db, u.id),
    },
  };
}

/** changePhoneNumber: the new number, proved by the code sent to it; refused when it is the
 * current one or another account's (checked again under the code's lock, before the code is
 * spent, and by the column's UNIQUE). */
export async function changePhone(deps: AppDeps, userId: number, input: z.output<typeof phoneCodeBody>, ip: string): Promise<null> {
  const phone = input.phone.trim();
  const bad = checkPhone(phone) ?? checkCode(input.code);
  if (bad) throw fail(bad);
  const owner = async (q: Queryable) => (await q.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]))[0]?.id;
  const refusal = (found: number | undefined) => (found === userId ? ACCOUNT_TEXTS.samePhone : found !== undefined ? ACCOUNT_TEXTS.phoneTaken : null);
  const early = refusal(await owner(deps.db));
  if (early) throw fail(early);
  await checkedCode(deps, phone, input.code, ip, async (q, now) => {
    const [me] = await lockRows(q, 'users', { id: userId, cancelled_at: null }, ['phone']);
    if (!me) throw fail(ACCOUNT_TEXTS.gone, 401);
    const late = refusal(await owner(q));
    if (late) throw fail(late);
    await q.query('UPDATE users SET phone = $2, user_name = $3 WHERE id = $1', [userId, phone, maskPhone(phone)]);
    await accountAudit(q, userId, 'changePhone', { from: me.phone, to: phone }, now);
  });
  return null;
}

/** bindUserEmail: the format checked; a second bind replaces the first. */
export async function bindEmail(deps: AppDeps, userId: number, input: z.output<typeof emailBody>): Promise<null> {
  const email = input.email.trim();
  const bad = checkBindEmail(email);
  if (bad) throw fail(bad);
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    const changed = await q.query('UPDATE users SET email = $2 WHERE id = $1 AND cancelled_at IS NULL RETURNING id', [userId, email]);
    if (changed.length === 0) throw fail(ACCOUNT_TEXTS.gone, 401);
    await accountAudit(q, userId, 'bindEmail', null, now);
  });
  return null;
}

/** unBindUserEmail: refused when none is bound. */
export async function unbindEmail(deps: AppDeps, userId: number): Promise<null> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    const changed = await q.query('UPDATE users SET email = NULL WHERE id = $1 AND email IS NOT NULL RETURNING id', [userId]);
    if (changed.length === 0) throw fail(ACCOUNT_TEXTS.noEmail);
    await accountAudit(q, userId, 'unbindEmail', null, now);
  });
  return null;
}
