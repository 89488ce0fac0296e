/** The chat app's login over HTTP: the OAuth web flow through the simulator and
 * through the real adapter against a fake of the vendor, the state check, forced phone binding,
 * merging into a phone account, unbinding, the scan login, and who may call what. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signToken } from '../../server/auth.ts';
import { simWechatOAuth, wechatOAuth, WECHAT_OAUTH_TEXTS, type SimWechatOAuth } from '../../server/providers/wechatOAuth.ts';
import { BIND_REQUIRED_CODE, WX_LOGIN_TEXTS } from '../../src/domain/wechatLogin.ts';
import { LOGIN_MESSAGES } from '../../server/services/login.ts';
import { startWechatOAuthFake, type WechatOAuthFake } from '../fakes/wechatOAuthFake.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let sim: SimWechatOAuth;
const HOST = 'museum.test';
const GOING = '/individualCustomers/order/orderRecord';
const ORDER_ROUTE = '/order/ticketInfo/ticketInfoTimeOut';

/** The test's browser: the login nonce cookie getWechatCode gave it (a new browser per test). */
let jar = '';

beforeEach(async () => {
  jar = '';
  // The demo answers at this name (ALLOWED_HOSTS): our callback is made of it.
  t = await makeApp({ allowedHosts: [HOST] });
  sim = simWechatOAuth(t.db, t.now);
  await sim.ensureUsers();
});
afterEach(async () => t.close());

/** GET through the app as the browser does (the chat app's redirects are followed by hand). */
async function browse(url: string, cookie = jar) {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });
  return { status: res.statusCode, location: String(res.headers.location ?? ''), body: res.body, setCookie: String(res.headers['set-cookie'] ?? '') };
}

async function authorize(oauthType: 'base' | 'userinfo' = 'base', redirectUrl = GOING, lang: 'zh' | 'en' = 'zh') {
  const r = await t.app.inject({
    method: 'GET',
    url: `/prod-api/ingore/getWechatCode?${new URLSearchParams({ oauthType, redirectUrl })}`,
    headers: { host: HOST, language: lang === 'en' ? 'en_us' : 'zh_cn', ...(jar ? { cookie: jar } : {}) },
  });
  const set = r.cookies.find((c) => c.name === 'wx_login_browser');
  if (set) jar = `${set.name}=${set.value}`;
  return r.json() as { code: number; msg: string; data: { url: string } };
}

const paramsOf = (url: string) => new URL(url, `http://${HOST}`).searchParams;

/** The chat app hands `openid` a code for the authorize URL's scope and sends the browser back. */
async function comeBack(authorizeUrl: string, openid: string) {
  const p = paramsOf(authorizeUrl);
  expect(p.get('redirect_uri')).toBe(`http://${HOST}/prod-api/getWxOauthCode`);
  const code = await sim.issueCode(openid, p.get('scope') as 'snsapi_base' | 'snsapi_userinfo');
  return browse(`/prod-api/getWxOauthCode?${new URLSearchParams({ code, state: p.get('state')! })}`);
}

async function exchange(location: string, cookie = jar, lang: 'zh' | 'en' = 'zh') {
  const ticket = paramsOf(location).get('wxTicket');
  expect(ticket, location).toBeTruthy();
  const res = await t.app.inject({
    method: 'GET',
    url: `/prod-api/ingore/wxLogin?ticket=${ticket}`,
    headers: { host: HOST, language: lang === 'en' ? 'en_us' : 'zh_cn', ...(cookie ? { cookie } : {}) },
  });
  return res.json() as { code: number; msg: string; data: any };
}

/** A new visitor of the chat app all the way to her token (phone not bound yet). */
async function newVisitor(openid = 'o_sim_lin'): Promise<string> {
  const first = await comeBack((await authorize()).data.url, openid);
  const second = await comeBack(first.location, openid);
  const login = await exchange(second.location);
  expect(login.data).toMatchObject({ status: 'loggedIn', bindStatus: 0 });
  return login.data.token;
}

async function codeFor(phone: string): Promise<string> {
  expect((await t.call('POST', '/ingore/sendMessage', { body: { phone } })).code).toBe(200);
  const code = t.sms.outbox!(phone)[0].code;
  t.advance(61_000);
  return code;
}

const errorOf = (location: string) => paramsOf(location).get('errorMsg');

