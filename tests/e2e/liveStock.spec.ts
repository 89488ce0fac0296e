/** Stock that updates itself (docs/architecture.md §11): two visitors on the same session, each
 * in a browser of their own. One buys; the other, who opened the venue screen before, sees the
 * session's count fall without reloading; on a dome's seat map, the seat the other takes turns
 * sold with the map's own reload cut off. On an instance of its own: the sales change the stock
 * the other specs book from. The session is the main hall's first open one, found day by day
 * as `buyAndPay` finds it (today's may be over). */
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { anotherBuyerTakes, fillFirstVisitor, toCinemaFilms } from './cinemaKit.ts';
import { buyAndPay } from './gateKit.ts';
import { loginByApi, newPhone, shot } from './helpers.ts';
import { noSidewaysScroll, useLanguage } from './looks.ts';
import { ownServerTest as test } from './ownServer.ts';

const LEFT = { zh: (n: number) => `余${n}`, en: (n: number) => `${n} left` };
const OWN_SHOTS = '/work/shots/live';

/** The venue screen of the first day whose main hall has an open session; that session's row. */
async function watchFirstOpenSession(page: Page) {
  await loginByApi(page, newPhone());
  await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
  await page.goto('/individualCustomers/select/selectDate');
  const open = page.locator('[data-hall="main"] .session:not(.session--off)');
  for (let day = 0; ; day++) {
    await page.locator('.day--available').nth(day).click();
    await expect(page.locator('[data-hall="main"]')).toBeVisible();
    if ((await open.count()) > 0) break;
    await page.goBack();
    await expect(page).toHaveURL(/\/select\/selectDate/);
  }
  const time = (await open.first().locator('.session__time').textContent())!;
  return page.locator('[data-hall="main"] .session').filter({ has: page.locator('.session__time', { hasText: time }) });
}

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: a sale in one browser lowers the count another browser shows, without a reload`, async ({ page, browser, baseURL }) => {
    await useLanguage(page, lang);
    const row = await watchFirstOpenSession(page);
    const tag = row.locator('.tag--ok');
    const before = Number(/\d+/.exec((await tag.textContent())!)![0]);
    mkdirSync(OWN_SHOTS, { recursive: true });
    await page.screenshot({ path: `${OWN_SHOTS}/${lang}-venue-count-before.png`, scale: 'css' });
    // Marks this very document: a reload or a navigation would lose it.
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const buyer = await browser.newContext({ baseURL, viewport: { width: 375, height: 667 } });
    try {
      const other = await buyer.newPage();
      await other.addInitScript(() => localStorage.setItem('firstOrderTipsSeen', '1'));
      await buyAndPay(other, lang, ['张三', '李四']);
    } finally {
      await buyer.close();
    }

    await expect(tag).toHaveText(LEFT[lang](before - 2));
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await noSidewaysScroll(page);
    await row.scrollIntoViewIfNeeded();
    await shot(page, lang, 'live-stock-venue');
    await page.screenshot({ path: `${OWN_SHOTS}/${lang}-venue-count-live.png`, scale: 'css' });
  });
}

const SEATS = {
  zh: { films: '选择影片场次', choose: '选座购票', next: '下一步' },
  en: { films: 'Choose a film', choose: 'Choose seats', next: 'Next' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: a seat another browser takes turns sold on the open seat map, pushed`, async ({ page, browser, baseURL }) => {
    const T = SEATS[lang];
    // Its own row in each language: the two tests share the server.
    const seat = page.locator(`[data-seat="${lang === 'zh' ? 2 : 3}-5"]`);
    const { date, hallId } = await toCinemaFilms(page, lang, T.films);
    await page.locator('.film').first().getByRole('button', { name: T.choose }).click();
    await expect(page).toHaveURL(/\/select\/cinemaAddAudience\/\d+$/);
    const scheduleId = Number(/cinemaAddAudience\/(\d+)/.exec(page.url())![1]);
    await fillFirstVisitor(page, lang === 'zh' ? '311' : '312');
    await page.getByRole('button', { name: T.next }).click();
    await expect(seat).toBeVisible();
    await expect(seat).not.toHaveClass(/seat--sold/);
    // From here the map's own reload (every 5 s) fails: only the stream can show the seat taken.
    await page.route('**/prod-api/pool/getSeatByScheduleId**', (route) => route.abort());

    const buyer = await browser.newContext({ baseURL });
    try {
      await anotherBuyerTakes(await buyer.newPage(), date, hallId, scheduleId, `${lang === 'zh' ? 2 : 3}-5`);
    } finally {
      await buyer.close();
    }
    await expect(seat).toHaveClass(/seat--sold/);
    await seat.scrollIntoViewIfNeeded();
    await shot(page, lang, 'live-stock-seat');
    await page.screenshot({ path: `${OWN_SHOTS}/${lang}-seat-taken-live.png`, scale: 'css' });
  });
}
