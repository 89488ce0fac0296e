/** Coupons over HTTP: a redemption code bound to one account (wrong, taken, expired codes
 * refused, guessing throttled), the lists by state, the server's price with them, one coupon
 * spent once even by two orders at once, given back by a cancelled or timed-out unpaid order and
 * by a refund only when configured; team and staff tokens refused, another's coupon unreachable. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import { DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { DEMO_COUPONS } from '../../server/seed/coupons.ts';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import type { HallPool } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { assertStockInvariant, idCard, makeApp, payInFull, priceOf, type TestApp } from './helpers.ts';

const ADULT = '1990-01-01';
let t: TestApp;
let main: HallPool;
let temp: HallPool;
let seq = 0;
const newPhone = () => `1362000${String(++seq).padStart(4, '0')}`;
const [TEN1, TEN2, TEN3, TEN4, TEN5, TEN6, TEN7, TEN8] = DEMO_COUPONS.tenOff;
const [FREE1, FREE2] = DEMO_COUPONS.freeMain;

beforeAll(async () => {
  t = await makeApp();
  [main, , temp] = await t.halls(OPEN_DAY);
  expect([main.hallKey, temp.hallKey]).toEqual(['main', 'temporary']);
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const bind = (token: string, code: string, lang: 'zh' | 'en' = 'en', ip = '10.20.0.1') =>
  t.call('POST', '/coupon/bindCoupon', { token, body: { code }, lang, ip });
const lists = async (token: string, lang: 'zh' | 'en' = 'en') => (await t.call('GET', '/coupon/getCoupon', { token, lang })).data;
const codes = (l: Array<{ code: string }>) => l.map((c) => c.code);
const session = (h: HallPool) => h.scheduleTicketPoolVOS[0].hallScheduleId;

/** An order of `h` for adults (one per coupon list), as the client builds it. */
async function orderBody(h: HallPool, coupons: Array<string | null>, kind: 'adult' | 'student' = 'adult') {
  return buildOrderRequest({
    visitDate: OPEN_DAY,
    hallId: h.hallId,
    hallScheduleId: session(h),
    visitors: coupons.map((coupon, i) => ({
      name: '张三',
      certificateType: '1',
      certificateNumber: idCard(kind === 'student' ? '2012-01-01' : ADULT, String(300 + i)),
      ticketPriceId: priceOf(h, kind),
      coupon,
    })),
    agreementAccepted: true,
    captchaToken: await t.captchaToken(),
  });
}
const place = async (token: string, h: HallPool, coupons: Array<string | null>, lang: 'zh' | 'en' = 'en', kind: 'adult' | 'student' = 'adult') =>
  t.call('POST', '/config/orderRule/placeOrder', { token, body: await orderBody(h, coupons, kind), lang });
const quote = (token: string, h: HallPool, coupons: Array<string | null>, lang: 'zh' | 'en' = 'en', kind: 'adult' | 'student' = 'adult') =>
  t.call('POST', '/config/orderRule/calculatePrice', {
    token,
    lang,
    body: { hallScheduleId: session(h), ticketInfoList: coupons.map((c) => ({ ticketPriceId: priceOf(h, kind), coupons: c ? [c] : [] })) },
  });
const ticketPrices = async (orderId: number) =>
  (await t.db.query<{ price: number }>('SELECT price FROM tickets WHERE order_id = $1 ORDER BY id', [orderId])).map((r) => r.price);
const orderAmount = async (orderId: number) => (await t.db.query<{ amount: number }>('SELECT amount FROM orders WHERE id = $1', [orderId]))[0].amount;
/** A fresh ¥10-off code of the demo's batch: an order it leaves something to pay on. */
let minted = 0;
async function tenOffCode(): Promise<string> {
  const code = `TEN-TEST-${++minted}`;
  await t.db.query('INSERT INTO coupons (batch_id, code) SELECT batch_id, $1 FROM coupons WHERE code = $2', [code, TEN1]);
  return code;
}