describe('getWechatCode', () => {
  it('answers the chat app authorize page with a random state and our callback; a redirect to anywhere else is refused', async () => {
    const a = await authorize('base');
    expect(a.code).toBe(200);
    const p = paramsOf(a.data.url);
    expect(a.data.url.startsWith('/prod-api/wx/sim/authorize?')).toBe(true);
    expect(p.get('scope')).toBe('snsapi_base');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('state')!.length).toBeGreaterThanOrEqual(32);
    expect(paramsOf((await authorize('base')).data.url).get('state')).not.toBe(p.get('state'));
    expect(paramsOf((await authorize('userinfo')).data.url).get('scope')).toBe('snsapi_userinfo');

    for (const bad of [
      'https://evil.example/x',
      '//evil.example/individualCustomers',
      '/team/select/selectDate',
      '/individualCustomers/..\\x',
      '/individualCustomers/x?to=http://evil.example',
      'javascript:alert(1)',
    ]) {
      const zh = await authorize('base', bad, 'zh');
      expect([zh.code, zh.msg], bad).toEqual([500, WX_LOGIN_TEXTS.badRedirect.zh]);
      expect((await authorize('base', bad, 'en')).msg).toBe(WX_LOGIN_TEXTS.badRedirect.en);
    }
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM wechat_oauth_states');
    expect(n).toBe(3);
  });
});

describe('getWxOauthCode: the state', () => {
  it('is refused missing, forged, reused or expired, back to the login screen with the reason, never a 500', async () => {
    const code = await sim.issueCode('o_sim_lin', 'snsapi_base');
    const missing = await browse(`/prod-api/getWxOauthCode?code=${code}`);
    expect(missing.status).toBe(302);
    expect(missing.location.startsWith('/individualCustomers/login?')).toBe(true);
    expect(errorOf(missing.location)).toBe(WX_LOGIN_TEXTS.stateInvalid.zh);
    expect(errorOf((await browse(`/prod-api/getWxOauthCode?code=${code}&state=forged-state`)).location)).toBe(WX_LOGIN_TEXTS.stateInvalid.zh);

    // A known visitor's silent login, then the same state again.
    const url = (await authorize('base', GOING, 'en')).data.url;
    await newVisitor('o_sim_chen');
    const once = await comeBack(url, 'o_sim_chen');
    expect(paramsOf(once.location).get('redirect')).toBe(GOING);
    const again = await comeBack(url, 'o_sim_chen');
    expect(errorOf(again.location)).toBe(WX_LOGIN_TEXTS.stateInvalid.zh);

    const late = (await authorize()).data.url;
    t.advance(10 * 60_000 + 1);
    expect(errorOf((await comeBack(late, 'o_sim_chen')).location)).toBe(WX_LOGIN_TEXTS.stateInvalid.zh);
  });

  it('a refused consent comes back without a code: not logged in, in the language of the start', async () => {
    const url = (await authorize('userinfo', GOING, 'en')).data.url;
    const back = await browse(`/prod-api/getWxOauthCode?state=${paramsOf(url).get('state')}`);
    expect(errorOf(back.location)).toBe(WX_LOGIN_TEXTS.refused.en);
  });

  it('a code used twice or unknown is the vendor refusal, shown to the visitor', async () => {
    const url = (await authorize()).data.url;
    const code = await sim.issueCode('o_sim_lin', 'snsapi_base');
    await sim.exchange(code);
    const back = await browse(`/prod-api/getWxOauthCode?code=${code}&state=${paramsOf(url).get('state')}`);
    expect(errorOf(back.location)).toBe(WECHAT_OAUTH_TEXTS.usedCode.zh);
    const url2 = (await authorize()).data.url;
    expect(errorOf((await browse(`/prod-api/getWxOauthCode?code=nope&state=${paramsOf(url2).get('state')}`)).location)).toBe(WECHAT_OAUTH_TEXTS.invalidCode.zh);
  });
});

