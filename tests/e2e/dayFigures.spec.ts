/** The staff day screen's figures (docs/product.md §2.5), read as a reviewer reads them: an unpaid
 * order's tickets are held, not sold, until it is paid. On a server of its own, so that no other
 * spec's order moves the figures of the session it reads between two looks. zh and en, at 375x667. */
import { expect, type Page } from '@playwright/test';
import { museumDate } from '../../src/domain/museumTime.ts';
import { shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, useLanguage } from './looks.ts';
import { payByApi, unpaidOrder } from './orderKit.ts';
import { ownServerTest as test } from './ownServer.ts';

const TEXT = {
  zh: { day: '当日运营', nextDay: '后一天', sold: '已售', held: '保留' },
  en: { day: 'The day', nextDay: 'The day after', sold: 'Sold', held: 'Held' },
} as const;

/** The figure named `label` of the session card. */
const figure = (page: Page, scheduleId: number, label: string) =>
  page
    .locator(`[data-session="${scheduleId}"] .day-figures > div`)
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

/** Moves the day screen, which opens on today (the browser's museum date), on to `date`. */
async function dayOf(page: Page, date: string, nextDay: string) {
  let shown = museumDate(new Date());
  await expect(page.getByTestId('day-date')).toHaveText(shown);
  while (shown < date) {
    await page.getByRole('button', { name: nextDay }).click();
    await expect(page.getByTestId('day-date')).not.toHaveText(shown);
    shown = (await page.getByTestId('day-date').textContent())!;
  }
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`an unpaid order is held on the day screen, and sold once paid (${lang})`, async ({ page }) => {
    const order = await unpaidOrder(page, ['周一', '周二']);
    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await page.getByRole('link', { name: T.day, exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/day$/);
    await dayOf(page, order.visitDate, T.nextDay);
    const sold = figure(page, order.hallScheduleId, T.sold);
    const held = figure(page, order.hallScheduleId, T.held);
    const count = async (dd: typeof sold) => Number(await dd.textContent());
    await expect(held).not.toHaveText('0');
    const [heldBefore, soldBefore] = [await count(held), await count(sold)];
    await noSidewaysScroll(page);
    await shot(page, lang, '98-staff-day-held');

    // Paid, its two tickets move from held to sold.
    await payByApi(page, order);
    await page.reload();
    await dayOf(page, order.visitDate, T.nextDay);
    await expect(held).toHaveText(String(heldBefore - 2));
    await expect(sold).toHaveText(String(soldBefore + 2));
  });
}
