/** The gate's server tests (gate, gateOffline): staff tokens, and a visitor's paid visit whose
 * tickets carry their QR codes. */
import { expect } from 'vitest';
import type { OrderDetail } from '../../src/domain/types.ts';
import { groupKit } from './groupKit.ts';
import { orderRequest, priceOf, type TestApp } from './helpers.ts';

export function gateKit(app: () => TestApp) {
  const { pay } = groupKit(app);
  const staffToken = async (who: { username: string; password: string }) => (await app().call('POST', '/staff/login', { body: who })).data.token as string;
  const detail = async (token: string, id: number) => (await app().call<OrderDetail>('GET', `/order/OrderInfo/searchPersonOrder/${id}`, { token })).data;

  /** A visitor's paid order of `n` adults on `day` in `hallKey`'s first session. */
  async function paidVisit(day: string, n = 1, hallKey = 'main', phone = `1390${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`) {
    const t = app();
    const token = await t.tokenFor(phone);
    const hall = (await t.halls(day)).find((h) => h.hallKey === hallKey)!;
    const visitors = Array.from({ length: n }, (_, i) => ({
      name: `游客${'甲乙丙丁'[i]}`,
      birth: '1990-01-01',
      ticketPriceId: priceOf(hall, 'adult'),
      seq: String(300 + i),
    }));
    const r = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: orderRequest(day, hall.hallId, hall.scheduleTicketPoolVOS[0].hallScheduleId, visitors, await t.captchaToken()),
    });
    expect(r.code, r.msg).toBe(200);
    await pay(token, r.data.orderId);
    const d = await detail(token, r.data.orderId);
    return { phone, token, orderId: r.data.orderId as number, orderNumber: d.orderNumber, hallId: hall.hallId, tickets: d.tickets };
  }

  return { staffToken, detail, paidVisit };
}