describe("login CSRF: a login link taken from someone else's browser", () => {
  it('the state is letters and digits only, and the browser that asked for it gets an HttpOnly, SameSite nonce', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: `/prod-api/ingore/getWechatCode?oauthType=base&redirectUrl=${encodeURIComponent(GOING)}`,
      headers: { host: HOST },
    });
    const state = paramsOf(start.json().data.url).get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9]{32,128}$/);
    const cookie = start.cookies.find((c) => c.name === 'wx_login_browser')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/prod-api' });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is kept, beside the state.
    const [row] = await t.db.query<{ browser: string }>('SELECT browser FROM wechat_oauth_states WHERE state = $1', [state]);
    expect(row.browser).not.toContain(cookie.value);
    for (let i = 0; i < 20; i++) expect(paramsOf((await authorize()).data.url).get('state')).toMatch(/^[A-Za-z0-9]+$/);
  });

  it("the chat app's callback of an attacker's login, opened by a victim, logs her into nothing, told in her language", async () => {
    // The attacker starts a login with a new chat-app identity and keeps the callback unfollowed.
    const first = await comeBack((await authorize('base')).data.url, 'o_sim_lin');
    const p = paramsOf(first.location);
    const code = await sim.issueCode('o_sim_lin', 'snsapi_userinfo');
    const link = `/prod-api/getWxOauthCode?${new URLSearchParams({ code, state: p.get('state')! })}`;
    const attacker = jar;
    // The victim's browser, which has never started a chat-app login, or has started its own.
    const victim = await t.app.inject({ method: 'GET', url: link, headers: { host: HOST, 'accept-language': 'en-GB,en;q=0.9' } });
    expect(victim.statusCode).toBe(302);
    expect(String(victim.headers.location)).not.toContain('wxTicket');
    expect(errorOf(String(victim.headers.location))).toBe(WX_LOGIN_TEXTS.otherBrowser.en);
    jar = '';
    await authorize('base');
    expect(jar).not.toBe(attacker);
    const own = await browse(
      `/prod-api/getWxOauthCode?${new URLSearchParams({ code: await sim.issueCode('o_sim_lin', 'snsapi_userinfo'), state: p.get('state')! })}`,
    );
    expect(errorOf(own.location)).toBe(WX_LOGIN_TEXTS.stateInvalid.zh);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM wechat_login_tickets');
    expect(n).toBe(0);
    // Spent by the victim's browser: useless to the attacker afterwards too.
    expect(errorOf((await browse(link, attacker)).location)).toBe(WX_LOGIN_TEXTS.stateInvalid.zh);
    // In Chinese for a Chinese browser.
    const fresh = await comeBack((await authorize('base')).data.url, 'o_sim_lin');
    const zh = await t.app.inject({
      method: 'GET',
      url: `/prod-api/getWxOauthCode?${new URLSearchParams({ code: await sim.issueCode('o_sim_lin', 'snsapi_userinfo'), state: paramsOf(fresh.location).get('state')! })}`,
      headers: { host: HOST, 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(errorOf(String(zh.headers.location))).toBe(WX_LOGIN_TEXTS.otherBrowser.zh);
  });

  it("an attacker's login ticket, opened by a victim, is refused; it stays usable only where it started", async () => {
    const first = await comeBack((await authorize('base')).data.url, 'o_sim_lin');
    const landed = await comeBack(first.location, 'o_sim_lin');
    const attacker = jar;
    for (const [cookie, lang] of [
      ['', 'en'],
      ['', 'zh'],
      ['wx_login_browser=' + 'A'.repeat(43), 'en'],
    ] as const) {
      const refused = await exchange(landed.location, cookie, lang);
      expect([refused.code, refused.msg, refused.data]).toEqual([500, WX_LOGIN_TEXTS.otherBrowser[lang], null]);
    }
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM wechat_login_tickets WHERE used_at IS NOT NULL');
    expect(n).toBe(0);
    expect((await exchange(landed.location, attacker)).data).toMatchObject({ status: 'loggedIn', bindStatus: 0 });
  });
});

describe('the OAuth login', () => {
  it('a new openid after the silent scope goes back for consent, then gets an account without a phone; a known one logs in silently', async () => {
    const first = await comeBack((await authorize('base')).data.url, 'o_sim_lin');
    // Not a login yet: back through the authorize page, with consent, a new state, the same target.
    expect(first.location.startsWith('/prod-api/wx/sim/authorize?')).toBe(true);
    expect(paramsOf(first.location).get('scope')).toBe('snsapi_userinfo');
    const second = await comeBack(first.location, 'o_sim_lin');
    expect(second.location.startsWith('/individualCustomers/login?')).toBe(true);
    expect(paramsOf(second.location).get('redirect')).toBe(GOING);
    // Never a token in a URL.
    expect(second.location).not.toMatch(/eyJ/);
    const login = await exchange(second.location);
    expect(login.data).toMatchObject({ status: 'loggedIn', bindStatus: 0 });
    const me = await t.call('GET', '/getUserInfoToIndividual', { token: login.data.token });
    expect(me.data.user).toMatchObject({ userName: '林小满', bindStatus: 0, phone: '', wechatNickname: '林小满' });
    // The ticket is spent.
    const again = await exchange(second.location);
    expect([again.code, again.msg]).toEqual([500, WX_LOGIN_TEXTS.ticketInvalid.zh]);

    // Next visit: silent, the same account.
    const silent = await comeBack((await authorize('base')).data.url, 'o_sim_lin');
    const back = await exchange(silent.location);
    expect(back.data.status).toBe('loggedIn');
    expect((await t.call('GET', '/getUserInfoToIndividual', { token: back.data.token })).data.user.userId).toBe(me.data.user.userId);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wechat_identities WHERE openid = 'o_sim_lin'`);
    expect(n).toBe(1);
  });

  it('a ticket not exchanged within 2 minutes is refused', async () => {
    await newVisitor('o_sim_lin');
    const silent = await comeBack((await authorize('base')).data.url, 'o_sim_lin');
    t.advance(2 * 60_000 + 1);
    const late = await exchange(silent.location);
    expect([late.code, late.msg]).toEqual([500, WX_LOGIN_TEXTS.ticketExpired.zh]);
  });

  it('creates one account for one openid even when two consent callbacks race', async () => {
    const urls = [(await authorize('userinfo')).data.url, (await authorize('userinfo')).data.url];
    const backs = await Promise.all(urls.map((url) => comeBack(url, 'o_sim_ada')));
    const logins = await Promise.all(backs.map((b) => exchange(b.location)));
    const ids = await Promise.all(logins.map(async (l) => (await t.call('GET', '/getUserInfoToIndividual', { token: l.data.token })).data.user.userId));
    expect(ids[0]).toBe(ids[1]);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE user_name = 'Ada Wong'`);
    expect(n).toBe(1);
  });
});

