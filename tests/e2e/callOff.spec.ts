/** Calling a session off in the staff console (docs/product.md §2.7): a visitor has paid for a
 * main-hall session; an admin opens that day, asks to call the session off (refused without the
 * reason in both languages), reads what it will do, confirms, and watches every order settled,
 * the visitor's refunded in full; visitors then see the session stopped. In zh and en, at
 * 375x667 (each language its own session: the two share the spec's server). */
import { expect } from '@playwright/test';
import { callOffInConsole, openDay } from './callOffKit.ts';
import { buyAndPay } from './gateKit.ts';
import { shot } from './helpers.ts';
import { noSidewaysScroll, whereTheEyeIs } from './looks.ts';
// A called-off session is every visitor's: on a server of its own, not the lane's others book on.
import { ownServerTest as test } from './ownServer.ts';

for (const lang of ['zh', 'en'] as const) {
  test(`an admin calls a paid session off and sees every order settled, the visitor's refunded (${lang})`, async ({ page }) => {
    const { orderId } = await buyAndPay(page, lang, [lang === 'zh' ? '张三' : '李雷']);
    const token = (await page.context().cookies()).find((c) => c.name === 'ticket_token_individual')!.value;
    const detail = (
      await (await page.request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${orderId}`, { headers: { authorization: `Bearer ${token}` } })).json()
    ).data as { tickets: Array<{ hallScheduleId: number; visitDate: string }> };
    const { hallScheduleId, visitDate } = detail.tickets[0];

    await callOffInConsole(page, lang, { hallScheduleId, visitDate });
    await noSidewaysScroll(page);
    await shot(page, lang, '99-staff-call-off');
    // Visitors see it stopped with the reason.
    const halls = (await (await page.request.get(`/prod-api/pool/ingore/getHall?queryDate=${visitDate}&openPerson=1&saleMode=1`)).json()).data as Array<{
      scheduleTicketPoolVOS: Array<{ hallScheduleId: number; state: string }>;
    }>;
    const pool = halls.flatMap((h) => h.scheduleTicketPoolVOS).find((s) => s.hallScheduleId === hallScheduleId)!;
    expect(pool.state).toBe('stopped');
  });
}

const DAY = {
  zh: {
    reasonZh: '原因（中文）',
    reasonEn: '原因（英文）',
    close: '闭馆',
    callOffAll: '取消当日全部场次：已付款订单全额退款，短信通知每位联系人',
    booked: /^该日已有 \d+ 张有效门票：请勾选“取消当日全部场次”/,
    closed: '闭馆：停电',
  },
  en: {
    reasonZh: 'Reason (Chinese)',
    reasonEn: 'Reason (English)',
    close: 'Close the day',
    callOffAll: 'Call off every session: paid orders refunded in full, everyone told by text',
    booked: /^Tickets booked for this day: \d+\. Tick "Call off every session"/,
    closed: 'Closed: A power cut',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = DAY[lang];
  test(`an admin calls a whole day off: refused while visitors are booked unless its sessions are called off too, then closed and the visitor refunded (${lang})`, async ({
    page,
  }) => {
    const { orderId } = await buyAndPay(page, lang, [lang === 'zh' ? '王五' : '韩梅']);
    const token = (await page.context().cookies()).find((c) => c.name === 'ticket_token_individual')!.value;
    const order = async () =>
      (await (await page.request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${orderId}`, { headers: { authorization: `Bearer ${token}` } })).json())
        .data as { status: string; tickets: Array<{ visitDate: string }> };
    const { visitDate } = (await order()).tickets[0];

    await openDay(page, lang, visitDate);
    const dayCard = page.getByTestId('day-card');
    await dayCard.getByLabel(T.reasonZh, { exact: true }).fill('停电');
    await dayCard.getByLabel(T.reasonEn, { exact: true }).fill('A power cut');
    await dayCard.getByRole('button', { name: T.close, exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: T.booked });
    await whereTheEyeIs(page, refusal);
    await dayCard.getByLabel(T.callOffAll).check();
    await noSidewaysScroll(page);
    await shot(page, lang, '99b-staff-call-off-day');
    await dayCard.getByRole('button', { name: T.close, exact: true }).click();
    await expect(dayCard).toContainText(T.closed);
    // The job refunds the visitor in full.
    await expect.poll(async () => (await order()).status, { timeout: 60_000 }).toBe('refunded');
  });
}
