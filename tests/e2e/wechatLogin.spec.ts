/** The chat app's login in the browser, zh and en, in the chat app's own browser:
 * a new identity goes through the simulator's OAuth (who are you, then consent), binds a phone
 * with a code from the dev SMS outbox and lands where it was going; the same identity later logs
 * in silently; a phone browser's scan login is approved from the chat app; the centre shows
 * the bound nickname and unbinds it. */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chatAppContext } from './chatApp.ts';
import { fill, latestCode, newPhone, shot } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

test.use(chatAppContext);

const T = {
  zh: {
    newOne: '一个新身份',
    next: '继续',
    allow: '允许',
    refuse: '拒绝',
    phone: '手机号',
    code: '验证码',
    sendCode: '获取验证码',
    bind: '绑定并继续',
    bindTitle: '绑定手机号',
    bindIdentity: '手机号将绑定到以下微信账号：',
    notMine: '这不是我的微信账号，退出登录',
    otherBrowser: '该登录链接来自其他浏览器，未登录任何账号。请在此重新登录',
    confirm: '确认登录',
    approved: '已确认，另一块屏幕将自动登录',
    askedFrom: /^请求来自 Safari · iOS 17\.0，\d\d:\d\d 发起$/,
    answered: '该二维码已确认过，请在另一块屏幕上刷新二维码',
    wechat: '微信',
    unbind: '解绑',
    unbound: '已解绑微信',
    scanLink: '微信扫码登录',
    wrongCode: '验证码错误或已过期',
  },
  en: {
    newOne: 'A new identity',
    next: 'Continue',
    allow: 'Allow',
    refuse: 'Refuse',
    phone: 'Mobile',
    code: 'Code',
    sendCode: 'Send code',
    bind: 'Bind and continue',
    bindTitle: 'Bind your mobile number',
    bindIdentity: 'Your number will be joined to this WeChat account:',
    notMine: 'Not my WeChat account: log out',
    otherBrowser: 'This login link came from another browser: nobody was logged in. Please log in again here',
    confirm: 'Confirm',
    approved: 'Confirmed: the other screen logs in now',
    askedFrom: /^Asked from Safari · iOS 17\.0 at \d\d:\d\d$/,
    answered: 'This QR code was already answered; refresh it on the other screen',
    wechat: 'WeChat',
    unbind: 'Unbind',
    unbound: 'WeChat unbound',
    scanLink: 'Log in with WeChat (scan)',
    wrongCode: 'Verification code is incorrect or expired',
  },
} as const;

const GOING = '/individualCustomers/order/orderRecord';
/** A phone's own browser (playwright.config.ts's default), not the chat app's. */
const PHONE_BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function looksRight(page: Page) {
  await noSidewaysScroll(page);
  await noWordBrokenMidWord(page.locator('body'));
}

