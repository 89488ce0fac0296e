/** Cart holds, cancel, refund, date change, missed visits and the blacklist, invoices and
 * short links: through HTTP, with the injected clock; the stock invariant after each scenario. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertStockInvariant, makeApp, orderRequest, payInFull, priceOf, type Envelope, type TestApp, type Visitor } from './helpers.ts';
import { OPEN_DAY } from './constants.ts';
import { runCartExpiry } from '../../server/jobs/cartExpiry.ts';
import { runMissedVisits } from '../../server/jobs/missedVisits.ts';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import { creditCodeCheckChar } from '../../src/domain/fields.ts';
import type { HallPool } from '../../src/domain/types.ts';

const OTHER_DAY = '2030-03-09';
const ADULT = '1990-01-01';
const ADULT2 = '1985-05-05';
const CHILD5 = '2025-01-01';

let t: TestApp;
let main: HallPool;
let park: HallPool;
let temp: HallPool;
let cinema: HallPool;
let mainOther: HallPool;
let phoneSeq = 0;
const newPhone = () => `1370000${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await makeApp();
  [main, park, temp, cinema] = await t.halls(OPEN_DAY);
  [mainOther] = await t.halls(OTHER_DAY);
  expect([main.hallKey, park.hallKey, temp.hallKey, cinema.hallKey]).toEqual(['main', 'children', 'temporary', 'cinema']);
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const session = (h: HallPool, i = 0) => h.scheduleTicketPoolVOS[i].hallScheduleId;
const adult = (h: HallPool, name = '张三', birth = ADULT): Visitor => ({ name, birth, ticketPriceId: priceOf(h, 'adult') });
const child = (h: HallPool, name = '张小宝', birth = CHILD5): Visitor => ({ name, birth, ticketPriceId: priceOf(h, 'child') });

async function del(url: string, token: string, lang: 'zh' | 'en' = 'zh'): Promise<Envelope> {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/prod-api${url}`,
    headers: { authorization: `Bearer ${token}`, language: lang === 'en' ? 'en_us' : 'zh_cn' },
  });
  return res.json();
}
const sched = async (id: number) =>
  (await t.db.query<{ sold: number; held: number; capacity: number }>('SELECT sold, held, capacity FROM hall_schedule WHERE id = $1', [id]))[0];

async function addToCart(token: string, date: string, h: HallPool, visitors: Visitor[], i = 0, lang: 'zh' | 'en' = 'zh') {
  const body = { ...orderRequest(date, h.hallId, session(h, i), visitors, null), poolFlag: 1 };
  return t.call('POST', '/config/orderRule/placeOrder', { token, body, lang });
}

async function order(token: string, date: string, h: HallPool, visitors: Visitor[], i = 0) {
  const r = await t.call('POST', '/config/orderRule/placeOrder', {
    token,
    body: orderRequest(date, h.hallId, session(h, i), visitors, await t.captchaToken()),
  });
  expect(r.code, r.msg).toBe(200);
  return r.data.orderId as number;
}

const pay = (token: string, orderId: number) => payInFull(t, token, orderId);

async function paidOrder(token: string, date: string, h: HallPool, visitors: Visitor[], i = 0) {
  const id = await order(token, date, h, visitors, i);
  await pay(token, id);
  return (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${id}`, { token })).data;
}

describe('cart', () => {
  it('add holds stock with the configured deadline; no captcha; the cart lists the lines masked', async () => {
    const token = await t.tokenFor(newPhone());
    const id = session(main);
    const before = await sched(id);
    const r = await addToCart(token, OPEN_DAY, main, [adult(main), child(main)]);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.orderId).toBeNull();
    expect(r.data.cartTicketIds).toHaveLength(2);
    expect(r.data.deadline).toBe(t.now().getTime() + 15 * 60_000 + 2000);
    const after = await sched(id);
    expect(after.held).toBe(before.held + 2);
    expect(after.sold).toBe(before.sold);
    const cart = await t.call('GET', '/query/order/getShoppingCart', { token, lang: 'en' });
    expect(cart.data.visitDate).toBe(OPEN_DAY);
    expect(cart.data.lines).toHaveLength(2);
    expect(cart.data.lines[0]).toMatchObject({
      hallName: 'Main exhibition hall',
      visitDate: OPEN_DAY,
      beginTime: '09:00',
      userName: '张三',
      ticketName: 'Adult',
      price: 3000,
      expired: false,
      deadline: r.data.deadline,
    });
    expect(cart.data.lines[0].certificateInfo).toMatch(/^1101\*{10}\w{4}$/);
    // The same person twice in the session of the cart is refused.
    const dup = await addToCart(token, OPEN_DAY, main, [adult(main)], 0, 'en');
    expect(dup.msg).toMatch(/Duplicate/);
    // Rules as for an order: children alone refused, and no stock moves.
    const alone = await addToCart(token, OPEN_DAY, main, [child(main, '李小宝')], 0, 'en');
    expect(alone.code).toBe(500);
    expect(alone.msg).toMatch(/only children/);
    expect((await sched(id)).held).toBe(before.held + 2);
  });

  it('remove returns the held stock once; a line of another user cannot be removed', async () => {
    const token = await t.tokenFor(newPhone());
    const id = session(main, 1);
    const before = await sched(id);
    const r = await addToCart(token, OPEN_DAY, main, [adult(main)], 1);
    const lineId = r.data.cartTicketIds[0];
    const other = await t.tokenFor(newPhone());
    expect((await del(`/order/ticketInfo/removeForShopping/${lineId}`, other)).code).toBe(500);
    expect((await del(`/order/ticketInfo/removeForShopping/${lineId}`, token)).code).toBe(200);
    expect((await sched(id)).held).toBe(before.held);
    expect((await del(`/order/ticketInfo/removeForShopping/${lineId}`, token, 'en')).msg).toMatch(/not in your cart/);
    expect((await del(`/order/ticketInfo/removeForShopping/abc`, token)).code).toBe(500);
    expect((await sched(id)).held).toBe(before.held);
  });

  it('expiry returns the stock exactly once (job run twice); ticketInfoTimeOut; expired lines say so', async () => {
    const token = await t.tokenFor(newPhone());
    const id = session(temp);
    const before = await sched(id);
    const r = await addToCart(token, OPEN_DAY, temp, [adult(temp)]);
    expect((await sched(id)).held).toBe(before.held + 1);
    t.advance(15 * 60_000 + 1000);
    expect((await t.call('GET', '/order/ticketInfo/ticketInfoTimeOut', { token })).data).toEqual([]);
    expect(await runCartExpiry(t.db, t.now)).toBe(0);
    t.advance(1500);
    const mine = await t.call('GET', '/order/ticketInfo/ticketInfoTimeOut', { token });
    expect(mine.data.map((l: { cartTicketId: number }) => l.cartTicketId)).toEqual(r.data.cartTicketIds);
    expect(mine.data[0].expired).toBe(true);
    expect((await t.call('GET', '/order/ticketInfo/ticketInfoTimeOut', { token })).data).toEqual([]);
    await runCartExpiry(t.db, t.now); // lines of earlier tests' users fall due too
    expect(await runCartExpiry(t.db, t.now)).toBe(0);
    expect((await sched(id)).held).toBe(before.held);
    const cart = await t.call('GET', '/query/order/getShoppingCart', { token });
    expect(cart.data.lines[0]).toMatchObject({ expired: true, status: 'expired' });
    expect(cart.data.visitDate).toBeNull();
    // Checking out an expired line: docs/product.md §8 message, no stock moves.
    const co = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: { cartTicketIds: r.data.cartTicketIds, captchaToken: await t.captchaToken() },
      lang: 'en',
    });
    expect(co).toMatchObject({ code: 500, msg: 'Shopping cart expired, or empty or none selected' });
    const zh = await t.call('POST', '/config/orderRule/placeOrder', { token, body: { cartTicketIds: [], captchaToken: 'x' } });
    expect(zh.msg).toBe('购物车已过期或为空，或未选择');
    // Removing an expired line does not return stock twice.
    expect((await del(`/order/ticketInfo/removeForShopping/${r.data.cartTicketIds[0]}`, token)).code).toBe(200);
    expect((await sched(id)).held).toBe(before.held);
  });

  it('the job expires due lines of every user', async () => {
    const a = await t.tokenFor(newPhone());
    const b = await t.tokenFor(newPhone());
    const id = session(temp, 1);
    const before = await sched(id);
    await addToCart(a, OPEN_DAY, temp, [adult(temp)], 1);
    await addToCart(b, OPEN_DAY, temp, [adult(temp, '李四'), adult(temp, '王五', ADULT2)], 1);
    expect((await sched(id)).held).toBe(before.held + 3);
    t.advance(16 * 60_000);
    expect(await runCartExpiry(t.db, t.now)).toBe(3);
    expect(await runCartExpiry(t.db, t.now)).toBe(0);
    expect((await sched(id)).held).toBe(before.held);
  });

  it('a line of another date is refused (code 600, asks to empty the cart); after clearing it is accepted', async () => {
    const token = await t.tokenFor(newPhone());
    await addToCart(token, OPEN_DAY, main, [adult(main)]);
    const before = await sched(session(mainOther));
    const r = await addToCart(token, OTHER_DAY, mainOther, [adult(mainOther, '李四')], 0, 'en');
    expect(r.code).toBe(600);
    expect(r.data).toEqual({ cartDate: OPEN_DAY });
    expect(r.msg).toMatch(/empty the cart first/);
    const zh = await addToCart(token, OTHER_DAY, mainOther, [adult(mainOther, '李四')]);
    expect(zh.msg).toMatch(/请先清空购物车/);
    expect((await sched(session(mainOther))).held).toBe(before.held);
    expect((await del('/order/ticketInfo/clearShopping', token)).data).toEqual({ removed: 1 });
    expect((await addToCart(token, OTHER_DAY, mainOther, [adult(mainOther, '李四')])).code).toBe(200);
    expect((await sched(session(mainOther))).held).toBe(before.held + 1);
  });

  it('checkout: selected lines of two halls become ONE order, held -> sold, captcha required', async () => {
    const token = await t.tokenFor(newPhone());
    const a = await addToCart(token, OPEN_DAY, main, [adult(main), child(main)], 2);
    const b = await addToCart(token, OPEN_DAY, temp, [adult(temp)], 2);
    const keep = await addToCart(token, OPEN_DAY, temp, [adult(temp, '李四', ADULT2)], 2);
    const [m, tp] = [await sched(session(main, 2)), await sched(session(temp, 2))];
    const ids = [...a.data.cartTicketIds, ...b.data.cartTicketIds];
    expect((await t.call('POST', '/config/orderRule/placeOrder', { token, body: { cartTicketIds: ids, captchaToken: 'forged' }, lang: 'en' })).msg).toMatch(
      /security check/,
    );
    // Only the child of the main hall: children alone, refused.
    const lone = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: { cartTicketIds: [a.data.cartTicketIds[1]], captchaToken: await t.captchaToken() },
      lang: 'en',
    });
    expect(lone.msg).toMatch(/only children/);
    const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body: { cartTicketIds: ids, captchaToken: await t.captchaToken() } });
    expect(r.code, r.msg).toBe(200);
    const detail = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${r.data.orderId}`, { token })).data;
    expect(detail).toMatchObject({ status: 'toBePaid', amount: 5000, ticketNum: 3 });
    expect(await sched(session(main, 2))).toMatchObject({ held: m.held - 2, sold: m.sold + 2 });
    expect(await sched(session(temp, 2))).toMatchObject({ held: tp.held - 1, sold: tp.sold + 1 });
    const cart = await t.call('GET', '/query/order/getShoppingCart', { token });
    expect(cart.data.lines.map((l: { cartTicketId: number }) => l.cartTicketId)).toEqual(keep.data.cartTicketIds);
    // Paying twice the same lines is refused.
    const again = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: { cartTicketIds: ids, captchaToken: await t.captchaToken() },
      lang: 'en',
    });
    expect(again.msg).toBe('Shopping cart expired, or empty or none selected');
    await pay(token, r.data.orderId);
    const paid = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${r.data.orderId}`, { token })).data;
    expect(paid.status).toBe('completed');
    expect(paid.tickets.map((x: { hallName: string }) => x.hallName)).toEqual(['主展厅', '主展厅', '短期展厅']);
  });
});

describe('concurrency', () => {
  it('a burst of 20 cart adds against 5 remaining holds exactly 5; checkout racing the expiry job moves stock once', async () => {
    const id = session(temp, 2);
    const s0 = await sched(id);
    await t.db.query('UPDATE hall_schedule SET sold = sold + $2, sold_external = sold_external + $2 WHERE id = $1', [id, s0.capacity - s0.sold - s0.held - 5]);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => t.tokenFor(newPhone())));
    const results = await Promise.all(tokens.map((token, i) => addToCart(token, OPEN_DAY, temp, [{ ...adult(temp), seq: String(300 + i) }], 2, 'en')));
    expect(results.filter((r) => r.code === 200)).toHaveLength(5);
    for (const r of results.filter((x) => x.code !== 200)) expect(r.msg).toMatch(/sold out|Not enough tickets/i);
    expect(await t.remaining(id)).toBe(0);
    await assertStockInvariant(t.db);
    // At the deadline: the owners check out while the job runs; each line is either ordered or expired, never both.
    const winners = tokens.filter((_, i) => results[i].code === 200);
    t.advance(15 * 60_000 + 1000);
    const captchas: string[] = [];
    for (let i = 0; i < winners.length; i++) captchas.push(await t.captchaToken());
    const outcomes = await Promise.all([
      ...winners.map((token, i) =>
        t.call('POST', '/config/orderRule/placeOrder', {
          token,
          body: { cartTicketIds: results[tokens.indexOf(token)].data.cartTicketIds, captchaToken: captchas[i] },
        }),
      ),
      runCartExpiry(t.db, () => new Date(t.now().getTime() + 1000)),
    ]);
    const ordered = outcomes.slice(0, -1).filter((r) => (r as Envelope).code === 200).length;
    const after = await sched(id);
    expect(after.held).toBe(0);
    // Lines held before the burst (earlier tests) expired too.
    expect(await t.remaining(id)).toBe(5 + s0.held - ordered);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cart_lines WHERE id = ANY($1::int[]) AND status IN ('ordered', 'expired')`,
      [results.filter((r) => r.code === 200).flatMap((r) => r.data.cartTicketIds)],
    );
    expect(n).toBe(5);
  });
});

describe('cancel', () => {
  it('cancels an unpaid order of the caller, stock back once; paid or foreign orders refused', async () => {
    const token = await t.tokenFor(newPhone());
    const id = session(main);
    const before = await sched(id);
    const orderId = await order(token, OPEN_DAY, main, [adult(main), child(main)]);
    const { orderNumber } = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token })).data;
    const other = await t.tokenFor(newPhone());
    expect((await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${orderNumber}`, { token: other })).code).toBe(500);
    expect((await t.call('GET', '/order/OrderInfo/cancel?orderNumber=bad', { token, lang: 'en' })).msg).toBe('Incorrect order number');
    const r = await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${orderNumber}`, { token });
    expect(r.data).toEqual({ orderId, status: 'canceled' });
    expect((await sched(id)).sold).toBe(before.sold);
    const twice = await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${orderNumber}`, { token, lang: 'en' });
    expect(twice.msg).toMatch(/cannot be cancelled/);
    expect(await runPayTimeout(t.db, () => new Date(t.now().getTime() + 3600_000))).toBeGreaterThanOrEqual(0);
    expect((await sched(id)).sold).toBe(before.sold);
  });
});

describe('refund', () => {
  it('partial then whole: statuses, amounts, refund rows, stock back once; invoice amount follows', async () => {
    const token = await t.tokenFor(newPhone());
    const d = await paidOrder(token, OPEN_DAY, main, [adult(main), adult(main, '李四', ADULT2), child(main)]);
    const id = session(main);
    const before = await sched(id);
    const [a1, a2, c] = d.tickets.map((x: { ticketId: number }) => x.ticketId);
    const risk = await t.call('POST', '/order/refund/refundCheckBlack', { token, body: { ticketIds: [a2] } });
    expect(risk.data).toMatchObject({ warn: false, missedVisits: 0, limit: 3 });
    const r1 = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [a2] } });
    expect(r1.data).toMatchObject({ orderId: d.orderId, refundedTicketIds: [a2], refundAmount: 3000, orderStatus: 'partlyRefunded' });
    expect((await sched(id)).sold).toBe(before.sold - 1);
    // Refunding the same ticket again: refused, no stock moves.
    const again = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [a2] }, lang: 'en' });
    expect(again.msg).toMatch(/cannot be refunded or changed in its current state/);
    expect((await sched(id)).sold).toBe(before.sold - 1);
    const inv = await t.call('GET', '/invoice/orders', { token });
    expect(inv.data.find((o: { orderId: number }) => o.orderId === d.orderId).amount).toBe(3000);
    const r2 = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [a1, c] } });
    expect(r2.data).toMatchObject({ refundAmount: 3000, orderStatus: 'refunded' });
    expect((await sched(id)).sold).toBe(before.sold - 3);
    const detail = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${d.orderId}`, { token })).data;
    expect(detail.status).toBe('refunded');
    expect(detail.tickets.every((x: { status: string }) => x.status === 'refunded')).toBe(true);
    const rows = await t.db.query<{ amount: number }>('SELECT amount FROM refunds WHERE order_id = $1 ORDER BY id', [d.orderId]);
    expect(rows.map((x) => x.amount)).toEqual([3000, 3000]);
  });

  it("serves the order's refund facts to its owner only, the ones checkRefund decides on", async () => {
    const token = await t.tokenFor(newPhone());
    const d = await paidOrder(token, OPEN_DAY, main, [adult(main), child(main)]);
    const rules = await t.call('GET', `/order/refund/rules/${d.orderId}`, { token });
    expect(rules.code, rules.msg).toBe(200);
    expect(rules.data).toMatchObject({ group: false, maxPartialRefundPercent: 100, freeChildPerAdult: 1 });
    expect(rules.data.tickets.map((x: { kind: string; status: string; hallId: number }) => [x.kind, x.status, x.hallId])).toEqual([
      ['adult', 'toBeChecked', main.hallId],
      ['child', 'toBeChecked', main.hallId],
    ]);
    const other = await t.call('GET', `/order/refund/rules/${d.orderId}`, { token: await t.tokenFor(newPhone()), lang: 'en' });
    expect(other.code).not.toBe(200);
  });

  const refusals: Array<[string, (ids: number[]) => number[], RegExp, RegExp]> = [
    ['no ticket', () => [], /请至少选择一张票/, /select at least one ticket/],
    ['a child left alone', (ids) => [ids[0]], /不能只剩儿童/, /Children cannot be left alone/],
    ['a foreign ticket mixed in', (ids) => [ids[0], 999999], /不可退改/, /current state/],
  ];
  for (const [name, pick, zh, en] of refusals) {
    it(`refuses ${name} in zh and en, no stock moves`, async () => {
      const token = await t.tokenFor(newPhone());
      const d = await paidOrder(token, OPEN_DAY, main, [adult(main), child(main)], 1);
      const before = await sched(session(main, 1));
      const ids = pick(d.tickets.map((x: { ticketId: number }) => x.ticketId));
      const rzh = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: ids } });
      expect(rzh.code).toBe(500);
      expect(rzh.msg).toMatch(zh);
      const ren = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: ids }, lang: 'en' });
      expect(ren.msg).toMatch(en);
      expect(await sched(session(main, 1))).toEqual(before);
    });
  }

  it('refuses an unpaid order, another user, a partial share above refund_percentage, a bad body', async () => {
    const token = await t.tokenFor(newPhone());
    const unpaid = await order(token, OPEN_DAY, temp, [adult(temp)]);
    const ut = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${unpaid}`, { token })).data.tickets[0].ticketId;
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [ut] }, lang: 'en' })).msg).toMatch(/current state/);
    await t.call(
      'GET',
      `/order/OrderInfo/cancel?orderNumber=${(await t.call('GET', `/order/OrderInfo/searchPersonOrder/${unpaid}`, { token })).data.orderNumber}`,
      { token },
    );
    const d = await paidOrder(token, OPEN_DAY, temp, [adult(temp), adult(temp, '李四', ADULT2), adult(temp, '王五', '1970-02-02')]);
    const ids = d.tickets.map((x: { ticketId: number }) => x.ticketId);
    const other = await t.tokenFor(newPhone());
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token: other, body: { ticketIds: ids }, lang: 'en' })).msg).toMatch(/does not exist/);
    await t.db.query(`UPDATE sys_config SET value = '50' WHERE key = 'refund_percentage'`);
    try {
      const r = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: ids.slice(0, 2) }, lang: 'en' });
      expect(r.msg).toMatch(/at most 50%/);
      expect((await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: ids.slice(0, 1) } })).code).toBe(200);
      expect((await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: ids.slice(1) } })).data.orderStatus).toBe('refunded');
    } finally {
      await t.db.query(`UPDATE sys_config SET value = '100' WHERE key = 'refund_percentage'`);
    }
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: 'x' }, lang: 'en' })).msg).toMatch(/Invalid request parameter/);
  });
});

describe('rebook', () => {
  it('moves the whole order to another date: old stock back, new taken, old tickets changed, new tickets valid', async () => {
    const token = await t.tokenFor(newPhone());
    const d = await paidOrder(token, OPEN_DAY, main, [adult(main), child(main)], 2);
    const [oldS, newS] = [await sched(session(main, 2)), await sched(session(mainOther, 0))];
    const ids = d.tickets.map((x: { ticketId: number }) => x.ticketId);
    const r = await t.call('POST', '/config/orderRule/rebook/person', {
      token,
      body: { orderId: d.orderId, ticketIds: ids, hallScheduleId: session(mainOther, 0) },
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ orderId: d.orderId, orderStatus: 'changed', oldTicketIds: ids, visitDate: OTHER_DAY });
    expect((await sched(session(main, 2))).sold).toBe(oldS.sold - 2);
    expect((await sched(session(mainOther, 0))).sold).toBe(newS.sold + 2);
    const detail = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${d.orderId}`, { token })).data;
    expect(detail).toMatchObject({ status: 'changed', visitDate: OTHER_DAY, amount: d.amount });
    expect(detail.tickets.filter((x: { status: string }) => x.status === 'changed').map((x: { ticketId: number }) => x.ticketId)).toEqual(ids);
    const fresh = detail.tickets.filter((x: { status: string }) => x.status === 'toBeChecked');
    expect(fresh.map((x: { ticketId: number }) => x.ticketId)).toEqual(r.data.newTicketIds);
    expect(fresh.every((x: { visitDate: string; qrCode: string }) => x.visitDate === OTHER_DAY && x.qrCode)).toBe(true);
    // And the new tickets can be refunded afterwards.
    const rf = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: r.data.newTicketIds } });
    expect(rf.data).toMatchObject({ orderStatus: 'refunded', refundAmount: 3000 });
    expect((await sched(session(mainOther, 0))).sold).toBe(newS.sold);
  });

  it('refusals are all or nothing: two dates, cinema, child alone, other hall, sold-out target', async () => {
    const token = await t.tokenFor(newPhone());
    const d = await paidOrder(token, OPEN_DAY, main, [adult(main), child(main)], 1);
    const ids: number[] = d.tickets.map((x: { ticketId: number }) => x.ticketId);
    const snapshot = async () => [await sched(session(main, 1)), await sched(session(mainOther, 1)), await sched(session(mainOther, 2))];
    const before = await snapshot();
    const rebook = (body: unknown, lang: 'zh' | 'en' = 'en') => t.call('POST', '/config/orderRule/rebook/person', { token, body, lang });
    // The child alone.
    const alone = await rebook({ orderId: d.orderId, ticketIds: [ids[1]], hallScheduleId: session(mainOther, 1) });
    expect(alone.msg).toMatch(/Children cannot change alone/);
    expect((await rebook({ orderId: d.orderId, ticketIds: [ids[1]], hallScheduleId: session(mainOther, 1) }, 'zh')).msg).toMatch(/儿童不能单独改签/);
    // Another hall.
    expect((await rebook({ orderId: d.orderId, ticketIds: ids, hallScheduleId: session(temp, 0) })).msg).toMatch(/same hall/);
    // Another session of the same day is not a change of date.
    const sameDay = await sched(session(main, 0));
    expect((await rebook({ orderId: d.orderId, ticketIds: ids, hallScheduleId: session(main, 0) })).msg).toBe(
      'Choose a date other than the current visit date',
    );
    expect((await rebook({ orderId: d.orderId, ticketIds: ids, hallScheduleId: session(main, 0) }, 'zh')).msg).toBe('请选择与原参观日期不同的日期');
    expect(await sched(session(main, 0))).toEqual(sameDay);
    // The target sold out.
    await t.db.query('UPDATE hall_schedule SET sold = capacity - 1, sold_external = sold_external + (capacity - 1 - sold) WHERE id = $1', [
      session(mainOther, 2),
    ]);
    const full = await rebook({ orderId: d.orderId, ticketIds: ids, hallScheduleId: session(mainOther, 2) });
    expect(full.code).toBe(500);
    expect(full.msg).toMatch(/Not enough tickets|sold out/i);
    // A session that does not exist, and a bad body.
    expect((await rebook({ orderId: d.orderId, ticketIds: ids, hallScheduleId: 999999 })).code).toBe(500);
    expect((await rebook({ orderId: 'x' })).msg).toMatch(/Invalid request parameter/);
    const after = await snapshot();
    expect(after[0]).toEqual(before[0]);
    expect(after[1]).toEqual(before[1]);
    expect(after[2].sold).toBe(after[2].capacity - 1);
    const detail = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${d.orderId}`, { token })).data;
    expect(detail.status).toBe('completed');
    expect(detail.tickets.every((x: { status: string }) => x.status === 'toBeChecked')).toBe(true);

    // Cinema tickets do not change.
    const cd = await paidOrder(token, OPEN_DAY, cinema, [adult(cinema, '李四', ADULT2)]);
    const cinemaOther = (await t.halls(OTHER_DAY)).find((h) => h.hallKey === 'cinema')!;
    const cbefore = await sched(session(cinemaOther));
    const cr = await rebook({ orderId: cd.orderId, ticketIds: [cd.tickets[0].ticketId], hallScheduleId: session(cinemaOther) });
    expect(cr.msg).toMatch(/Cinema tickets do not support changes/);
    expect(await sched(session(cinemaOther))).toEqual(cbefore);
  });

  it('two tickets of different dates cannot change together (one hall, one date)', async () => {
    const token = await t.tokenFor(newPhone());
    const d = await paidOrder(token, OPEN_DAY, temp, [adult(temp), adult(temp, '李四', ADULT2)], 1);
    const ids: number[] = d.tickets.map((x: { ticketId: number }) => x.ticketId);
    const tempOther = (await t.halls(OTHER_DAY)).find((h) => h.hallKey === 'temporary')!;
    expect(
      (
        await t.call('POST', '/config/orderRule/rebook/person', {
          token,
          body: { orderId: d.orderId, ticketIds: [ids[0]], hallScheduleId: session(tempOther, 0) },
        })
      ).code,
    ).toBe(200);
    const now = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${d.orderId}`, { token })).data;
    const live = now.tickets.filter((x: { status: string }) => x.status === 'toBeChecked').map((x: { ticketId: number }) => x.ticketId);
    const before = await sched(session(tempOther, 1));
    const r = await t.call('POST', '/config/orderRule/rebook/person', {
      token,
      body: { orderId: d.orderId, ticketIds: live, hallScheduleId: session(tempOther, 1) },
      lang: 'en',
    });
    expect(r.msg).toMatch(/one hall and one date only/);
    expect(await sched(session(tempOther, 1))).toEqual(before);
  });
});

describe('invoices, short link, today, pop-ups', () => {
  const creditCode = () => {
    const first17 = '91110000100000000';
    return first17 + creditCodeCheckChar(first17);
  };

  it('company needs a valid tax number; the amount comes from the order; one per order; history and detail', async () => {
    const token = await t.tokenFor(newPhone());
    const d = await paidOrder(token, OPEN_DAY, main, [adult(main), child(main)]);
    const base = { orderId: d.orderId, titleType: 2, title: '某某科技有限公司', email: 'a@example.com', amount: 1 };
    expect((await t.call('POST', '/invoice/apply', { token, body: base, lang: 'en' })).msg).toMatch(/Tax number cannot be empty/);
    expect((await t.call('POST', '/invoice/apply', { token, body: { ...base, taxNumber: '911100001000000001' }, lang: 'en' })).msg).toMatch(
      /unified social credit code/,
    );
    expect((await t.call('POST', '/invoice/apply', { token, body: { ...base, taxNumber: creditCode(), email: 'nope' }, lang: 'en' })).msg).toMatch(/e-mail/);
    expect((await t.call('POST', '/invoice/apply', { token, body: { ...base, titleType: 3 } })).code).toBe(500);
    // The form's rules (checkInvoice), checked again here: a personal title has no tax
    // number; lengths; messages in the request language.
    const personal = { ...base, titleType: 1, title: '张三', taxNumber: creditCode() };
    expect((await t.call('POST', '/invoice/apply', { token, body: personal })).msg).toBe('个人抬头无需填写税号');
    expect((await t.call('POST', '/invoice/apply', { token, body: { ...base, taxNumber: creditCode(), content: '字'.repeat(51) }, lang: 'en' })).msg).toMatch(
      /at most 50 characters/,
    );
    const r = await t.call('POST', '/invoice/apply', { token, body: { ...base, taxNumber: creditCode(), addressPhone: '北京 010-1234567' }, lang: 'en' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      orderId: d.orderId,
      amount: 3000,
      state: 'requested',
      titleType: 2,
      taxNumber: creditCode(),
      content: 'Admission tickets',
      issueTime: null,
    });
    expect((await t.call('POST', '/invoice/apply', { token, body: { ...base, taxNumber: creditCode() }, lang: 'en' })).msg).toMatch(/already been requested/);
    const list = await t.call('GET', '/invoice/list', { token });
    expect(list.data.total).toBe(1);
    expect((await t.call('GET', `/invoice/${r.data.invoiceId}`, { token })).data.invoiceId).toBe(r.data.invoiceId);
    const other = await t.tokenFor(newPhone());
    expect((await t.call('GET', `/invoice/${r.data.invoiceId}`, { token: other })).code).toBe(500);
    expect((await t.call('POST', '/invoice/apply', { token: other, body: { ...base, taxNumber: creditCode() } })).code).toBe(500);
    expect((await t.call('GET', '/invoice/orders', { token })).data.some((o: { orderId: number }) => o.orderId === d.orderId)).toBe(false);
    // Personal title: no tax number needed; unpaid orders refused.
    const unpaid = await order(token, OPEN_DAY, temp, [adult(temp)]);
    expect(
      (await t.call('POST', '/invoice/apply', { token, body: { orderId: unpaid, titleType: 1, title: '张三', email: 'a@example.com' }, lang: 'en' })).msg,
    ).toMatch(/Only paid orders/);
  });

  it('short link: anonymous detail (masked) of a paid order; unknown flags refused', async () => {
    const token = await t.tokenFor(newPhone());
    const d = await paidOrder(token, OPEN_DAY, main, [adult(main)]);
    expect(d.shortLinkFlag).toMatch(/^[\w-]{20,}$/);
    const r = await t.call('POST', '/ingore/getOrderDetailByShortUrl', { body: { shortLinkFlag: d.shortLinkFlag } });
    expect(r.data).toMatchObject({ orderId: d.orderId, status: 'completed' });
    expect(r.data.tickets[0].certificateInfo).toMatch(/\*{10}/);
    expect(r.data.tickets[0].userName).toBe('张*');
    expect((await t.call('POST', '/ingore/getOrderDetailByShortUrl', { body: { shortLinkFlag: 'x'.repeat(24) }, lang: 'en' })).msg).toMatch(/invalid/);
    expect((await t.call('POST', '/ingore/getOrderDetailByShortUrl', { body: {} })).code).toBe(500);
  });

  it('todayOrder lists paid orders with a visit today; popWindows gives configured texts in the request language', async () => {
    const token = await t.tokenFor(newPhone());
    const tomorrow = await paidOrder(token, OPEN_DAY, main, [adult(main)]);
    expect((await t.call('GET', '/order/v1/todayOrder', { token })).data).toEqual([]);
    const pops = await t.call('GET', `/order/OrderInfo/popWindows/${tomorrow.orderId}`, { token, lang: 'en' });
    expect(pops.data.map((p: { key: string }) => p.key)).toEqual(['refund_alert', 'ticket_checking_instructions']);
    expect(pops.data[0].content).toMatch(/Refunds go back/);
    expect((await t.call('GET', `/order/OrderInfo/popWindows/${tomorrow.orderId}`, { token: await t.tokenFor(newPhone()) })).code).toBe(500);
    // Today's sessions: the seed's clock is 10:00, the 14:30 session is still open.
    const [todayMain] = await t.halls('2030-03-05');
    const open = todayMain.scheduleTicketPoolVOS.findIndex((s) => s.state === 'available');
    const today = await paidOrder(token, '2030-03-05', todayMain, [adult(todayMain, '李四', ADULT2)], open);
    const list = await t.call('GET', '/order/v1/todayOrder', { token });
    expect(list.data.map((o: { orderId: number }) => o.orderId)).toEqual([today.orderId]);
    expect(list.data[0].tickets[0].qrCode).toBeTruthy();
  });
});

describe('missed visits and the blacklist (own clock)', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await makeApp();
  });
  afterAll(async () => {
    await m?.close();
  });

  it('3 missed visits in 180 days blacklist the account: placeOrder and cart add refused in zh and en', async () => {
    let token = await m.tokenFor('13900000001');
    const days = ['2030-03-06', '2030-03-07', '2030-03-09'];
    for (const [i, day] of days.entries()) {
      const [h] = await m.halls(day);
      const o = await m.call('POST', '/config/orderRule/placeOrder', {
        token,
        body: orderRequest(
          day,
          h.hallId,
          h.scheduleTicketPoolVOS[0].hallScheduleId,
          [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(h, 'adult'), seq: String(200 + i) }],
          await m.captchaToken(),
        ),
      });
      expect(o.code, o.msg).toBe(200);
      const c = await m.call('POST', '/pay/create', { token, body: { orderId: o.data.orderId } });
      const payId = new URL(c.data.payUrl, 'http://x').searchParams.get('payId');
      const [{ amount }] = await m.db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
      expect(await m.payNotify(payId!, amount)).toBe(204);
    }
    // Before the visit dates pass nothing is missed.
    expect(await runMissedVisits(m.db, m.now)).toBe(0);
    m.advance(2 * 86400_000); // 2030-03-07 10:00: the 03-06 visit was missed
    expect(await runMissedVisits(m.db, m.now)).toBe(1);
    expect(await runMissedVisits(m.db, m.now)).toBe(0);
    token = await m.tokenFor('13900000001'); // test tokens live 1 hour
    await assertStockInvariant(m.db);
    const warn = await m.call('POST', '/order/refund/refundCheckBlack', { token, body: { ticketIds: [] }, lang: 'en' });
    expect(warn.code, warn.msg).toBe(200);
    expect(warn.data).toMatchObject({ warn: true, missedVisits: 1, limit: 3 });
    expect(warn.data.message).toMatch(/at 3 your account cannot book/);
    // The account keeps the visit date; the limit is a setting, and a change of it counts at once.
    const [{ missed_visits }] = await m.db.query<{ missed_visits: string[] }>(`SELECT missed_visits FROM users WHERE phone = '13900000001'`);
    expect(missed_visits).toEqual(['2030-03-06']);
    const [later] = await m.halls('2030-03-12');
    const one = () =>
      m.call('POST', '/config/orderRule/placeOrder', {
        token,
        lang: 'en',
        body: orderRequest(
          '2030-03-12',
          later.hallId,
          later.scheduleTicketPoolVOS[0].hallScheduleId,
          [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(later, 'adult') }],
          'not-a-token',
        ),
      });
    await m.db.query(`INSERT INTO sys_config (key, value) VALUES ('black_list_missed_visits', '1') ON CONFLICT (key) DO UPDATE SET value = '1'`);
    expect((await one()).msg).toBe('Account abnormal, cannot book: please contact service');
    await m.db.query(`UPDATE sys_config SET value = '3' WHERE key = 'black_list_missed_visits'`);
    // Past the blacklist, up to the security check (this request's token is not a valid one).
    expect((await one()).msg).toBe('The security check has expired; please verify again');
    m.advance(3 * 86400_000); // 2030-03-10: all three missed
    // Two of this visitor's, and the seed's demo visitor's four tickets of the full day (03-08).
    expect(await runMissedVisits(m.db, m.now)).toBe(2 + 4);
    token = await m.tokenFor('13900000001');
    await assertStockInvariant(m.db);
    const list = await m.call('GET', '/order/OrderInfo/missedVisits', { token, lang: 'en' });
    expect(list.data.total).toBe(3);
    expect(list.data.rows[0]).toMatchObject({ visitDate: '2030-03-09', ticketNum: 1, counted: true });
    expect(list.data.status).toMatchObject({ blacklisted: true, missedVisits: 3, limit: 3, windowDays: 180, until: '2030-09-03' });
    const block = await m.call('POST', '/order/refund/blockLists', { token });
    expect(block.data.blacklisted).toBe(true);
    // Cancelling the account would let the number register afresh: not while it is blocked.
    expect((await m.call('GET', '/cancelCustomerAccount', { token })).data.blockedUntil).toBe('2030-09-03');
    const cancel = await m.call('POST', '/cancelCustomerAccount', { token, body: { phone: '13900000001', code: '123456' }, lang: 'en' });
    expect(cancel.msg).toBe('Your account cannot book until 2030-09-03 for missed visits; it cannot be cancelled before then');
    const [h] = await m.halls('2030-03-12');
    const body = orderRequest(
      '2030-03-12',
      h.hallId,
      h.scheduleTicketPoolVOS[0].hallScheduleId,
      [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(h, 'adult') }],
      await m.captchaToken(),
    );
    const before = await m.remaining(h.scheduleTicketPoolVOS[0].hallScheduleId);
    expect((await m.call('POST', '/config/orderRule/placeOrder', { token, body, lang: 'en' })).msg).toBe(
      'Account abnormal, cannot book: please contact service',
    );
    expect((await m.call('POST', '/config/orderRule/placeOrder', { token, body: { ...body, poolFlag: 1 } })).msg).toBe('账户异常，无法预约：请联系客服');
    expect(await m.remaining(h.scheduleTicketPoolVOS[0].hallScheduleId)).toBe(before);
    // Another account still books.
    const other = await m.tokenFor('13900000002');
    expect((await m.call('POST', '/config/orderRule/placeOrder', { token: other, body: { ...body, captchaToken: await m.captchaToken() } })).code).toBe(200);
    // The block lifts once the visits leave the 180-day window.
    m.advance(178 * 86400_000);
    token = await m.tokenFor('13900000001');
    expect((await m.call('POST', '/order/refund/blockLists', { token })).data.blacklisted).toBe(false);
    await assertStockInvariant(m.db);
  });
});
