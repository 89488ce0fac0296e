/** The chat app's JS-SDK: the jsapi ticket its pages' `wx.config` signatures are made with.
 * `wechat` fetches the official account's access token (`/cgi-bin/token`) and with it the
 * ticket (`/cgi-bin/ticket/getticket`), both cached in the database for every instance
 * (wechatTokens.ts); `sim` (the default) plays the vendor with a ticket of its own, rolled
 * like the vendor's, no HTTP. The signature itself is the vendor's documented algorithm. */
import { createHash, randomBytes } from 'node:crypto';
import type { WechatConfig } from '../config.ts';
import type { Queryable } from '../db/db.ts';
import type { Clock } from '../time.ts';
import { tokenCache, WechatVendorError, type Fresh } from './wechatTokens.ts';

export { WechatVendorError } from './wechatTokens.ts';

export interface WechatJsapi {
  readonly name: 'sim' | 'wechat';
  /** The official account's app id, which `wx.config` names. */
  readonly appId: string;
  /** The current jsapi ticket; WechatVendorError when the vendor does not give one. */
  ticket(): Promise<string>;
}

/** The simulator's official account. */
export const SIM_APP_ID = 'wx00000000sim0demo';

/** The JS-SDK signature (the vendor's appendix 1): sha1 of the four fields sorted by name, as
 * `key=value` joined by `&`, values raw (not URL-encoded), the page's URL without its #fragment. */
export function jsapiSignature(fields: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const url = fields.url.split('#')[0];
  const plain = `jsapi_ticket=${fields.ticket}&noncestr=${fields.nonceStr}&timestamp=${fields.timestamp}&url=${url}`;
  return createHash('sha1').update(plain, 'utf8').digest('hex');
}

/** The simulator: a random ticket valid 7200 s, kept and rolled through the same cache as the vendor's. */
export function simJsapi(db: Queryable, clock: Clock): WechatJsapi {
  const cache = tokenCache(db, clock);
  return {
    name: 'sim',
    appId: SIM_APP_ID,
    ticket: () => cache.get(`jsapi_ticket:${SIM_APP_ID}`, async () => ({ value: `sim-${randomBytes(32).toString('base64url')}`, expiresIn: 7200 })),
  };
}

/** The vendor's answer: its data, or `errcode` (0 or absent = fine) and `errmsg`. */
interface VendorAnswer {
  errcode?: number;
  errmsg?: string;
  access_token?: string;
  ticket?: string;
  expires_in?: number;
}

/** The vendor's codes that mean "this access token is no longer good" (invalid, expired, not the latest). */
const STALE_TOKEN = new Set([40001, 42001, 40014]);

/** What the operator should do about a vendor code (the log line says it). */
const MEANING: Record<number, string> = {
  [-1]: 'the vendor is busy; it will be asked again shortly',
  40001: 'invalid credential: check WECHAT_APP_SECRET (or another system fetched a newer access token)',
  40013: 'invalid appid: check WECHAT_APP_ID',
  40125: 'invalid appsecret: check WECHAT_APP_SECRET',
  40164: "this server's address is not in the official account's IP whitelist: add it in the official account's settings",
  45009: "the official account's daily quota for this call is used up (it resets at midnight Beijing time)",
  89503: "this server's address needs the official account administrator's confirmation",
};

/** Daily quota: asking again soon only fails again. */
const BACKOFF_MS: Record<number, number> = { 45009: 10 * 60_000 };

export function wechatJsapi(
  db: Queryable,
  clock: Clock,
  config: WechatConfig,
  options: { timeoutMs?: number; waitMs?: number; log?: (line: string) => void } = {},
): WechatJsapi {
  const cache = tokenCache(db, clock, options);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const tokenName = `access_token:${config.appId}`;

  async function get(what: string, path: string, query: Record<string, string>): Promise<VendorAnswer> {
    let res: Response;
    try {
      res = await fetch(`${config.apiUrl}${path}?${new URLSearchParams(query)}`, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new WechatVendorError(
        timedOut ? 'timeout' : 'network',
        `${what}: ${timedOut ? `no answer within ${timeoutMs} ms` : `cannot reach ${config.apiUrl} (${(error as Error).message})`}`,
      );
    }
    if (!res.ok) throw new WechatVendorError(`http ${res.status}`, `${what}: HTTP ${res.status}`);
    const answer = (await res.json().catch(() => null)) as VendorAnswer | null;
    if (!answer || typeof answer !== 'object') throw new WechatVendorError('answer', `${what}: an answer that is not JSON`);
    return answer;
  }

  const vendorError = (what: string, answer: VendorAnswer) => {
    const code = answer.errcode ?? 0;
    return new WechatVendorError(
      String(code),
      `${what}: errcode ${code} ${answer.errmsg ?? ''}${MEANING[code] ? ` (${MEANING[code]})` : ''}`.trim(),
      BACKOFF_MS[code],
    );
  };

  const fresh = (what: string, answer: VendorAnswer, value: string | undefined): Fresh => {
    if (!value || !(Number(answer.expires_in) > 0)) throw new WechatVendorError('answer', `${what}: no value or expires_in in the answer`);
    return { value, expiresIn: Number(answer.expires_in) };
  };

  const accessToken = () =>
    cache.get(tokenName, async () => {
      const answer = await get('access token', '/cgi-bin/token', { grant_type: 'client_credential', appid: config.appId, secret: config.appSecret });
      if (answer.errcode) throw vendorError('access token', answer);
      return fresh('access token', answer, answer.access_token);
    });

  const ticket = () =>
    cache.get(`jsapi_ticket:${config.appId}`, async () => {
      const ask = async (token: string) => get('jsapi ticket', '/cgi-bin/ticket/getticket', { access_token: token, type: 'jsapi' });
      let token = await accessToken();
      let answer = await ask(token);
      // The token died before its time (another fetcher, a reset secret): a new one, once.
      if (answer.errcode && STALE_TOKEN.has(answer.errcode)) {
        await cache.invalidate(tokenName, token);
        token = await accessToken();
        answer = await ask(token);
      }
      if (answer.errcode) throw vendorError('jsapi ticket', answer);
      return fresh('jsapi ticket', answer, answer.ticket);
    });

  return { name: 'wechat', appId: config.appId, ticket };
}

/** The configured provider. */
export function wechatJsapiProvider(
  config: { provider: 'sim' } | { provider: 'wechat'; wechat: WechatConfig },
  db: Queryable,
  clock: Clock,
  options: { timeoutMs?: number; waitMs?: number; log?: (line: string) => void } = {},
): WechatJsapi {
  return config.provider === 'wechat' ? wechatJsapi(db, clock, config.wechat, options) : simJsapi(db, clock);
}
