/** The chat app's login (docs/product.md §1, §2 wxLogin, §7 getWechatCode, getWxOauthCode, wxLogin,
 * bindWxUserMobile, unBindUserWechat): the OAuth web flow, the one-time login tickets, the
 * scan login, and binding a phone to an account the chat app created.
 *
 * - The `state` of each trip to the authorize page is random (letters and digits only, as the
 *   vendor documents), single-use, 10 minutes, bound to the app path the visitor was going to
 *   (src/domain/wechatLogin.ts `isOurAppPath`) and to the browser that asked for it (`browser`:
 *   the hash of a nonce in an HttpOnly cookie, server/routes/wechatLogin.ts). A callback or a
 *   login ticket opened in another browser logs no one in: otherwise an attacker's unfinished
 *   login, sent as a link, would log the victim into the attacker's chat-app account and have
 *   her bind her phone to it (login CSRF).
 * - Silent (snsapi_base) first: a known openid logs in at once; a new one goes back through the
 *   consent scope (snsapi_userinfo) and its account is created then, once per openid.
 * - The browser comes back with a one-time ticket, never a token in a URL.
 * - An account without a phone can do nothing but bind one (server/app.ts refuses the rest). */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type * as answers from '../../src/domain/answers.ts';
import type { phoneCodeBody } from '../../src/domain/contracts.ts';
import { checkCode, checkPhone } from '../../src/domain/fields.ts';
import { INDIVIDUAL_PATHS, pathTo } from '../../src/domain/paths.ts';
import type { Lang } from '../../src/domain/text.ts';
import {
  isOurAppPath,
  LOGIN_TICKET_TTL_MS,
  OAUTH_STATE_PATTERN,
  OAUTH_STATE_TTL_MS,
  SCAN_TICKET_TTL_MS,
  WX_LOGIN_TEXTS,
  WX_STARTS_PER_ADDRESS,
} from '../../src/domain/wechatLogin.ts';
import { ACCOUNT_TEXTS } from '../../src/domain/account.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { WECHAT_OAUTH_TEXTS, WechatOAuthError, type OAuthScope } from '../providers/wechatOAuth.ts';
import { accountAudit } from './accountAudit.ts';
import { checkedCode } from './login.ts';
import { throttleWait } from './throttle.ts';

const random = (bytes: number) => randomBytes(bytes).toString('base64url');
/** The OAuth state: hex, within the vendor's documented [A-Za-z0-9], 192 bits. */
const newStateValue = () => randomBytes(24).toString('hex');
/** The path the chat app sends the browser back to, with `code` and `state`. */
export const OAUTH_CALLBACK_PATH = '/prod-api/getWxOauthCode';

/** Each start is a row: one address may not fill the table (a school behind one address
 * still logs a class in well within the limit). */
async function refuseFlood(deps: AppDeps, table: 'wechat_oauth_states' | 'wechat_login_tickets', ip: string, now: Date): Promise<void> {
  const rule = { wrong: WX_STARTS_PER_ADDRESS.count, windowMs: WX_STARTS_PER_ADDRESS.windowMs };
  if ((await throttleWait(deps.db, table, 'ip = $1', [ip], rule, now, 'created_at')) > 0) throw fail(WX_LOGIN_TEXTS.tooMany);
}

/** A trip to the authorize page: where it returns, in which language, and the browser it is for. */
interface Trip {
  scope: OAuthScope;
  redirectPath: string;
  lang: Lang;
  ip: string;
  browser: string;
}

async function newState(deps: AppDeps, trip: Trip): Promise<string> {
  const now = deps.clock();
  const state = newStateValue();
  // Spent and stale states are of no use to anyone: they go as new ones are made.
  await deps.db.query('DELETE FROM wechat_oauth_states WHERE expires_at < $1', [new Date(now.getTime() - 86400_000)]);
  await deps.db.query(
    'INSERT INTO wechat_oauth_states (state, scope, redirect_path, lang, ip, browser, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [state, trip.scope, trip.redirectPath, trip.lang, trip.ip, trip.browser, now, new Date(now.getTime() + OAUTH_STATE_TTL_MS)],
  );
  return state;
}

/** getWechatCode: the chat app's authorize URL for a visitor going to `redirectPath`, from this browser. */
export async function authorizeUrl(deps: AppDeps, input: Trip & { origin: string }): Promise<{ url: string }> {
  if (!isOurAppPath(input.redirectPath)) throw fail(WX_LOGIN_TEXTS.badRedirect);
  await refuseFlood(deps, 'wechat_oauth_states', input.ip, deps.clock());
  const state = await newState(deps, input);
  const provider = deps.providers.wechatOAuth;
  return { url: provider.authorizeUrl({ redirectUri: `${input.origin}${OAUTH_CALLBACK_PATH}`, scope: input.scope, state, lang: input.lang }) };
}

