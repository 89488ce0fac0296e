/** A team's cart over HTTP (docs/product.md §2 cart/shoppingCart, §4 holds): a whole group held with its
 * places and free pupil tickets, paid as one group order behind the slider, priced again at
 * checkout, expired or removed with everything given back once, one checkout of an entry
 * under concurrent tries; refusals in zh and en. The stock and free-quota invariant after each. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCartExpiry } from '../../server/jobs/cartExpiry.ts';
import { DEMO_AGENCY, DEMO_SCHOOL } from '../../server/seed/accounts.ts';
import type { GroupCart } from '../../src/domain/types.ts';
import { assertStockInvariant, makeApp, type TestApp } from './helpers.ts';
import { groupKit } from './groupKit.ts';

let t: TestApp;
const { teamToken, newSchool, groupHalls, grade, teachers, schoolBody, agencyBody, place, detail, freeUsed, pay } = groupKit(() => t);
const DAY = '2030-03-09';

beforeAll(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const cart = async (token: string, lang: 'zh' | 'en' = 'zh') => (await t.call<GroupCart>('GET', '/query/order/getShoppingCart', { token, lang })).data;
const checkout = async (token: string, cartId: number, lang: 'zh' | 'en' = 'zh', captcha = true) =>
  t.call('POST', '/config/orderRule/placeOrder', { token, body: { cartTicketIds: [cartId], captchaToken: captcha ? await t.captchaToken() : '' }, lang });
const remove = (token: string, cartId: number, lang: 'zh' | 'en' = 'zh') => t.call('DELETE', `/order/ticketInfo/removeForShopping/${cartId}`, { token, lang });

describe("a team's cart", () => {
  it('holds a class visit with its places and free pupil tickets, then pays it as one group order', async () => {
    const token = await teamToken(DEMO_SCHOOL.creditCode);
    const body = await schoolBody(DAY);
    const [left, free] = [await t.remaining(body.hallScheduleId), await freeUsed(DAY)];
    const added = await place(token, { ...body, poolFlag: 1, captchaToken: '', quotedAmount: 3000 });
    expect(added.code, added.msg).toBe(200);
    expect(added.data).toMatchObject({ orderId: null, cartTicketIds: [expect.any(Number)] });
    const [cartId] = added.data.cartTicketIds as number[];
    expect(await t.remaining(body.hallScheduleId)).toBe(left - 86);
    expect(await freeUsed(DAY)).toBe(free + 80);
    const held = await cart(token, 'en');
    expect(held.entries).toEqual([
      expect.objectContaining({
        cartId,
        visitDate: DAY,
        hallName: 'Main exhibition hall',
        people: 86,
        freePupils: 80,
        amount: 3000,
        payMethod: 'online',
        leaderName: '王*师',
        status: 'held',
      }),
    ]);
    expect(held.entries[0].deadline - held.serverTime).toBe(15 * 60_000 + 2000);
    // Another team neither sees nor removes it; a visitor's cart is a visitor's.
    const other = await newSchool();
    expect((await cart(other)).entries).toEqual([]);
    expect((await remove(other, cartId, 'en')).msg).toBe('This ticket is not in your cart');
    expect((await checkout(other, cartId, 'en')).msg).toBe('Shopping cart expired, or empty or none selected');
    expect((await t.call('GET', '/query/order/getShoppingCart', { token: await t.tokenFor('13500000003') })).data).toMatchObject({ lines: [] });
    // The slider is asked for at checkout.
    expect((await checkout(token, cartId, 'en', false)).msg).toBe('The security check has expired; please verify again');
    const paid = await checkout(token, cartId);
    expect(paid.code, paid.msg).toBe(200);
    // The places and free tickets the entry held are the order's now: nothing moved twice.
    expect(await t.remaining(body.hallScheduleId)).toBe(left - 86);
    expect(await freeUsed(DAY)).toBe(free + 80);
    expect((await cart(token)).entries).toEqual([]);
    const d = await detail(token, paid.data.orderId);
    expect(d).toMatchObject({ amount: 3000, status: 'toBePaid' });
    expect(d.tickets).toHaveLength(86);
    await pay(token, paid.data.orderId);
    expect((await checkout(token, cartId, 'en')).msg).toBe('Shopping cart expired, or empty or none selected');
  });

  it('gives everything back once when an entry expires or is removed', async () => {
    const token = await newSchool();
    const body = await schoolBody(DAY, { gradeList: [grade('三年级', 10, 10)], teacherList: teachers(2, 3) }, 1);
    const [left, free] = [await t.remaining(body.hallScheduleId), await freeUsed(DAY)];
    const first = (await place(token, { ...body, poolFlag: 1 })).data.cartTicketIds[0] as number;
    t.advance(15 * 60_000 + 2001);
    expect(await runCartExpiry(t.db, t.now)).toBeGreaterThanOrEqual(1);
    expect(await runCartExpiry(t.db, t.now)).toBe(0);
    expect([await t.remaining(body.hallScheduleId), await freeUsed(DAY)]).toEqual([left, free]);
    expect((await cart(token)).entries).toMatchObject([{ cartId: first, status: 'expired' }]);
    const fresh = await newSchool();
    expect((await checkout(token, first, 'en')).msg).toBe('Shopping cart expired, or empty or none selected');
    expect((await remove(token, first)).code).toBe(200);
    expect((await cart(token)).entries).toEqual([]);
    // Removed while held: back at once.
    const second = (await place(fresh, { ...body, captchaToken: '', poolFlag: 1 })).data.cartTicketIds[0] as number;
    expect(await t.remaining(body.hallScheduleId)).toBe(left - 23);
    expect((await remove(fresh, second)).code).toBe(200);
    expect((await remove(fresh, second, 'en')).msg).toBe('This ticket is not in your cart');
    expect([await t.remaining(body.hallScheduleId), await freeUsed(DAY)]).toEqual([left, free]);
  });

  it('prices the group again at checkout: an agreement that expired meanwhile is refused, not charged', async () => {
    const agency = await teamToken(DEMO_AGENCY.creditCode);
    // The demo agency as a contracted one: 80 % of ¥30 while its agreement runs.
    await t.db.query(`UPDATE teams SET team_type = 5 WHERE credit_code = $1`, [DEMO_AGENCY.creditCode]);
    const body = await agencyBody(DAY, 30);
    const added = await place(agency, { ...body, poolFlag: 1, quotedAmount: 30 * 2400 });
    expect(added.code, added.msg).toBe(200);
    const cartId = added.data.cartTicketIds[0] as number;
    await t.db.query(`UPDATE teams SET protocol_expires_on = '2030-03-01' WHERE credit_code = $1`, [DEMO_AGENCY.creditCode]);
    try {
      expect((await checkout(agency, cartId, 'en')).msg).toBe(
        "The price has changed (the day's free school tickets or the agreement prices); please go back and check it again",
      );
      expect((await cart(agency)).entries).toMatchObject([{ cartId, status: 'held', amount: 72000 }]);
    } finally {
      await t.db.query(`UPDATE teams SET protocol_expires_on = '2030-03-10' WHERE credit_code = $1`, [DEMO_AGENCY.creditCode]);
    }
    // Two tries at once: one order.
    const tries = await Promise.all([checkout(agency, cartId), checkout(agency, cartId)]);
    expect(tries.filter((x) => x.code === 200)).toHaveLength(1);
    const placed = tries.find((x) => x.code === 200)!;
    expect((await detail(agency, placed.data.orderId)).amount).toBe(72000);
    await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${(await detail(agency, placed.data.orderId)).orderNumber}`, { token: agency });
    await t.db.query(`UPDATE teams SET team_type = 4 WHERE credit_code = $1`, [DEMO_AGENCY.creditCode]);
  });

  it("refuses a dome's group and a sixth held group, in zh and en", async () => {
    const token = await newSchool();
    const dome = (await groupHalls(DAY)).find((h) => h.hallKey === 'cinema')!;
    const small = await schoolBody(DAY, { gradeList: [grade('四年级', 8, 8)], teacherList: teachers(1, 5) }, 2);
    const inDome = { ...small, hallId: dome.hallId, hallScheduleId: dome.scheduleTicketPoolVOS[0].hallScheduleId, poolFlag: 1 as const };
    expect((await place(token, inDome, 'en')).msg).toBe("A dome film's group takes its seats when it orders: it cannot wait in the cart");
    expect((await place(token, inDome)).msg).toBe('影院团体需在选座后直接下单，不能加入购物车');
    for (let i = 0; i < 5; i++) expect((await place(token, { ...small, poolFlag: 1 })).code).toBe(200);
    expect((await place(token, { ...small, poolFlag: 1 }, 'en')).msg).toBe('Your cart already holds 5 groups: pay for one or remove it first');
    expect((await place(token, { ...small, poolFlag: 1 })).msg).toBe('购物车中已有5个团体，请先支付或移除');
    for (const e of (await cart(token)).entries) expect((await remove(token, e.cartId)).code).toBe(200);
  });
});
