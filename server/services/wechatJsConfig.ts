/** The chat app's JS-SDK config for a page of ours (`wx.config`): app id, timestamp, nonce and
 * the signature of the page's URL with the current jsapi ticket. Only our own pages are signed
 * (server/origin.ts: PUBLIC_URL's origin, or in the demo the request's own from an allowed Host):
 * a signature for another site's page would let that site use our official account's JS
 * interfaces. */
import { randomBytes } from 'node:crypto';
import type { Text } from '../../src/domain/text.ts';
import type { WxJsConfig } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { jsapiSignature, WechatVendorError } from '../providers/wechatJsapi.ts';

export const JSSDK_TEXTS = {
  notOurs: { zh: '只能为本站页面生成微信配置', en: "Only this site's pages can be configured for the chat app" },
  unavailable: { zh: '微信分享暂不可用，请稍后再试', en: 'Sharing in the chat app is unavailable right now; please try again later' },
  tooMany: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests; please try again later' },
} satisfies Record<string, Text>;

/** Signatures one client address may ask for in a minute. A visitor asks once per page she
 * enters (on iOS once per visit); a school's class behind one address stays well within it. */
export const JS_CONFIGS_PER_MINUTE = 120;

/** The page's URL, if it is one of `origin`'s pages: without its fragment, as signed. */
export function ourPage(url: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin || parsed.username || parsed.password) return null;
  return url.split('#')[0];
}

/** A sliding window per client address, in memory: the signature is cheap (the ticket is
 * cached), the limit only keeps a script from turning this into a free hashing service. Each
 * instance counts its own. */
export function perAddressLimit(limit: number, windowMs: number) {
  const seen = new Map<string, number[]>();
  return (address: string, now: number): boolean => {
    const recent = (seen.get(address) ?? []).filter((at) => at > now - windowMs);
    if (seen.size > 10_000) seen.clear();
    if (recent.length >= limit) {
      seen.set(address, recent);
      return false;
    }
    recent.push(now);
    seen.set(address, recent);
    return true;
  };
}

/** `wx.config` for `url`, if it is one of `ours`' pages (ours: server/origin.ts ourOrigin). */
export async function jsConfig(deps: AppDeps, url: string, ours: string): Promise<WxJsConfig> {
  const page = ourPage(url, new URL(ours).origin);
  if (!page) throw fail(JSSDK_TEXTS.notOurs);
  const jsapi = deps.providers.wechatJsapi;
  let ticket: string;
  try {
    ticket = await jsapi.ticket();
  } catch (error) {
    // The cache logged the vendor's reason; the visitor's page goes on without share cards.
    if (error instanceof WechatVendorError) throw fail(JSSDK_TEXTS.unavailable, 502);
    throw error;
  }
  const timestamp = Math.floor(deps.clock().getTime() / 1000);
  const nonceStr = randomBytes(12).toString('base64url');
  return { appId: jsapi.appId, timestamp, nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url: page }) };
}
