import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { OPEN_DAY, SOLD_OUT_DAY, STOPPED_DAY } from './constants.ts';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import type { CalendarDay, HallPool } from '../../src/domain/types.ts';

let t: TestApp;
let main: HallPool;
let park: HallPool;
let cinema: HallPool;
let phoneSeq = 0;
const newPhone = () => `1360000${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await makeApp();
  [main, park, , cinema] = await t.halls(OPEN_DAY);
  expect(cinema.hallKey).toBe('cinema');
});
afterAll(async () => {
  await t?.close();
});

const ADULT = '1990-01-01';
const CHILD5 = '2025-01-01';
const CHILD10 = '2019-06-01';
const mainSession = () => main.scheduleTicketPoolVOS[0].hallScheduleId;

async function place(token: string, body: unknown, lang: 'zh' | 'en' = 'zh') {
  return t.call('POST', '/config/orderRule/placeOrder', { token, body, lang });
}

describe('calculatePrice', () => {
  it('uses the database prices', async () => {
    const token = await t.tokenFor(newPhone());
    const body = {
      hallScheduleId: mainSession(),
      ticketInfoList: [{ ticketPriceId: priceOf(main, 'adult') }, { ticketPriceId: priceOf(main, 'adult') }, { ticketPriceId: priceOf(main, 'child') }],
    };
    const r = await t.call('POST', '/config/orderRule/calculatePrice', { token, body, lang: 'en' });
    expect(r.data.total).toBe(6000);
    expect(r.data.lines).toEqual([
      { ticketPriceId: priceOf(main, 'adult'), name: 'Adult', price: 3000, count: 2, amount: 6000 },
      { ticketPriceId: priceOf(main, 'child'), name: 'Free child', price: 0, count: 1, amount: 0 },
    ]);
    const other = await t.call('POST', '/config/orderRule/calculatePrice', {
      token,
      body: { hallScheduleId: mainSession(), ticketInfoList: [{ ticketPriceId: priceOf(park, 'adult') }] },
    });
    expect(other.code).toBe(500);
  });
});

describe('placeOrder', () => {
  it('happy path: stock decreases, order toBePaid with the configured deadline, detail masked', async () => {
    const token = await t.tokenFor(newPhone());
    const before = await t.remaining(mainSession());
    const req = orderRequest(
      OPEN_DAY,
      main.hallId,
      mainSession(),
      [
        { name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') },
        { name: '张小宝', birth: CHILD5, ticketPriceId: priceOf(main, 'child') },
      ],
      await t.captchaToken(),
    );
    const r = await place(token, req);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ riskEnable: true, riskPolicy: 1, riskPrompt: null });
    const orderId = r.data.orderId as number;
    expect(await t.remaining(mainSession())).toBe(before - 2);
    const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token, lang: 'en' });
    expect(detail.data).toMatchObject({
      status: 'toBePaid',
      amount: 3000,
      ticketNum: 2,
      visitDate: OPEN_DAY,
      hallName: 'Main exhibition hall',
      beginTime: '09:00',
    });
    expect(detail.data.orderNumber).toMatch(/^[A-Z0-9]{23}$/);
    expect(detail.data.payDeadline).toBe(t.now().getTime() + 15 * 60_000 + 2000);
    expect(detail.data.tickets[0].certificateInfo).toMatch(/^1101\*{10}\w{4}$/);
    expect(detail.data.tickets[0]).toMatchObject({ userName: '张三', ticketName: 'Adult', price: 3000, status: 'toBePaid', qrCode: null });
    const unpaid = await t.call('GET', '/config/orderRule/selectNotPayOrderByUserId', { token });
    expect(unpaid.data).toEqual({ orderId, orderNumber: detail.data.orderNumber });
    // Unpaid order blocks the next one.
    const again = await place(
      token,
      orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '李四', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], await t.captchaToken()),
      'en',
    );
    expect(again).toMatchObject({ code: 500, msg: 'You have an unpaid order; please pay or cancel it first' });
    expect(await t.remaining(mainSession())).toBe(before - 2);
  });

  const refusals: Array<[string, () => ReturnType<typeof orderRequest>, RegExp, RegExp]> = [
    [
      'invalid ID',
      () => {
        const r = orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], 'x');
        r.ticketInfoList[0].certificateInfo = '110101199001011234';
        return r;
      },
      /身份证号码格式错误/,
      /ID card number format is wrong/,
    ],
    [
      'duplicate certificate',
      () => {
        const r = orderRequest(
          OPEN_DAY,
          main.hallId,
          mainSession(),
          [
            { name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') },
            { name: '张四', birth: ADULT, ticketPriceId: priceOf(main, 'adult') },
          ],
          'x',
        );
        r.ticketInfoList[1].certificateInfo = r.ticketInfoList[0].certificateInfo;
        return r;
      },
      /证件号码重复/,
      /Duplicate certificates/,
    ],
    [
      'children only',
      () => orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '张小宝', birth: CHILD5, ticketPriceId: priceOf(main, 'child') }], 'x'),
      /不允许只购买儿童票/,
      /only children is not allowed/,
    ],
    [
      'too many free children',
      () =>
        orderRequest(
          OPEN_DAY,
          main.hallId,
          mainSession(),
          [
            { name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') },
            { name: '张小宝', birth: CHILD5, ticketPriceId: priceOf(main, 'child') },
            { name: '张小贝', birth: '2026-02-01', ticketPriceId: priceOf(main, 'child') },
          ],
          'x',
        ),
      /每位成人最多携带1名免费儿童/,
      /at most 1 free child/,
    ],
    [
      "children's park, adult alone",
      () =>
        orderRequest(
          OPEN_DAY,
          park.hallId,
          park.scheduleTicketPoolVOS[0].hallScheduleId,
          [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(park, 'adult') }],
          'x',
        ),
      /每单至少需要2位游客/,
      /needs at least 2 visitors/,
    ],
    [
      "children's park, two adults",
      () =>
        orderRequest(
          OPEN_DAY,
          park.hallId,
          park.scheduleTicketPoolVOS[0].hallScheduleId,
          [
            { name: '张三', birth: ADULT, ticketPriceId: priceOf(park, 'adult') },
            { name: '李四', birth: ADULT, ticketPriceId: priceOf(park, 'adult') },
          ],
          'x',
        ),
      /不接待仅成人参观/,
      /does not admit adults alone/,
    ],
    [
      "a ten-year-old in the children's park (3-8)",
      () =>
        orderRequest(
          OPEN_DAY,
          park.hallId,
          park.scheduleTicketPoolVOS[0].hallScheduleId,
          [
            { name: '张三', birth: ADULT, ticketPriceId: priceOf(park, 'adult') },
            { name: '张大宝', birth: CHILD10, ticketPriceId: priceOf(park, 'child') },
          ],
          'x',
        ),
      /适用年龄为3-8岁，该游客参观当日10岁/,
      /is for ages 3-8; this visitor will be 10/,
    ],
    [
      'an adult ticket for a five-year-old',
      () =>
        orderRequest(
          OPEN_DAY,
          main.hallId,
          mainSession(),
          [
            { name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') },
            { name: '张小宝', birth: CHILD5, ticketPriceId: priceOf(main, 'adult') },
          ],
          'x',
        ),
      /适用年龄为/,
      /is for ages/,
    ],
    [
      'a free child ticket for a ten-year-old',
      () =>
        orderRequest(
          OPEN_DAY,
          main.hallId,
          mainSession(),
          [
            { name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') },
            { name: '张大宝', birth: CHILD10, ticketPriceId: priceOf(main, 'child') },
          ],
          'x',
        ),
      /适用年龄为/,
      /is for ages/,
    ],
    [
      'more visitors than one order takes',
      () =>
        orderRequest(
          OPEN_DAY,
          main.hallId,
          mainSession(),
          ['1980-01-01', '1981-01-01', '1982-01-01', '1983-01-01', '1984-01-01'].map((birth, i) => ({
            name: `张${'一二三四五'[i]}`,
            birth,
            ticketPriceId: priceOf(main, 'adult'),
          })),
          'x',
        ),
      /每单最多4位游客/,
      /at most 4 visitors/,
    ],
    [
      'a name that is not a name',
      () => orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '张3<b>', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], 'x'),
      /姓名/,
      /name/i,
    ],
    [
      'an infant in the dome cinema (3 and over)',
      () =>
        orderRequest(
          OPEN_DAY,
          cinema.hallId,
          cinema.scheduleTicketPoolVOS[0].hallScheduleId,
          [
            { name: '张三', birth: ADULT, ticketPriceId: priceOf(cinema, 'adult') },
            { name: '张小小', birth: '2029-01-01', ticketPriceId: priceOf(cinema, 'child') },
          ],
          'x',
        ),
      /球幕影院仅限3岁及以上游客参观/,
      /Dome cinema is for visitors aged 3 and over/,
    ],
    [
      'an order without visitors',
      () => {
        const r = orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], 'x');
        return { ...r, ticketNum: 0, ticketInfoList: [] };
      },
      /请至少添加一位游客/,
      /add at least one visitor/,
    ],
    [
      'a ticket type of another hall',
      () => orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(park, 'adult') }], 'x'),
      /场次或票种不可选/,
      /not selectable/,
    ],
  ];

  for (const [name, build, zh, en] of refusals) {
    it(`refuses ${name} (client bypassed) in zh and en, and no stock moves`, async () => {
      const token = await t.tokenFor(newPhone());
      const body = build();
      const id = body.ticketInfoList[0]?.hallScheduleId ?? mainSession();
      const before = await t.remaining(id);
      body.captchaToken = await t.captchaToken();
      const rzh = await place(token, body, 'zh');
      expect(rzh.code).toBe(500);
      expect(rzh.msg).toMatch(zh);
      const ren = await place(token, body, 'en');
      expect(ren.msg).toMatch(en);
      expect(await t.remaining(id)).toBe(before);
      expect((await t.call('GET', '/config/orderRule/selectNotPayOrderByUserId', { token })).data.orderId).toBeNull();
    });
  }

  it('refuses more visitors than the stock left, with the count, and moves nothing', async () => {
    const token = await t.tokenFor(newPhone());
    const id = main.scheduleTicketPoolVOS[1].hallScheduleId;
    await t.db.query('UPDATE hall_schedule SET sold_external = sold_external + (capacity - sold - held - 1), sold = capacity - held - 1 WHERE id = $1', [id]);
    const body = orderRequest(
      OPEN_DAY,
      main.hallId,
      id,
      [
        { name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') },
        { name: '李四', birth: '1985-05-05', ticketPriceId: priceOf(main, 'adult') },
      ],
      await t.captchaToken(),
    );
    const r = await place(token, body, 'en');
    expect(r.code).toBe(500);
    expect(r.msg).toMatch(/Not enough tickets left \(only 1\)/);
    expect(await t.remaining(id)).toBe(1);
    await t.db.query('UPDATE hall_schedule SET sold = sold - sold_external, sold_external = 0 WHERE id = $1', [id]);
  });

  it('refuses an order without the security check', async () => {
    const token = await t.tokenFor(newPhone());
    const body = orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], null);
    const before = await t.remaining(mainSession());
    const r = await place(token, body, 'en');
    expect(r.code).toBe(500);
    expect(r.msg).toMatch(/security check/i);
    expect(await t.remaining(mainSession())).toBe(before);
  });

  it('refuses a session that is not available, a malformed body, and a forged price of another hall', async () => {
    const token = await t.tokenFor(newPhone());
    const sold = (await t.halls(SOLD_OUT_DAY))[0];
    const r1 = await place(
      token,
      orderRequest(
        SOLD_OUT_DAY,
        sold.hallId,
        sold.scheduleTicketPoolVOS[0].hallScheduleId,
        [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }],
        await t.captchaToken(),
      ),
      'en',
    );
    expect(r1.code).toBe(500);
    expect(r1.msg).toMatch(/sold out/i);
    const temp = (await t.halls(STOPPED_DAY))[2];
    const stopped = temp.scheduleTicketPoolVOS.find((s) => s.state === 'stopped')!;
    const r2 = await place(
      token,
      orderRequest(
        STOPPED_DAY,
        temp.hallId,
        stopped.hallScheduleId,
        [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(temp, 'adult') }],
        await t.captchaToken(),
      ),
      'en',
    );
    expect(r2.msg).toMatch(/maintenance/);
    const r3 = await place(token, { ticketInfoList: 'nope' }, 'en');
    expect(r3.code).toBe(500);
    expect(r3.msg).toMatch(/Invalid request parameter/);
    // Each of the three uses of the path names the bad field (placeOrderBody).
    const tooBig = orderRequest(OPEN_DAY, main.hallId, 2 ** 31, [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], null);
    expect((await place(token, tooBig, 'en')).msg).toBe('Invalid request parameter: ticketInfoList.0.hallScheduleId');
    expect((await place(token, { ...tooBig, poolFlag: 1 }, 'en')).msg).toBe('Invalid request parameter: ticketInfoList.0.hallScheduleId');
    expect((await place(token, { cartTicketIds: ['x'], captchaToken: '' }, 'zh')).msg).toBe('请求参数有误：cartTicketIds.0');
    const r4 = await place(
      token,
      orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(park, 'adult') }], await t.captchaToken()),
      'en',
    );
    expect(r4.msg).toMatch(/not selectable/);
    // A team token cannot place an individual order (its own orders are group orders: groupOrders.test.ts).
    const team = await t.tokenFor(newPhone(), 'team');
    const individual = orderRequest(
      OPEN_DAY,
      main.hallId,
      mainSession(),
      [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }],
      await t.captchaToken(),
    );
    expect(await place(team, individual, 'en')).toMatchObject({ code: 500, msg: 'Invalid request parameter: orderAdditionInfo' });
  });

  it('the fixed values and counts the H5 sends are checked, never dropped: another value, a count off its lines or an unknown field is refused by name', async () => {
    const token = await t.tokenFor(newPhone());
    const good = () =>
      orderRequest(
        OPEN_DAY,
        main.hallId,
        mainSession(),
        [
          { name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') },
          { name: '张小宝', birth: CHILD5, ticketPriceId: priceOf(main, 'child') },
        ],
        null,
      );
    const refused = async (body: unknown) => {
      const r = await place(token, body, 'en');
      expect(r.code).toBe(500);
      return r.msg;
    };
    const line = (over: Record<string, unknown>) => {
      const r = good();
      return { ...r, ticketInfoList: [{ ...r.ticketInfoList[0], ...over }, r.ticketInfoList[1]] };
    };
    const before = await t.remaining(mainSession());
    expect(await refused({ ...good(), platform: 1 })).toBe('Invalid request parameter: platform');
    expect(await refused({ ...good(), saleMode: 2 })).toBe('Invalid request parameter: saleMode');
    expect(await refused({ ...good(), useTicketType: 2 })).toBe('Invalid request parameter: useTicketType');
    expect(await refused({ ...good(), realNameFlag: 0 })).toBe('Invalid request parameter: realNameFlag');
    expect(await refused({ ...good(), pointJson: '{"x":1}' })).toBe('Invalid request parameter: pointJson');
    expect(await refused({ ...good(), phone: '13900000000' })).toBe('Invalid request parameter: phone');
    // The counts agree with the lines: two tickets, of which the lines mark no free child.
    expect(await refused({ ...good(), ticketNum: 3 })).toBe('Invalid request parameter: ticketNum');
    expect(await refused({ ...good(), childTicketNum: 1 })).toBe('Invalid request parameter: childTicketNum');
    // A line's fixed values, and a cinema flag without its seat.
    expect(await refused(line({ platform: 3 }))).toBe('Invalid request parameter: ticketInfoList.0.platform');
    expect(await refused(line({ saleMode: 0 }))).toBe('Invalid request parameter: ticketInfoList.0.saleMode');
    expect(await refused(line({ status: 2 }))).toBe('Invalid request parameter: ticketInfoList.0.status');
    expect(await refused(line({ priceSubId: 7 }))).toBe('Invalid request parameter: ticketInfoList.0.priceSubId');
    expect(await refused(line({ cinemaFlag: 1 }))).toBe('Invalid request parameter: ticketInfoList.0.cinemaFlag');
    // A field the order does not know.
    expect(await refused({ ...good(), discount: 50 })).toBe('Invalid request parameter: discount');
    expect(await refused(line({ price: 0 }))).toBe('Invalid request parameter: ticketInfoList.0.price');
    expect((await place(token, { ...good(), platform: 1 }, 'zh')).msg).toBe('请求参数有误：platform');
    expect(await t.remaining(mainSession())).toBe(before);
    // The client's own request, every field as it sends them, is taken.
    const ok = await place(token, { ...good(), captchaToken: await t.captchaToken() });
    expect(ok.code, ok.msg).toBe(200);
  });

  it('captcha: required, single use, one attempt per challenge', async () => {
    const token = await t.tokenFor(newPhone());
    const body = (captcha: string | null) =>
      orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '王五', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], captcha);
    expect((await place(token, body(null), 'en')).msg).toMatch(/security check/);
    expect((await place(token, body('forged'), 'en')).msg).toMatch(/security check has expired/);
    const captcha = await t.captchaToken();
    const ok = await place(token, body(captcha));
    expect(ok.code).toBe(200);
    const other = await t.tokenFor(newPhone());
    expect((await place(other, body(captcha), 'en')).msg).toMatch(/security check has expired/);
    // One attempt per challenge; a wrong x fails.
    const c = await t.call('GET', '/ingore/captchaImage');
    expect(c.data).toMatchObject({ width: 300, height: 150, pieceSize: 50 });
    expect(c.data.background).toMatch(/^data:image\/png;base64,/);
    const gap = (await t.db.query<{ gap_x: number }>('SELECT gap_x FROM captcha_challenges WHERE id = $1', [c.data.captchaId]))[0].gap_x;
    expect(gap).toBeGreaterThanOrEqual(80);
    expect(gap).toBeLessThanOrEqual(250);
    expect((await t.call('POST', '/ingore/captchaCheck', { body: { captchaId: c.data.captchaId, x: gap + 20 } })).code).toBe(500);
    expect((await t.call('POST', '/ingore/captchaCheck', { body: { captchaId: c.data.captchaId, x: gap } })).code).toBe(500);
    // Challenges and tokens expire after 2 minutes.
    const c2 = await t.call('GET', '/ingore/captchaImage');
    t.advance(121_000);
    const late = await t.call('POST', '/ingore/captchaCheck', { body: { captchaId: c2.data.captchaId, x: 100 }, lang: 'en' });
    expect(late.msg).toMatch(/expired/);
    const tok = await t.captchaToken();
    t.advance(121_000);
    const third = await t.tokenFor(newPhone());
    expect((await place(third, body(tok), 'en')).msg).toMatch(/expired/);
  });

  it('a burst of 20 orders against 5 remaining: exactly 5 orders, no oversell', async () => {
    const session = main.scheduleTicketPoolVOS[2].hallScheduleId;
    await t.db.query('UPDATE hall_schedule SET sold = capacity - 5 WHERE id = $1', [session]);
    const tokens = await Promise.all(Array.from({ length: 20 }, () => t.tokenFor(newPhone())));
    const captchas: string[] = [];
    for (let i = 0; i < 20; i++) captchas.push(await t.captchaToken());
    const results = await Promise.all(
      tokens.map((token, i) =>
        place(
          token,
          orderRequest(
            OPEN_DAY,
            main.hallId,
            session,
            [{ name: '赵六', birth: ADULT, ticketPriceId: priceOf(main, 'adult'), seq: String(100 + i) }],
            captchas[i],
          ),
          'en',
        ),
      ),
    );
    const okCount = results.filter((r) => r.code === 200).length;
    expect(okCount).toBe(5);
    for (const r of results.filter((x) => x.code !== 200)) expect(r.msg).toMatch(/sold out|Not enough tickets/i);
    expect(await t.remaining(session)).toBe(0);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE schedule_id = $1 AND status = 'toBePaid'`, [session]);
    expect(n).toBe(5);
  });

  it('a ticket given back sells at once: a refusal for stock is decided on the session as it is now, not as memory kept it', async () => {
    const session = main.scheduleTicketPoolVOS.at(-1)!.hallScheduleId;
    const one = async () =>
      place(
        await t.tokenFor(newPhone()),
        orderRequest(OPEN_DAY, main.hallId, session, [{ name: '周九', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], await t.captchaToken()),
        'en',
      );
    await t.db.query('UPDATE hall_schedule SET sold = capacity - held WHERE id = $1', [session]);
    expect((await one()).msg).toMatch(/^Venue sold out/);
    // One comes back (a write to sessions, as a cancellation is): the next buyer gets it, though
    // the row the refusal above read said none were left a moment ago.
    await t.db.query('UPDATE hall_schedule SET sold = sold - 1 WHERE id = $1', [session]);
    const bought = await one();
    expect(bought.code, bought.msg).toBe(200);
    expect(await t.remaining(session)).toBe(0);
    expect((await one()).msg).toMatch(/^Venue sold out/);
  });

  it('risk: more than 5 orders a day by one account gets riskPolicy 0 and no order', async () => {
    const token = await t.tokenFor(newPhone());
    const session = main.scheduleTicketPoolVOS[1].hallScheduleId;
    for (let i = 0; i < 5; i++) {
      const r = await place(
        token,
        orderRequest(OPEN_DAY, main.hallId, session, [{ name: '钱七', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], await t.captchaToken()),
      );
      expect(r.code).toBe(200);
      await t.db.query(`UPDATE orders SET status = 'canceled' WHERE id = $1`, [r.data.orderId]);
    }
    const before = await t.remaining(session);
    const r = await place(
      token,
      orderRequest(OPEN_DAY, main.hallId, session, [{ name: '钱七', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], await t.captchaToken()),
      'en',
    );
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ orderId: null, riskEnable: true, riskPolicy: 0 });
    expect(r.data.riskPrompt).toMatch(/Too many orders/);
    expect(await t.remaining(session)).toBe(before);
  });
});