/** Where getWxOauthCode sends the browser: the app (a ticket to exchange), the chat app again
 * (consent for a new visitor), or the login screen with the reason. Never throws. `browser` is
 * this browser's login nonce hash (null: it has none); `lang` the browser's own language. */
export async function oauthCallback(
  deps: AppDeps,
  input: { code?: string; state?: string; origin: string; lang: Lang; ip: string; browser: string | null },
): Promise<string> {
  const failed = (text: { zh: string; en: string }, lang: Lang) => pathTo(INDIVIDUAL_PATHS.login, {}, { errorMsg: text[lang] });
  const now = deps.clock();
  // Spent whoever opens it: a state sent to someone else is no use to its sender afterwards either.
  const [spent] =
    input.state && OAUTH_STATE_PATTERN.test(input.state)
      ? await deps.db.query<{ scope: OAuthScope; redirect_path: string; lang: Lang; browser: string | null }>(
          `UPDATE wechat_oauth_states SET used_at = $2 WHERE state = $1 AND used_at IS NULL AND expires_at > $2 RETURNING scope, redirect_path, lang, browser`,
          [input.state, now],
        )
      : [];
  if (!spent) return failed(WX_LOGIN_TEXTS.stateInvalid, input.lang);
  // Another browser's login: told in this browser's language, not the one its starter chose.
  if (!input.browser || spent.browser !== input.browser) return failed(WX_LOGIN_TEXTS.otherBrowser, input.lang);
  const { browser } = input;
  const lang = spent.lang;
  // The visitor refused the consent screen: the chat app comes back without a code.
  if (!input.code) return failed(WX_LOGIN_TEXTS.refused, lang);
  const provider = deps.providers.wechatOAuth;
  try {
    const grant = await provider.exchange(input.code);
    if (grant.snapshot) return failed(WECHAT_OAUTH_TEXTS.snapshot, lang);
    let userId = await accountOf(deps.db, grant.openid);
    if (userId === null) {
      if (spent.scope === 'snsapi_base') {
        // A new visitor: ask her consent to read her nickname and avatar, then create her account.
        const state = await newState(deps, { scope: 'snsapi_userinfo', redirectPath: spent.redirect_path, lang, ip: input.ip, browser });
        return provider.authorizeUrl({ redirectUri: `${input.origin}${OAUTH_CALLBACK_PATH}`, scope: 'snsapi_userinfo', state, lang });
      }
      const profile = await provider.profile(grant);
      userId = await createAccount(deps, grant.openid, profile.unionid ?? grant.unionid, profile.nickname, profile.avatarUrl);
    }
    const secret = random(32);
    await deps.db.query(`INSERT INTO wechat_login_tickets (secret, kind, user_id, browser, created_at, expires_at) VALUES ($1, 'oauth', $2, $3, $4, $5)`, [
      secret,
      userId,
      browser,
      now,
      new Date(now.getTime() + LOGIN_TICKET_TTL_MS),
    ]);
    return pathTo(INDIVIDUAL_PATHS.login, {}, { wxTicket: secret, redirect: spent.redirect_path });
  } catch (error) {
    if (error instanceof WechatOAuthError) return failed(error.text, lang);
    throw error;
  }
}

async function accountOf(q: Queryable, openid: string): Promise<number | null> {
  const [row] = await q.query<{ user_id: number }>(
    'SELECT w.user_id FROM wechat_identities w JOIN users u ON u.id = w.user_id WHERE w.openid = $1 AND u.cancelled_at IS NULL',
    [openid],
  );
  return row?.user_id ?? null;
}

/** The account of a new chat-app identity: no phone yet (bind_status 0), named by the nickname.
 * Two callbacks of one visitor racing (two codes) create it once: the openid's lock, then a look. */
async function createAccount(deps: AppDeps, openid: string, unionid: string | null, nickname: string, avatarUrl: string | null): Promise<number> {
  return deps.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`wx:${openid}`]);
    const found = await accountOf(q, openid);
    if (found !== null) return found;
    const name = nickname.trim().slice(0, 64) || '微信用户';
    const [user] = await q.query<{ id: number }>(
      'INSERT INTO users (phone, user_name, user_type, bind_status, created_at) VALUES (NULL, $1, 1, 0, $2) RETURNING id',
      [name, deps.clock()],
    );
    await q.query('INSERT INTO wechat_identities (openid, user_id, unionid, nickname, avatar_url, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      openid,
      user.id,
      unionid,
      name,
      avatarUrl,
      deps.clock(),
    ]);
    return user.id;
  });
}

