/** A visitor's order through the API, as the client places it (code, login, slider, placeOrder),
 * for specs whose subject comes after the order: the main hall's first open session of the
 * second bookable day (today's sessions may be over), adults only. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import type { CalendarDay, HallPool } from '../../src/domain/types.ts';
import { latestCode, mainlandId, newPhone, sliderTokenByApi } from './helpers.ts';

/** An answer's data, after seeing it was not refused. */
export async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()} answers`).toBe(true);
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${response.url()}: ${body.msg}`).toBe(200);
  return body.data;
}

export interface UnpaidOrder {
  token: string;
  orderId: number;
  visitDate: string;
  hallScheduleId: number;
}

/** A new visitor's unpaid order of one adult ticket per name. */
export async function unpaidOrder(page: Page, names: string[]): Promise<UnpaidOrder> {
  const api = page.request;
  const phone = newPhone();
  await data(await api.post('/prod-api/ingore/sendMessage', { data: { phone } }));
  const code = await latestCode(page, phone);
  const { token } = await data<{ token: string }>(await api.post('/prod-api/login', { data: { phone, code } }));

  const days = await data<CalendarDay[]>(await api.get('/prod-api/pool/ingore/getCalendar'));
  const date = days.filter((d) => d.state === 'available')[1].date;
  const halls = await data<HallPool[]>(await api.get('/prod-api/pool/ingore/getHall', { params: { openPerson: 1, queryDate: date, saleMode: 1 } }));
  const hall = halls.find((h) => h.hallKey === 'main')!;
  const session = hall.scheduleTicketPoolVOS.find((s) => !s.disabled)!;
  const adult = session.priceTicketPoolVOS.find((p) => p.kind === 'adult')!;
  const request = buildOrderRequest(
    {
      visitDate: date,
      hallId: hall.hallId,
      hallScheduleId: session.hallScheduleId,
      visitors: names.map((name, i) => ({
        name,
        certificateType: '1',
        certificateNumber: mainlandId(`198${i}-08-08`),
        ticketPriceId: adult.ticketPriceId,
      })),
      agreementAccepted: true,
      captchaToken: await sliderTokenByApi(api),
    },
    session.priceTicketPoolVOS,
  );
  const placed = await data<{ orderId: number }>(
    await api.post('/prod-api/config/orderRule/placeOrder', { data: request, headers: { Authorization: `Bearer ${token}` } }),
  );
  return { token, orderId: placed.orderId, visitDate: date, hallScheduleId: session.hallScheduleId };
}

/** Pays an order through the payment simulator's cashier, as the visitor's tap on "pay" would. */
export async function payByApi(page: Page, { token, orderId }: Pick<UnpaidOrder, 'token' | 'orderId'>): Promise<void> {
  const api = page.request;
  const { payUrl } = await data<{ payUrl: string }>(
    await api.post('/prod-api/pay/create', { data: { orderId }, headers: { Authorization: `Bearer ${token}` } }),
  );
  const payId = new URL(payUrl, 'http://localhost').searchParams.get('payId')!;
  const paid = await api.post('/prod-api/pay/sim/submit', { form: { payId, result: 'pay' }, maxRedirects: 0 });
  expect(paid.headers().location).toContain(`/order/paySuccess/${orderId}`);
}
