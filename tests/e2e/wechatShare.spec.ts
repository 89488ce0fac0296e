/** The chat app's JS-SDK in its in-app browser (its user agent and a fake WeixinJSBridge that
 * records what the app asks): the calendar configures the SDK with the server's signature (checked
 * here against the simulator's ticket) and sets the museum's share card, with no login; a shared
 * order's page sets its own card, with nothing private in it; the pay screen hides the menu items
 * that pass a page on, and shows them again when left. A phone's own browser asks for none of it
 * and loads no weixin-js-sdk. zh and en. */
import { createHash } from 'node:crypto';
import { expect, test, type Page, type Request } from '@playwright/test';
import { bridgeCalls, chatAppContext, fakeBridge, type BridgeCall } from './chatApp.ts';
import { demoLogin, loginByApi, newPhone, reviewOneAdult, shot, solveSlider } from './helpers.ts';

const TEXT = {
  zh: { museum: '科技馆', desc: '选日期、选场次，在线预约参观', tickets: '的门票（', next: '下一步', submit: '提交订单' },
  en: {
    museum: 'Science and Technology Museum',
    desc: 'Pick a day and a session and book your visit online',
    tickets: "'s tickets for ",
    next: 'Next',
    submit: 'Place order',
  },
} as const;

const HIDDEN = ['menuItem:share:appMessage', 'menuItem:share:timeline', 'menuItem:copyUrl', 'menuItem:openWithSafari', 'menuItem:favorite'];

/** A paid order of the demo visitor, with its short link flag (read once: her login code is once a minute). */
let shared: { flag: string; visitDate: string; names: string[]; certificates: string[] };

test.beforeAll(async ({ request }) => {
  const token = await demoLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await (await request.get('/prod-api/order/v1/list?pageNum=1&pageSize=50', { headers })).json();
  for (const row of list.data.rows as Array<{ orderId: number; status: string }>) {
    if (row.status !== 'completed') continue;
    const order = (await (await request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${row.orderId}`, { headers })).json()).data;
    if (!order.shortLinkFlag) continue;
    shared = {
      flag: order.shortLinkFlag,
      visitDate: order.visitDate,
      names: order.tickets.map((t: { userName: string }) => t.userName),
      certificates: order.tickets.map((t: { certificateInfo: string }) => t.certificateInfo),
    };
    return;
  }
  throw new Error('the demo visitor has no paid order with a short link');
});

const named = (calls: BridgeCall[], name: string) => calls.filter((c) => c.how === 'invoke' && c.name === name);

/** Waits for the bridge to have received `n` invokes of `name`; returns them. */
async function invoked(page: Page, name: string, n = 1): Promise<BridgeCall[]> {
  await expect.poll(async () => named(await bridgeCalls(page), name).length, { message: `${name} invoked` }).toBeGreaterThanOrEqual(n);
  return named(await bridgeCalls(page), name);
}

test.describe('in the chat app', () => {
  test.use(chatAppContext);

  for (const lang of ['zh', 'en'] as const) {
    test(`the calendar and a shared order set their share cards, the pay screen hides the menu (${lang})`, async ({ page, context }) => {
      const T = TEXT[lang];
      await fakeBridge(context);
      if (lang === 'en') await page.addInitScript(() => localStorage.setItem('language', 'en'));
      await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
      const configs: Request[] = [];
      page.on('request', (r) => r.url().includes('/ingore/getWxJsConfig') && configs.push(r));

      // The calendar, no login: the SDK configured with the server's signature of the landing URL.
      await page.goto('/individualCustomers/select/selectDate?from=menu#top');
      const origin = new URL(page.url()).origin;
      const [verify] = await invoked(page, 'preVerifyJSAPI');
      const args = verify.args as Record<string, string | string[]>;
      expect(args.verifyJsApiList).toEqual([
        'updateAppMessageShareData',
        'updateTimelineShareData',
        'hideMenuItems',
        'showMenuItems',
        'getBrandWCPayRequest',
        'closeWindow',
      ]);
      expect(args.verifyOpenTagList).toEqual([]);
      expect(args.verifySignType).toBe('sha1');
      const { ticket } = (await (await page.request.get('/prod-api/dev/wx/jsapiTicket')).json()).data;
      const url = `${origin}/individualCustomers/select/selectDate?from=menu`;
      const plain = `jsapi_ticket=${ticket}&noncestr=${args.verifyNonceStr}&timestamp=${args.verifyTimestamp}&url=${url}`;
      expect(args.verifySignature).toBe(createHash('sha1').update(plain).digest('hex'));
      expect(new URL(configs[0].url()).searchParams.get('url')).toBe(url);

      // The museum's card, for a friend and for moments.
      const [card] = await invoked(page, 'updateAppMessageShareData');
      expect(card.args).toMatchObject({
        title: T.museum,
        desc: T.desc,
        link: `${origin}/individualCustomers/select/selectDate`,
        imgUrl: `${origin}/share-logo.png`,
      });
      const [timeline] = await invoked(page, 'updateTimelineShareData');
      expect(timeline.args).toMatchObject({ title: T.museum, link: `${origin}/individualCustomers/select/selectDate`, imgUrl: `${origin}/share-logo.png` });
      const logo = await page.request.get(`${origin}/share-logo.png`);
      expect(logo.headers()['content-type']).toBe('image/png');
      await shot(page, lang, 'wx-01-calendar-in-chat-app');

      // A shared order: its card says whose tickets for which day, masked, and links to the shared page.
      await page.goto(`/repOrder/${shared.flag}`);
      await expect(page.getByText(shared.visitDate).first()).toBeVisible();
      const orderCards = await invoked(page, 'updateAppMessageShareData');
      const orderCard = orderCards[orderCards.length - 1].args as Record<string, string>;
      expect(orderCard.title).toContain(T.tickets);
      expect(orderCard.title).toContain(shared.visitDate);
      expect(orderCard.link).toBe(`${origin}/repOrder/${shared.flag}`);
      const said = JSON.stringify(orderCards.map((c) => c.args)) + JSON.stringify(await invoked(page, 'updateTimelineShareData'));
      for (const name of shared.names) expect(said, 'no full name on a card').not.toContain(name);
      for (const certificate of shared.certificates) expect(said).not.toContain(certificate.slice(-4));
      await shot(page, lang, 'wx-02-shared-order-in-chat-app');

      // The pay screen hides what passes a page on; leaving it shows them again.
      await loginByApi(page, newPhone());
      await reviewOneAdult(page, '赵六', T.next);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: T.submit }).click();
      await solveSlider(page);
      await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
      const [hidden] = await invoked(page, 'hideMenuItems');
      expect((hidden.args as { menuList: string[] }).menuList).toEqual(expect.arrayContaining(HIDDEN));
      expect(named(await bridgeCalls(page), 'showMenuItems')).toHaveLength(0);
      await shot(page, lang, 'wx-03-pay-in-chat-app');
      await page.goBack();
      await expect(page).not.toHaveURL(/payOrder/);
      const [shown] = await invoked(page, 'showMenuItems');
      expect((shown.args as { menuList: string[] }).menuList).toEqual((hidden.args as { menuList: string[] }).menuList);
    });
  }
});

/** The URL each config was signed for, checked against the simulator's ticket. */
async function signedUrls(page: Page, candidates: string[]): Promise<string[]> {
  const { ticket } = (await (await page.request.get('/prod-api/dev/wx/jsapiTicket')).json()).data;
  return named(await bridgeCalls(page), 'preVerifyJSAPI').map(({ args }) => {
    const a = args as Record<string, string>;
    const sign = (url: string) =>
      createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${a.verifyNonceStr}&timestamp=${a.verifyTimestamp}&url=${url}`).digest('hex');
    return candidates.find((url) => sign(url) === a.verifySignature) ?? 'none of them';
  });
}

const ANDROID_CHAT_APP_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F35) NetType/WIFI Language/zh_CN';