export type TicketOutcome = { status: 'waiting' | 'refused' | 'expired'; userId: null } | { status: 'loggedIn'; userId: number };

/** wxLogin: a ticket's secret for a login. An OAuth ticket is exchanged once within 2 minutes,
 * in the browser that started its login (`browser`, as for the callback); a scan ticket waits for
 * a phone's answer, then is exchanged once (its secret never left the screen that polls). */
export async function exchangeTicket(deps: AppDeps, secret: string, browser: string | null): Promise<TicketOutcome> {
  const now = deps.clock();
  const [t] = await deps.db.query<{
    kind: 'oauth' | 'scan';
    user_id: number | null;
    browser: string | null;
    expires_at: Date;
    decided_at: Date | null;
    refused: boolean;
    used_at: Date | null;
  }>('SELECT kind, user_id, browser, expires_at, decided_at, refused, used_at FROM wechat_login_tickets WHERE secret = $1', [secret]);
  if (!t || t.used_at) throw fail(WX_LOGIN_TEXTS.ticketInvalid);
  if (t.kind === 'oauth' && (!browser || t.browser !== browser)) throw fail(WX_LOGIN_TEXTS.otherBrowser);
  if (t.kind === 'scan') {
    if (t.refused) return { status: 'refused', userId: null };
    if (!t.decided_at) return { status: t.expires_at > now ? 'waiting' : 'expired', userId: null };
    // Approved: the screen that asks every 2 s takes it at once; a screen gone long since does not.
    if (now.getTime() - t.decided_at.getTime() > LOGIN_TICKET_TTL_MS) return { status: 'expired', userId: null };
  } else if (t.expires_at <= now) {
    throw fail(WX_LOGIN_TEXTS.ticketExpired);
  }
  const [used] = await deps.db.query<{ user_id: number }>(
    `UPDATE wechat_login_tickets t SET used_at = $2 FROM users u
     WHERE t.secret = $1 AND t.used_at IS NULL AND u.id = t.user_id AND u.cancelled_at IS NULL RETURNING t.user_id`,
    [secret, now],
  );
  if (!used) throw fail(WX_LOGIN_TEXTS.ticketInvalid);
  return { status: 'loggedIn', userId: used.user_id };
}

/** A scan login's ticket: the secret stays with the screen that polls, the id goes in the QR. */
export async function createScanTicket(deps: AppDeps, ip: string, device: string | null): Promise<{ ticket: string; scanId: string; expiresAt: number }> {
  const now = deps.clock();
  await refuseFlood(deps, 'wechat_login_tickets', ip, now);
  const expiresAt = new Date(now.getTime() + SCAN_TICKET_TTL_MS);
  const ticket = random(32);
  const scanId = random(18);
  await deps.db.query('DELETE FROM wechat_login_tickets WHERE expires_at < $1', [new Date(now.getTime() - 86400_000)]);
  await deps.db.query(`INSERT INTO wechat_login_tickets (secret, scan_id, kind, ip, device, created_at, expires_at) VALUES ($1, $2, 'scan', $3, $4, $5, $6)`, [
    ticket,
    scanId,
    ip,
    device,
    now,
    expiresAt,
  ]);
  return { ticket, scanId, expiresAt: expiresAt.getTime() };
}

/** What the phone is asked about before it answers: the device that shows the code, when it asked,
 * and whether an answer is still wanted (docs/product.md §2.3). */
export async function scanAsking(deps: AppDeps, scanId: string): Promise<z.output<typeof answers.wxScanAsking>> {
  const [t] = await deps.db.query<{ device: string | null; created_at: Date; decided_at: Date | null; expires_at: Date }>(
    `SELECT device, created_at, decided_at, expires_at FROM wechat_login_tickets WHERE scan_id = $1 AND kind = 'scan'`,
    [scanId],
  );
  if (!t) throw fail(WX_LOGIN_TEXTS.scanUnknown);
  const state = t.decided_at ? 'decided' : t.expires_at <= deps.clock() ? 'expired' : 'waiting';
  return { device: t.device, askedAt: t.created_at.getTime(), state };
}

