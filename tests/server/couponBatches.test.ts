/** Coupon batches an admin makes in the staff console (docs/product.md §2.10): a batch's codes are
 * random, unique and listed in its CSV; a visitor binds one and it takes its value off a ticket
 * once, and is refused the second time; a stopped batch's codes are refused at binding and at
 * checkout; bad values are refused by field in zh and en; only an admin's staff token reaches
 * these calls, and every change is audited. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { newCouponCode } from '../../server/services/couponBatches.ts';
import { CODE_ALPHABET, type StaffCouponBatch } from '../../src/domain/couponBatches.ts';
import { FIVE_OFF } from '../couponBatches.fixtures.ts';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import type { HallPool } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { assertStockInvariant, idCard, makeApp, payInFull, priceOf, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let main: HallPool;
let seq = 0;
const newPhone = () => `1362100${String(++seq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await makeApp();
  admin = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
  [main] = await t.halls(OPEN_DAY);
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const create = (body: unknown, lang: 'zh' | 'en' = 'en', token = admin) => t.call('POST', '/staff/coupons/batches', { token, body, lang });
const batches = async () => (await t.call<StaffCouponBatch[]>('GET', '/staff/coupons/batches', { token: admin })).data;
async function csvOf(batchId: number, lang: 'zh' | 'en' = 'en', token = admin) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/prod-api/staff/coupons/batches/${batchId}/codes.csv`,
    headers: { authorization: `Bearer ${token}`, language: lang === 'en' ? 'en_us' : 'zh_cn' },
  });
  return {
    res,
    lines: res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n'),
  };
}
const bind = (token: string, code: string, lang: 'zh' | 'en' = 'en') => t.call('POST', '/coupon/bindCoupon', { token, body: { code }, lang });
async function place(token: string, coupon: string | null, lang: 'zh' | 'en' = 'en') {
  const body = buildOrderRequest({
    visitDate: OPEN_DAY,
    hallId: main.hallId,
    hallScheduleId: main.scheduleTicketPoolVOS[0].hallScheduleId,
    visitors: [
      { name: '张三', certificateType: '1', certificateNumber: idCard('1990-01-01', String(400 + ++seq)), ticketPriceId: priceOf(main, 'adult'), coupon },
    ],
    agreementAccepted: true,
    captchaToken: await t.captchaToken(),
  });
  return t.call('POST', '/config/orderRule/placeOrder', { token, body, lang });
}

describe('coupon batches', () => {
  it('codes are random, unique and of the printed alphabet', () => {
    const codes = Array.from({ length: 2000 }, newCouponCode);
    expect(new Set(codes).size).toBe(codes.length);
    const pattern = new RegExp(`^[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`);
    expect(codes.every((c) => pattern.test(c))).toBe(true);
  });

  it('a new batch is listed with its codes in its CSV; a code of it is spent once at checkout, then refused', async () => {
    const made = await create(FIVE_OFF);
    expect(made.code, made.msg).toBe(200);
    const { batchId } = made.data as { batchId: number };
    expect((await batches()).find((b) => b.batchId === batchId)).toMatchObject({ ...FIVE_OFF, bound: 0, used: 0, stopped: false });

    const { res, lines } = await csvOf(batchId);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="coupons-${batchId}.csv"`);
    expect(lines[0]).toBe('code,state,bound');
    const codes = lines.slice(1).map((l) => l.split(',')[0]);
    expect(codes).toHaveLength(3);
    expect(lines.slice(1).every((l) => l.endsWith(',valid,0'))).toBe(true);
    expect((await csvOf(batchId, 'zh')).lines[0]).toBe('兑换码,状态,已绑定');
    // Not in a row: no code tells another (their ids are not in them either).
    expect(new Set(codes).size).toBe(3);

    const visitor = await t.tokenFor(newPhone());
    expect((await bind(visitor, codes[0].toLowerCase())).data).toMatchObject({ code: codes[0], amount: 500, state: 'valid' });
    const first = await place(visitor, codes[0]);
    expect(first.code, first.msg).toBe(200);
    const [{ price }] = await t.db.query<{ price: number }>('SELECT price FROM tickets WHERE order_id = $1', [first.data.orderId]);
    const adult = main.scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === 'adult')!;
    expect(price).toBe(adult.price - 500);
    await payInFull(t, visitor, first.data.orderId);
    const again = await place(visitor, codes[0]);
    expect(again.msg).toBe('This coupon has already been used');
    expect((await place(visitor, codes[0], 'zh')).msg).toBe('该优惠券已使用');

    expect((await batches()).find((b) => b.batchId === batchId)).toMatchObject({ bound: 1, used: 1 });
    expect((await csvOf(batchId)).lines).toContain(`${codes[0]},used,1`);
    const [audited] = await t.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE subject = $1`, [`couponBatch:${batchId}`]);
    expect(audited.action).toBe('createCouponBatch');
  });

  it('a free-ticket batch makes the ticket cost nothing', async () => {
    const { batchId } = (await create({ ...FIVE_OFF, kind: 'free', amount: 0, count: 1 })).data as { batchId: number };
    const [code] = (await csvOf(batchId)).lines.slice(1).map((l) => l.split(',')[0]);
    const visitor = await t.tokenFor(newPhone());
    expect((await bind(visitor, code)).code).toBe(200);
    const placed = await place(visitor, code);
    expect(placed.code, placed.msg).toBe(200);
    expect((await t.db.query<{ amount: number }>('SELECT amount FROM orders WHERE id = $1', [placed.data.orderId]))[0].amount).toBe(0);
  });

  it('a stopped batch: its codes are refused at binding and at checkout, spent ones stay spent; a second stop is told so', async () => {
    const { batchId } = (await create({ ...FIVE_OFF, count: 2 })).data as { batchId: number };
    const [bound, loose] = (await csvOf(batchId)).lines.slice(1).map((l) => l.split(',')[0]);
    const visitor = await t.tokenFor(newPhone());
    expect((await bind(visitor, bound)).code).toBe(200);

    const stopped = await t.call('POST', `/staff/coupons/batches/${batchId}/stop`, { token: admin, lang: 'en' });
    expect(stopped.code, stopped.msg).toBe(200);
    expect((await t.call('POST', `/staff/coupons/batches/${batchId}/stop`, { token: admin, lang: 'en' })).msg).toBe('This batch is already stopped');
    expect((await t.call('POST', `/staff/coupons/batches/${batchId}/stop`, { token: admin, lang: 'zh' })).msg).toBe('该批次已停用');
    expect((await t.call('POST', '/staff/coupons/batches/99999/stop', { token: admin, lang: 'en' })).msg).toBe('The batch does not exist');

    expect((await bind(await t.tokenFor(newPhone()), loose)).msg).toBe('The museum has stopped this coupon');
    expect((await place(visitor, bound)).msg).toBe('The museum has stopped this coupon');
    expect((await place(visitor, bound, 'zh')).msg).toBe('该优惠券已被博物馆停用');
    const lists = (await t.call('GET', '/coupon/getCoupon', { token: visitor })).data;
    expect(lists.expired.map((c: { code: string }) => c.code)).toEqual([bound]);
    expect((await batches()).find((b) => b.batchId === batchId)).toMatchObject({ stopped: true });
    expect((await csvOf(batchId)).lines.slice(1).every((l) => l.includes(',expired,'))).toBe(true);
    const actions = await t.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE subject = $1 ORDER BY id`, [`couponBatch:${batchId}`]);
    expect(actions.map((a) => a.action)).toEqual(['createCouponBatch', 'stopCouponBatch']);
  });

  it('bad values are refused by what is wrong, in zh and en, and nothing is made', async () => {
    const before = (await batches()).length;
    const refused = async (body: unknown, en: string, zh: string) => {
      expect((await create(body, 'en')).msg).toBe(en);
      expect((await create(body, 'zh')).msg).toBe(zh);
    };
    await refused({ ...FIVE_OFF, amount: 0 }, 'Enter the value off a ticket (more than 0)', '请填写优惠金额（大于 0）');
    await refused({ ...FIVE_OFF, kind: 'free' }, 'A free-ticket coupon has no value to enter', '免费票券不设金额');
    await refused({ ...FIVE_OFF, validTo: '2030-03-01', validFrom: '2030-02-01' }, 'The last day cannot be before today', '有效期止不能早于今天');
    await refused({ ...FIVE_OFF, validFrom: '2030-04-02', validTo: '2030-04-01' }, 'The last day cannot be before the first day', '有效期止不能早于有效期起');
    // The shape is checked at the edge: no batch of 0 or 100 000 codes, no fractional fen.
    for (const body of [
      { ...FIVE_OFF, count: 0 },
      { ...FIVE_OFF, count: 100_000 },
      { ...FIVE_OFF, amount: 1.5 },
      { ...FIVE_OFF, kind: 'half' },
    ]) {
      const r = await create(body);
      expect(r.code).toBe(500);
      expect(r.msg).toMatch(/Invalid request parameter/);
    }
    expect(await batches()).toHaveLength(before);
  });

  it('only an admin: other staff, visitors and teams are refused, and nothing is made', async () => {
    const before = (await batches()).length;
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    const visitor = await t.tokenFor(newPhone());
    const team = await t.tokenFor(newPhone(), 'team');
    const [{ batchId }] = await batches();
    for (const token of [gate, visitor, team]) {
      expect((await t.call('GET', '/staff/coupons/batches', { token })).code).not.toBe(200);
      expect((await create(FIVE_OFF, 'en', token)).code).not.toBe(200);
      expect((await t.call('POST', `/staff/coupons/batches/${batchId}/stop`, { token })).code).not.toBe(200);
      const csv = (await csvOf(batchId, 'en', token)).res;
      expect(csv.headers['content-type']).not.toMatch(/csv/);
      expect(csv.json().code).not.toBe(200);
    }
    expect((await create(FIVE_OFF, 'zh', gate)).msg).toBe('您的岗位无此权限');
    expect((await t.call('GET', '/staff/coupons/batches')).code).not.toBe(200);
    expect(await batches()).toHaveLength(before);
  });
});
