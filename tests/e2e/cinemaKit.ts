/** What the cinema specs share: another buyer who takes a seat while a visitor's map is open. */
import { expect, type Page } from '@playwright/test';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import { mainlandId, newPhone } from './helpers.ts';

/** Another buyer puts a seat in their cart (no slider needed), taking it from the map. */
export async function anotherBuyerTakes(page: Page, date: string, hallId: number, scheduleId: number, seat: string) {
  const phone = newPhone();
  await page.request.post('/prod-api/ingore/sendMessage', { data: { phone } });
  const sms = await (await page.request.get(`/prod-api/dev/sms/outbox?phone=${phone}`)).json();
  const login = await (await page.request.post('/prod-api/login', { data: { phone, code: sms.data[0].code } })).json();
  const prices = (
    await (
      await page.request.get(`/prod-api/pool/getPriceByScheduleId?hallId=${hallId}&scheduleId=${scheduleId}`, {
        headers: { authorization: `Bearer ${login.data.token}` },
      })
    ).json()
  ).data;
  const request = buildOrderRequest({
    visitDate: date,
    hallId,
    hallScheduleId: scheduleId,
    visitors: [
      { name: '王五', certificateType: '1', certificateNumber: mainlandId('1979-09-09', String(Date.now()).slice(-3)), ticketPriceId: prices[0].ticketPriceId },
    ],
    agreementAccepted: true,
    captchaToken: null,
    seats: [seat],
  });
  const answer = await page.request.post('/prod-api/config/orderRule/placeOrder', {
    data: { ...request, poolFlag: 1 },
    headers: { authorization: `Bearer ${login.data.token}` },
  });
  expect((await answer.json()).code).toBe(200);
}
