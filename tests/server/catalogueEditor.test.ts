/** The catalogue an admin edits in the staff console (docs/product.md §2.8): a new hall and its
 * ticket types are on sale to visitors at once; a price change is for new orders only (an unpaid
 * order is paid at the amount it was quoted); a change that would take a rule from sold tickets
 * is refused with its reason, in zh and en; only an admin may edit, and every change is audited.
 * From an empty catalogue (production's start) the first hall is on sale once it has a session. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE, seedDemoAccounts } from '../../server/seed/accounts.ts';
import type { HallEdit, PriceEdit, StaffHall, StaffPrice } from '../../src/domain/catalogueRules.ts';
import { ADULT_PRICE, MAIN_HALL } from '../catalogue.fixtures.ts';
import type { CalendarDay, HallSetting, StaffSettings } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { asAdmin } from './asAdmin.ts';

let t: TestApp;
let admin: string;
let post: Awaited<ReturnType<typeof asAdmin>>['post'];

beforeAll(async () => {
  t = await makeApp({ captcha: 'off' });
  ({ token: admin, post } = await asAdmin(t));
});
afterAll(async () => {
  await t?.close();
});

const halls = async () => (await t.call<StaffHall[]>('GET', '/staff/catalogue/halls', { token: admin })).data;
const hallOf = async (key: string) => (await halls()).find((h) => h.key === key)!;
const prices = async (hallId: number) => (await t.call<StaffPrice[]>('GET', `/staff/catalogue/halls/${hallId}/prices`, { token: admin })).data;
/** The editor's body of a listed hall or price, with `change` made to it. */
const edit = ({ hallId: _, facts: __, ...h }: StaffHall, change: Partial<HallEdit> = {}): HallEdit => ({ ...h, ...change });
const editPrice = ({ ticketPriceId: _, soldTickets: __, ...p }: StaffPrice, change: Partial<PriceEdit> = {}): PriceEdit => ({ ...p, ...change });

const PLANETARIUM: HallEdit = {
  ...MAIN_HALL,
  key: 'planetarium',
  name: { zh: '天象厅', en: 'Planetarium' },
  intro: { zh: '<p>星空</p>', en: '<p>The night sky</p>' },
  childAgeMin: null,
  childAgeMax: null,
  waitingList: false,
  sort: 9,
};
const ADULT: PriceEdit = { ...ADULT_PRICE, price: 2500 };
const STUDENT: PriceEdit = { ...ADULT, name: { zh: '学生票', en: 'Student' }, kind: 'student', price: 1200, ageMin: 6, ageMax: 22, sort: 1 };

