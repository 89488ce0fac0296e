/** Production mode cannot be a demo by accident: simulators and dev endpoints exist only when
 * chosen, the payment notify is verified like a vendor's, proxies are trusted only as
 * configured, every answer carries security headers, and logs keep phones masked. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, orderRequest, payInFull, priceOf, type TestApp } from './helpers.ts';
import { OPEN_DAY } from './constants.ts';
import { ConfigError, readConfig } from '../../server/config.ts';
import { consoleSms } from '../../server/providers/sms.ts';
import { signNotify } from '../../server/providers/payNotify.ts';
import { simPayment } from '../../server/providers/payment.ts';

const ADULT = '1990-01-01';
const config = (env: Record<string, string>) => readConfig(env, '/srv/museum');

describe('configuration read once, checked at start-up', () => {
  it('demo mode by default, on simulators', () => {
    const c = config({});
    expect(c).toMatchObject({
      mode: 'demo',
      port: 8080,
      trustProxy: false,
      logLevel: 'warn',
      checkInSource: 'gate',
      simulators: ['sms', 'payment', 'face', 'wechat'],
    });
  });

  it('production refuses simulators unless allowed by name, and says which variable to set', () => {
    expect(() => config({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => config({ NODE_ENV: 'production' })).toThrow(/ALLOW_SIMULATORS=sms,payment,face,wechat/);
    expect(() => config({ NODE_ENV: 'production', ALLOW_SIMULATORS: 'sms' })).toThrow(/ALLOW_SIMULATORS=payment,face,wechat/);
    const http = { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_KEY: 'k' };
    expect(() => config({ NODE_ENV: 'production', ...http })).toThrow(/payment \(PAYMENT_PROVIDER=sim\)/);
    expect(config({ NODE_ENV: 'production', ...http, ALLOW_SIMULATORS: 'payment,face,wechat' })).toMatchObject({
      mode: 'production',
      simulators: ['payment', 'face', 'wechat'],
    });
    expect(() => config({ NODE_ENV: 'production', ALLOW_SIMULATORS: 'sms,payment,face,wechat', CAPTCHA: 'off' })).toThrow(/CAPTCHA=off/);
    expect(() => config({ NODE_ENV: 'production', ALLOW_SIMULATORS: 'sms,payment,face,wechat', CAPTCHA: 'test' })).toThrow(/CAPTCHA=test/);
    expect(() => config({ NODE_ENV: 'production', ALLOW_SIMULATORS: 'sms,payment,face,wechat', DEV_CLOCK: '1' })).toThrow(/DEV_CLOCK=1/);
    expect(() => config({ NODE_ENV: 'production', ALLOW_SIMULATORS: 'sms,payment,face,wechat', SIM_REFUND_DELAY_MS: '150' })).toThrow(/SIM_REFUND_DELAY_MS/);
    expect(config({ DEV_CLOCK: '1' })).toMatchObject({ mode: 'demo', devClock: true });
  });

  it('the chat app and its payment: the real adapters need their credentials, keys and a public address', () => {
    expect(() => config({ WECHAT_PROVIDER: 'wechat' })).toThrow(/WECHAT_APP_ID and WECHAT_APP_SECRET/);
    expect(() => config({ PAYMENT_PROVIDER: 'wechatpay', WECHAT_APP_ID: 'wx1' })).toThrow(/WECHATPAY_MCH_ID, WECHATPAY_MCH_SERIAL/);
    expect(() => config({ WECHATPAY_API_V3_KEY: 'short' })).toThrow(/WECHATPAY_API_V3_KEY/);
    const dir = mkdtempSync(path.join(tmpdir(), 'keys-'));
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(path.join(dir, 'mch.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }));
    writeFileSync(path.join(dir, 'platform.pem'), publicKey.export({ type: 'spki', format: 'pem' }));
    writeFileSync(path.join(dir, 'not.pem'), 'hello');
    const pay = {
      PAYMENT_PROVIDER: 'wechatpay',
      WECHAT_APP_ID: 'wx1',
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_MCH_SERIAL: 'ABC',
      WECHATPAY_MCH_PRIVATE_KEY_FILE: path.join(dir, 'mch.pem'),
      WECHATPAY_API_V3_KEY: 'k'.repeat(32),
      WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: path.join(dir, 'platform.pem'),
      WECHATPAY_PLATFORM_SERIAL: 'PUB_KEY_ID_1',
    };
    expect(config(pay).payment).toMatchObject({
      provider: 'wechatpay',
      wechatpay: { mchId: '1900000001', appId: 'wx1', apiUrl: 'https://api.mch.weixin.qq.com' },
    });
    expect(() => config({ ...pay, WECHATPAY_MCH_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') })).toThrow(/WECHATPAY_MCH_PRIVATE_KEY_FILE: cannot read/);
    expect(() => config({ ...pay, WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: path.join(dir, 'not.pem') })).toThrow(/not a PEM file/);
    const http = { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.com/send', SMS_HTTP_KEY: 'k', ALLOW_SIMULATORS: 'face' };
    const wechat = { WECHAT_PROVIDER: 'wechat', WECHAT_APP_SECRET: 's' };
    expect(() => config({ NODE_ENV: 'production', ...http, ...pay, ...wechat })).toThrow(/need PUBLIC_URL/);
    // The vendor calls back over https only: an http PUBLIC_URL is refused with either real adapter.
    for (const real of [{ ...pay, ...wechat }, pay, { ...wechat, WECHAT_APP_ID: 'wx1', ALLOW_SIMULATORS: 'face,payment' }]) {
      expect(() => config({ NODE_ENV: 'production', ...http, ...real, PUBLIC_URL: 'http://tickets.museum.example' })).toThrow(/PUBLIC_URL must be https:\/\//);
    }
    expect(() => config({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(config({ PUBLIC_URL: 'http://192.168.1.20:8080' }).publicUrl).toBe('http://192.168.1.20:8080');
    expect(config({ NODE_ENV: 'production', ...http, ...pay, ...wechat, PUBLIC_URL: 'https://tickets.museum.example/' })).toMatchObject({
      simulators: ['face'],
      publicUrl: 'https://tickets.museum.example',
      wechat: { provider: 'wechat', wechat: { appId: 'wx1', apiUrl: 'https://api.weixin.qq.com' } },
    });
  });

  it('a bad value is a start-up error naming the variable', () => {
    expect(() => config({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => config({ PAY_TIMEOUT_INTERVAL_MS: '-5' })).toThrow(/PAY_TIMEOUT_INTERVAL_MS/);
    expect(() => config({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => config({ ALLOW_SIMULATORS: 'ocr' })).toThrow(/ALLOW_SIMULATORS: unknown ocr/);
    expect(() => config({ SMS_PROVIDER: 'http' })).toThrow(/SMS_HTTP_URL/);
    expect(() => config({ TOKEN_SECRET: 'short' })).toThrow(/TOKEN_SECRET/);
    expect(() => config({ SMS_PER_IP_PER_HOUR: '0' })).toThrow(/SMS_PER_IP_PER_HOUR/);
    expect([config({}).smsPerIpPerHour, config({ SMS_PER_IP_PER_HOUR: '200' }).smsPerIpPerHour]).toEqual([30, 200]);
  });

  it('ALLOWED_HOSTS: by default this machine (loopback and its interfaces, any port); else the names given, a port kept', () => {
    const own = config({}).allowedHosts;
    expect(own).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '[::1]']));
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal);
    if (lan) expect(own).toContain(lan.address);
    expect(config({ ALLOWED_HOSTS: 'Tickets.LAN:8080, 10.0.0.5,[::1]:80' }).allowedHosts).toEqual(['tickets.lan:8080', '10.0.0.5', '[::1]:80']);
    expect(() => config({ ALLOWED_HOSTS: 'localhost,http://evil.example/' })).toThrow(/ALLOWED_HOSTS: not a host or host:port: http:\/\/evil.example\//);
  });

  it('TRUST_PROXY: off, on, a hop count or addresses', () => {
    expect(config({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(config({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    const hops = config({ TRUST_PROXY: '1' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1)]).toEqual([true, false]);
  });
});

/** A new visitor's unpaid order of one adult ticket. */
async function placedOrder(t: TestApp) {
  const token = await t.tokenFor(`1590000${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`);
  const [h] = await t.halls(OPEN_DAY);
  const session = h.scheduleTicketPoolVOS.find((s) => s.state === 'available')!.hallScheduleId;
  const r = await t.call('POST', '/config/orderRule/placeOrder', {
    token,
    body: orderRequest(OPEN_DAY, h.hallId, session, [{ name: '钱七', birth: ADULT, ticketPriceId: priceOf(h, 'adult') }], await t.captchaToken()),
  });
  expect(r.code, r.msg).toBe(200);
  return { token, orderId: r.data.orderId as number };
}

