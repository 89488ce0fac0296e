/** The chat app's login (docs/product.md §1, §2 wxLogin, §7 accounts): what the server and the client
 * agree on. */
import { AREA_PREFIX } from './areas.ts';
import type { Text } from './text.ts';

/** The answer code of a visitor's call refused because her account has no bound phone yet
 * (docs/product.md §1 "forced to bind"): the client goes to the bind screen. */
export const BIND_REQUIRED_CODE = 428;

/** A scan login's QR code lives 2 minutes; the screen that shows it asks every 2 s. */
export const SCAN_TICKET_TTL_MS = 120_000;
export const SCAN_POLL_MS = 2000;
/** The OAuth's `state` lives 10 minutes; the ticket that brings the visitor back, 2. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
export const LOGIN_TICKET_TTL_MS = 2 * 60_000;
/** The OAuth's `state`: only the characters the chat app documents, at most 128 of them. */
export const OAUTH_STATE_PATTERN = /^[A-Za-z0-9]{1,128}$/;
/** OAuth trips and scan QR codes one client address may start in 10 minutes (each is a row). */
export const WX_STARTS_PER_ADDRESS = { count: 60, windowMs: 10 * 60_000 } as const;

/** Where an OAuth may bring the visitor back: a path of the visitor area, never another site
 * (no scheme, no `//host`, no backslash or space tricks), so the login is no open redirect. */
export function isOurAppPath(value: string): boolean {
  return (
    value.length <= 500 &&
    (value === AREA_PREFIX.individual || value.startsWith(`${AREA_PREFIX.individual}/`) || value.startsWith(`${AREA_PREFIX.individual}?`)) &&
    !value.includes('//') &&
    !/[\\\s]|:\/\/|%2f|%5c/i.test(value)
  );
}

export const WX_LOGIN_TEXTS = {
  bindRequired: { zh: '请先绑定手机号', en: 'Please bind your mobile number first' },
  tooMany: { zh: '登录请求过于频繁，请稍后再试', en: 'Too many login attempts from your network; please try again later' },
  badRedirect: { zh: '登录后的跳转地址无效', en: 'The page to return to after login is not valid' },
  stateInvalid: { zh: '登录请求已失效，请重新进入页面', en: 'This login request has expired or was already used; please open the page again' },
  refused: { zh: '您已拒绝微信授权，未能登录', en: 'You declined the WeChat authorisation, so you are not logged in' },
  ticketInvalid: { zh: '登录凭证无效或已使用，请重新登录', en: 'This login ticket is not valid or was already used; please log in again' },
  ticketExpired: { zh: '登录凭证已过期，请重新登录', en: 'This login ticket has expired; please log in again' },
  /** A login link (the chat app's callback, or its login ticket) opened in a browser that did not
   * start that login: someone else's, sent to this visitor. Nobody is logged in. */
  otherBrowser: {
    zh: '该登录链接来自其他浏览器，未登录任何账号。请在此重新登录',
    en: 'This login link came from another browser: nobody was logged in. Please log in again here',
  },
  scanUnknown: { zh: '二维码无效，请在另一块屏幕上刷新二维码', en: 'This QR code is not valid; refresh it on the other screen' },
  scanExpired: { zh: '二维码已过期，请在另一块屏幕上刷新二维码', en: 'This QR code has expired; refresh it on the other screen' },
  scanDecided: { zh: '该二维码已确认过，请在另一块屏幕上刷新二维码', en: 'This QR code was already answered; refresh it on the other screen' },
  alreadyBound: { zh: '该账号已绑定手机号', en: 'This account already has a mobile number' },
  phoneBoundOther: { zh: '该手机号已绑定其他微信账号', en: 'This number is already bound to another WeChat account' },
  notWechat: { zh: '该账号未绑定微信', en: 'No WeChat account is bound to this account' },
} satisfies Record<string, Text>;