describe('the catalogue an admin edits', () => {
  it('a new hall with two ticket types is what visitors see at once, once it has a session', async () => {
    const made = await post<{ hallId: number }>('/staff/catalogue/halls', PLANETARIUM);
    expect(made.code, made.msg).toBe(200);
    const { hallId } = made.data;
    for (const p of [ADULT, STUDENT]) expect((await post(`/staff/catalogue/halls/${hallId}/prices`, p)).code).toBe(200);
    expect((await prices(hallId)).map((p) => [p.name.en, p.price, p.soldTickets])).toEqual([
      ['Adult', 2500, 0],
      ['Student', 1200, 0],
    ]);
    // The venue call lists it; the day's halls show it, without sessions yet.
    const settings = (await t.call<HallSetting[]>('GET', '/basesetting/HallSetting/ingore/getHallSetting', { lang: 'en' })).data;
    expect(settings.map((h) => h.name)).toContain('Planetarium');
    expect((await t.halls(OPEN_DAY)).find((h) => h.hallId === hallId)).toMatchObject({ name: '天象厅', disabled: true, scheduleTicketPoolVOS: [] });
    // A session from a template: the visitor's day shows it with both prices, and sells them.
    const template = await post<{ templateId: number }>('/staff/templates', {
      hallId,
      name: 'Stars',
      sessions: [{ beginTime: '14:00', endTime: '15:00', capacity: 40, filmId: null }],
    });
    const applied = await post('/staff/templates/apply', {
      templateId: template.data.templateId,
      from: OPEN_DAY,
      to: OPEN_DAY,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      releaseAt: 'now',
    });
    expect(applied.code, applied.msg).toBe(200);
    const hall = (await t.halls(OPEN_DAY)).find((h) => h.hallId === hallId)!;
    expect(hall.disabled).toBe(false);
    expect(hall.scheduleTicketPoolVOS[0].priceTicketPoolVOS.map((p) => [p.name, p.price])).toEqual([
      ['成人票', 2500],
      ['学生票', 1200],
    ]);
    const token = await t.tokenFor('13700000101');
    const placed = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: orderRequest(
        OPEN_DAY,
        hallId,
        hall.scheduleTicketPoolVOS[0].hallScheduleId,
        [{ name: '张三', birth: '1985-06-15', ticketPriceId: priceOf(hall, 'adult') }],
        null,
      ),
    });
    expect(placed.code, placed.msg).toBe(200);
    const [{ amount }] = await t.db.query<{ amount: number }>('SELECT amount FROM orders WHERE id = $1', [placed.data.orderId]);
    expect(amount).toBe(2500);
    // The audit keeps who made what.
    const audit = await t.db.query<{ action: string }>(
      `SELECT action FROM staff_audit WHERE subject = 'hall:planetarium' OR action = 'createPrice' ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['createHall', 'createPrice', 'createPrice']);
  });

  it('a price changed while an order is unpaid: the order is paid at its quoted amount, new orders at the new one', async () => {
    const main = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!;
    const token = await t.tokenFor('13700000102');
    const placed = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: orderRequest(
        OPEN_DAY,
        main.hallId,
        main.scheduleTicketPoolVOS[0].hallScheduleId,
        [{ name: '李四', birth: '1980-01-01', ticketPriceId: priceOf(main, 'adult') }],
        null,
      ),
    });
    expect(placed.code, placed.msg).toBe(200);
    const orderId = placed.data.orderId as number;
    const adult = (await prices(main.hallId)).find((p) => p.kind === 'adult')!;
    expect(adult.soldTickets).toBeGreaterThan(0);
    const changed = await post(`/staff/catalogue/halls/${main.hallId}/prices/${adult.ticketPriceId}`, editPrice(adult, { price: 3800 }));
    expect(changed.code, changed.msg).toBe(200);
    // Visitors see the new price at once (the change notice dropped the cached prices).
    const shown = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!.scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === 'adult')!;
    expect(shown.price).toBe(3800);
    const order = async () => (await t.db.query<{ amount: number }>('SELECT amount FROM orders WHERE id = $1', [orderId]))[0];
    const tickets = async () => t.db.query<{ price: number }>('SELECT price FROM tickets WHERE order_id = $1', [orderId]);
    expect(await order()).toEqual({ amount: 3000 });
    expect(await tickets()).toEqual([{ price: 3000 }]);
    const created = await t.call('POST', '/pay/create', { token, body: { orderId } });
    expect(created.code, created.msg).toBe(200);
    const payId = new URL(created.data.payUrl, 'http://x').searchParams.get('payId')!;
    const [payment] = await t.db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
    expect(payment.amount).toBe(3000);
    expect(await t.payNotify(payId, 3000)).toBe(204);
    const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token });
    expect(detail.data.status).toBe('completed');
    expect(await order()).toEqual({ amount: 3000 });
    // A new order is quoted the new price.
    const quote = await t.call('POST', '/config/orderRule/calculatePrice', {
      token,
      body: { hallScheduleId: main.scheduleTicketPoolVOS[0].hallScheduleId, ticketInfoList: [{ ticketPriceId: adult.ticketPriceId }] },
    });
    expect(quote.data?.total, quote.msg).toBe(3800);
  });

  it('a rule sold tickets depend on is refused with its reason; so is a hall or price that cannot be', async () => {
    const main = await hallOf('main');
    expect(main.facts.upcomingTickets).toBeGreaterThan(0);
    const n = main.facts.upcomingTickets;
    const refusals: Array<[string, unknown, string, string]> = [
      [
        `/staff/catalogue/halls/${main.hallId}`,
        edit(main, { closed: true }),
        `今日及以后还有 ${n} 张已售或待支付的门票，本馆不能关闭：请先在“每日场次”停售，或等这些日期过去`,
        `${n} tickets for today or later are sold or awaiting payment: the hall cannot close. Stop its sessions on the day screen first, or wait until those days are past`,
      ],
      [
        `/staff/catalogue/halls/${main.hallId}`,
        edit(main, { childAgeMax: 3 }),
        `今日及以后有 ${n} 张已售或待支付的门票按现行儿童规则售出（退票、改签仍按此规则核对），儿童年龄、每位成人可带免费儿童数和“须成人与儿童同行”不能修改`,
        `${n} tickets for today or later were sold under the current child rules (refunds and changes are checked by them): the children's ages, the free children per adult and "an adult and a child" cannot change`,
      ],
      [
        `/staff/catalogue/halls/${main.hallId}`,
        edit(main, { cinema: { chooseMode: 1, rows: ['SSS'] }, waitingList: false }),
        '本馆已有场次，不能在球幕影院与其他场馆之间转换：售出的票按座位或按人数计',
        'The hall has sessions: it cannot turn into or out of a dome cinema, since its tickets are sold by seat or by head',
      ],
      [`/staff/catalogue/halls/${main.hallId}`, edit(main, { key: 'main2' }), '场馆代码建立后不能修改', 'A hall code cannot change once the hall exists'],
      [
        `/staff/catalogue/halls/${main.hallId}`,
        edit(main, { minBuyers: 6, maxBuyers: 5 }),
        '每单最多人数不能少于最少人数',
        'The most visitors per order cannot be fewer than the fewest',
      ],
      ['/staff/catalogue/halls', { ...PLANETARIUM, key: 'main' }, '场馆代码已被使用', 'This hall code is taken'],
      [
        '/staff/catalogue/halls',
        { ...PLANETARIUM, key: 'park2', needsAdultAndChild: true },
        '亲子乐园须设定儿童年龄范围',
        "A children's park needs the children's age range",
      ],
      [
        '/staff/catalogue/halls',
        { ...PLANETARIUM, key: 'dome2', waitingList: true, cinema: { chooseMode: 1, rows: ['SS_SS'] } },
        '球幕影院按座位售票，不设候补',
        'A dome cinema sells seats and keeps no waiting list',
      ],
      ['/staff/catalogue/halls/999999', PLANETARIUM, '场馆不存在', 'The hall does not exist'],
    ];
    const adult = (await prices(main.hallId)).find((p) => p.kind === 'adult')!;
    const sold = adult.soldTickets;
    refusals.push(
      [
        `/staff/catalogue/halls/${main.hallId}/prices/${adult.ticketPriceId}`,
        editPrice(adult, { kind: 'senior' }),
        `此票种已售出 ${sold} 张，类别不能再改：请设定有效期止，另建新票种`,
        `${sold} tickets of this type are sold: its kind cannot change. Give it a last day and add a new ticket type instead`,
      ],
      [`/staff/catalogue/halls/${main.hallId}/prices`, { ...ADULT, name: adult.name }, '本馆已有同名票种', 'The hall already has a ticket type of this name'],
      [
        `/staff/catalogue/halls/${main.hallId}/prices`,
        { ...ADULT, name: { zh: '夜场票', en: 'Evening' }, validFrom: '2030-04-01', validTo: '2030-03-01' },
        '有效期止不能早于有效期起',
        'The last day cannot be before the first day',
      ],
      [
        `/staff/catalogue/halls/${main.hallId}/prices`,
        { ...ADULT, name: { zh: '赠票', en: 'Gift' }, free: true },
        '免费票须为儿童票',
        'A free ticket is a child ticket',
      ],
      [`/staff/catalogue/halls/${main.hallId}/prices/999999`, ADULT, '票种不存在', 'The ticket type does not exist'],
    );
    const audits = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM staff_audit'))[0].n;
    const before = await audits();
    for (const [path, body, zh, en] of refusals) {
      expect((await post(path, body, 'zh')).msg, path).toBe(zh);
      expect((await post(path, body, 'en')).msg, path).toBe(en);
    }
    expect(await audits()).toBe(before);
    expect(await hallOf('main')).toEqual(main);
    // A shape no hall has is refused at the edge, naming the field.
    const shape = await post('/staff/catalogue/halls', { ...PLANETARIUM, key: 'Bad Key', minBuyers: 'two' });
    expect(shape.code).toBe(500);
    expect(shape.msg).toMatch(/key|minBuyers/);
  });

  it('a price retired by its last day and a closed hall are no longer sold; their rows stay', async () => {
    const made = await post<{ hallId: number }>('/staff/catalogue/halls', { ...PLANETARIUM, key: 'lab', name: { zh: '实验室', en: 'Lab' } });
    const { hallId } = made.data;
    const kept = await post<{ ticketPriceId: number }>(`/staff/catalogue/halls/${hallId}/prices`, ADULT);
    const retired = await post<{ ticketPriceId: number }>(`/staff/catalogue/halls/${hallId}/prices`, { ...STUDENT, validTo: '2030-03-05' });
    const template = await post<{ templateId: number }>('/staff/templates', {
      hallId,
      name: 'Day',
      sessions: [{ beginTime: '10:00', endTime: '11:00', capacity: 10, filmId: null }],
    });
    await post('/staff/templates/apply', {
      templateId: template.data.templateId,
      from: OPEN_DAY,
      to: OPEN_DAY,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      releaseAt: 'now',
    });
    const hall = (await t.halls(OPEN_DAY)).find((h) => h.hallId === hallId)!;
    expect(hall.scheduleTicketPoolVOS[0].priceTicketPoolVOS.map((p) => p.ticketPriceId)).toEqual([kept.data.ticketPriceId]);
    const token = await t.tokenFor('13700000103');
    const order = (ticketPriceId: number) =>
      t.call('POST', '/config/orderRule/placeOrder', {
        token,
        lang: 'en',
        body: orderRequest(OPEN_DAY, hallId, hall.scheduleTicketPoolVOS[0].hallScheduleId, [{ name: '王五', birth: '2010-01-01', ticketPriceId }], null),
      });
    expect((await order(retired.data.ticketPriceId)).code).toBe(500);
    // Nothing sold: the hall closes, and visitors no longer see it.
    const lab = await hallOf('lab');
    expect((await post(`/staff/catalogue/halls/${hallId}`, edit(lab, { closed: true }))).code).toBe(200);
    expect((await t.halls(OPEN_DAY)).some((h) => h.hallId === hallId)).toBe(false);
    expect((await order(kept.data.ticketPriceId)).code).toBe(500);
    expect((await hallOf('lab')).closed).toBe(true);
    expect(await prices(hallId)).toHaveLength(2);
  });

  it('only an admin edits the catalogue: other staff, visitors and teams are refused', async () => {
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    const visitor = await t.tokenFor('13700000104');
    const team = await t.tokenFor('13700000105', 'team');
    for (const token of [gate, visitor, team]) {
      expect((await t.call('GET', '/staff/catalogue/halls', { token })).code).not.toBe(200);
      expect((await post('/staff/catalogue/halls', { ...PLANETARIUM, key: 'nope' }, 'en', token)).code).not.toBe(200);
    }
    expect((await t.call('GET', '/staff/catalogue/halls', { token: gate })).code).toBe(403);
    expect((await t.call('GET', '/staff/catalogue/halls')).code).not.toBe(200);
    expect((await halls()).some((h) => h.key === 'nope')).toBe(false);
  });
});