describe('forced phone binding', () => {
  it('an account without a phone is refused everything but its info, a code, binding and logout', async () => {
    const token = await newVisitor();
    for (const lang of ['zh', 'en'] as const) {
      const refused = await t.call('GET', ORDER_ROUTE, { token, lang });
      expect([refused.code, refused.msg]).toEqual([BIND_REQUIRED_CODE, WX_LOGIN_TEXTS.bindRequired[lang]]);
    }
    expect((await t.call('POST', '/system/user/unBindUserWechat', { token })).code).toBe(BIND_REQUIRED_CODE);
    expect((await t.call('POST', '/wxScanDecide', { token, body: { scanId: 'x', approve: true } })).code).toBe(BIND_REQUIRED_CODE);
    expect((await t.call('GET', '/getUserInfoToIndividual', { token })).code).toBe(200);
    expect((await t.call('POST', '/logout', { token })).code).toBe(200);
  });

  it('binds a new number with its code (a wrong code refused), then everything opens', async () => {
    const token = await newVisitor();
    const phone = '13912340001';
    const code = await codeFor(phone);
    const wrong = await t.call('POST', '/bindWxUserMobile', { token, body: { phone, code: code === '000000' ? '111111' : '000000' }, lang: 'en' });
    expect([wrong.code, wrong.msg]).toEqual([500, LOGIN_MESSAGES.wrongCode.en]);
    const bound = await t.call('POST', '/bindWxUserMobile', { token, body: { phone, code } });
    expect(bound.code).toBe(200);
    const me = (await t.call('GET', '/getUserInfoToIndividual', { token: bound.data.token })).data.user;
    expect(me).toMatchObject({ bindStatus: 1, phone: '139****0001', wechatNickname: '林小满' });
    expect((await t.call('GET', ORDER_ROUTE, { token: bound.data.token })).code).toBe(200);
    // The first token too: the account is bound now.
    expect((await t.call('GET', ORDER_ROUTE, { token })).code).toBe(200);
    const twice = await t.call('POST', '/bindWxUserMobile', { token, body: { phone, code: await codeFor(phone) } });
    expect([twice.code, twice.msg]).toEqual([500, WX_LOGIN_TEXTS.alreadyBound.zh]);
  });

  it('a number of a phone-only account takes the identity there (her orders stay hers); the empty account is retired', async () => {
    const phone = '13912340002';
    const phoneToken = await t.tokenFor(phone);
    const owner = (await t.call('GET', '/getUserInfoToIndividual', { token: phoneToken })).data.user.userId;
    const token = await newVisitor('o_sim_chen');
    const bound = await t.call('POST', '/bindWxUserMobile', { token, body: { phone, code: await codeFor(phone) } });
    expect(bound.code).toBe(200);
    const me = (await t.call('GET', '/getUserInfoToIndividual', { token: bound.data.token })).data.user;
    expect(me).toMatchObject({ userId: owner, bindStatus: 1, wechatNickname: '陈一鸣' });
    // The empty account's token is refused from now on.
    expect((await t.call('GET', '/getUserInfoToIndividual', { token })).code).toBe(401);
    // The chat app now logs her into the phone account, silently.
    const silent = await comeBack((await authorize('base')).data.url, 'o_sim_chen');
    const back = await exchange(silent.location);
    expect(back.data).toMatchObject({ status: 'loggedIn', bindStatus: 1 });
    expect((await t.call('GET', '/getUserInfoToIndividual', { token: back.data.token })).data.user.userId).toBe(owner);
  });

  it('a number whose account has another chat-app identity is refused, the code unspent', async () => {
    const phone = '13912340003';
    const first = await newVisitor('o_sim_lin');
    expect((await t.call('POST', '/bindWxUserMobile', { token: first, body: { phone, code: await codeFor(phone) } })).code).toBe(200);
    const second = await newVisitor('o_sim_ada');
    for (const lang of ['zh', 'en'] as const) {
      const refused = await t.call('POST', '/bindWxUserMobile', { token: second, body: { phone, code: await codeFor(phone) }, lang });
      expect([refused.code, refused.msg]).toEqual([500, WX_LOGIN_TEXTS.phoneBoundOther[lang]]);
    }
    expect((await t.call('GET', '/getUserInfoToIndividual', { token: second })).data.user.bindStatus).toBe(0);
  });

  it('unbinding removes the identity, the account keeps its phone; the next chat-app visit is a new account', async () => {
    const token = await newVisitor('o_sim_lin');
    const phone = '13912340004';
    const bound = (await t.call('POST', '/bindWxUserMobile', { token, body: { phone, code: await codeFor(phone) } })).data.token;
    const none = await t.call('POST', '/system/user/unBindUserWechat', { token: await t.tokenFor('13912340005'), lang: 'en' });
    expect([none.code, none.msg]).toEqual([500, WX_LOGIN_TEXTS.notWechat.en]);
    expect((await t.call('POST', '/system/user/unBindUserWechat', { token: bound })).code).toBe(200);
    const me = (await t.call('GET', '/getUserInfoToIndividual', { token: bound })).data.user;
    expect(me).toMatchObject({ bindStatus: 1, phone: '139****0004', wechatNickname: null });
    const first = await comeBack((await authorize('base')).data.url, 'o_sim_lin');
    expect(paramsOf(first.location).get('scope')).toBe('snsapi_userinfo');
  });

  it('the account cancellation deletes the identity', async () => {
    const token = await newVisitor('o_sim_lin');
    const phone = '13912340006';
    const bound = (await t.call('POST', '/bindWxUserMobile', { token, body: { phone, code: await codeFor(phone) } })).data.token;
    expect((await t.call('POST', '/cancelCustomerAccount', { token: bound, body: { phone, code: await codeFor(phone) } })).code).toBe(200);
    expect(await t.db.query(`SELECT 1 FROM wechat_identities WHERE openid = 'o_sim_lin'`)).toHaveLength(0);
  });
});