describe('payment and timeout', () => {
  async function newOrder(token: string, hall = main, session = main.scheduleTicketPoolVOS[1].hallScheduleId) {
    const r = await place(
      token,
      orderRequest(
        OPEN_DAY,
        hall.hallId,
        session,
        [
          { name: '孙八', birth: ADULT, ticketPriceId: priceOf(hall, 'adult') },
          { name: '孙九', birth: '1950-05-05', ticketPriceId: priceOf(hall, 'senior') },
        ],
        await t.captchaToken(),
      ),
    );
    expect(r.code).toBe(200);
    return r.data.orderId as number;
  }

  it('simulator: cashier page, pay once (notify twice = one payment), QR codes, paid status', async () => {
    const token = await t.tokenFor(newPhone());
    const orderId = await newOrder(token);
    const created = await t.call('POST', '/pay/create', { token, body: { orderId }, lang: 'en' });
    // The cashier opens in the payer's language.
    expect(created.data.payUrl).toMatch(/^\/prod-api\/pay\/sim\/cashier\?payId=[^&]+&lang=en$/);
    const page = await t.app.inject({ method: 'GET', url: created.data.payUrl });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('¥45.00');
    expect(page.body).toContain('Pay');
    const payId = new URL(created.data.payUrl, 'http://x').searchParams.get('payId')!;
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/pay/sim/submit',
        payload: `payId=${encodeURIComponent(payId)}&result=pay`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const res = await submit();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/individualCustomers/order/paySuccess/${orderId}`);
    const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token });
    expect(detail.data.status).toBe('completed');
    expect(detail.data.payDeadline).toBeNull();
    expect(detail.data.payTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const qrs = detail.data.tickets.map((x: { qrCode: string }) => x.qrCode);
    expect(qrs.every((q: string) => typeof q === 'string' && q.length >= 24)).toBe(true);
    expect(new Set(qrs).size).toBe(2);
    // A second notify changes nothing.
    expect((await submit()).headers.location).toBe(`/individualCustomers/order/paySuccess/${orderId}`);
    expect(await t.payNotify(payId, 4500)).toBe(204);
    const again = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token });
    expect(again.data.tickets.map((x: { qrCode: string }) => x.qrCode)).toEqual(qrs);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments WHERE order_id = $1 AND status = 'paid'`, [orderId]);
    expect(n).toBe(1);
    expect((await t.call('POST', '/pay/create', { token, body: { orderId } })).code).toBe(500);
    // Paid: the next order is allowed.
    expect((await t.call('GET', '/config/orderRule/selectNotPayOrderByUserId', { token })).data.orderId).toBeNull();
  });

  it('simulator: a wrong amount does not pay; Fail redirects back to payOrder', async () => {
    const token = await t.tokenFor(newPhone());
    const orderId = await newOrder(token);
    const { data } = await t.call('POST', '/pay/create', { token, body: { orderId } });
    const payId = new URL(data.payUrl, 'http://x').searchParams.get('payId')!;
    // Signed, but for another amount: taken (204) and recorded, the order stays unpaid.
    expect(await t.payNotify(payId, 1)).toBe(204);
    expect((await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token })).data.status).toBe('toBePaid');
    const { data: d2 } = await t.call('POST', '/pay/create', { token, body: { orderId } });
    const payId2 = new URL(d2.payUrl, 'http://x').searchParams.get('payId')!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/pay/sim/submit',
      payload: `payId=${payId2}&result=fail`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.headers.location).toBe(`/individualCustomers/order/payOrder/${orderId}?payFailed=1`);
    expect((await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token })).data.status).toBe('toBePaid');
  });

  it('pay timeout: cancels at the deadline and returns stock exactly once', async () => {
    const token = await t.tokenFor(newPhone());
    // A session no other test uses, so only this order's stock moves.
    const temp = (await t.halls(OPEN_DAY))[2];
    const session = temp.scheduleTicketPoolVOS[0].hallScheduleId;
    const before = await t.remaining(session);
    const orderId = await newOrder(token, temp, session);
    expect(await t.remaining(session)).toBe(before - 2);
    const status = await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token });
    const deadline = status.data.payDeadline as number;
    t.advance(deadline - t.now().getTime() - 1);
    await runPayTimeout(t.db, t.now);
    expect((await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token })).data.status).toBe('toBePaid');
    t.advance(1);
    // Past the deadline, reads show the order cancelled before the job has run, and write nothing:
    // the stock comes back with the job, once.
    expect((await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token })).data).toEqual({
      status: 'canceled',
      payDeadline: null,
    });
    expect((await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token })).data.status).toBe('canceled');
    expect(
      (await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?status=canceled', { token })).data.rows.map((o: { orderId: number }) => o.orderId),
    ).toContain(orderId);
    expect((await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?status=toBePaid', { token })).data.total).toBe(0);
    expect((await t.call('GET', '/config/orderRule/selectNotPayOrderByUserId', { token })).data.orderId).toBeNull();
    const [{ status: stored }] = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
    expect(stored).toBe('toBePaid');
    expect(await t.remaining(session)).toBe(before - 2);
    const n1 = await runPayTimeout(t.db, t.now);
    const n2 = await runPayTimeout(t.db, t.now);
    expect(n1).toBeGreaterThanOrEqual(1);
    expect(n2).toBe(0);
    expect(await t.remaining(session)).toBe(before);
    const after = await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token });
    expect(after.data).toEqual({ status: 'canceled', payDeadline: null });
    const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token });
    expect(detail.data.tickets.every((x: { status: string }) => x.status === 'canceled')).toBe(true);
    expect((await t.call('POST', '/pay/create', { token, body: { orderId } })).code).toBe(500);
  });

  it('an unpaid order blocks the next until its deadline; past it, before the job, the next order cancels it and its stock comes back once', async () => {
    const token = await t.tokenFor(newPhone());
    const temp = (await t.halls(OPEN_DAY))[2];
    const session = temp.scheduleTicketPoolVOS[1].hallScheduleId;
    const before = await t.remaining(session);
    const first = await newOrder(token, temp, session);
    const oneAdult = async () =>
      place(
        token,
        orderRequest(OPEN_DAY, temp.hallId, session, [{ name: '孙八', birth: ADULT, ticketPriceId: priceOf(temp, 'adult') }], await t.captchaToken()),
        'en',
      );
    expect((await oneAdult()).msg).toBe('You have an unpaid order; please pay or cancel it first');
    const { data } = await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${first}`, { token });
    t.advance(data.payDeadline - t.now().getTime());
    const second = await oneAdult();
    expect(second.code, second.msg).toBe(200);
    const [old] = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [first]);
    expect(old.status).toBe('canceled');
    // The first order's two tickets back, the second's one taken; the job finds nothing left to do.
    expect(await t.remaining(session)).toBe(before - 1);
    expect(await runPayTimeout(t.db, t.now)).toBe(0);
    expect(await t.remaining(session)).toBe(before - 1);
  });
});

describe('order list and detail', () => {
  it("newest first, filtered by status, the owner's only", async () => {
    const token = await t.tokenFor(newPhone());
    const session = main.scheduleTicketPoolVOS[1].hallScheduleId;
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await place(
        token,
        orderRequest(OPEN_DAY, main.hallId, session, [{ name: '周十', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], await t.captchaToken()),
      );
      ids.push(r.data.orderId);
      if (i < 2) await t.db.query(`UPDATE orders SET status = 'canceled' WHERE id = $1`, [r.data.orderId]);
      t.advance(1000);
    }
    const all = await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?status=&pageNum=1&pageSize=10', { token, lang: 'en' });
    expect(all.data.total).toBe(3);
    expect(all.data.rows.map((r: { orderId: number }) => r.orderId)).toEqual([...ids].reverse());
    expect(all.data.rows[0]).toMatchObject({ status: 'toBePaid', hallName: 'Main exhibition hall', ticketNum: 1, amount: 3000 });
    const page2 = await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?status=&pageNum=2&pageSize=2', { token });
    expect(page2.data.rows.map((r: { orderId: number }) => r.orderId)).toEqual([ids[0]]);
    const unpaid = await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?status=toBePaid&pageNum=1&pageSize=10', { token });
    expect(unpaid.data.total).toBe(1);
    const stranger = await t.tokenFor(newPhone());
    expect((await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?status=&pageNum=1&pageSize=10', { token: stranger })).data.total).toBe(0);
    expect((await t.call('GET', `/order/OrderInfo/searchPersonOrder/${ids[2]}`, { token: stranger })).code).toBe(500);
    expect((await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${ids[2]}`, { token: stranger })).code).toBe(500);
    expect((await t.call('POST', '/pay/create', { token: stranger, body: { orderId: ids[2] } })).code).toBe(500);
    expect((await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?status=bogus', { token })).code).toBe(500);
  });
});

