/** The tickets a visitor's phone keeps for the gate without signal (docs/product.md §2.12): her
 * paid orders with a ticket still to check today or on a coming day, never another account's;
 * a refunded ticket leaves the answer, an order whose visit is over is not in it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, orderRequest, payInFull, priceOf, type TestApp } from './helpers.ts';
import { OPEN_DAY } from './constants.ts';
import type { HallPool, OrderDetail } from '../../src/domain/types.ts';

let t: TestApp;
let main: HallPool;
let phoneSeq = 0;
const newPhone = () => `1376600${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await makeApp();
  [main] = await t.halls(OPEN_DAY);
});
afterAll(async () => {
  await t?.close();
});

/** A placed order of one adult ticket per name in the first session of the open day; its id. */
async function placed(token: string, names: string[]): Promise<number> {
  const visitors = names.map((name, i) => ({ name, birth: `198${i}-01-01`, ticketPriceId: priceOf(main, 'adult') }));
  const body = orderRequest(OPEN_DAY, main.hallId, main.scheduleTicketPoolVOS[0].hallScheduleId, visitors, await t.captchaToken());
  const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body });
  expect(r.code, r.msg).toBe(200);
  return r.data.orderId;
}

async function paidOrder(token: string, names: string[]): Promise<OrderDetail> {
  const orderId = await placed(token, names);
  await payInFull(t, token, orderId);
  return (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token })).data;
}

const upcoming = async (token: string) => (await t.call<OrderDetail[]>('GET', '/order/v1/upcomingOrders', { token })).data;

describe('upcomingOrders', () => {
  it("lists the caller's paid orders of coming days with their QR codes, and nobody else's", async () => {
    const ana = await t.tokenFor(newPhone());
    const bo = await t.tokenFor(newPhone());
    expect(await upcoming(ana)).toEqual([]);
    const order = await paidOrder(ana, ['王一', '王二']);
    // An order not paid yet is no ticket.
    await placed(ana, ['王三']);

    const mine = await upcoming(ana);
    expect(mine.map((o) => o.orderId)).toEqual([order.orderId]);
    expect(mine[0].tickets.map((ticket) => [ticket.status, Boolean(ticket.qrCode)])).toEqual([
      ['toBeChecked', true],
      ['toBeChecked', true],
    ]);
    expect(await upcoming(bo)).toEqual([]);
  });

  it('a refunded ticket leaves it; an order with none left to check leaves it; a past visit is not in it', async () => {
    const phone = newPhone();
    const token = await t.tokenFor(phone);
    const order = await paidOrder(token, ['李一', '李二']);
    const [first, second] = order.tickets.map((ticket) => ticket.ticketId);
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [first] } })).code).toBe(200);
    const [after] = await upcoming(token);
    expect(after.tickets.find((ticket) => ticket.ticketId === first)?.status).not.toBe('toBeChecked');
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [second] } })).code).toBe(200);
    expect(await upcoming(token)).toEqual([]);

    const kept = await paidOrder(token, ['李三']);
    expect((await upcoming(token)).map((o) => o.orderId)).toEqual([kept.orderId]);
    // Two days on, the visit day is over (a login of then: the one before has expired).
    t.advance(2 * 86_400_000);
    expect(await upcoming(await t.tokenFor(phone))).toEqual([]);
  });

  it("refuses a team's token", async () => {
    const team = await t.tokenFor('13766009999', 'team');
    const r = await t.call('GET', '/order/v1/upcomingOrders', { token: team, lang: 'en' });
    expect(r.code).not.toBe(200);
    expect(r.data).toBeNull();
  });
});