describe('the scan login', () => {
  async function boundVisitor(openid: string, phone: string) {
    const token = await newVisitor(openid);
    return (await t.call('POST', '/bindWxUserMobile', { token, body: { phone, code: await codeFor(phone) } })).data.token as string;
  }

  it('waits, is approved once by a bound phone, exchanged once', async () => {
    const { data: scan } = await t.call('POST', '/ingore/wxScanTicket');
    expect(scan.expiresAt - t.now().getTime()).toBe(120_000);
    expect(scan.ticket).not.toBe(scan.scanId);
    expect((await t.call('GET', `/ingore/wxLogin?ticket=${scan.ticket}`)).data).toEqual({ status: 'waiting', token: null, bindStatus: null });
    // The QR's id is not the secret: polling with it gets nothing.
    expect((await t.call('GET', `/ingore/wxLogin?ticket=${scan.scanId}`)).code).toBe(500);

    const phone = await boundVisitor('o_sim_chen', '13912340011');
    expect((await t.call('POST', '/wxScanDecide', { token: phone, body: { scanId: scan.scanId, approve: true } })).code).toBe(200);
    const again = await t.call('POST', '/wxScanDecide', { token: phone, body: { scanId: scan.scanId, approve: true }, lang: 'en' });
    expect([again.code, again.msg]).toEqual([500, WX_LOGIN_TEXTS.scanDecided.en]);

    const login = await t.call('GET', `/ingore/wxLogin?ticket=${scan.ticket}`);
    expect(login.data).toMatchObject({ status: 'loggedIn', bindStatus: 1 });
    const desk = (await t.call('GET', '/getUserInfoToIndividual', { token: login.data.token })).data.user;
    const mine = (await t.call('GET', '/getUserInfoToIndividual', { token: phone })).data.user;
    expect(desk.userId).toBe(mine.userId);
    expect((await t.call('GET', `/ingore/wxLogin?ticket=${scan.ticket}`)).msg).toBe(WX_LOGIN_TEXTS.ticketInvalid.zh);
  });

  it('tells the phone which device shows the code and when it asked, and whether it still waits', async () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
    const { data: scan } = await t.call('POST', '/ingore/wxScanTicket', { headers: { 'user-agent': chrome } });
    const askedAt = t.now().getTime();
    const asking = (token?: string, scanId = scan.scanId) => t.call('GET', `/wxScanAsking?scanId=${scanId}`, { token });
    // Only a logged-in visitor with a bound phone is told.
    expect((await asking()).code).toBe(401);
    const phone = await boundVisitor('o_sim_chen', '13912340013');
    expect((await asking(phone)).data).toEqual({ device: 'Chrome · Windows 10', askedAt, state: 'waiting' });
    expect((await asking(phone, 'forged')).msg).toBe(WX_LOGIN_TEXTS.scanUnknown.zh);
    expect((await t.call('POST', '/wxScanDecide', { token: phone, body: { scanId: scan.scanId, approve: false } })).code).toBe(200);
    expect((await asking(phone)).data.state).toBe('decided');

    // A screen whose agent says nothing recognisable is asked about as an unnamed device.
    const { data: bare } = await t.call('POST', '/ingore/wxScanTicket', { headers: { 'user-agent': '' } });
    expect((await asking(phone, bare.scanId)).data.device).toBeNull();
    t.advance(120_001);
    expect((await asking(phone, bare.scanId)).data.state).toBe('expired');
  });

  it('expires after 2 minutes; a refusal is told to the screen', async () => {
    const phone = await boundVisitor('o_sim_chen', '13912340012');
    const { data: old } = await t.call('POST', '/ingore/wxScanTicket');
    t.advance(120_001);
    expect((await t.call('GET', `/ingore/wxLogin?ticket=${old.ticket}`)).data.status).toBe('expired');
    const late = await t.call('POST', '/wxScanDecide', { token: phone, body: { scanId: old.scanId, approve: true } });
    expect([late.code, late.msg]).toEqual([500, WX_LOGIN_TEXTS.scanExpired.zh]);
    expect((await t.call('POST', '/wxScanDecide', { token: phone, body: { scanId: 'forged', approve: true } })).msg).toBe(WX_LOGIN_TEXTS.scanUnknown.zh);

    const { data: next } = await t.call('POST', '/ingore/wxScanTicket');
    expect((await t.call('POST', '/wxScanDecide', { token: phone, body: { scanId: next.scanId, approve: false } })).code).toBe(200);
    expect((await t.call('GET', `/ingore/wxLogin?ticket=${next.ticket}`)).data.status).toBe('refused');

    // Approved, but the screen that showed it is long gone: not a login any more.
    const { data: left } = await t.call('POST', '/ingore/wxScanTicket');
    expect((await t.call('POST', '/wxScanDecide', { token: phone, body: { scanId: left.scanId, approve: true } })).code).toBe(200);
    t.advance(2 * 60_000 + 1);
    expect((await t.call('GET', `/ingore/wxLogin?ticket=${left.ticket}`)).data).toEqual({ status: 'expired', token: null, bindStatus: null });
  });
});

