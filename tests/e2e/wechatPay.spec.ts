/** Paying in the chat app, zh and en: a visitor who logged in through the chat app's
 * OAuth pays an order with its JSAPI payment. The app runs here as a second instance with the
 * real payment adapter (PAYMENT_PROVIDER=wechatpay) against a local fake of the payment
 * platform; the page's fake WeixinJSBridge plays the chat app's payment sheet: it checks the
 * pay sign with the merchant's public key, as the chat app does, and on "pay" the fake platform
 * charges the prepay and sends its signed notify to the app. A cancelled sheet first leaves the
 * order unpaid with a word where the eye is. */
import { createVerify } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startWechatPayFake, writeKeys, type WechatPayFake } from '../fakes/wechatPayFake.ts';
import { unpaidOrder, type Visitor } from '../paths/setup.ts';
import { bridgeCalls, chatAppContext, fakeBridge } from './chatApp.ts';
import { fill, latestCode, newPhone, shot } from './helpers.ts';
import { startOwnServer, type OwnServer } from './ownServer.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

test.use(chatAppContext);

const T = {
  zh: {
    newOne: '一个新身份',
    next: '继续',
    allow: '允许',
    phone: '手机号',
    code: '验证码',
    sendCode: '获取验证码',
    bind: '绑定并继续',
    pay: '立即支付',
    cancelled: '您已取消支付',
    paid: '支付成功',
  },
  en: {
    newOne: 'A new identity',
    next: 'Continue',
    allow: 'Allow',
    phone: 'Mobile',
    code: 'Code',
    sendCode: 'Send code',
    bind: 'Bind and continue',
    pay: 'Pay now',
    cancelled: 'You cancelled the payment',
    paid: 'Payment successful',
  },
} as const;

let fake: WechatPayFake;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fake = await startWechatPayFake();
  const keys = (dir: string) =>
    Object.fromEntries(
      writeKeys(fake, dir)
        .split('\n')
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
  server = await startOwnServer({ CAPTCHA: 'test' }, keys);
});

test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** The chat app's check of the pay sign: RSA-SHA256 of "appId\ntimeStamp\nnonceStr\npackage\n" with the merchant's key. */
function signedByMerchant(p: Record<string, unknown>): boolean {
  const verify = createVerify('RSA-SHA256');
  verify.update(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`);
  return verify.verify(fake.mchPublicKey, String(p.paySign), 'base64');
}

for (const lang of ['zh', 'en'] as const) {
  const L = T[lang];

  test(`a chat-app visitor pays an order with the chat app's payment; a cancelled sheet leaves it unpaid (${lang})`, async ({ page, context }) => {
    // The payment sheet: cancelled the first time, paid the second (the platform charges and notifies).
    let sheets = 0;
    await fakeBridge(context, async (name, args) => {
      if (name !== 'getBrandWCPayRequest' || !args) return null;
      sheets += 1;
      if (!signedByMerchant(args)) return { err_msg: 'get_brand_wcpay_request:fail' };
      if (sheets === 1) return { err_msg: 'get_brand_wcpay_request:cancel' };
      expect(await fake.pay(String(args.package).replace(/^prepay_id=/, ''))).toBeLessThan(300);
      return { err_msg: 'get_brand_wcpay_request:ok' };
    });
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));

    // Logged in through the chat app's OAuth (the simulator's pages), a phone bound.
    await page.goto(`${server.baseURL}/individualCustomers/order/orderRecord`);
    await page.locator('label.id').filter({ hasText: L.newOne }).click();
    await page.getByRole('button', { name: L.next }).click();
    await page.getByRole('button', { name: L.allow }).click();
    const phone = newPhone();
    await fill(page, L.phone, phone);
    await page.getByRole('button', { name: L.sendCode }).click();
    await fill(page, L.code, await latestCode(server.api, phone));
    await page.getByRole('button', { name: L.bind }).click();
    await expect(page).toHaveURL(/\/individualCustomers\/order\/orderRecord$/);

    // An order of one adult, placed as the app places it.
    const token = (await context.cookies(server.baseURL)).find((c) => c.name === 'ticket_token_individual')!.value;
    const headers = { authorization: `Bearer ${decodeURIComponent(token)}`, language: lang === 'zh' ? 'zh_cn' : 'en_us' };
    const visitor: Visitor = {
      token,
      api: server.api,
      get: async (p) => (await (await server.api.get(`/prod-api${p}`, { headers })).json()).data,
      post: async (p, data) => (await server.api.post(`/prod-api${p}`, { headers, data })).json(),
    };
    const { orderId } = await unpaidOrder(visitor);
    const amount = (await visitor.get<{ amount: number }>(`/order/OrderInfo/searchPersonOrder/${orderId}`)).amount;

    // The sheet cancelled: still unpaid, said where the eye is.
    await page.goto(`${server.baseURL}/individualCustomers/order/payOrder/${orderId}`);
    const pay = page.getByRole('button', { name: L.pay });
    await tapTarget(pay);
    await pay.click();
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: L.cancelled }));
    await noSidewaysScroll(page);
    await shot(page, lang, 'wx-pay-1-cancelled');

    // Paid: the success screen only once the server heard the platform's notify.
    await pay.click();
    await expect(page).toHaveURL(new RegExp(`/paySuccess/${orderId}$`));
    await expect(page.getByText(L.paid).first()).toBeVisible();
    await shot(page, lang, 'wx-pay-2-paid');

    // What the chat app was asked: the server's prepay, signed by the merchant, twice (cancel, pay).
    const asked = (await bridgeCalls(page)).filter((c) => c.name === 'getBrandWCPayRequest').map((c) => c.args!);
    expect(asked).toHaveLength(2);
    for (const args of asked) expect(args).toMatchObject({ appId: fake.config.appId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=/) });
    const charged = [...fake.transactions.values()].filter((t) => `prepay_id=${t.prepay_id}` === asked[1].package);
    expect(charged, 'the platform charged the order amount').toMatchObject([{ trade_state: 'SUCCESS', total: amount, appid: fake.config.appId }]);
    expect((await visitor.get<{ status: string }>(`/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`)).status).toBe('completed');
  });
}
