/** Calling a session off in the staff console (docs/product.md §2.7): a visitor has paid for a
 * main-hall session; an admin opens that day, asks to call the session off (refused without the
 * reason in both languages), reads what it will do, confirms, and watches every order settled,
 * the visitor's refunded in full; visitors then see the session stopped. In zh and en, at
 * 375x667 (each language its own session: the two share the spec's server). */
import { expect } from '@playwright/test';
import { callOffInConsole } from './callOffKit.ts';
import { buyAndPay } from './gateKit.ts';
import { shot } from './helpers.ts';
import { noSidewaysScroll } from './looks.ts';
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