describe('one address starting too many logins', () => {
  it('is refused past 60 QR codes or OAuth trips in 10 minutes, another address is not', async () => {
    for (let i = 0; i < 60; i++) expect((await t.call('POST', '/ingore/wxScanTicket', { ip: '10.0.0.7' })).code).toBe(200);
    const refused = await t.call('POST', '/ingore/wxScanTicket', { ip: '10.0.0.7', lang: 'en' });
    expect([refused.code, refused.msg]).toEqual([500, WX_LOGIN_TEXTS.tooMany.en]);
    expect((await t.call('POST', '/ingore/wxScanTicket', { ip: '10.0.0.8' })).code).toBe(200);
    t.advance(10 * 60_000 + 1);
    expect((await t.call('POST', '/ingore/wxScanTicket', { ip: '10.0.0.7' })).code).toBe(200);
  });
});

describe('token kinds', () => {
  it('a team or staff token is refused on the visitor routes of the chat-app login', async () => {
    const team = await signToken(t.app.tokenSecret, 1, 'team', t.now(), 3600);
    const staff = await signToken(t.app.tokenSecret, 1, 'staff', t.now(), 3600);
    for (const token of [team, staff]) {
      expect((await t.call('POST', '/bindWxUserMobile', { token, body: { phone: '13912340021', code: '123456' } })).code).toBe(401);
      expect((await t.call('POST', '/wxScanDecide', { token, body: { scanId: 'x', approve: true } })).code).toBe(401);
      expect((await t.call('POST', '/system/user/unBindUserWechat', { token })).code).toBe(401);
    }
    expect((await t.call('POST', '/bindWxUserMobile', { body: { phone: '13912340021', code: '123456' } })).code).toBe(401);
  });
});