/** The phone's answer to a scan login (its logged-in, bound visitor): once, before it expires. */
export async function decideScan(deps: AppDeps, userId: number, scanId: string, approve: boolean): Promise<null> {
  const now = deps.clock();
  const [done] = await deps.db.query(
    `UPDATE wechat_login_tickets SET decided_at = $2, user_id = $3, refused = $4
     WHERE scan_id = $1 AND kind = 'scan' AND decided_at IS NULL AND expires_at > $2 RETURNING 1`,
    [scanId, now, userId, !approve],
  );
  if (done) return null;
  const [t] = await deps.db.query<{ decided_at: Date | null }>(`SELECT decided_at FROM wechat_login_tickets WHERE scan_id = $1 AND kind = 'scan'`, [scanId]);
  throw fail(!t ? WX_LOGIN_TEXTS.scanUnknown : t.decided_at ? WX_LOGIN_TEXTS.scanDecided : WX_LOGIN_TEXTS.scanExpired);
}

/** bindWxUserMobile: the phone proved by its code. A number no account has becomes this
 * account's; a number of a visitor account without a chat-app identity takes the identity (her
 * orders are there; the chat app's empty account, which could do nothing, is retired); a number
 * whose account has another identity is refused. Answers the account to log in as. */
export async function bindPhone(deps: AppDeps, userId: number, input: z.output<typeof phoneCodeBody>, ip: string): Promise<{ userId: number }> {
  const phone = input.phone.trim();
  const bad = checkPhone(phone) ?? checkCode(input.code);
  if (bad) throw fail(bad);
  const [me] = await deps.db.query<{ bind_status: number }>('SELECT bind_status FROM users WHERE id = $1 AND cancelled_at IS NULL', [userId]);
  if (!me) throw fail(ACCOUNT_TEXTS.gone, 401);
  if (me.bind_status === 1) throw fail(WX_LOGIN_TEXTS.alreadyBound);
  const otherIdentity = async (q: Queryable) =>
    (
      await q.query<{ id: number; wx: string | null }>(
        'SELECT u.id, w.openid AS wx FROM users u LEFT JOIN wechat_identities w ON w.user_id = u.id WHERE u.phone = $1',
        [phone],
      )
    )[0];
  // Refused before the code is spent, and again under its lock.
  if ((await otherIdentity(deps.db))?.wx) throw fail(WX_LOGIN_TEXTS.phoneBoundOther);
  return checkedCode(deps, phone, input.code, ip, async (q, now) => {
    const [locked] = await lockRows(q, 'users', { id: userId, cancelled_at: null }, ['bind_status']);
    if (!locked) throw fail(ACCOUNT_TEXTS.gone, 401);
    if (locked.bind_status === 1) throw fail(WX_LOGIN_TEXTS.alreadyBound);
    const owner = await otherIdentity(q);
    if (owner?.wx) throw fail(WX_LOGIN_TEXTS.phoneBoundOther);
    if (!owner) {
      await q.query('UPDATE users SET phone = $2, bind_status = 1 WHERE id = $1', [userId, phone]);
      await accountAudit(q, userId, 'bindPhone', { phone }, now);
      return { userId };
    }
    // The phone's account is hers: the identity moves there. The empty account could do nothing
    // but bind (server/app.ts), so it holds no order; checked all the same before it is retired.
    await lockRows(q, 'users', { id: owner.id }, ['id']);
    const [held] = await q.query('SELECT 1 FROM orders WHERE user_id = $1 UNION ALL SELECT 1 FROM cart_lines WHERE user_id = $1 LIMIT 1', [userId]);
    if (held) throw fail(WX_LOGIN_TEXTS.phoneBoundOther);
    await q.query('UPDATE wechat_identities SET user_id = $2 WHERE user_id = $1', [userId, owner.id]);
    await q.query(`UPDATE users SET user_name = '', cancelled_at = $2 WHERE id = $1`, [userId, now]);
    await accountAudit(q, owner.id, 'mergeWechat', { from: userId }, now);
    await accountAudit(q, userId, 'mergeWechat', { into: owner.id }, now);
    return { userId: owner.id };
  });
}

/** unBindUserWechat: the identity removed; the account keeps its phone and orders, and the chat
 * app's next visit creates a new account (bound again by the same phone, it comes back here). */
export async function unbindWechat(deps: AppDeps, userId: number): Promise<null> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    const gone = await q.query('DELETE FROM wechat_identities WHERE user_id = $1 RETURNING openid', [userId]);
    if (gone.length === 0) throw fail(WX_LOGIN_TEXTS.notWechat);
    await accountAudit(q, userId, 'unbindWechat', null, now);
  });
  return null;
}

/** The chat-app identity bound to an account, for the personal centre. */
export async function wechatOf(q: Queryable, userId: number): Promise<string | null> {
  const [row] = await q.query<{ nickname: string | null }>('SELECT nickname FROM wechat_identities WHERE user_id = $1', [userId]);
  return row ? (row.nickname ?? '') : null;
}
