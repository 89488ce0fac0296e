/** Calling a session off in the staff console (docs/product.md §2.7): a visitor has paid for a
 * main-hall session; an admin opens that day, asks to call the session off (refused without the
 * reason in both languages), reads what it will do, confirms, and watches every order settled,
 * the visitor's refunded in full; visitors then see the session stopped. In zh and en, at
 * 375x667 (each language its own session: the two share the spec's server). */
import { expect } from '@playwright/test';
import { museumDate } from '../../src/domain/museumTime.ts';
import { buyMainHall } from './gateKit.ts';
import { shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll } from './looks.ts';
// A called-off session is every visitor's: on a server of its own, not the lane's others book on.
import { ownServerTest as test } from './ownServer.ts';

const TEXT = {
  zh: {
    day: '当日运营',
    nextDay: '后一天',
    open: '取消场次…',
    ask: '取消该场次',
    needReason: '请填写中英文原因，游客将看到它',
    reasonZh: '原因（中文）',
    reasonEn: '原因（英文）',
    confirm: '确认取消',
    sentence: /^取消后不可恢复：\d+ 个已付款订单全额退款/,
    done: /^全部 \d+ 个订单已处理$/,
    refunded: '已全额退款',
    tag: '已取消',
    stop: '停售',
  },
  en: {
    day: 'The day',
    nextDay: 'The day after',
    open: 'Call the session off…',
    ask: 'Call it off',
    needReason: 'Give the reason in Chinese and English: visitors see it',
    reasonZh: 'Reason (Chinese)',
    reasonEn: 'Reason (English)',
    confirm: 'Call it off',
    sentence: /^This cannot be undone\. Paid orders refunded in full: \d+;/,
    done: /^Every order settled \(\d+\)$/,
    refunded: 'Refunded in full',
    tag: 'Called off',
    stop: 'Stop the sale',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`an admin calls a paid session off and sees every order settled, the visitor's refunded (${lang})`, async ({ page }) => {
    const { orderId } = await buyMainHall(page, lang, [lang === 'zh' ? '张三' : '李雷']);
    const token = (await page.context().cookies()).find((c) => c.name === 'ticket_token_individual')!.value;
    const detail = (
      await (await page.request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${orderId}`, { headers: { authorization: `Bearer ${token}` } })).json()
    ).data as { tickets: Array<{ hallScheduleId: number; visitDate: string }> };
    const { hallScheduleId, visitDate } = detail.tickets[0];

    await staffLogin(page, lang);
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: T.day, exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/day$/);
    // The screen opens on today (the browser's museum date); the order's day is today or later.
    let shown = museumDate(new Date());
    while (shown < visitDate) {
      await page.getByRole('button', { name: T.nextDay }).click();
      await expect(page.getByTestId('day-date')).not.toHaveText(shown);
      shown = (await page.getByTestId('day-date').textContent())!;
    }
    const session = page.locator(`[data-session="${hallScheduleId}"]`);
    await session.getByTestId('call-off-open').click();
    const panel = session.getByTestId('call-off');
    await panel.getByRole('button', { name: T.ask, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: T.needReason })).toBeVisible();
    const field = (label: string) =>
      panel
        .locator('.rv-field')
        .filter({ has: page.locator('.rv-field__label', { hasText: new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}$`) }) })
        .locator('input');
    await field(T.reasonZh).fill('水管爆裂');
    await field(T.reasonEn).fill('A burst pipe');
    await panel.getByRole('button', { name: T.ask, exact: true }).click();
    await expect(page.getByTestId('call-off-confirm')).toHaveText(T.sentence);
    await page.getByRole('button', { name: T.confirm, exact: true }).last().click();
    // The job settles the orders; the panel reads the progress until all are settled.
    await expect(panel.getByTestId('call-off-state')).toHaveText(T.done, { timeout: 60_000 });
    await expect(panel.getByTestId('call-off-order').filter({ hasText: T.refunded }).first()).toBeVisible();
    // The card says so, and offers no sale's controls any more.
    await expect(session.locator('.card__title')).toContainText(T.tag);
    await expect(session.getByRole('button', { name: T.stop })).toHaveCount(0);
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
