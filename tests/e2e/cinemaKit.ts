/** What the cinema specs share: a visitor's way to the cinema's films, the first visitor's
 * fields, and another buyer who takes a seat while a visitor's map is open. */
import { expect, type Page } from '@playwright/test';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import { loginByApi, mainlandId, newPhone } from './helpers.ts';
import { useLanguage } from './looks.ts';

/** A new visitor, logged in, in `lang`, opens the calendar's second bookable day (none of its
 * films is over, whatever the time of day) and the cinema's films of it, by the hall's link
 * named `films`: that day and the cinema's hall. */
export async function toCinemaFilms(page: Page, lang: 'zh' | 'en', films: string): Promise<{ date: string; hallId: number }> {
  await useLanguage(page, lang);
  await loginByApi(page, newPhone());
  await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
  await page.goto('/individualCustomers/select/selectDate');
  const day = page.locator('.day--available').nth(1);
  const date = (await day.getAttribute('data-date'))!;
  await day.click();
  await page.locator('[data-hall="cinema"]').getByRole('link', { name: films }).click();
  await expect(page).toHaveURL(/\/select\/cinemaSelect\/\d+$/);
  return { date, hallId: Number(/cinemaSelect\/(\d+)/.exec(page.url())![1]) };
}

/** The first visitor of the visitors screen: 张三, with an ID card number ending in `serial`
 * (a number of its own per test: a person holds one ticket of a session). */
export async function fillFirstVisitor(page: Page, serial: string) {
  const visitor = page.locator('.visitor').first();
  await visitor.locator('input').first().fill('张三');
  await visitor.locator('input').nth(1).fill(mainlandId('1990-05-15', serial));
}

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