for (const [os, userAgent, expected] of [
  ['iOS', chatAppContext.userAgent, ['/']],
  ['Android', ANDROID_CHAT_APP_UA, ['/', '/individualCustomers/select/selectDate']],
] as const) {
  test(`${os}: the SDK is signed for ${os === 'iOS' ? 'the landing URL once' : 'the current URL, again after the SPA moved'}`, async ({ browser }) => {
    const context = await browser.newContext({ userAgent });
    try {
      await fakeBridge(context);
      const page = await context.newPage();
      await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
      await page.goto('/');
      await invoked(page, 'updateAppMessageShareData');
      // Into the calendar without a reload: the SPA's own navigation.
      await page.locator('a.entry-choice').first().click();
      await expect(page).toHaveURL(/selectDate$/);
      await invoked(page, 'updateAppMessageShareData', 2);
      const origin = new URL(page.url()).origin;
      const paths = ['/', '/individualCustomers', '/individualCustomers/select/selectDate'];
      expect(
        await signedUrls(
          page,
          paths.map((p) => origin + p),
        ),
      ).toEqual(expected.map((p) => origin + p));
    } finally {
      await context.close();
    }
  });
}

test("a phone's own browser asks for no JS-SDK config and loads no weixin-js-sdk", async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
  await page.goto('/individualCustomers/select/selectDate');
  await expect(page.locator('.day--available').first()).toBeVisible();
  await page.goto(`/repOrder/${shared.flag}`);
  await expect(page.getByText(shared.visitDate).first()).toBeVisible();
  // Everything the page asks for has been asked: no JS-SDK config among it.
  await page.waitForLoadState('networkidle');
  expect(asked.filter((u) => u.includes('getWxJsConfig'))).toEqual([]);
  expect(asked.filter((u) => /weixin-js-sdk|\/page-[\w-]+\.js/.test(u))).toEqual([]);
  expect(await page.evaluate(() => 'jWeixin' in window || 'WeixinJSBridge' in window)).toBe(false);
});