for (const lang of ['zh', 'en'] as const) {
  const L = T[lang];

  test(`a new chat-app visitor: OAuth with consent, a phone bound, then silent; a scan login approved from the chat app (${lang})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));

    // A screen that needs a login: the login screen goes to the chat app at once (silent scope).
    await page.goto(GOING);
    await expect(page).toHaveURL(/\/prod-api\/wx\/sim\/authorize\?.*scope=snsapi_base/);
    // The simulated chat app does not know this browser yet: who is using it?
    const newOne = page.locator('label.id').filter({ hasText: L.newOne });
    await tapTarget(newOne);
    await looksRight(page);
    await shot(page, lang, 'wx-1-who');
    await newOne.click();
    await page.getByRole('button', { name: L.next }).click();

    // A new openid: back through the chat app for consent.
    await expect(page).toHaveURL(/\/prod-api\/wx\/sim\/authorize\?.*scope=snsapi_userinfo/);
    for (const name of [L.allow, L.refuse]) await tapTarget(page.getByRole('button', { name }));
    await looksRight(page);
    await shot(page, lang, 'wx-2-consent');
    await page.getByRole('button', { name: L.allow }).click();

    // Logged in to an account without a phone: the bind form, before anything else.
    await expect(page.getByText(L.bindTitle).first()).toBeVisible();
    await expect(page).toHaveURL(/\/individualCustomers\/bindPhone\?redirect=/);
    // Whose chat-app account the number is about to be joined to, and a way out if not hers.
    const identity = page.locator('.bind-identity');
    await expect(identity).toContainText(L.bindIdentity);
    await expect(identity.locator('.bind-identity__name')).not.toBeEmpty();
    await tapTarget(identity.getByRole('button', { name: L.notMine }));
    const phone = `${newPhone().slice(0, 10)}${lang === 'zh' ? 3 : 4}`;
    await fill(page, L.phone, phone);
    await page.getByRole('button', { name: L.sendCode }).click();
    const code = await latestCode(page, phone);
    // A wrong code first: refused where the eye is, nothing bound.
    await fill(page, L.code, code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: L.bind }).click();
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: L.wrongCode }));
    await expect(page.locator('.rv-toast')).toBeHidden();
    await looksRight(page);
    await shot(page, lang, 'wx-3-bind');
    await fill(page, L.code, code);
    await page.getByRole('button', { name: L.bind }).click();
    await expect(page).toHaveURL(new RegExp(`${GOING}$`));

    // Logged out of the app, the same chat-app user comes back: no page of the chat app shows.
    const simPages: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/wx/sim/authorize')) simPages.push(r.status());
    });
    await page.context().clearCookies({ name: 'ticket_token_individual' });
    // The page is at its address before the app has booted and gone to the chat app: wait for
    // the chat app's answer, not for the address.
    const silent = page.waitForResponse((r) => r.url().includes('/wx/sim/authorize'));
    await page.goto('/individualCustomers/personalCenter/personHome');
    await silent;
    await expect(page).toHaveURL(/\/personalCenter\/personHome$/);
    // Through the chat app, which answered with a redirect each time, never a page.
    expect(simPages.length).toBeGreaterThan(0);
    expect(simPages.filter((status) => status !== 302)).toEqual([]);
    const wechatRow = page.locator('.centre-wechat');
    await expect(wechatRow).toContainText(L.wechat);
    await tapTarget(wechatRow.getByRole('button', { name: L.unbind }));

    // A phone's own browser: the scan login's QR code, approved from the chat app.
    const desk = await (await browser.newContext({ baseURL, viewport: { width: 375, height: 667 }, userAgent: PHONE_BROWSER_UA })).newPage();
    await useLanguage(desk, lang);
    await desk.goto('/individualCustomers/login');
    await tapTarget(desk.getByRole('link', { name: L.scanLink }));
    await looksRight(desk);
    await shot(desk, lang, 'wx-0-login-scan-link');
    await desk.getByRole('link', { name: L.scanLink }).click();
    await expect(desk).toHaveURL(/\/individualCustomers\/wxLogin$/);
    const qr = desk.locator('.ticket-qr[data-qr]');
    await expect(qr).toBeVisible();
    const url = (await qr.getAttribute('data-qr'))!;
    expect(url).toMatch(/\/individualCustomers\/wxLoginConfirm\?scan=/);
    await looksRight(desk);
    await shot(desk, lang, 'wx-4-scan-qr');

    await page.goto(url);
    await tapTarget(page.getByRole('button', { name: L.confirm }));
    // The phone is told which device asks, and when, before it confirms.
    await expect(page.getByTestId('scan-device')).toHaveText(L.askedFrom);
    await looksRight(page);
    await shot(page, lang, 'wx-5-scan-confirm');
    await page.getByRole('button', { name: L.confirm }).click();
    await expect(page.getByText(L.approved)).toBeVisible();
    // The same code opened again: answered already, so nothing left to confirm or cancel.
    await page.goto(url);
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: L.answered }));
    await expect(page.getByRole('button', { name: L.confirm })).toHaveCount(0);
    await shot(page, lang, 'wx-5b-scan-answered');
    // The desktop asks every 2 s: logged in, at the visitor area's start.
    await expect(desk).toHaveURL(/\/individualCustomers\/select\/selectDate$/);
    await desk.goto('/individualCustomers/personalCenter/personHome');
    await expect(desk.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeVisible();
    await desk.context().close();

    // The centre: the bound nickname, unbound after a confirmation.
    await page.goto('/individualCustomers/personalCenter/personHome');
    await expect(wechatRow).toBeVisible();
    await looksRight(page);
    await shot(page, lang, 'wx-6-centre');
    await wechatRow.getByRole('button', { name: L.unbind }).click();
    await page.locator('.rv-dialog').getByRole('button', { name: L.unbind }).click();
    await expect(page.getByText(L.unbound)).toBeVisible();
    await expect(wechatRow).toHaveCount(0);
  });
}

/** An attacker's chat-app login with a new identity, up to the link he keeps and sends instead of
 * following it: the chat app's callback, or the login ticket it answers. Driven over HTTP in his
 * own browser context (its cookies), as his browser would, without following the last redirect. */
async function unfinishedLogin(attacker: BrowserContext, keep: 'callback' | 'ticket'): Promise<string> {
  const start = await attacker.request.get(`/prod-api/ingore/getWechatCode?${new URLSearchParams({ oauthType: 'userinfo', redirectUrl: GOING })}`);
  const authorize = new URL((await start.json()).data.url, 'http://x');
  const form = Object.fromEntries(['redirect_uri', 'scope', 'state', 'lang'].map((k) => [k, authorize.searchParams.get(k) ?? '']));
  const allowed = await attacker.request.post('/prod-api/wx/sim/decide', { form: { ...form, openid: 'new', decision: 'allow' }, maxRedirects: 0 });
  const callback = allowed.headers().location;
  expect(callback).toContain('/prod-api/getWxOauthCode?');
  if (keep === 'callback') return callback;
  const landed = (await attacker.request.get(callback, { maxRedirects: 0 })).headers().location;
  expect(landed).toContain('wxTicket=');
  return landed;
}

for (const lang of ['zh', 'en'] as const) {
  const L = T[lang];

  test(`a login link from someone else's browser logs nobody in, and says so (${lang})`, async ({ browser, baseURL }) => {
    const attacker = await browser.newContext({ ...chatAppContext, baseURL, viewport: { width: 375, height: 667 } });
    // The chat app's callback, and the login screen's ticket after it: each kept unfollowed.
    const callback = await unfinishedLogin(attacker, 'callback');
    const ticket = await unfinishedLogin(attacker, 'ticket');

    const victim = await browser.newContext({ ...chatAppContext, baseURL, viewport: { width: 375, height: 667 }, locale: lang === 'en' ? 'en-GB' : 'zh-CN' });
    const page = await victim.newPage();
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await page.goto(callback);
    // Back at the start, told why, in her language; not logged in.
    await expect(page).toHaveURL(/\/individualCustomers(\/select\/selectDate)?$/);
    await expect(page.locator('.rv-toast').filter({ hasText: L.otherBrowser })).toBeVisible();
    await looksRight(page);
    await shot(page, lang, 'wx-7-csrf-callback');
    expect((await victim.cookies()).map((c) => c.name)).not.toContain('ticket_token_individual');

    // The login ticket of the attacker's finished OAuth: refused on the login screen, where the eye is.
    await page.goto(ticket);
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: L.otherBrowser }));
    await looksRight(page);
    await shot(page, lang, 'wx-8-csrf-ticket');
    expect((await victim.cookies()).map((c) => c.name)).not.toContain('ticket_token_individual');
    await attacker.close();
    await victim.close();
  });
}