describe('demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ smsPerIpPerHour: 3 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the dev outbox answers for one phone only, and never lists every code', async () => {
    await t.call('POST', '/ingore/sendMessage', { body: { phone: '13600000001' } });
    await t.call('POST', '/ingore/sendMessage', { body: { phone: '13600000002' } });
    const all = await t.call('GET', '/dev/sms/outbox', { lang: 'en' });
    expect(all.code).toBe(500);
    expect(all.msg).toMatch(/Invalid request parameter: phone/);
    const one = await t.call('GET', '/dev/sms/outbox?phone=13600000001');
    expect(one.data.map((m: { phone: string }) => m.phone)).toEqual(['13600000001']);
  });

  it("DEV_CLOCK=1 moves the demo's clock forward: the 60 s between two codes to a phone are skipped, not waited; absent without it", async () => {
    const moved = await makeApp({}, { devClock: true });
    try {
      const send = async () => (await moved.call('POST', '/ingore/sendMessage', { body: { phone: '13600000009' }, lang: 'en' })).msg;
      expect(await send()).toBe('Success');
      expect(await send()).toMatch(/^Codes are sent too often; please try again in \d+ s$/);
      const before = moved.now().getTime();
      expect(await moved.call('POST', '/dev/clock/advance', { body: { ms: 60_000 } })).toMatchObject({ code: 200, data: { now: before + 60_000 } });
      expect(await send()).toBe('Success');
    } finally {
      await moved.close();
    }
    expect((await t.call('POST', '/dev/clock/advance', { body: { ms: 60_000 } })).code).toBe(404);
  });

  it('X-Forwarded-For is not believed by default: the per-address SMS cap holds', async () => {
    const send = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/ingore/sendMessage',
        headers: { 'x-forwarded-for': `198.51.100.${i}`, language: 'en_us' },
        payload: { phone: `1350000${String(i).padStart(4, '0')}` },
        remoteAddress: '203.0.113.9',
      });
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await send(i)).json().code);
    expect(codes).toEqual([200, 200, 200, 500, 500]);
  });

  it('security headers on API answers and pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/config/orderRule/getSysTime' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const page = await t.app.inject({ method: 'GET', url: '/individualCustomers/select/selectDate' });
    expect(page.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
  });

  const send = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url: `/prod-api${url}`, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });

  it("answers with personal data are never kept by a browser or a proxy: a logged-in account's, and the anonymous ones with an order, a token or a challenge, are no-store; the public reads are as they were", async () => {
    const { token, orderId } = await placedOrder(t);
    await payInFull(t, token, orderId);
    for (const url of [
      `/order/OrderInfo/searchPersonOrder/${orderId}`,
      '/order/OrderInfo/getOrderInfoByStatus?pageNum=1&pageSize=10',
      '/system/topContacts',
      '/getUserInfoToIndividual',
    ]) {
      const res = await send('GET', url, token);
      expect(res.json().code, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A refusal of a missing login too.
    expect((await send('GET', '/system/topContacts')).headers['cache-control']).toBe('no-store');
    const { shortLinkFlag } = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token })).data;
    const shared = await send('POST', '/ingore/getOrderDetailByShortUrl', undefined, { shortLinkFlag });
    expect(shared.json().data.orderId).toBe(orderId);
    expect(shared.headers['cache-control']).toBe('no-store');
    for (const url of ['/ingore/wxLogin?ticket=abc', '/ingore/captchaImage']) expect((await send('GET', url)).headers['cache-control'], url).toBe('no-store');
    // The calendar, the halls of a day and the settings: the same for everyone, no header today.
    for (const url of [
      '/pool/ingore/getCalendar',
      `/pool/ingore/getHall?queryDate=${OPEN_DAY}&openPerson=1&saleMode=1`,
      '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin',
    ]) {
      const res = await send('GET', url);
      expect(res.json().code, url).toBe(200);
      expect(res.headers['cache-control'], url).toBeUndefined();
    }
  });

  it('who may call is decided by the matched route, never by text in the URL', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/prod-api/openapi.json' })).json();
    const guarded = Object.entries(doc.paths as Record<string, Record<string, { security?: unknown[] }>>).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length)
        .map(([method, op]) => ({ method: method.toUpperCase() as 'GET' | 'POST', url: p.replace(/\{[^}]+\}/g, '1'), op })),
    );
    expect(guarded.length).toBeGreaterThan(20);
    expect(guarded.map((g) => g.url)).toContain('/prod-api/basesetting/HallSetting/gainAllSystemConfigLogin');
    for (const { method, url } of guarded) {
      for (const disguised of [`${url}?ingore=1`, `${url}?x=/ingore/`, `${url}#ingore`]) {
        const r = await t.app.inject({ method, url: disguised, payload: method === 'POST' ? {} : undefined });
        expect(r.json().code, `${method} ${disguised}`).toBe(401);
      }
    }
    // The spec's anonymous variants stay open.
    expect((await t.call('GET', '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin?channel=h5')).code).toBe(200);
  });

  it("the OpenAPI document carries the routes' schemas: bodies, queries and params", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/prod-api/openapi.json' })).json();
    const refund = doc.paths['/prod-api/order/refund/frontUserRefund'].post;
    expect(refund.requestBody.content['application/json'].schema.properties.ticketIds.type).toBe('array');
    expect(refund.security).toEqual([{ bearer: [] }]);
    const hall = doc.paths['/prod-api/pool/ingore/getHall'].get;
    expect(hall.parameters.map((p: { name: string }) => p.name)).toContain('queryDate');
    expect(hall.security).toBeUndefined();
    const detail = doc.paths['/prod-api/order/OrderInfo/searchPersonOrder/{id}'].get;
    expect(detail.parameters[0]).toMatchObject({ in: 'path', name: 'id', schema: { type: 'integer', maximum: 2147483647 } });
    // And every answer: the envelope, with its data described.
    const answerOf = (op: { responses?: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }> }) =>
      op.responses?.['200']?.content?.['application/json']?.schema.properties;
    expect(answerOf(detail)?.data).toMatchObject({ nullable: true, properties: { payDeadline: {}, tickets: { type: 'array' } } });
    // The vendor-style routes (the pay and refund notifies, the simulator's HTML pages, the OAuth's redirect back), the staff's image, the day's and a coupon batch's CSV, the catalogue file, the films' posters, the invoices' PDFs, the live stock stream and the queue's stream (Server-Sent Events) answer in their own format.
    const own = [
      '/prod-api/getWxOauthCode',
      '/prod-api/pay/notify',
      '/prod-api/pay/refundNotify',
      '/prod-api/pay/sim/cashier',
      '/prod-api/pay/sim/submit',
      '/prod-api/staff/uploads/{uploadId}',
      '/prod-api/staff/day.csv',
      '/prod-api/staff/catalogue/file',
      '/prod-api/films/posters/{file}',
      '/prod-api/staff/coupons/batches/{id}/codes.csv',
      '/prod-api/staff/invoices/{id}/pdf',
      '/prod-api/invoice/{id}/pdf',
      '/prod-api/ingore/invoice/pdf',
      '/prod-api/pool/ingore/live',
      '/prod-api/queue/live',
    ];
    const missing = Object.entries(doc.paths as Record<string, Record<string, Parameters<typeof answerOf>[0]>>)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
      .filter(({ path, op }) => !own.includes(path) && !answerOf(op)?.data)
      .map(({ path, method }) => `${method} ${path}`);
    expect(missing).toEqual([]);
  });

  it('the interactive API reference is served in the demo', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/prod-api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect((await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' })).json().paths['/prod-api/pay/create']).toBeDefined();
  });

  it('the console SMS simulator logs the code with the phone masked', async () => {
    const lines: string[] = [];
    await consoleSms((l) => lines.push(l)).send({ phone: '13812345678', text: 'code 123456', code: '123456', sentAt: 0 });
    expect(lines).toEqual(['[sms] to 138****5678 code 123456']);
  });
});