describe('binding and the lists', () => {
  it('binds a code typed loosely, lists it valid with its terms; refusals in zh and en', async () => {
    const token = await t.tokenFor(newPhone());
    const other = await t.tokenFor(newPhone());
    const r = await bind(token, ` ${TEN1.toLowerCase()} `);
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      code: TEN1,
      name: '¥10 off an adult ticket',
      kind: 'amount',
      amount: 1000,
      hallIds: null,
      priceKinds: ['adult'],
      state: 'valid',
      usedOrderId: null,
    });

    expect((await bind(token, TEN1)).msg).toBe('This coupon is already in your account');
    expect((await bind(token, TEN1, 'zh')).msg).toBe('该优惠券已在您的账号中');
    expect((await bind(other, TEN1)).msg).toBe('This redemption code is already bound to another account');
    expect((await bind(other, TEN1, 'zh')).msg).toBe('该兑换码已被其他账号绑定');
    expect((await bind(token, 'NO-SUCH-CODE')).msg).toBe('This redemption code does not exist; please check it and try again');
    expect((await bind(token, 'NO-SUCH-CODE', 'zh')).msg).toBe('兑换码不存在，请核对后重新输入');
    expect((await bind(token, DEMO_COUPONS.expired[1])).msg).toBe('This coupon has expired');
    expect((await bind(token, DEMO_COUPONS.expired[1], 'zh')).msg).toBe('该优惠券已过期');
    expect((await bind(token, '  ')).msg).toBe('Please enter a redemption code');
    expect((await bind(token, '优惠', 'zh')).msg).toBe('兑换码由字母、数字和短横线组成');
    expect((await bind(token, 'x'.repeat(65))).msg).toMatch(/Invalid request parameter/);

    expect(codes((await lists(token)).valid)).toEqual([TEN1]);
    // Another account sees none of it.
    expect(await lists(other)).toEqual({ valid: [], used: [], expired: [] });
    // The demo visitor's seeded coupon is expired; names follow the language.
    const demo = await lists(await t.tokenFor('13800138000'), 'zh');
    expect(demo.expired).toMatchObject([{ code: DEMO_COUPONS.expired[0], name: '新春立减5元', state: 'expired' }]);
  });

  it('throttles guessing: 5 wrong codes an account in 15 minutes, then even a right one waits', async () => {
    const token = await t.tokenFor(newPhone());
    for (let i = 0; i < 5; i++) expect((await bind(token, `GUESS-${i}`, 'en', '10.21.0.1')).code).toBe(500);
    const blocked = await bind(token, TEN2, 'en', '10.21.0.2');
    expect(blocked.msg).toBe('Too many wrong codes; please try again in 15 min');
    expect((await bind(token, TEN2, 'zh', '10.21.0.2')).msg).toBe('兑换码错误次数过多，请15分钟后再试');
    t.advance(15 * 60_000 + 1000);
    expect((await bind(token, TEN2, 'en', '10.21.0.2')).code).toBe(200);
  });

  it('refuses team and staff tokens, and no token at all', async () => {
    const team = (await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } })).data.token;
    const staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
    for (const token of [team, staff]) {
      const r = await bind(token, TEN3);
      expect(r.code).toBe(401);
      expect(r.msg).toBe('This account type cannot use this function; please log in again');
      expect((await t.call('GET', '/coupon/getCoupon', { token, lang: 'zh' })).msg).toBe('当前账号类型无权访问该功能，请重新登录');
    }
    expect((await t.call('POST', '/coupon/bindCoupon', { body: { code: TEN3 } })).code).toBe(401);
    // A team's price quote with a coupon is refused too.
    const q = await quote(team, main, [TEN3]);
    expect(q.msg).toBe('Coupons are for individual visitor accounts only');
  });
});

