/** The chat app's payment (PAYMENT_PROVIDER=wechatpay) against a local fake of the vendor's
 * API v3 (tests/fakes/wechatPayFake.ts, keys generated here): the app listens on 127.0.0.1 so
 * the fake's notifies reach it over HTTP, as the platform's would. A visitor in the chat app gets
 * JSAPI parameters for her openid and the server's amount, pays, and the verified notify completes
 * the order once; forged notifies change nothing; refunds go through the platform exactly once,
 * whatever the platform answers first; an order racing its deadline is never lost. */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertStockInvariant, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { OPEN_DAY } from './constants.ts';
import { startWechatPayFake, type WechatPayFake } from '../fakes/wechatPayFake.ts';
import { wechatPay } from '../../server/providers/wechatPay.ts';
import { signEvent, signNotify, verifyLines } from '../../server/providers/payNotify.ts';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import { runRefunds } from '../../server/jobs/refunds.ts';
import type { AppDeps } from '../../server/context.ts';
import type { PaymentProvider } from '../../server/providers/payment.ts';

const ADULT = '1990-01-01';

let fake: WechatPayFake;
let t: TestApp;
let provider: PaymentProvider;
let base: string;
const clock = () => t.now();
const quiet = () => undefined;

beforeAll(async () => {
  fake = await startWechatPayFake({ clock });
  provider = wechatPay(fake.config, { clock, timeoutMs: 400 });
  t = await makeApp({}, { providers: { payment: provider } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.delayMs = 0;
  fake.signAnswers = true;
  fake.refundMode = 'SUCCESS';
});

/** What the jobs are given in main.ts. */
const deps = (): AppDeps => ({
  db: t.db,
  clock,
  work: t.deps.work,
  providers: { payment: provider } as AppDeps['providers'],
  config: { publicUrl: null } as AppDeps['config'],
});

/** A visitor signed in through the chat app: an account with its openid. */
async function chatVisitor(withOpenid = true) {
  const phone = `1370000${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
  const token = await t.tokenFor(phone);
  const openid = `o${randomBytes(13).toString('base64url')}`;
  const [u] = await t.db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  if (withOpenid) await t.db.query('INSERT INTO wechat_identities (openid, user_id, created_at) VALUES ($1, $2, $3)', [openid, u.id, t.now()]);
  return { token, openid, userId: u.id };
}

async function unpaidOrder(token: string, people = 1) {
  const [h] = await t.halls(OPEN_DAY);
  const session = h.scheduleTicketPoolVOS.find((s) => s.state === 'available')!.hallScheduleId;
  const visitors = Array.from({ length: people }, (_, i) => ({
    name: ['张三', '李四', '王五', '赵六'][i],
    birth: ADULT,
    ticketPriceId: priceOf(h, 'adult'),
    seq: String(300 + i),
  }));
  const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body: orderRequest(OPEN_DAY, h.hallId, session, visitors, await t.captchaToken()) });
  expect(r.code, r.msg).toBe(200);
  const orderId = r.data.orderId as number;
  const [{ amount }] = await t.db.query<{ amount: number }>('SELECT amount FROM orders WHERE id = $1', [orderId]);
  return { orderId, amount };
}

/** /pay/create over HTTP, as the page sends it (the request's origin makes the notify_url). */
async function payCreate(token: string, orderId: number, inChatApp: boolean, lang: 'zh' | 'en' = 'zh') {
  const res = await fetch(`${base}/prod-api/pay/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, language: lang === 'en' ? 'en_us' : 'zh_cn' },
    body: JSON.stringify({ orderId, inChatApp }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { code: number; msg: string; data: any };
}

const status = async (token: string, orderId: number) =>
  (await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token })).data.status as string;
const payIdOf = async (orderId: number) =>
  (await t.db.query<{ pay_id: string }>('SELECT pay_id FROM payments WHERE order_id = $1 ORDER BY created_at DESC, pay_id LIMIT 1', [orderId]))[0].pay_id;
const prepayOf = (jsapi: { package: string }) => jsapi.package.replace(/^prepay_id=/, '');