describe('payments are taken only from a verified notify', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const placed = () => placedOrder(t);

  async function unpaidOrder() {
    const { token, orderId } = await placed();
    const created = await t.call('POST', '/pay/create', { token, body: { orderId } });
    const payId = new URL(created.data.payUrl, 'http://x').searchParams.get('payId')!;
    const [{ amount }] = await t.db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
    const status = async () => (await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token })).data.status;
    return { payId, amount, status };
  }

  const post = (headers: Record<string, string>, payload: string) =>
    t.app.inject({ method: 'POST', url: '/prod-api/pay/notify', headers: { 'content-type': 'application/json', ...headers }, payload });

  it('starts a payment only for a Host of ALLOWED_HOSTS (its notify_url is made of it): another is refused, no payment made', async () => {
    const { token, orderId } = await placed();
    const payments = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE order_id = $1', [orderId]))[0].n;
    const evil = await t.call('POST', '/pay/create', { token, body: { orderId }, headers: { host: 'evil.example' }, lang: 'en' });
    expect(evil).toMatchObject({ code: 500, msg: "This address is not one of this site's; please open the site at its own address", data: null });
    expect(await payments()).toBe(0);
    expect((await t.call('POST', '/pay/create', { token, body: { orderId } })).code).toBe(200);
  });

  it('the old anonymous notify is gone', async () => {
    const { payId, amount, status } = await unpaidOrder();
    const r = await t.call('POST', '/pay/sim/notify', { body: { payId, amount } });
    expect(r.code).toBe(404);
    expect(await status()).toBe('toBePaid');
  });

  it('unsigned, forged, tampered and replayed notifies are refused; the order stays unpaid', async () => {
    const { payId, amount, status } = await unpaidOrder();
    const tx = { out_trade_no: payId, transaction_id: 'x1', trade_state: 'SUCCESS', amount: { total: amount, currency: 'CNY' } };
    const good = signNotify((await simPayment(t.db)).platform, tx, t.now());

    expect((await post({}, good.body)).statusCode).toBe(401);
    // Signed by someone else's key (a fresh "platform").
    const { generateKeyPairSync } = await import('node:crypto');
    const other = { ...(await simPayment(t.db)).platform, privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };
    expect((await post(signNotify(other, tx, t.now()).headers, good.body)).statusCode).toBe(401);
    // The body changed after signing.
    expect((await post(good.headers, good.body.replace('"summary":"支付成功"', '"summary":"x"'))).statusCode).toBe(401);
    // Signed long ago: a replay.
    const old = signNotify((await simPayment(t.db)).platform, tx, new Date(t.now().getTime() - 10 * 60_000));
    expect((await post(old.headers, old.body)).statusCode).toBe(401);
    expect(await status()).toBe('toBePaid');

    expect((await post(good.headers, good.body)).statusCode).toBe(204);
    expect(await status()).toBe('completed');
  });
});

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ mode: 'production' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mounts no dev endpoint, even with the console SMS simulator allowed', async () => {
    await t.call('POST', '/ingore/sendMessage', { body: { phone: '13600000003' } });
    expect((await t.call('GET', '/dev/sms/outbox?phone=13600000003')).code).toBe(404);
    expect((await t.call('POST', '/dev/clock/advance', { body: { ms: 60_000 } })).code).toBe(404);
    expect((await t.call('GET', '/docs/')).code).toBe(404);
  });

  it('an allowed payment simulator still pays only through its signed notify', async () => {
    const r = await t.call('POST', '/pay/sim/notify', { body: { payId: 'x', amount: 1 } });
    expect(r.code).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/prod-api/pay/notify', payload: { payId: 'x', amount: 1 } })).statusCode).toBe(401);
  });
});
