/** The remaining calls of docs/product.md §7 "Settings and content", and the v1 order list: each at its path
 * serving the demo museum's data in the request's language; the `ingore` ones open, the others
 * refused without a visitor's or a team's token (and to staff); unknown names refused in zh and en. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENCY, DEMO_STAFF } from '../../server/seed/accounts.ts';
import type { HallSetting, OrderSummary, Page } from '../../src/domain/types.ts';
import { groupKit } from './groupKit.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let visitor: string;
let staff: string;
const kit = groupKit(() => t);

beforeAll(async () => {
  t = await makeApp();
  visitor = await t.tokenFor('13500009999');
  staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
});
afterAll(async () => {
  await t?.close();
});

const HALL_KEYS = ['main', 'children', 'temporary', 'cinema'];

describe('settings and content calls', () => {
  it('officeDocument/getHallSetting serves a configured document, open under ingore and with a token otherwise', async () => {
    const open = await t.call('GET', '/basesetting/officeDocument/ingore/getHallSetting?name=first_order_tips', { lang: 'en' });
    expect(open.data).toEqual({ name: 'first_order_tips', content: expect.stringContaining('On your first order') });
    const zh = await t.call('GET', '/basesetting/officeDocument/getHallSetting?name=first_order_tips', { token: visitor, lang: 'zh' });
    expect(zh.data.content).toContain('首次下单');
    expect((await t.call('GET', '/basesetting/officeDocument/getHallSetting?name=first_order_tips')).code).toBe(401);
    expect((await t.call('GET', '/basesetting/officeDocument/getHallSetting?name=first_order_tips', { token: staff })).code).toBe(401);
    expect((await t.call('GET', '/basesetting/officeDocument/ingore/getHallSetting?name=nothing', { lang: 'en' })).msg).toBe('The document does not exist');
    expect((await t.call('GET', '/basesetting/officeDocument/ingore/getHallSetting?name=nothing', { lang: 'zh' })).msg).toBe('文档不存在');
    expect((await t.call('GET', '/basesetting/officeDocument/ingore/getHallSetting', { lang: 'en' })).msg).toMatch(/^Invalid request parameter/);
  });

  it("HallSetting/ingore/getHallSetting lists every hall's settings without login; getHallSettingDetail one by its key", async () => {
    const all = await t.call<HallSetting[]>('GET', '/basesetting/HallSetting/ingore/getHallSetting', { lang: 'en' });
    expect(all.data.map((h) => h.hallKey)).toEqual(expect.arrayContaining(HALL_KEYS));
    const park = all.data.find((h) => h.hallKey === 'children')!;
    expect(park).toMatchObject({ name: "Children's science park", needsAdultAndChild: true, cinema: false });
    const cinema = (await t.call<HallSetting>('GET', '/system/user/ingore/getHallSettingDetail?hallKey=cinema', { lang: 'zh' })).data;
    expect(cinema).toMatchObject({ hallKey: 'cinema', cinema: true, name: '球幕影院' });
    const main = (await t.call<HallSetting>('GET', '/system/user/ingore/getHallSettingDetail?hallKey=main', { lang: 'en' })).data;
    expect(main).toMatchObject({ hallKey: 'main', name: 'Main exhibition hall', groupMin: 16, groupMax: 200 });
    expect((await t.call('GET', '/system/user/ingore/getHallSettingDetail?hallKey=moon', { lang: 'en' })).msg).toBe('The hall does not exist');
    expect((await t.call('GET', '/system/user/ingore/getHallSettingDetail?hallKey=moon', { lang: 'zh' })).msg).toBe('场馆不存在');
  });

  it('hallInfo/getAllHallIdAndName and HallSetting/parameterName need a visitor or a team', async () => {
    const names = await t.call<Array<{ hallId: number; hallName: string }>>('GET', '/basesetting/hallInfo/getAllHallIdAndName', { token: visitor, lang: 'en' });
    const settings = (await t.call<HallSetting[]>('GET', '/basesetting/HallSetting/ingore/getHallSetting', { lang: 'en' })).data;
    expect(names.data).toEqual(settings.map((h) => ({ hallId: h.hallId, hallName: h.name })));
    const team = await kit.teamToken(DEMO_AGENCY.creditCode);
    expect((await t.call('GET', '/basesetting/hallInfo/getAllHallIdAndName', { token: team, lang: 'zh' })).data[0].hallName).toBe('主展厅');
    expect((await t.call('GET', '/basesetting/hallInfo/getAllHallIdAndName')).code).toBe(401);
    expect((await t.call('GET', '/basesetting/hallInfo/getAllHallIdAndName', { token: staff })).code).toBe(401);

    const hold = await t.call('GET', '/basesetting/HallSetting/parameterName?parameterName=person_pay_hold_period', { token: visitor });
    const [{ value }] = await t.db.query<{ value: string }>(`SELECT value FROM sys_config WHERE key = 'person_pay_hold_period'`);
    expect(hold.data).toEqual({ parameterName: 'person_pay_hold_period', value });
    expect((await t.call('GET', '/basesetting/HallSetting/parameterName?parameterName=nope', { token: visitor, lang: 'en' })).msg).toBe(
      'The parameter does not exist',
    );
    expect((await t.call('GET', '/basesetting/HallSetting/parameterName?parameterName=nope', { token: team, lang: 'zh' })).msg).toBe('参数不存在');
    expect((await t.call('GET', '/basesetting/HallSetting/parameterName?parameterName=person_pay_hold_period')).code).toBe(401);
  });

  it("/order/v1/list is the account's own order list: the demo visitor's, none for a new visitor, none without a token", async () => {
    const demo = await t.tokenFor('13800138000');
    const mine = await t.call<Page<OrderSummary>>('GET', '/order/v1/list?pageNum=1&pageSize=10', { token: demo });
    const same = await t.call<Page<OrderSummary>>('GET', '/order/OrderInfo/getOrderInfoByStatus?pageNum=1&pageSize=10', { token: demo });
    expect(mine.data.total).toBe(3);
    expect(mine.data).toEqual(same.data);
    expect((await t.call<Page<OrderSummary>>('GET', '/order/v1/list?pageNum=1&pageSize=1', { token: visitor })).data).toEqual({ rows: [], total: 0 });
    expect((await t.call('GET', '/order/v1/list?pageNum=1&pageSize=1')).code).toBe(401);
    expect((await t.call('GET', '/order/v1/list?pageNum=1&pageSize=1', { token: staff })).code).toBe(401);
    expect((await t.call('GET', '/order/v1/list?status=lost', { token: visitor, lang: 'en' })).msg).toMatch(/^Invalid request parameter/);
  });
});