/** A paid order through the whole JSAPI path. */
async function paidOrder(people = 2) {
  const v = await chatVisitor();
  const o = await unpaidOrder(v.token, people);
  const c = await payCreate(v.token, o.orderId, true);
  expect(await fake.pay(prepayOf(c.data.jsapi))).toBe(204);
  expect(await status(v.token, o.orderId)).toBe('completed');
  const detail = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${o.orderId}`, { token: v.token })).data;
  return { ...v, ...o, tickets: detail.tickets.map((x: { ticketId: number }) => x.ticketId) as number[] };
}

describe('JSAPI pay in the chat app', () => {
  it("prepays the server's amount for the payer's openid with our notify_url, and signs the pay parameters the chat app checks", async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token, 2);
    const c = await payCreate(v.token, o.orderId, true);
    expect(c.code, c.msg).toBe(200);
    const { jsapi } = c.data;
    expect(jsapi).toMatchObject({ appId: fake.config.appId, signType: 'RSA', package: expect.stringMatching(/^prepay_id=wx/) });
    const payId = await payIdOf(o.orderId);
    const tx = fake.transactions.get(payId)!;
    expect(tx).toMatchObject({
      total: o.amount,
      openid: v.openid,
      notify_url: `${base}/prod-api/pay/notify`,
      prepay_id: prepayOf(jsapi),
      appid: fake.config.appId,
    });
    expect(o.amount).toBeGreaterThan(0);
    // Every request the fake saw carried our merchant signature.
    expect(fake.requests.every((r) => r.signed)).toBe(true);
    // The chat app verifies paySign over "appId\ntimeStamp\nnonceStr\npackage\n" with the merchant's public key.
    expect(verifyLines(fake.mchPublicKey, jsapi.paySign, [jsapi.appId, jsapi.timeStamp, jsapi.nonceStr, jsapi.package])).toBe(true);
    expect(verifyLines(fake.mchPublicKey, jsapi.paySign, [jsapi.appId, jsapi.timeStamp, jsapi.nonceStr, 'prepay_id=other'])).toBe(false);
    expect(await status(v.token, o.orderId)).toBe('toBePaid');
  });

  it('the notify completes the order once; replayed, it changes nothing', async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token);
    const c = await payCreate(v.token, o.orderId, true);
    const prepay = prepayOf(c.data.jsapi);
    expect(await fake.pay(prepay)).toBe(204);
    expect(await status(v.token, o.orderId)).toBe('completed');
    const [first] = await t.db.query<{ paid_at: Date; transaction_id: string }>('SELECT paid_at, transaction_id FROM payments WHERE order_id = $1', [
      o.orderId,
    ]);
    expect(first.transaction_id).toBe(fake.transactions.get(await payIdOf(o.orderId))!.transaction_id);
    t.advance(60_000);
    expect(await fake.pay(prepay)).toBe(204);
    expect(await fake.pay(prepay)).toBe(204);
    const rows = await t.db.query<{ status: string; paid_at: Date }>('SELECT status, paid_at FROM payments WHERE order_id = $1', [o.orderId]);
    expect(rows).toEqual([{ status: 'paid', paid_at: first.paid_at }]);
    expect(await t.db.query('SELECT 1 FROM refunds WHERE order_id = $1', [o.orderId])).toEqual([]);
    await assertStockInvariant(t.db);
  });

  it('forged notifies are refused: bad signature, wrong serial, stale timestamp, tampered ciphertext', async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token);
    await payCreate(v.token, o.orderId, true);
    const payId = await payIdOf(o.orderId);
    const tx = { out_trade_no: payId, transaction_id: '4200000000001', trade_state: 'SUCCESS', amount: { total: o.amount, currency: 'CNY' } };
    const post = async (n: { headers: Record<string, string>; body: string }) =>
      (await fetch(`${base}/prod-api/pay/notify`, { method: 'POST', headers: n.headers, body: n.body })).status;
    const { generateKeyPairSync } = await import('node:crypto');
    const stranger = { ...fake.platform, privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };
    expect(await post(signNotify(stranger, tx, t.now()))).toBe(401);
    expect(await post(signNotify({ ...fake.platform, serial: 'PUB_KEY_ID_OTHER' }, tx, t.now()))).toBe(401);
    expect(await post(signNotify(fake.platform, tx, new Date(t.now().getTime() - 6 * 60_000)))).toBe(401);
    // The ciphertext changed (its signature redone, as a thief with the platform's key could not do either): GCM refuses it.
    const good = signNotify(fake.platform, tx, t.now());
    const body = JSON.parse(good.body);
    const sealed = Buffer.from(body.resource.ciphertext, 'base64');
    sealed[3] ^= 1;
    body.resource.ciphertext = sealed.toString('base64');
    const tampered = JSON.stringify(body);
    expect(await post({ headers: good.headers, body: tampered })).toBe(401);
    expect(await post(signEvent(fake.platform, { type: 'TRANSACTION.SUCCESS', summary: 'x', originalType: 'transaction', resource: tx }, t.now()))).toBe(204);
    expect(await status(v.token, o.orderId)).toBe('completed');
  });

  it("a notify claiming another amount than the server's does not pay the order", async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token);
    const c = await payCreate(v.token, o.orderId, true);
    expect(await fake.pay(prepayOf(c.data.jsapi), { amount: 1 })).toBe(204);
    expect(await status(v.token, o.orderId)).toBe('toBePaid');
    expect((await t.db.query<{ status: string }>('SELECT status FROM payments WHERE order_id = $1', [o.orderId]))[0].status).toBe('amountMismatch');
  });

  it('outside the chat app, or without an openid, the visitor reads where to pay; the vendor is not called', async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token);
    const before = fake.requests.length;
    const en = await payCreate(v.token, o.orderId, false, 'en');
    expect(en).toMatchObject({ code: 500, msg: 'Payment is made in the WeChat app: please open this page in WeChat to pay', data: null });
    expect((await payCreate(v.token, o.orderId, false, 'zh')).msg).toBe('请在微信中打开本页面完成支付');
    const stranger = await chatVisitor(false);
    const o2 = await unpaidOrder(stranger.token);
    expect((await payCreate(stranger.token, o2.orderId, true, 'en')).msg).toMatch(/not linked to WeChat/);
    expect(fake.requests.length).toBe(before);
  });

  it("the vendor's errors and timeouts are a clear message in zh and en, never a 500", async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token);
    const cases: Array<[number, string, RegExp, RegExp]> = [
      [401, 'SIGN_ERROR', /refused this request/, /拒绝/],
      [429, 'FREQUENCY_LIMITED', /busy/, /繁忙/],
      [500, 'SYSTEM_ERROR', /unavailable/, /不可用/],
    ];
    for (const [code, vendor, en, zh] of cases) {
      fake.failNext({ status: code, code: vendor, path: '/jsapi', times: 2 });
      expect((await payCreate(v.token, o.orderId, true, 'en')).msg).toMatch(en);
      expect((await payCreate(v.token, o.orderId, true, 'zh')).msg).toMatch(zh);
    }
    fake.delayMs = 1500;
    const slow = await payCreate(v.token, o.orderId, true, 'en');
    expect(slow).toMatchObject({ code: 500, msg: 'The payment service did not answer in time; please try again' });
    fake.delayMs = 0;
    // An answer not signed by the platform is not believed.
    fake.signAnswers = false;
    expect((await payCreate(v.token, o.orderId, true, 'en')).msg).toMatch(/unavailable/);
    fake.signAnswers = true;
    const ok = await payCreate(v.token, o.orderId, true);
    expect(ok.code).toBe(200);
    expect(await status(v.token, o.orderId)).toBe('toBePaid');
  });
});

describe('the deadline: the platform is asked before an order is cancelled', () => {
  it('an unpaid order past its deadline is closed at the platform, then cancelled', async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token);
    await payCreate(v.token, o.orderId, true);
    const payId = await payIdOf(o.orderId);
    t.advance(30 * 60_000);
    expect(await runPayTimeout(t.db, clock, 100, provider)).toBeGreaterThanOrEqual(1);
    expect(fake.transactions.get(payId)!.trade_state).toBe('CLOSED');
    expect(await status(v.token, o.orderId)).toBe('canceled');
    expect((await t.db.query<{ status: string }>('SELECT status FROM payments WHERE pay_id = $1', [payId]))[0].status).toBe('closed');
    await assertStockInvariant(t.db);
  });

  it('paid at the platform just before the deadline but its notify not yet here: the order is paid, not cancelled', async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token);
    const c = await payCreate(v.token, o.orderId, true);
    const tx = [...fake.transactions.values()].find((x) => x.prepay_id === prepayOf(c.data.jsapi))!;
    // The payer paid; the platform's notify is delayed (it is never sent here).
    tx.trade_state = 'SUCCESS';
    tx.transaction_id = '4200000000777';
    t.advance(30 * 60_000);
    await runPayTimeout(t.db, clock, 100, provider);
    expect(await status(v.token, o.orderId)).toBe('completed');
    expect((await t.db.query<{ transaction_id: string }>('SELECT transaction_id FROM payments WHERE order_id = $1', [o.orderId]))[0].transaction_id).toBe(
      '4200000000777',
    );
  });

  it('a platform that cannot be reached leaves the order for the next run; money paid after a cancel goes back', async () => {
    const v = await chatVisitor();
    const o = await unpaidOrder(v.token);
    const c = await payCreate(v.token, o.orderId, true);
    t.advance(30 * 60_000);
    fake.failNext({ status: 500, code: 'SYSTEM_ERROR', path: '/out-trade-no/' });
    await runPayTimeout(t.db, clock, 100, provider);
    // (The visitor already reads it as closed: past its deadline, an order is never payable.)
    expect((await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [o.orderId]))[0].status).toBe('toBePaid');
    // Cancelled without the platform (the visitor asked to pay again after the deadline) ...
    await t.db.query(`UPDATE orders SET status = 'canceled' WHERE id = $1`, [o.orderId]);
    // ... and the old prepay paid after all: the money is sent back.
    expect(await fake.pay(prepayOf(c.data.jsapi))).toBe(204);
    const [r] = await t.db.query<{ amount: number; status: string }>('SELECT amount, status FROM refunds WHERE order_id = $1', [o.orderId]);
    expect(r).toEqual({ amount: o.amount, status: 'pending' });
    await runRefunds(deps(), 20, quiet);
    expect((await t.db.query<{ status: string }>('SELECT status FROM refunds WHERE order_id = $1', [o.orderId]))[0].status).toBe('done');
    // A replayed notify of that payment is not a second refund.
    expect(await fake.pay(prepayOf(c.data.jsapi))).toBe(204);
    expect(await t.db.query('SELECT 1 FROM refunds WHERE order_id = $1', [o.orderId])).toHaveLength(1);
  });
});

describe('refunds through the platform', () => {
  const refundRows = (orderId: number) =>
    t.db.query<{ status: string; amount: number; out_refund_no: string; last_error: string | null }>(
      'SELECT status, amount, out_refund_no, last_error FROM refunds WHERE order_id = $1 ORDER BY id',
      [orderId],
    );
  const refundsAtVendor = (outRefundNo: string) => fake.requests.filter((r) => r.path === '/v3/refund/domestic/refunds' && r.body.includes(outRefundNo));
  const detailRefunds = async (token: string, orderId: number) =>
    (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token })).data.refunds;

  it('a visitor refund is sent after its transaction, once; the order detail says refunded', async () => {
    const p = await paidOrder(2);
    const r = await t.call('POST', '/order/refund/frontUserRefund', { token: p.token, body: { ticketIds: [p.tickets[0]] } });
    expect(r.code, r.msg).toBe(200);
    const [row] = await refundRows(p.orderId);
    expect(row).toMatchObject({ status: 'done', amount: r.data.refundAmount });
    const sent = fake.refunds.get(row.out_refund_no)!;
    expect(sent).toMatchObject({ refund: r.data.refundAmount, total: p.amount, out_trade_no: await payIdOf(p.orderId) });
    expect(await detailRefunds(p.token, p.orderId)).toEqual([{ amount: r.data.refundAmount, status: 'refunded', createTime: expect.any(String) }]);
    // The job finds nothing left to send.
    expect(await runRefunds(deps(), 20, quiet)).toBe(0);
    expect(refundsAtVendor(row.out_refund_no)).toHaveLength(1);
  });

  it('the vendor answers 500 first: the refund stays pending, the visitor reads "in progress", the job sends it once with the same out_refund_no', async () => {
    const p = await paidOrder(1);
    fake.failNext({ status: 500, code: 'SYSTEM_ERROR', path: '/v3/refund/' });
    const r = await t.call('POST', '/order/refund/frontUserRefund', { token: p.token, body: { ticketIds: p.tickets } });
    expect(r.data.orderStatus).toBe('refunded');
    const [row] = await refundRows(p.orderId);
    expect(row).toMatchObject({ status: 'pending', last_error: 'SYSTEM_ERROR' });
    expect(await detailRefunds(p.token, p.orderId)).toEqual([expect.objectContaining({ status: 'inProgress' })]);
    // Not yet due: the retry waits its backoff.
    expect(await runRefunds(deps(), 20, quiet)).toBe(0);
    t.advance(60_000);
    // Two job runs race (two instances): one claims it, the other finds it leased.
    const runs = await Promise.all([runRefunds(deps(), 20, quiet), runRefunds(deps(), 20, quiet)]);
    expect(runs.sort()).toEqual([0, 1]);
    expect((await refundRows(p.orderId))[0].status).toBe('done');
    const sent = refundsAtVendor(row.out_refund_no);
    expect(sent.map((x) => x.status)).toEqual([500, 200]);
    expect([...fake.refunds.values()].filter((x) => x.out_trade_no === sent[0].body.match(/"out_trade_no":"([^"]+)"/)![1])).toHaveLength(1);
    expect(await detailRefunds(p.token, p.orderId)).toEqual([expect.objectContaining({ status: 'refunded' })]);
  });

  it("NOT_ENOUGH (the merchant's balance): the refund stays pending with the reason, and goes once the balance is back", async () => {
    const p = await paidOrder(1);
    fake.failNext({ status: 403, code: 'NOT_ENOUGH', path: '/v3/refund/' });
    await t.call('POST', '/order/refund/frontUserRefund', { token: p.token, body: { ticketIds: p.tickets } });
    expect((await refundRows(p.orderId))[0]).toMatchObject({ status: 'pending', last_error: 'NOT_ENOUGH' });
    expect(await detailRefunds(p.token, p.orderId)).toEqual([expect.objectContaining({ status: 'inProgress' })]);
    t.advance(60_000);
    await runRefunds(deps(), 20, quiet);
    expect((await refundRows(p.orderId))[0]).toMatchObject({ status: 'done', last_error: null });
  });

  it('a refund the vendor refuses for good is failed, visibly', async () => {
    const p = await paidOrder(1);
    fake.failNext({ status: 400, code: 'INVALID_REQUEST', path: '/v3/refund/' });
    await t.call('POST', '/order/refund/frontUserRefund', { token: p.token, body: { ticketIds: p.tickets } });
    expect((await refundRows(p.orderId))[0]).toMatchObject({ status: 'failed', last_error: 'INVALID_REQUEST' });
    expect(await detailRefunds(p.token, p.orderId)).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  it('processing at the vendor: the job asks; the refund notify settles it, replayed or forged', async () => {
    const p = await paidOrder(2);
    fake.refundMode = 'PROCESSING';
    await t.call('POST', '/order/refund/frontUserRefund', { token: p.token, body: { ticketIds: [p.tickets[0]] } });
    await t.call('POST', '/order/refund/frontUserRefund', { token: p.token, body: { ticketIds: [p.tickets[1]] } });
    const [a, b] = await refundRows(p.orderId);
    expect([a.status, b.status]).toEqual(['processing', 'processing']);
    // The job asks after its backoff; still processing.
    t.advance(60_000);
    expect(await runRefunds(deps(), 20, quiet)).toBe(2);
    expect((await refundRows(p.orderId)).map((x) => x.status)).toEqual(['processing', 'processing']);
    // The platform finishes the first one and asks us... it was given no notify_url (no PUBLIC_URL): the job's query settles it.
    await fake.finishRefund(a.out_refund_no, 'SUCCESS');
    t.advance(120_000);
    await runRefunds(deps(), 20, quiet);
    expect((await refundRows(p.orderId))[0].status).toBe('done');
    // The refund notify (the platform's REFUND.ABNORMAL) for the second, sent to /pay/refundNotify.
    const r = fake.refunds.get(b.out_refund_no)!;
    const resource = {
      out_trade_no: r.out_trade_no,
      out_refund_no: r.out_refund_no,
      refund_id: r.refund_id,
      refund_status: 'ABNORMAL',
      amount: { total: r.total, refund: r.refund },
    };
    const notify = signEvent(fake.platform, { type: 'REFUND.ABNORMAL', summary: '退款异常', originalType: 'refund', resource }, t.now());
    const post = async (n: { headers: Record<string, string>; body: string }) =>
      (await fetch(`${base}/prod-api/pay/refundNotify`, { method: 'POST', headers: n.headers, body: n.body })).status;
    const forged = signEvent(
      { ...fake.platform, serial: 'OTHER' },
      { type: 'REFUND.SUCCESS', summary: '', originalType: 'refund', resource: { ...resource, refund_status: 'SUCCESS' } },
      t.now(),
    );
    expect(await post(forged)).toBe(401);
    expect((await refundRows(p.orderId))[1].status).toBe('processing');
    expect(await post(notify)).toBe(204);
    expect(await post(notify)).toBe(204);
    expect((await refundRows(p.orderId))[1]).toMatchObject({ status: 'failed', last_error: 'ABNORMAL' });
    const unknown = signEvent(
      fake.platform,
      { type: 'REFUND.SUCCESS', summary: '', originalType: 'refund', resource: { ...resource, out_refund_no: 'R-unknown', refund_status: 'SUCCESS' } },
      t.now(),
    );
    expect(await post(unknown)).toBe(404);
  });
});