describe('a museum-wide stop (hallStatus 0)', () => {
  it('the calendar and an order’s refusal say the staff’s words, and ours where they left them blank', async () => {
    const token = await t.tokenFor(newPhone());
    const order = async () =>
      place(
        token,
        orderRequest(OPEN_DAY, main.hallId, mainSession(), [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(main, 'adult') }], await t.captchaToken()),
        'en',
      );
    const calendarSays = async () =>
      (await t.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar', { lang: 'en' })).data.find((d) => d.date === OPEN_DAY)!.reason;
    const [staff] = await t.db.query<{ zh: string; en: string }>(`SELECT zh, en FROM texts WHERE name = 'museumStopSaleContent'`);
    const before = await t.remaining(mainSession());
    await t.db.query(`UPDATE sys_config SET value = '0' WHERE key = 'hallStatus'`);
    try {
      expect(staff.en).toMatch(/paused/);
      expect((await order()).msg).toBe(staff.en);
      expect(await calendarSays()).toBe(staff.en);
      await t.db.query(`UPDATE texts SET zh = '', en = '' WHERE name = 'museumStopSaleContent'`);
      const refused = await order();
      expect(refused.code).toBe(500);
      expect(refused.msg).toBe('Ticket sales are paused');
      expect(await calendarSays()).toBe('Ticket sales are paused');
      expect(await t.remaining(mainSession())).toBe(before);
    } finally {
      await t.db.query(`UPDATE texts SET zh = $1, en = $2 WHERE name = 'museumStopSaleContent'`, [staff.zh, staff.en]);
      await t.db.query(`UPDATE sys_config SET value = '1' WHERE key = 'hallStatus'`);
    }
  });
});
