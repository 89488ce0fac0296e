/** The closed days on the staff console's day screen (docs/product.md §2.5), zh and en at
 * 375x667: any day's screen lists the closed days from today on with their reasons, and one is
 * reopened there; visitors' calendar then shows it open. */
import { expect, test } from '@playwright/test';
import { shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage } from './looks.ts';

const T = {
  zh: { reopen: '恢复开馆', reason: '水管检修' },
  en: { reopen: 'Reopen', reason: 'Pipe repairs' },
} as const;

for (const [i, lang] of (['zh', 'en'] as const).entries()) {
  const L = T[lang];
  test(`the day screen lists the closed days with their reasons and reopens one (${lang})`, async ({ page }) => {
    // A day near the end of the booking window, closed through the staff API (nobody books it here).
    const days = (await (await page.request.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
    const date = days.filter((d) => d.state === 'available').at(-1 - i)!.date;
    const login = await page.request.post('/prod-api/staff/login', { data: { username: 'staff', password: 'Museum2026' } });
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    const closed = await page.request.post('/prod-api/staff/days/close', {
      headers,
      data: { date, closed: true, reasonZh: '水管检修', reasonEn: 'Pipe repairs' },
    });
    expect((await closed.json()).code).toBe(200);

    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await expect(page).toHaveURL(/\/staff$/);
    await page.goto('/staff/day');
    const list = page.getByTestId('closed-days');
    await expect(list).toContainText(`${date} ${L.reason}`);
    const reopen = list.getByRole('button', { name: `${L.reopen} ${date}` });
    await reopen.scrollIntoViewIfNeeded();
    await tapTarget(reopen);
    await noSidewaysScroll(page);
    await shot(page, lang, 'closed-days-01');
    await reopen.click();
    await expect(reopen).toHaveCount(0);
    const calendar = (await (await page.request.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
    expect(calendar.find((d) => d.date === date)?.state).not.toBe('closed');
  });
}
