/** Abuse an attacker tries with the client bypassed: hoarding tickets in carts, the risk
 * policy's calls and limits (configuration rows, not constants), and guessing the staff's
 * passwords. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertStockInvariant, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { OPEN_DAY } from './constants.ts';
import type { HallPool } from '../../src/domain/types.ts';
import { gapOf, TEST_CAPTCHA_GAP_X } from '../../server/providers/captcha.ts';
import { DEMO_GATE, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { humanTrail, robotTrail } from '../drag.ts';
import sharp from 'sharp';

let t: TestApp;
let hall: HallPool;
let seq = 0;
beforeAll(async () => {
  t = await makeApp();
  [hall] = await t.halls(OPEN_DAY);
});
afterAll(async () => {
  await t?.close();
});

const setConfig = (key: string, value: string) =>
  t.db.query('INSERT INTO sys_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2', [key, value]);
const session = () => hall.scheduleTicketPoolVOS.find((s) => s.state === 'available' && s.ticketPool > 20)!.hallScheduleId;

/** Two adults (new certificates each time) into the cart. */
function addTwo(token: string, lang: 'zh' | 'en' = 'zh') {
  const visitors = [0, 1].map(() => ({ name: '周九', birth: '1988-08-08', ticketPriceId: priceOf(hall, 'adult'), seq: String(300 + seq++) }));
  return t.call('POST', '/config/orderRule/placeOrder', {
    token,
    body: { ...orderRequest(OPEN_DAY, hall.hallId, session(), visitors, null), poolFlag: 1 },
    lang,
  });
}

describe('cart hoarding', () => {
  it('one account holds at most person_cart_max_held_tickets (8) at once; the next add is refused and takes no stock', async () => {
    const token = await t.tokenFor('13811110001');
    for (let i = 0; i < 4; i++) expect((await addTwo(token)).code).toBe(200);
    const before = await t.remaining(session());
    const refused = await addTwo(token, 'en');
    expect(refused).toMatchObject({ code: 500, msg: 'Your cart can hold at most 8 tickets; please pay for or remove some first' });
    expect((await addTwo(token)).msg).toBe('购物车最多保留8张票，请先支付或删除部分票');
    expect(await t.remaining(session())).toBe(before);
    await assertStockInvariant(t.db);
  });

  it('the cap is a configuration row', async () => {
    await setConfig('person_cart_max_held_tickets', '2');
    try {
      const token = await t.tokenFor('13811110002');
      expect((await addTwo(token)).code).toBe(200);
      expect((await addTwo(token, 'en')).msg).toMatch(/at most 2 tickets/);
    } finally {
      await setConfig('person_cart_max_held_tickets', '8');
    }
  });

  it("cart adds pass the risk policy: over the day's tickets, riskPolicy 0 with the prompt and no stock", async () => {
    await setConfig('risk_daily_cart_tickets', '4');
    try {
      const token = await t.tokenFor('13811110003');
      expect((await addTwo(token)).data).toMatchObject({ riskEnable: true, riskPolicy: 1 });
      expect((await addTwo(token)).code).toBe(200);
      const before = await t.remaining(session());
      const r = await addTwo(token, 'en');
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({ orderId: null, riskEnable: true, riskPolicy: 0 });
      expect(r.data.cartTicketIds).toBeUndefined();
      expect(r.data.riskPrompt).toMatch(/Too many tickets put in your cart today/);
      expect(await t.remaining(session())).toBe(before);
    } finally {
      await setConfig('risk_daily_cart_tickets', '24');
    }
  });
});

