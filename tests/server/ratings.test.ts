/** The visit rating over HTTP: an order is rated once, by its owner, after the visit (a ticket let
 * in or its day passed), never before, never unpaid, never an order nobody came to; refusals in zh
 * and en; two submissions at once store one; a team rates its group order; the staff's day shows
 * the averages per hall. (A cancelled account's comment is blanked: tests/server/visitorCentre.test.ts.) */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENCY, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { addDays } from '../../server/time.ts';
import type { HallPool, OrderRating, OrderSummary, Page, StaffDay } from '../../src/domain/types.ts';
import { OPEN_DAY, TODAY } from './constants.ts';
import { groupKit } from './groupKit.ts';
import { makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';

let t: TestApp;
let main: HallPool;
let phoneSeq = 0;
const newPhone = () => `1360000${String(++phoneSeq).padStart(4, '0')}`;
const kit = groupKit(() => t);

beforeAll(async () => {
  t = await makeApp();
  main = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!;
});
afterAll(async () => {
  await t?.close();
});

const card = (token: string, orderId: number, lang: 'zh' | 'en' = 'en') => t.call<OrderRating>('GET', `/order/rating/${orderId}`, { token, lang });
const rate = (token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') => t.call<OrderRating>('POST', '/order/rating', { token, body, lang });
const good = { visitStars: 5, bookingStars: 4, comment: '  球幕很震撼，预约也方便。 ' };

/** A new visitor's order of one adult on OPEN_DAY (tomorrow by the seed's clock), paid or not. */
async function order(paid: boolean): Promise<{ token: string; orderId: number; phone: string }> {
  const phone = newPhone();
  const token = await t.tokenFor(phone);
  const body = orderRequest(
    OPEN_DAY,
    main.hallId,
    main.scheduleTicketPoolVOS[0].hallScheduleId,
    [{ name: '张三', birth: '1990-01-01', ticketPriceId: priceOf(main, 'adult') }],
    await t.captchaToken(),
  );
  const placed = await t.call('POST', '/config/orderRule/placeOrder', { token, body });
  expect(placed.code, placed.msg).toBe(200);
  const orderId = placed.data.orderId as number;
  if (paid) await kit.pay(token, orderId);
  return { token, orderId, phone };
}

/** Runs `then` two days later (the visit day passed; logins of then have expired), and comes back. */
async function twoDaysLater(then: () => Promise<void>): Promise<void> {
  t.advance(2 * 24 * 3600_000);
  try {
    await then();
  } finally {
    t.advance(-2 * 24 * 3600_000);
  }
}

describe('rating an order', () => {
  it('waits for the visit; once the day has passed the owner rates it once, and reads it back', async () => {
    const { token, orderId, phone } = await order(true);
    const before = await card(token, orderId);
    expect(before.data).toEqual({ orderId, rateable: false, refusal: 'You can rate this order after your visit', rating: null });
    expect((await rate(token, { orderId, ...good }, 'zh')).msg).toBe('参观之后才能评价');

    await twoDaysLater(async () => {
      const again = await t.tokenFor(phone);
      expect((await card(again, orderId)).data).toMatchObject({ rateable: true, refusal: null, rating: null });
      // The rules in the language of the request, the client bypassed.
      expect((await rate(again, { orderId, ...good, visitStars: 0 })).msg).toBe('Please give the visit 1 to 5 stars');
      expect((await rate(again, { orderId, ...good, bookingStars: 0 }, 'zh')).msg).toBe('请为购票体验选择 1-5 星');
      expect((await rate(again, { orderId, ...good, comment: '好'.repeat(201) }, 'zh')).msg).toBe('评价内容不能超过200个字');
      expect((await rate(again, { orderId, ...good, visitStars: 6 })).msg).toMatch(/^Invalid request parameter/);
      expect((await rate(again, { orderId, ...good, visitStars: 4.5 })).code).toBe(500);

      const rated = await rate(again, { orderId, ...good, comment: `  ${'好'.repeat(200)}  ` });
      expect(rated.code, rated.msg).toBe(200);
      expect(rated.data).toMatchObject({
        rateable: false,
        refusal: 'This order has already been rated',
        rating: { visitStars: 5, bookingStars: 4, comment: '好'.repeat(200) },
      });
      expect(rated.data.rating!.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect((await rate(again, { orderId, ...good, visitStars: 1 }, 'zh')).msg).toBe('该订单已评价');
      expect((await card(again, orderId)).data.rating).toMatchObject({ visitStars: 5, bookingStars: 4 });
    });
  });

  it('two submissions at once store one rating', async () => {
    const { orderId, phone } = await order(true);
    await twoDaysLater(async () => {
      const token = await t.tokenFor(phone);
      const answers = await Promise.all([1, 2, 3].map((n) => rate(token, { orderId, visitStars: n, bookingStars: n, comment: '' })));
      expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.msg === 'This order has already been rated')).toHaveLength(2);
      expect(await t.db.query('SELECT 1 FROM ratings WHERE order_id = $1', [orderId])).toHaveLength(1);
    });
  });

  it('an unpaid order, and an order nobody came to, are not rated', async () => {
    const unpaid = await order(false);
    const missed = await order(true);
    // The missed-visit job's mark (with a check-in source): the day passed and nobody came.
    await t.db.query(`UPDATE tickets SET status = 'expired' WHERE order_id = $1`, [missed.orderId]);
    await twoDaysLater(async () => {
      const token = await t.tokenFor(unpaid.phone);
      expect((await card(token, unpaid.orderId)).data.refusal).toBe('Only a paid order can be rated');
      expect((await rate(token, { orderId: unpaid.orderId, ...good }, 'zh')).msg).toBe('只有已支付的订单可以评价');
      expect((await rate(await t.tokenFor(missed.phone), { orderId: missed.orderId, ...good })).msg).toBe(
        'Nobody of this order came to the museum: there is no visit to rate',
      );
    });
  });

  it("a ticket let in at the gate opens the rating (the demo visitor's past visits)", async () => {
    const demo = await t.tokenFor('13800138000');
    const list = await t.call<Page<OrderSummary>>('GET', '/order/v1/list?pageNum=1&pageSize=50', { token: demo });
    const past = list.data.rows.filter((o) => o.visitDate < TODAY);
    expect(past.map((o) => o.visitDate).sort()).toEqual([addDays(TODAY, -6), addDays(TODAY, -2)]);
    for (const o of past) expect((await card(demo, o.orderId)).data.rateable).toBe(true);
    // The full day's order is still to come.
    const coming = list.data.rows.find((o) => o.visitDate > TODAY)!;
    expect((await card(demo, coming.orderId, 'zh')).data.refusal).toBe('参观之后才能评价');
  });

  it("nobody rates or reads another account's order; a staff token and no token are refused", async () => {
    const { orderId, phone } = await order(true);
    await twoDaysLater(async () => {
      const other = await t.tokenFor(newPhone());
      expect((await card(other, orderId)).msg).toBe('The order does not exist');
      expect((await rate(other, { orderId, ...good }, 'zh')).msg).toBe('订单不存在');
      const team = await kit.teamToken(DEMO_AGENCY.creditCode);
      expect((await rate(team, { orderId, ...good })).msg).toBe('The order does not exist');
      const staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
      expect((await rate(staff, { orderId, ...good })).code).toBe(401);
      expect((await t.call('GET', `/order/rating/${orderId}`)).code).toBe(401);
      expect(await t.db.query('SELECT 1 FROM ratings WHERE order_id = $1', [orderId])).toHaveLength(0);
      expect((await card(await t.tokenFor(phone), orderId)).data.rateable).toBe(true);
    });
  });

  it("a team rates its group order after the visit, and the staff read the day's averages per hall", async () => {
    const placed = await kit.place(await kit.teamToken(DEMO_AGENCY.creditCode), await kit.agencyBody(OPEN_DAY, 20));
    expect(placed.code, placed.msg).toBe(200);
    const orderId = placed.data.orderId as number;
    await kit.pay(await kit.teamToken(DEMO_AGENCY.creditCode), orderId);
    const visitor = await order(true);
    await twoDaysLater(async () => {
      const team = await kit.teamToken(DEMO_AGENCY.creditCode);
      expect((await card(team, orderId)).data.rateable).toBe(true);
      expect((await rate(team, { orderId, visitStars: 3, bookingStars: 2, comment: 'Too crowded at noon' })).code).toBe(200);
      expect((await rate(await t.tokenFor(visitor.phone), { orderId: visitor.orderId, visitStars: 4, bookingStars: 5, comment: '' })).code).toBe(200);

      const staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
      const day = await t.call<StaffDay>('GET', `/staff/day?date=${OPEN_DAY}`, { token: staff, lang: 'en' });
      // Earlier tests of this file rated two more main-hall orders of that day.
      const [{ n, v, b }] = await t.db.query<{ n: number; v: number; b: number }>(
        `SELECT count(*)::int AS n, avg(visit_stars)::float AS v, avg(booking_stars)::float AS b FROM ratings r JOIN orders o ON o.id = r.order_id WHERE o.visit_date = $1`,
        [OPEN_DAY],
      );
      expect(n).toBe(4);
      expect(day.data.ratings).toEqual([
        { hallId: main.hallId, hallName: 'Main exhibition hall', count: 4, visit: Math.round(v * 10) / 10, booking: Math.round(b * 10) / 10 },
      ]);
    });
  });
});
