/** A group's children over HTTP (docs/product.md §3.3, §5.5): a travel agency's party with
 * children, adults at the adult price, a child per adult on the hall's free child ticket, the
 * others at the child price (the main hall has none: its student price); every refusal in
 * zh and en; a refund never leaves the children without an adult. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENCY } from '../../server/seed/accounts.ts';
import type { GroupSetting } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { assertStockInvariant, makeApp, type TestApp } from './helpers.ts';
import { groupKit } from './groupKit.ts';

let t: TestApp;
let agency: string;
const { teamToken, mainHall, agencyBody, place, detail, pay } = groupKit(() => t);

beforeAll(async () => {
  t = await makeApp();
  agency = await teamToken(DEMO_AGENCY.creditCode);
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

// 30 visitors besides the leader, 20 of them children: 11 adults, 11 free children, 9 paying.
const party = { childTicketNum: 20, leaderFreeFlag: 0 as const };
const AMOUNT = 10 * 3000 + 9 * 1500 + 3000;

describe("a group's children", () => {
  it('getSchoolFreeTicket tells the draft the child price, the free child ticket, its allowance and the ages', async () => {
    const h = await mainHall(OPEN_DAY);
    const s = await t.call<GroupSetting>('GET', `/config/orderRule/getSchoolFreeTicket?hallId=${h.hallId}&useDate=${OPEN_DAY}`, { token: agency });
    expect(s.data).toMatchObject({ childPrice: 1500, freeChildTicket: true, freeChildPerAdult: 1, childAges: { min: 0, max: 7 } });
  });

  it('are placed as child tickets, free or at the child price; the detail shows them; a refund keeps an adult with them', async () => {
    const r = await place(agency, await agencyBody(OPEN_DAY, 30, { ...party, quotedAmount: AMOUNT }));
    expect(r.code, r.msg).toBe(200);
    const d = await detail(agency, r.data.orderId);
    expect(d).toMatchObject({ amount: AMOUNT, ticketNum: 31 });
    expect(d.group.lines).toEqual([
      { role: 'visitor', free: false, count: 10, unitPrice: 3000, amount: 30000 },
      { role: 'child', free: true, count: 11, unitPrice: 0, amount: 0 },
      { role: 'child', free: false, count: 9, unitPrice: 1500, amount: 13500 },
      { role: 'leader', free: false, count: 1, unitPrice: 3000, amount: 3000 },
    ]);
    const names = d.tickets.map((x) => x.ticketName);
    expect(names.filter((n) => n === '儿童票（免费）')).toHaveLength(11);
    expect(names.filter((n) => n === '儿童票')).toHaveLength(9);
    await pay(agency, r.data.orderId);

    const adults = d.tickets.filter((x) => x.price === 3000).map((x) => x.ticketId);
    const alone = await t.call('POST', '/order/refund/frontUserRefund', { token: agency, body: { ticketIds: adults }, lang: 'en' });
    expect(alone).toMatchObject({ code: 500, msg: 'Children cannot be left alone: refund their tickets too, or keep an adult ticket' });
    const paying = d.tickets.filter((x) => x.price === 1500).map((x) => x.ticketId);
    const kids = await t.call('POST', '/order/refund/frontUserRefund', { token: agency, body: { ticketIds: paying.slice(0, 2) } });
    expect(kids).toMatchObject({ code: 200, data: { refundAmount: 3000 } });
    const all = d.tickets.map((x) => x.ticketId).filter((id) => !paying.slice(0, 2).includes(id));
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token: agency, body: { ticketIds: all } })).code).toBe(200);
  });

  it.each([
    ['en', 'Children never come without an adult: at most 20 children, with at least one adult'],
    ['zh', '儿童不能单独参观：儿童人数最多20人，至少须有一名成人'],
  ] as const)('more children than visitors besides the leader are refused (%s)', async (lang, msg) => {
    expect(await place(agency, await agencyBody(OPEN_DAY, 20, { ...party, childTicketNum: 21 }), lang)).toMatchObject({ code: 500, msg });
  });

  it('a quote that counted the children as adults is refused, not charged', async () => {
    const r = await place(agency, await agencyBody(OPEN_DAY, 30, { ...party, quotedAmount: 31 * 3000 }), 'en');
    expect(r).toMatchObject({ code: 500, msg: expect.stringContaining('The price has changed') });
  });

  it('a tour leader ticket counts the free children out of the charged tickets', async () => {
    // 30 visitors, 20 children: 19 charged, one short of the 20 a free leader needs.
    expect(await place(agency, await agencyBody(OPEN_DAY, 30, { ...party, leaderFreeFlag: 1 }), 'en')).toMatchObject({
      code: 500,
      msg: 'Tour leader tickets unavailable',
    });
  });
});