describe('risk calls (docs/product.md §7)', () => {
  it('getSwitch answers from the risk_enable row', async () => {
    const on = await t.call('GET', '/risk/getSwitch/ingore?platform=2&key=placeOrder');
    expect(on.data).toEqual({ key: 'placeOrder', enabled: true });
    await setConfig('risk_enable', '0');
    try {
      expect((await t.call('GET', '/risk/getSwitch/ingore?platform=2&key=shoppingCart')).data).toEqual({ key: 'shoppingCart', enabled: false });
    } finally {
      await setConfig('risk_enable', '1');
    }
    const bad = await t.call('GET', '/risk/getSwitch/ingore?platform=3&key=placeOrder', { lang: 'en' });
    expect(bad).toMatchObject({ code: 500, msg: 'Invalid request parameter: platform' });
  });

  it('frontPage tells the limits from the configuration rows', async () => {
    await setConfig('risk_daily_orders', '3');
    try {
      const r = await t.call('POST', '/risk/frontPage/ingore', { body: { platform: 2 } });
      expect(r.data).toEqual({ riskEnable: true, sliderRequired: true, limits: { dailyOrders: 3, dailyCartTickets: 24, maxHeldTickets: 8 } });
    } finally {
      await setConfig('risk_daily_orders', '5');
    }
  });

  it('the daily order limit is a configuration row', async () => {
    await setConfig('risk_daily_orders', '1');
    try {
      const token = await t.tokenFor('13811110004');
      const place = async () =>
        t.call('POST', '/config/orderRule/placeOrder', {
          token,
          body: orderRequest(
            OPEN_DAY,
            hall.hallId,
            session(),
            [{ name: '吴十', birth: '1980-01-01', ticketPriceId: priceOf(hall, 'adult'), seq: String(400 + seq++) }],
            await t.captchaToken(),
          ),
          lang: 'en',
        });
      const first = await place();
      expect(first.data.orderId).toBeGreaterThan(0);
      await t.db.query(`UPDATE orders SET status = 'canceled' WHERE id = $1`, [first.data.orderId]);
      expect((await place()).data).toMatchObject({ orderId: null, riskPolicy: 0 });
    } finally {
      await setConfig('risk_daily_orders', '5');
    }
  });
});

