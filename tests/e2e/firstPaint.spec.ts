/** The first screen before and after its code: what a slow phone shows while the JavaScript is
 * on its way (the page's shell, the museum's notice in it), and that the app then takes over
 * with the answers the page asked for early, under the page's strict CSP. */
import { expect, test, type Page } from '@playwright/test';
import { shot } from './helpers.ts';

const FIRST = '/individualCustomers/select/selectDate';

/** The page as it is before any script of the app arrives. */
async function withoutCode(page: Page) {
  await page.route('**/assets/*.js', (route) => route.abort());
}

const noSideScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test('before its code arrives, the calendar shows the museum, the calendar frame and the notice (zh)', async ({ browser }) => {
  // A first visit: no stored notice or tips seen.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  await withoutCode(page);
  await page.goto(FIRST);
  const shell = page.locator('#boot');
  expect(await shell.locator('.top-bar__title').innerText()).toBe('科技馆票务系统');
  await expect(shell.getByText('选择参观日期')).toBeVisible();
  // Only the visitor's language shows (the other one's words are in the page, hidden).
  expect(await shell.locator('.day-grid__head').first().innerText()).toBe('一');
  await expect(shell.locator('.day--skeleton')).toHaveCount(14);
  await expect(shell.locator('.sheet .rich-text')).toContainText('公告');
  // Its buttons wait for the code: a tap does nothing it cannot finish.
  await expect(shell.getByText('我已知晓')).toBeDisabled();
  await noSideScroll(page);
  await shot(page, 'zh', '90-first-paint-before-code');
  await context.close();
});

test('before its code arrives, a visitor who chose English sees the frame in English, without the zh notice', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  await withoutCode(page);
  await page.goto(FIRST);
  const shell = page.locator('#boot');
  await expect(shell.getByText('Choose a date')).toBeVisible();
  await expect(shell.getByText('选择参观日期')).toBeHidden();
  // The museum's name as the app will show it, not its zh name first.
  expect(await shell.locator('.top-bar__title').innerText()).toBe('Science Museum Tickets');
  expect(await shell.locator('.day-grid__head').first().innerText()).toBe('Mon');
  await expect(shell.locator('.sheet')).toBeHidden();
  await noSideScroll(page);
  await shot(page, 'en', '90-first-paint-before-code');
  await context.close();
});

test('another screen paints only the top bar before its code', async ({ page }) => {
  await withoutCode(page);
  await page.goto('/individualCustomers/login');
  await expect(page.locator('#boot .top-bar')).toBeVisible();
  await expect(page.locator('#boot .day-grid')).toBeHidden();
  await expect(page.locator('#boot .sheet')).toHaveCount(0);
});

test('the app takes over: one settings and one calendar request, the shell gone, the notice works, no CSP refusal', async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const asked = { config: 0, calendar: 0 };
  page.on('request', (request) => {
    if (request.url().includes('gainAllSystemConfigLogin')) asked.config += 1;
    if (request.url().includes('getCalendar')) asked.calendar += 1;
  });
  await page.goto(FIRST);
  await expect(page.locator('.day-grid button.day').first()).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);
  // The app's own notice, over the calendar: its button closes it.
  await page.getByRole('button', { name: '我已知晓' }).click();
  await expect(page.locator('.sheet')).toHaveCount(0);
  await expect(page.locator('.day--available').first()).toBeVisible();
  expect(asked).toEqual({ config: 1, calendar: 1 });
  expect(refused).toEqual([]);
  await context.close();
});