describe('the simulator pages', () => {
  it('consent lists the test identities and a new one; Allow sends a code back, Refuse none; the silent scope is silent for the last identity', async () => {
    const url = (await authorize('userinfo')).data.url;
    const page = await browse(url.replace('lang=zh', 'lang=en'));
    expect(page.status).toBe(200);
    for (const name of ['林小满', '陈一鸣', 'Ada Wong', 'A new identity', 'Allow', 'Refuse']) expect(page.body).toContain(name);
    const p = paramsOf(url);
    const form = (decision: string, openid: string) =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/wx/sim/decide',
        headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ redirect_uri: p.get('redirect_uri')!, scope: 'snsapi_userinfo', state: p.get('state')!, openid, decision }).toString(),
      });
    const refused = await form('refuse', 'o_sim_ada');
    expect(paramsOf(String(refused.headers.location)).get('code')).toBeNull();
    const allowed = await form('allow', 'o_sim_ada');
    const back = paramsOf(String(allowed.headers.location));
    expect(back.get('state')).toBe(p.get('state'));
    expect((await sim.exchange(back.get('code')!)).openid).toBe('o_sim_ada');
    const cookie = String(allowed.headers['set-cookie']).split(';')[0];

    const base = (await authorize('base')).data.url;
    const silent = await browse(base, cookie);
    expect(silent.status).toBe(302);
    expect(paramsOf(silent.location).get('code')).toBeTruthy();
    // Without the cookie: who are you?
    expect((await browse(base)).body).toContain('林小满');
    // A redirect_uri elsewhere is the vendor's error page, no code.
    const evil = await browse(
      `/prod-api/wx/sim/authorize?appid=${p.get('appid')}&redirect_uri=${encodeURIComponent('https://evil.example/prod-api/getWxOauthCode')}&scope=snsapi_base&state=s`,
      cookie,
    );
    expect([evil.status, evil.location]).toEqual([200, '']);
  });
});

