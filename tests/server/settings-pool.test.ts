import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';
import { CLOSED_DAY, NOT_RELEASED_DAY, OPEN_DAY, SEED_TIME, SOLD_OUT_DAY, STOPPED_DAY, TODAY } from './constants.ts';
import type { BaseSettings, CalendarDay } from '../../src/domain/types.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

describe('settings and content', () => {
  it('serves every docs/product.md §3 config key and the texts in the request language', async () => {
    const zh = await t.call<BaseSettings>('GET', '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin?channel=h5&ticketUseType=1&personType=1');
    const en = await t.call<BaseSettings>('GET', '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin', { lang: 'en' });
    expect(zh.code).toBe(200);
    expect(zh.data.systemName).toBe('科技馆票务系统');
    expect(en.data.systemName).toBe('Science Museum Tickets');
    // The museum has its catalogue: open for booking.
    expect(zh.data.open).toBe(true);
    expect(en.msg).toBe('Success');
    for (const key of [
      'audience_message_function',
      'cinemaPicWap',
      'cinemaPicWeb',
      'copyright',
      'i18n',
      'hallStatus',
      'museumStopSaleContent',
      'person_shoppingcart_hold_period',
      'person_pay_hold_period',
      'team_pay_hold_period',
      'refund_for_print_ticket',
      'change_switch_after_get_ticket',
      'ocr_enable',
      'face_enable',
      'hall_main_oneperson_totalfreechild',
      'hall_temporary_oneperson_totalfreechild',
    ]) {
      expect(zh.data.config, key).toHaveProperty(key);
    }
    expect(zh.data.config.person_pay_hold_period).toBe('15');
    expect(zh.data.config.i18n).toBe('1');
    for (const name of [
      'buy_tips',
      'first_order_tips',
      'refund_alert',
      'user_agreement',
      'ticketing_tips',
      'refund_change_policy',
      'ticket_checking_instructions',
      'visit_time',
      'notice',
    ]) {
      expect(zh.data.texts[name], name).toMatch(/[\u4e00-\u9fa5]/);
      expect(en.data.texts[name], name).toMatch(/[a-z]/i);
      expect(en.data.texts[name]).not.toBe(zh.data.texts[name]);
    }
    expect(en.data.config.museumStopSaleContent).toMatch(/paused/);
  });

  it('the logged-in variant needs a token', async () => {
    expect((await t.call('GET', '/basesetting/HallSetting/gainAllSystemConfigLogin')).code).toBe(401);
    const token = await t.tokenFor('13900000001');
    expect((await t.call('GET', '/basesetting/HallSetting/gainAllSystemConfigLogin', { token })).code).toBe(200);
  });

  it('documents by name, 404 for an unknown one', async () => {
    const doc = await t.call('GET', '/basesetting/officeDocument/ingore/detail?name=user_agreement', { lang: 'en' });
    expect(doc.data.name).toBe('user_agreement');
    expect(doc.data.content).toMatch(/agreement/i);
    expect((await t.call('GET', '/basesetting/officeDocument/ingore/detail?name=nope')).code).toBe(404);
    expect((await t.call('GET', '/basesetting/officeDocument/ingore/detail')).code).toBe(500);
  });

  it('server time comes from the clock, with or without a login; unknown API paths get code 404', async () => {
    const token = await t.tokenFor('13900000001');
    expect((await t.call('POST', '/config/orderRule/getSysTime', { token })).data.now).toBe(new Date(SEED_TIME).getTime());
    expect(await t.call('POST', '/config/orderRule/getSysTime')).toMatchObject({ code: 200, data: { now: new Date(SEED_TIME).getTime() } });
    const nf = await t.call('GET', '/no/such/route', { lang: 'en' });
    expect(nf.code).toBe(404);
    expect(nf.msg).toMatch(/does not exist/);
  });

  it('certificate types: labels per language, token required', async () => {
    expect((await t.call('GET', '/system/dict/data/type/certificate')).code).toBe(401);
    const token = await t.tokenFor('13900000001');
    const en = await t.call('GET', '/system/dict/data/type/certificate', { token, lang: 'en' });
    expect(en.data.map((d: { dictValue: string }) => d.dictValue)).toEqual(['1', '2', '3', '4', '5']);
    expect(en.data[0].dictLabel).toBe('ID card');
    const zh = await t.call('GET', '/system/dict/data/type/certificate', { token });
    expect(zh.data[0].dictLabel).toBe('身份证');
  });
});

