/** The chat app's JS-SDK (`weixin-js-sdk`), loaded with a dynamic import and configured only
 * inside the chat app, with the server's signature of the page's URL. Outside it nothing is
 * loaded or asked. A refusal (the server's or the chat app's) leaves the page as it is.
 *
 * Which URL the chat app checks the signature against differs: on iOS the one the visitor
 * landed on (the SPA's history changes do not count), so one config serves the whole visit; on
 * Android the current one, so the SDK is configured again when the SPA's URL has changed. */
import type wxSdk from 'weixin-js-sdk';
import { getWxJsConfig } from '../api/jssdkCalls.ts';
import { inChatApp } from './chatApp.ts';

export type Wx = typeof wxSdk;

/** What the app may ask of the chat app; no open tags. */
const JS_API_LIST: wxSdk.jsApiList = ['updateAppMessageShareData', 'updateTimelineShareData', 'hideMenuItems', 'showMenuItems', 'chooseWXPay', 'closeWindow'];

let sdk: Promise<Wx> | null = null;
const load = () => (sdk ??= import('weixin-js-sdk').then((m) => m.default));

/** The URL to sign: the landing page's on iOS, the current one elsewhere; never the #fragment. */
export function signingUrl(): string {
  const ios = /iPhone|iPad|iPod/i.test(navigator.userAgent);
  const landed = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.name;
  return ((ios && landed) || location.href).split('#')[0];
}

let configured: { url: string; done: Promise<boolean> } | null = null;
let configs = 0;

async function configure(url: string): Promise<boolean> {
  try {
    const [wx, signed] = await Promise.all([load(), getWxJsConfig(url)]);
    wx.config({ debug: false, ...signed, jsApiList: JS_API_LIST, openTagList: [] });
    // After its first config the SDK answers `ready` at once; the calls that follow carry the
    // new signature (they read it from the last config), so there is nothing more to wait for.
    if (configs++ > 0) return true;
    return await new Promise<boolean>((resolve) => {
      wx.ready(() => resolve(true));
      wx.error(() => resolve(false));
    });
  } catch {
    return false;
  }
}

/** The SDK configured for this page, or null (outside the chat app, or refused). */
export async function configuredSdk(): Promise<Wx | null> {
  if (!inChatApp()) return null;
  const url = signingUrl();
  if (configured?.url !== url) configured = { url, done: configure(url) };
  const current = configured;
  if (await current.done) return load();
  // Refused: the next page asks again (the server backs off from a failing vendor by itself).
  if (configured === current) configured = null;
  return null;
}