describe('the real adapter against a fake of the vendor', () => {
  let fake: WechatOAuthFake;
  beforeAll(async () => {
    fake = await startWechatOAuthFake();
  });
  afterAll(async () => fake.close());
  const adapter = (over: Partial<{ appId: string; appSecret: string }> = {}) =>
    wechatOAuth({ appId: over.appId ?? fake.appId, appSecret: over.appSecret ?? fake.appSecret, oauthUrl: fake.url, apiUrl: fake.url }, { timeoutMs: 10_000 });

  it('builds the documented authorize URL and exchanges a code for the openid and the profile', async () => {
    const url = adapter().authorizeUrl({ redirectUri: 'https://m.example/prod-api/getWxOauthCode', scope: 'snsapi_userinfo', state: 'S1', lang: 'zh' });
    expect(url).toBe(
      `${fake.url}/connect/oauth2/authorize?appid=${fake.appId}&redirect_uri=https%3A%2F%2Fm.example%2Fprod-api%2FgetWxOauthCode&response_type=code&scope=snsapi_userinfo&state=S1#wechat_redirect`,
    );
    const user = { openid: 'o_real_1', nickname: '小王', headimgurl: 'https://thirdwx.qlogo.cn/x/132', unionid: 'u_1' };
    const grant = await adapter().exchange(fake.issue(user, 'snsapi_userinfo'));
    expect(grant).toMatchObject({ openid: 'o_real_1', unionid: 'u_1', scope: 'snsapi_userinfo', snapshot: false });
    expect(await adapter().profile(grant)).toEqual({ nickname: '小王', avatarUrl: user.headimgurl, unionid: 'u_1' });
    expect(fake.calls.at(-2)?.query).toMatchObject({ appid: fake.appId, secret: fake.appSecret, grant_type: 'authorization_code' });
    expect(fake.calls.at(-1)?.query).toMatchObject({ openid: 'o_real_1', lang: 'zh_CN' });
  });

  it("turns the vendor's errors into the visitor's messages", async () => {
    const user = fake.nextUser;
    const refusal = async (run: () => Promise<unknown>) =>
      run().then(
        () => null,
        (e: { text?: unknown }) => e.text,
      );
    expect(await refusal(() => adapter().exchange('not-a-code'))).toEqual(WECHAT_OAUTH_TEXTS.invalidCode);
    const code = fake.issue(user, 'snsapi_base');
    const grant = await adapter().exchange(code);
    expect(await refusal(() => adapter().exchange(code))).toEqual(WECHAT_OAUTH_TEXTS.usedCode);
    expect(await refusal(() => adapter().profile(grant))).toEqual(WECHAT_OAUTH_TEXTS.noConsent);
    expect(await refusal(() => adapter({ appId: 'wxwrong' }).exchange(fake.issue(user, 'snsapi_base')))).toEqual(WECHAT_OAUTH_TEXTS.badApp);
    for (const [failure, text] of [
      ['busy', WECHAT_OAUTH_TEXTS.busy],
      ['http500', WECHAT_OAUTH_TEXTS.unreachable],
      ['hang', WECHAT_OAUTH_TEXTS.unreachable],
    ] as const) {
      fake.failNext = failure;
      expect(await refusal(() => adapter().exchange(fake.issue(user, 'snsapi_base'))), failure).toEqual(text);
    }
  });

  it('logs a visitor in through the app with the real adapter; a vendor error is a message on the login screen', async () => {
    const real = await makeApp({ publicUrl: 'https://tickets.museum.test' }, { providers: { wechatOAuth: adapter() } });
    try {
      // The browser: its login nonce cookie, from the start to the ticket's exchange.
      let cookie = '';
      const get = async (url: string) => {
        const res = await real.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: cookie ? { cookie } : {} });
        const set = res.cookies.find((c) => c.name === 'wx_login_browser');
        if (set) cookie = `${set.name}=${set.value}`;
        return res;
      };
      const startUrl = async () => (await get(`/ingore/getWechatCode?oauthType=base&redirectUrl=${encodeURIComponent(GOING)}`)).json().data.url as string;
      const start = await startUrl();
      expect(
        start.startsWith(
          `${fake.url}/connect/oauth2/authorize?appid=${fake.appId}&redirect_uri=${encodeURIComponent('https://tickets.museum.test/prod-api/getWxOauthCode')}`,
        ),
      ).toBe(true);
      expect(start.endsWith('#wechat_redirect')).toBe(true);
      const follow = async (url: string) => {
        const res = await fetch(url, { redirect: 'manual' });
        const back = new URL(String(res.headers.get('location')));
        const callback = await get(back.pathname.replace(/^\/prod-api/, '') + back.search);
        return String(callback.headers.location);
      };
      fake.nextUser = { openid: 'o_real_2', nickname: '李雷', headimgurl: 'https://thirdwx.qlogo.cn/y/132' };
      const consent = await follow(start);
      expect(consent).toContain('scope=snsapi_userinfo');
      const landed = await follow(consent);
      const login = (await get(`/ingore/wxLogin?ticket=${paramsOf(landed).get('wxTicket')}`)).json();
      expect((await real.call('GET', '/getUserInfoToIndividual', { token: login.data.token })).data.user).toMatchObject({ userName: '李雷', bindStatus: 0 });

      fake.failNext = 'busy';
      const busy = await follow(await startUrl());
      expect(errorOf(busy)).toBe(WECHAT_OAUTH_TEXTS.busy.zh);
    } finally {
      await real.close();
    }
  });
});