describe('the slider', () => {
  const challenge = (ip = '10.20.0.1') => t.call('GET', '/ingore/captchaImage', { ip });
  const answer = (captchaId: string, x: number, trail: unknown, ip = '10.20.0.1') =>
    t.call('POST', '/ingore/captchaCheck', { body: { captchaId, x, trail }, ip, lang: 'en' });

  it("draws its challenge as PNG pixels: the gap's position is in no field the client gets", async () => {
    const c = (await challenge()).data;
    const gap = (await gapOf(t.db, c.captchaId))!;
    expect(Object.keys(c).sort()).toEqual(['background', 'captchaId', 'height', 'piece', 'pieceSize', 'pieceY', 'width']);
    for (const image of [c.background, c.piece]) {
      expect(image).toMatch(/^data:image\/png;base64,/);
      // Markup, not stray bytes: three random letters turn up in a compressed PNG now and then.
      expect(Buffer.from(image.split(',')[1], 'base64').toString('latin1')).not.toMatch(/<svg|viewBox=|<rect/i);
    }
    const meta = await sharp(Buffer.from(c.background.split(',')[1], 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([300, 150]);
    // The gap is drawn: its pixels are darker than the same place in the piece.
    const region = async (image: string, left: number) => {
      const raw = await sharp(Buffer.from(image.split(',')[1], 'base64'))
        .extract({ left, top: left === 0 ? 0 : c.pieceY, width: 50, height: 50 })
        .greyscale()
        .raw()
        .toBuffer();
      return raw.reduce((a, b) => a + b, 0) / raw.length;
    };
    expect(await region(c.background, gap)).toBeLessThan((await region(c.piece, 0)) * 0.8);
  });

  it("checks the drag as well as the end: a script's straight constant-speed drag fails even at the right place", async () => {
    const c = (await challenge()).data;
    const gap = (await gapOf(t.db, c.captchaId))!;
    expect(await answer(c.captchaId, gap, robotTrail(gap))).toMatchObject({ code: 500, msg: 'Verification failed; please try again' });
    // One attempt per challenge.
    expect((await answer(c.captchaId, gap, humanTrail(gap))).msg).toBe('The check has expired; please refresh and try again');
    const d = (await challenge()).data;
    const dGap = (await gapOf(t.db, d.captchaId))!;
    expect((await answer(d.captchaId, dGap + 30, humanTrail(dGap + 30))).code).toBe(500);
    const e = (await challenge()).data;
    const eGap = (await gapOf(t.db, e.captchaId))!;
    const passed = await answer(e.captchaId, eGap + 2, humanTrail(eGap + 2));
    expect(passed.code).toBe(200);
    expect(passed.data.captchaToken).toMatch(/^[\w-]{32}$/);
  });

  it('an address that keeps failing gets no more challenges for a while; others are not affected', async () => {
    for (let i = 0; i < 20; i++) {
      const c = (await challenge('10.30.0.1')).data;
      expect((await answer(c.captchaId, 0, robotTrail(0), '10.30.0.1')).code).toBe(500);
    }
    const refused = await t.call('GET', '/ingore/captchaImage', { ip: '10.30.0.1', lang: 'en' });
    expect(refused).toMatchObject({ code: 500, msg: 'Too many failed checks; please try again in 10 min' });
    expect((await challenge('10.30.0.2')).code).toBe(200);
    t.advance(10 * 60_000 + 1000);
    expect((await challenge('10.30.0.1')).code).toBe(200);
  });
});

describe('the test slider (CAPTCHA=test, for tests of other things)', () => {
  it('has its gap at TEST_CAPTCHA_GAP_X and does not judge the drag; the end must still be right, once', async () => {
    const test = await makeApp({ captcha: 'test' });
    try {
      const answer = (captchaId: string, x: number, trail: unknown) => test.call('POST', '/ingore/captchaCheck', { body: { captchaId, x, trail }, lang: 'en' });
      const c = (await test.call('GET', '/ingore/captchaImage')).data;
      expect(await gapOf(test.db, c.captchaId)).toBe(TEST_CAPTCHA_GAP_X);
      expect((await answer(c.captchaId, TEST_CAPTCHA_GAP_X + 30, robotTrail(TEST_CAPTCHA_GAP_X + 30))).msg).toBe('Verification failed; please try again');
      const d = (await test.call('GET', '/ingore/captchaImage')).data;
      const passed = await answer(d.captchaId, TEST_CAPTCHA_GAP_X, robotTrail(TEST_CAPTCHA_GAP_X));
      expect(passed.code).toBe(200);
      expect((await answer(d.captchaId, TEST_CAPTCHA_GAP_X, robotTrail(TEST_CAPTCHA_GAP_X))).msg).toBe('The check has expired; please refresh and try again');
    } finally {
      await test.close();
    }
  });
});

describe("the staff console's login", () => {
  const login = (ip: string, username: string, password: string, lang: 'zh' | 'en' = 'en') =>
    t.call('POST', '/staff/login', { body: { username, password }, ip, lang });

  it('wrong passwords from one address refuse that address, never the account: the owner logs in from hers', async () => {
    for (let i = 0; i < 12; i++) expect((await login('10.40.0.1', DEMO_STAFF.username, `Guess${i}x`)).code).toBe(500);
    const owner = await login('10.40.0.2', DEMO_STAFF.username, DEMO_STAFF.password);
    expect(owner.code, owner.msg).toBe(200);
    // The guessing address stays refused, the right password included, and is told so.
    expect(await login('10.40.0.1', DEMO_STAFF.username, DEMO_STAFF.password)).toMatchObject({
      code: 500,
      msg: 'Too many wrong passwords; please try again in 30 min',
      data: null,
    });
    expect((await login('10.40.0.1', DEMO_STAFF.username, DEMO_STAFF.password, 'zh')).msg).toBe('密码错误次数过多，请30分钟后再试');
    t.advance(30 * 60_000 + 1000);
    expect((await login('10.40.0.1', DEMO_STAFF.username, DEMO_STAFF.password)).code).toBe(200);
  });

  it('an address guessing over many accounts is refused on every one; other addresses are not', async () => {
    for (let i = 0; i < 30; i++) expect((await login('10.40.0.3', `guess${i}`, 'Museum2026')).msg).toBe('Username or password is incorrect');
    expect((await login('10.40.0.3', DEMO_GATE.username, DEMO_GATE.password)).msg).toBe('Too many wrong passwords; please try again in 60 min');
    expect((await login('10.40.0.4', DEMO_GATE.username, DEMO_GATE.password)).code).toBe(200);
  });
});