describe('pricing and ordering', () => {
  it("quotes and charges the coupon's price: ¥10 off an adult ticket, a free main-hall ticket, never below 0", async () => {
    const token = await t.tokenFor(newPhone());
    await bind(token, TEN3);
    await bind(token, FREE1);
    const adult = main.scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === 'adult')!.price;
    const q = await quote(token, main, [TEN3, FREE1]);
    expect(q.code, q.msg).toBe(200);
    expect(q.data).toMatchObject({ discount: 1000 + adult, total: adult * 2 - 1000 - adult });
    expect((await quote(token, main, [null, null])).data).toMatchObject({ discount: 0, total: adult * 2 });

    const r = await place(token, main, [TEN3, FREE1]);
    expect(r.code, r.msg).toBe(200);
    const orderId = r.data.orderId as number;
    expect(await ticketPrices(orderId)).toEqual([adult - 1000, 0]);
    expect(await orderAmount(orderId)).toBe(adult - 1000);
    const after = await lists(token);
    expect(after.valid).toEqual([]);
    // By end date: the free ticket's ends first.
    expect(after.used.map((c: { code: string; usedOrderId: number }) => [c.code, c.usedOrderId])).toEqual([
      [FREE1, orderId],
      [TEN3, orderId],
    ]);
    // Spent: a second use is refused.
    expect((await quote(token, main, [TEN3])).msg).toBe('This coupon has already been used');
    expect((await quote(token, main, [TEN3], 'zh')).msg).toBe('该优惠券已使用');
  });

  it('an order a free-ticket coupon leaves at ¥0 is complete at once, its ticket valid, nothing to pay', async () => {
    const token = await t.tokenFor(newPhone());
    const free = DEMO_COUPONS.freeMain[5];
    await bind(token, free);
    const r = await place(token, main, [free]);
    expect(r.code, r.msg).toBe(200);
    const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${r.data.orderId}`, { token });
    expect(detail.data).toMatchObject({ status: 'completed', amount: 0 });
    expect(detail.data.tickets.map((x: { status: string }) => x.status)).toEqual(['toBeChecked']);
  });

  it('refuses a wrong choice in zh and en: not all visitors, one twice, two on a ticket, not applicable, not hers', async () => {
    const phone = newPhone();
    const token = await t.tokenFor(phone);
    const other = await t.tokenFor(newPhone());
    await bind(token, TEN4);
    await bind(token, FREE2);
    await bind(other, TEN5);
    const cases: Array<[Array<string | null>, string, string, HallPool?, 'student'?]> = [
      [
        [TEN4, null],
        'The coupons chosen must equal the visitor count: choose one for every visitor, or none',
        '所选优惠券数量须与参观人数一致：请为每位参观人各选一张，或都不选',
      ],
      [[TEN4, TEN4], 'One coupon cannot be used on two tickets', '同一张优惠券不能用于多张票'],
      [[TEN5], 'This coupon does not exist or is not in your account', '优惠券不存在或不属于当前账号'],
      [['NOPE-1'], 'This coupon does not exist or is not in your account', '优惠券不存在或不属于当前账号'],
      [[FREE2], 'This coupon does not apply to the chosen ticket', '该优惠券不适用于所选票种', temp],
      [[TEN4], 'This coupon does not apply to the chosen ticket', '该优惠券不适用于所选票种', main, 'student'],
    ];
    for (const [coupons, en, zh, h = main, kind] of cases) {
      expect((await quote(token, h, coupons, 'en', kind)).msg).toBe(en);
      expect((await place(token, h, coupons, 'zh', kind)).msg).toBe(zh);
    }
    const two = await orderBody(main, [TEN4]);
    two.ticketInfoList[0].coupons = [TEN4, FREE2];
    expect((await t.call('POST', '/config/orderRule/placeOrder', { token, body: two, lang: 'en' })).msg).toBe('Only one coupon may be used per ticket');
    // Nothing was spent, no order was made.
    expect(codes((await lists(token)).valid).sort()).toEqual([FREE2, TEN4].sort());
    expect((await t.db.query('SELECT id FROM orders WHERE user_id = (SELECT id FROM users WHERE phone = $1)', [phone])).length).toBe(0);
  });

  it('refuses coupons in the cart, in a waiting-list order and for an expired coupon', async () => {
    const token = await t.tokenFor(newPhone());
    await bind(token, TEN6);
    const cart = { ...(await orderBody(main, [TEN6])), poolFlag: 1 };
    expect((await t.call('POST', '/config/orderRule/placeOrder', { token, body: cart, lang: 'en' })).msg).toMatch(/only when buying directly/);
    const candidate = { ...(await orderBody(main, [TEN6])), isCandidateOrder: 1 };
    expect((await t.call('POST', '/config/orderRule/placeOrder', { token, body: candidate, lang: 'zh' })).msg).toBe(
      '优惠券仅可在直接购票时使用，购物车、套票和候补订单不可用',
    );
    await t.db.query(`UPDATE coupon_batches SET valid_to = '2030-03-01' WHERE id = (SELECT batch_id FROM coupons WHERE code = $1)`, [TEN6]);
    expect((await quote(token, main, [TEN6])).msg).toBe('This coupon has expired');
    expect(codes((await lists(token)).expired)).toContain(TEN6);
    await t.db.query(`UPDATE coupon_batches SET valid_to = '2030-05-04' WHERE id = (SELECT batch_id FROM coupons WHERE code = $1)`, [TEN6]);
  });

  it('two orders at once with one coupon: exactly one gets it', async () => {
    const phone = newPhone();
    const token = await t.tokenFor(phone);
    await bind(token, TEN7);
    const [a, b] = await Promise.all([place(token, main, [TEN7]), place(token, main, [TEN7])]);
    const placed = [a, b].filter((r) => r.code === 200 && r.data?.orderId);
    expect(placed).toHaveLength(1);
    const refused = [a, b].find((r) => r !== placed[0])!;
    expect(refused.code).toBe(500);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM coupons WHERE code = $1 AND order_id = $2', [TEN7, placed[0].data.orderId]);
    expect(rows[0].n).toBe(1);
    expect((await t.db.query('SELECT id FROM orders WHERE user_id = (SELECT id FROM users WHERE phone = $1)', [phone])).length).toBe(1);
  });

  it('the conditional update decides a race between two accounts’ orders holding the same coupon row', async () => {
    // The coupon is taken in the order's transaction with `order_id IS NULL`: run two takes at once.
    const { takeCoupon } = await import('../../server/services/coupons.ts');
    const token = await t.tokenFor(newPhone());
    await bind(token, TEN8);
    const [{ id: couponId, user_id: userId }] = await t.db.query<{ id: number; user_id: number }>('SELECT id, user_id FROM coupons WHERE code = $1', [TEN8]);
    const r1 = await place(token, main, [null]);
    const orderId = r1.data.orderId as number;
    const [{ id: ticketId }] = await t.db.query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1', [orderId]);
    const results = await Promise.allSettled([
      t.db.tx((q) => takeCoupon(q, couponId, userId, orderId, ticketId, t.now())),
      t.db.tx((q) => takeCoupon(q, couponId, userId, orderId, ticketId, t.now())),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await t.call(
      'GET',
      `/order/OrderInfo/cancel?orderNumber=${(await t.db.query<{ order_number: string }>('SELECT order_number FROM orders WHERE id = $1', [orderId]))[0].order_number}`,
      { token },
    );
    expect(codes((await lists(token)).valid)).toEqual([TEN8]);
  });
});

describe('coming back', () => {
  it('an unpaid order cancelled, or timed out, gives its coupon back', async () => {
    const token = await t.tokenFor(newPhone());
    const code = await tenOffCode();
    await bind(token, code);
    const r = await place(token, main, [code]);
    expect(r.code, r.msg).toBe(200);
    const [{ order_number }] = await t.db.query<{ order_number: string }>('SELECT order_number FROM orders WHERE id = $1', [r.data.orderId]);
    const c = await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${order_number}`, { token });
    expect(c.code, c.msg).toBe(200);
    expect(codes((await lists(token)).valid)).toEqual([code]);

    const again = await place(token, main, [code]);
    expect(again.code, again.msg).toBe(200);
    expect((await lists(token)).used).toHaveLength(1);
    // Past its deadline the coupon reads valid at once; the job then cancels the order.
    t.advance(16 * 60_000);
    expect(codes((await lists(token)).valid)).toEqual([code]);
    expect(await runPayTimeout(t.db, () => t.now())).toBeGreaterThanOrEqual(1);
    expect((await t.db.query('SELECT order_id FROM coupons WHERE code = $1', [code]))[0]).toEqual({ order_id: null });
  });

  it('a refund keeps the coupon spent by default, and gives it back when coupon_refund_return is 1', async () => {
    const adultPrice = main.scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === 'adult')!.price;
    for (const [code, setting, back] of [
      [await tenOffCode(), '0', false],
      [await tenOffCode(), '1', true],
    ] as const) {
      await t.db.query(`UPDATE sys_config SET value = $1 WHERE key = 'coupon_refund_return'`, [setting]);
      const token = await t.tokenFor(newPhone());
      await bind(token, code);
      const r = await place(token, main, [code]);
      expect(r.code, r.msg).toBe(200);
      const orderId = r.data.orderId as number;
      await payInFull(t, token, orderId);
      const [{ id: ticketId }] = await t.db.query<{ id: number }>('SELECT id FROM tickets WHERE order_id = $1', [orderId]);
      const refund = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [ticketId] } });
      expect(refund.code, refund.msg).toBe(200);
      // What was paid comes back (the adult price less the coupon's ¥10), never the coupon's value.
      expect(refund.data.refundAmount).toBe(adultPrice - 1000);
      const l = await lists(token);
      expect(codes(back ? l.valid : l.used)).toEqual([code]);
    }
    await t.db.query(`UPDATE sys_config SET value = '0' WHERE key = 'coupon_refund_return'`);
  });
});
