/** What a browser path starts from, made through the real API as a visitor would make it
 * (the slider answered from its picture, the cashier simulator paid): a new visitor logged in,
 * with a paid order or a cart line of the main hall on the second bookable day, or a candidate
 * order standing by on the demo's full day. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import type { CalendarDay, HallPool } from '../../src/domain/types.ts';
import type { CandidateDay } from '../../src/domain/waitingList.ts';
import { loginByApi, mainlandId, newPhone, sliderTokenByApi } from '../e2e/helpers.ts';

export interface Visitor {
  token: string;
  /** The page's own requests (the anonymous calls: the slider). */
  api: APIRequestContext;
  get<T>(path: string): Promise<T>;
  post<T>(path: string, data: unknown): Promise<{ code: number; msg: string; data: T }>;
}

/** A new visitor, logged in on the page (its cookie) and for API calls (its token). */
export async function newVisitor(page: Page): Promise<Visitor> {
  await page.addInitScript(() => {
    localStorage.setItem('language', 'en');
    sessionStorage.setItem('noticeSeen', '1');
  });
  const token = await loginByApi(page, newPhone());
  const headers = { authorization: `Bearer ${token}`, language: 'en_us' };
  return {
    token,
    api: page.request,
    async get(path) {
      const body = await (await page.request.get(`/prod-api${path}`, { headers })).json();
      expect(body.code, body.msg).toBe(200);
      return body.data;
    },
    async post(path, data) {
      return (await page.request.post(`/prod-api${path}`, { headers, data })).json();
    },
  };
}

/** Adults in the main hall's first open session of the second bookable day: an order, or (cart) a cart add. */
async function book(v: Visitor, adults: number, cart: boolean): Promise<{ orderId: number | null; date: string }> {
  const days = await v.get<CalendarDay[]>('/pool/ingore/getCalendar');
  const date = days.filter((d) => d.state === 'available')[1].date;
  const main = (await v.get<HallPool[]>(`/pool/ingore/getHall?queryDate=${date}&openPerson=1&saleMode=1`)).find((h) => h.hallKey === 'main')!;
  const session = main.scheduleTicketPoolVOS.find((s) => !s.disabled)!;
  const adult = session.priceTicketPoolVOS.find((p) => p.kind === 'adult')!;
  const seq = String(Date.now()).slice(-3);
  const draft = {
    visitDate: date,
    hallId: main.hallId,
    hallScheduleId: session.hallScheduleId,
    visitors: Array.from({ length: adults }, (_, i) => ({
      name: ['钱小满', '孙满仓', '李秀英'][i],
      certificateType: '1' as const,
      certificateNumber: mainlandId(`198${i}-0${i + 1}-1${i}`, seq),
      ticketPriceId: adult.ticketPriceId,
    })),
    agreementAccepted: true,
    captchaToken: cart ? null : await sliderTokenByApi(v.api),
  };
  const r = await v.post<{ orderId: number }>('/config/orderRule/placeOrder', { ...buildOrderRequest(draft), ...(cart ? { poolFlag: 1 } : {}) });
  expect(r.code, r.msg).toBe(200);
  return { orderId: cart ? null : r.data.orderId, date };
}

/** An unpaid order of `adults` tickets; its id and visit date. */
export async function unpaidOrder(v: Visitor, adults = 1): Promise<{ orderId: number; date: string }> {
  const { orderId, date } = await book(v, adults, false);
  return { orderId: orderId!, date };
}

/** Pays an order at the cashier simulator, as its Pay button does. */
async function pay(page: Page, v: Visitor, orderId: number): Promise<void> {
  const pay = await v.post<{ payUrl: string }>('/pay/create', { orderId });
  const payId = new URL(pay.data.payUrl, 'http://x').searchParams.get('payId')!;
  await page.request.post('/prod-api/pay/sim/submit', { form: { payId, result: 'pay' }, maxRedirects: 0 });
}

const statusOf = async (v: Visitor, orderId: number) =>
  (await v.get<{ status: string }>(`/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`)).status;

/** A paid order of `adults` tickets; its id and visit date. */
export async function paidOrder(page: Page, v: Visitor, adults = 2): Promise<{ orderId: number; date: string }> {
  const { orderId, date } = await book(v, adults, false);
  await pay(page, v, orderId!);
  await expect.poll(() => statusOf(v, orderId!)).toBe('completed');
  return { orderId: orderId!, date };
}

/** A paid candidate order of one adult on the first open waiting list (the demo's full day). */
export async function standingByOrder(page: Page, v: Visitor): Promise<number> {
  const days = await v.get<CandidateDay[]>('/pool/ingore/getCalendarForCandidate');
  const date = days.find((d) => d.status === 4)!.date;
  const halls = await v.get<HallPool[]>(`/pool/ingore/getHallForCandidate?queryDate=${date}&openPerson=1&saleMode=1`);
  const hall = halls.find((h) => h.scheduleTicketPoolVOS.some((s) => s.status === 4))!;
  const session = hall.scheduleTicketPoolVOS.find((s) => s.status === 4)!;
  const adult = session.priceTicketPoolVOS.find((p) => p.kind === 'adult')!;
  const draft = {
    visitDate: date,
    hallId: hall.hallId,
    hallScheduleId: session.hallScheduleId,
    visitors: [
      {
        name: '钱小满',
        certificateType: '1' as const,
        certificateNumber: mainlandId('1988-08-08', String(Date.now()).slice(-3)),
        ticketPriceId: adult.ticketPriceId,
      },
    ],
    agreementAccepted: true,
    captchaToken: await sliderTokenByApi(v.api),
  };
  const r = await v.post<{ orderId: number }>('/config/orderRule/placeOrder', { ...buildOrderRequest(draft), isCandidateOrder: 1 });
  expect(r.code, r.msg).toBe(200);
  await pay(page, v, r.data.orderId);
  await expect.poll(() => statusOf(v, r.data.orderId)).toBe('standingBy');
  return r.data.orderId;
}

/** A cart line held for the visitor. */
export async function cartLine(v: Visitor): Promise<void> {
  await book(v, 1, true);
}