describe('calendar and halls', () => {
  it('the home texts tell what the calendar shows: how many days are bookable, no weekly closing day', async () => {
    const en = (await t.call<BaseSettings>('GET', '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin', { lang: 'en' })).data;
    const days = (await t.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar', { lang: 'en' })).data;
    const told = Number(/next (\d+) days/.exec(en.texts.ticketing_tips ?? '')?.[1]);
    expect(told).toBe(days.length);
    // The seed closes one day, not every Monday: the texts must not promise a weekday.
    const mondays = days.filter((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 1);
    expect(mondays.some((d) => d.state !== 'closed')).toBe(true);
    expect(en.texts.visit_time).not.toMatch(/Monday/);
    expect(en.texts.ticketing_tips).toMatch(/20:00/);
  });

  it('14 days with the seeded states and reasons in both languages', async () => {
    const en = (await t.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar', { lang: 'en' })).data;
    const zh = (await t.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar')).data;
    expect(en).toHaveLength(14);
    expect(en[0].date).toBe(TODAY);
    const day = (d: string) => en.find((x) => x.date === d)!;
    expect(day(OPEN_DAY)).toMatchObject({ state: 'available', reason: null });
    expect(day(OPEN_DAY).remaining).toBeGreaterThan(0);
    expect(day(SOLD_OUT_DAY)).toMatchObject({ state: 'soldOut', remaining: 0, reason: 'Sold out' });
    expect(day(CLOSED_DAY)).toMatchObject({ state: 'closed', remaining: 0 });
    expect(day(CLOSED_DAY).reason).toBe('Closed for facility maintenance');
    expect(zh.find((x) => x.date === CLOSED_DAY)!.reason).toBe('设施维护，本日闭馆');
    expect(day(NOT_RELEASED_DAY).state).toBe('notReleased');
    expect(day(NOT_RELEASED_DAY).reason).toMatch(/Booking opens at 2030-03-0\d 20:00/);
  });

  it('halls with sessions, prices and states', async () => {
    const halls = await t.halls(OPEN_DAY);
    expect(halls.map((h) => h.hallKey)).toEqual(['main', 'children', 'temporary', 'cinema', 'cinema2']);
    const main = halls[0];
    expect(main.scheduleTicketPoolVOS).toHaveLength(3);
    expect(main.scheduleTicketPoolVOS[0]).toMatchObject({
      beginTime: '09:00',
      endTime: '12:00',
      capacity: 300,
      ticketPool: 300,
      state: 'available',
      disabled: false,
    });
    const prices = main.scheduleTicketPoolVOS[0].priceTicketPoolVOS;
    expect(prices.find((p) => p.kind === 'adult')).toMatchObject({ price: 3000, ageMin: 18, ageMax: null, name: '成人票' });
    expect(prices.find((p) => p.kind === 'child')).toMatchObject({ price: 0, isChildFreeTicket: true, ageMin: 0, ageMax: 7 });
    expect(halls[1].ageNote).toMatch(/3-8/);
    expect(halls[1].scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === 'child')).toMatchObject({ ageMin: 3, ageMax: 8 });

    const stopped = (await t.call('GET', `/pool/ingore/getHall?queryDate=${STOPPED_DAY}`, { lang: 'en' })).data;
    const temp = stopped.find((h: { hallKey: string }) => h.hallKey === 'temporary');
    const noon = temp.scheduleTicketPoolVOS.find((s: { beginTime: string }) => s.beginTime === '12:00');
    expect(noon).toMatchObject({ state: 'stopped', disabled: true });
    expect(noon.disabledText).toMatch(/maintenance/);

    const sold = await t.halls(SOLD_OUT_DAY);
    expect(sold.every((h) => h.disabled && h.scheduleTicketPoolVOS.every((s) => s.state === 'soldOut' && s.ticketPool === 0))).toBe(true);
    expect(sold[0].disabledText).toBe('已售罄');
    const closed = await t.halls(CLOSED_DAY);
    expect(closed[0].scheduleTicketPoolVOS[0].state).toBe('closed');
    const later = await t.halls(NOT_RELEASED_DAY);
    expect(later[0].scheduleTicketPoolVOS[0].state).toBe('notReleased');
    expect(later[0].scheduleTicketPoolVOS[0].releaseTime).toMatch(/^2030-03-0\d 20:00:00$/);
  });

  it("today's ended sessions are stopped; bad dates are refused", async () => {
    t.advance(5 * 3600_000); // 15:00 in Shanghai
    const today = await t.halls(TODAY);
    const main = today[0].scheduleTicketPoolVOS;
    expect(main.map((s) => s.state)).toEqual(['stopped', 'stopped', 'available']);
    t.advance(-5 * 3600_000);
    const bad = await t.call('GET', '/pool/ingore/getHall?queryDate=2030-13-45', { lang: 'en' });
    expect(bad.code).toBe(500);
    expect(bad.msg).toMatch(/queryDate/);
  });

  it('hall person setting: rules and free children per adult', async () => {
    const halls = await t.halls(OPEN_DAY);
    const token = await t.tokenFor('13900000001');
    const park = await t.call('GET', `/pool/getHallPoolPersonSetting?hallId=${halls[1].hallId}`, { token });
    expect(park.data.rules).toMatchObject({ hallKey: 'children', minBuyers: 2, childAgeMin: 3, childAgeMax: 8, needsAdultAndChild: true });
    expect(park.data.freeChildPerAdult).toBe(1);
    expect((await t.call('GET', `/pool/getHallPoolPersonSetting?hallId=${halls[0].hallId}`)).code).toBe(401);
  });
});

describe('contract', () => {
  it('publishes every route as OpenAPI', async () => {
    const t = await makeApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/prod-api/openapi.json' });
      const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths['/prod-api/config/orderRule/placeOrder'])).toContain('post');
      expect(Object.keys(doc.paths['/prod-api/pool/ingore/getCalendar'])).toContain('get');
      expect(Object.keys(doc.paths['/prod-api/order/ticketInfo/removeForShopping/{id}'])).toContain('delete');
    } finally {
      await t.close();
    }
  });
});