describe('an empty catalogue, as production starts', () => {
  let e: TestApp;
  beforeAll(async () => {
    e = await makeApp({ captcha: 'off' }, { empty: true });
    await seedDemoAccounts(e.db, e.deps.clock);
  });
  afterAll(async () => {
    await e?.close();
  });

  it('an admin makes the first hall and two prices; with a session, the calendar and the venue list show them', async () => {
    const { token, post: call } = await asAdmin(e);
    expect((await e.call<StaffHall[]>('GET', '/staff/catalogue/halls', { token })).data).toEqual([]);
    expect((await e.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar', { lang: 'en' })).data.every((d) => d.state === 'closed')).toBe(true);
    const { hallId } = (await call<{ hallId: number }>('/staff/catalogue/halls', { ...PLANETARIUM, freeChildPerAdult: 2, offSeasonMonths: [12, 1, 2] })).data;
    for (const p of [ADULT, STUDENT]) expect((await call(`/staff/catalogue/halls/${hallId}/prices`, p)).code).toBe(200);
    const { templateId } = (
      await call<{ templateId: number }>('/staff/templates', {
        hallId,
        name: 'Day',
        sessions: [{ beginTime: '14:00', endTime: '15:00', capacity: 40, filmId: null }],
      })
    ).data;
    const applied = await call('/staff/templates/apply', { templateId, from: OPEN_DAY, to: OPEN_DAY, weekdays: [0, 1, 2, 3, 4, 5, 6], releaseAt: 'now' });
    expect(applied.code, applied.msg).toBe(200);
    const calendar = (await e.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar', { lang: 'en' })).data;
    expect(calendar.find((d) => d.date === OPEN_DAY)).toMatchObject({ state: 'available', remaining: 40 });
    const venues = (await e.call<HallSetting[]>('GET', '/basesetting/HallSetting/ingore/getHallSetting', { lang: 'en' })).data;
    expect(venues.map((h) => [h.hallKey, h.name, h.minBuyers, h.maxBuyers])).toEqual([['planetarium', 'Planetarium', 1, 5]]);
    expect((await e.call<StaffHall[]>('GET', '/staff/catalogue/halls', { token })).data[0]).toMatchObject({
      freeChildPerAdult: 2,
      offSeasonMonths: [1, 2, 12],
    });
    // Its own free children per adult is what the booking screens read.
    const setting = await e.call<{ freeChildPerAdult: number }>('GET', `/pool/getHallPoolPersonSetting?hallId=${hallId}`, {
      token: await e.tokenFor('13700000106'),
    });
    expect(setting.data.freeChildPerAdult).toBe(2);
    const [hall] = await e.halls(OPEN_DAY);
    expect(hall.scheduleTicketPoolVOS[0].priceTicketPoolVOS.map((p) => [p.kind, p.price])).toEqual([
      ['adult', 2500],
      ['student', 1200],
    ]);
  });

  it('an admin writes the purchase agreement nobody has written yet, and turns English on: visitors read both', async () => {
    const { token } = await asAdmin(e);
    const settings = (await e.call<StaffSettings>('GET', '/staff/settings', { token, lang: 'en' })).data;
    expect(settings.texts.find((t) => t.name === 'user_agreement')).toEqual({ name: 'user_agreement', zh: '', en: '' });
    expect((await e.call('GET', '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin', { lang: 'en' })).data.texts.user_agreement).toBeUndefined();
    const saved = await e.call('POST', '/staff/settings/text', {
      token,
      lang: 'en',
      body: { name: 'user_agreement', zh: '<p>购票须知</p>', en: '<p>Terms of purchase</p>' },
    });
    expect(saved.code, saved.msg).toBe(200);
    expect((await e.call('POST', '/staff/settings/text', { token, lang: 'en', body: { name: 'no_such_text', zh: 'a', en: 'b' } })).msg).toBe('No such text');
    expect((await e.call('POST', '/staff/settings/config', { token, lang: 'en', body: { key: 'i18n', value: '1' } })).code).toBe(200);
    const shown = (await e.call('GET', '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin', { lang: 'en' })).data;
    expect(shown.texts.user_agreement).toBe('<p>Terms of purchase</p>');
    expect(shown.config.i18n).toBe('1');
  });
});
