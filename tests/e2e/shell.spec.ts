/** The app shell: the route guard, an expired login (401), the login error query, 404. */
import { expect, test } from '@playwright/test';
import { loginByApi, newPhone, shot } from './helpers.ts';
import { DEMO_SCHOOL } from '../../server/seed/accounts.ts';
import { loginTeam } from './teamKit.ts';

test('an expired login asks to log in again and comes back to the page', async ({ page, context }) => {
  await context.addCookies([{ name: 'ticket_token_individual', value: 'expired-or-forged', url: 'http://127.0.0.1' }]);
  await page.goto('/individualCustomers/order/orderRecord');
  const dialog = page.locator('.rv-dialog'); // react-vant's Dialog has no dialog role
  await expect(dialog).toContainText('登录状态已过期');
  await shot(page, 'zh', '20-session-expired');
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/\/individualCustomers\/login\?redirect=%2FindividualCustomers%2Forder%2ForderRecord$/);
});

test('cancelling the expired-login dialog logs out and returns to the start page', async ({ page, context }) => {
  await context.addCookies([{ name: 'ticket_token_individual', value: 'expired-or-forged', url: 'http://127.0.0.1' }]);
  await page.goto('/individualCustomers/order/orderRecord');
  await page.locator('.rv-dialog').getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/\/individualCustomers\/select\/selectDate$/);
  expect((await context.cookies()).find((c) => c.name === 'ticket_token_individual')).toBeUndefined();
});

test('a page that needs login sends the visitor to login with a redirect inside the app', async ({ page }) => {
  await page.goto('/individualCustomers/select/addAudienceSure');
  await expect(page).toHaveURL(/\/individualCustomers\/login\?redirect=%2FindividualCustomers%2Fselect%2FaddAudienceSure$/);
  await page.goto('/select/selectDate');
  await expect(page).toHaveURL(/\/individualCustomers\/select\/selectDate$/);
});

test("a visitor's register and forgotten-password links open her code login; a team's hall-named visitors step is no 404", async ({ page }) => {
  for (const path of ['/individualCustomers/register', '/individualCustomers/forgetPassword']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();
  }
  await page.goto('/team/select/addAudience/1');
  await expect(page).toHaveURL(/\/team\/login\?redirect=%2Fteam%2Fselect%2FaddAudience%2F1$/);
});

test('a login error in the URL is shown once, then the visitor starts over', async ({ page }) => {
  await page.goto('/individualCustomers/login?errorMsg=%E6%8E%88%E6%9D%83%E5%A4%B1%E8%B4%A5');
  await expect(page.getByText('授权失败')).toBeVisible();
  await expect(page).toHaveURL(/\/individualCustomers\/select\/selectDate$/);
});

test('the not-found page and the team area say what they are', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByText('404')).toBeVisible();
  await shot(page, 'zh', '21-not-found');
  // The team area starts at its login; logged in, its screens open (its message board here).
  await page.goto('/team');
  await expect(page).toHaveURL(/\/team\/login\?redirect=/);
  await loginTeam(page, DEMO_SCHOOL);
  await page.goto('/team/message/fillIn');
  await expect(page.getByRole('radio', { name: '咨询' })).toBeVisible();
  await shot(page, 'zh', '22-team');
});

test('the venue page follows the day in its URL; a day that cannot be booked goes back to the calendar', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
  await loginByApi(page, newPhone());
  const days = (await (await page.request.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
  const closed = days.find((d) => d.state === 'closed')!.date;
  const [, first, second] = days.filter((d) => d.state === 'available').map((d) => d.date);

  await page.goto(`/individualCustomers/select/selectVenues?date=${closed}`);
  await expect(page).toHaveURL(/\/select\/selectDate$/);

  await page.locator(`[data-date="${first}"]`).click();
  await expect(page.locator('.screen__body .card').first()).toContainText(first);
  await page.goBack();
  await expect(page).toHaveURL(/\/select\/selectDate$/);
  await page.locator(`[data-date="${second}"]`).click();
  await expect(page).toHaveURL(new RegExp(`selectVenues\\?date=${second}$`));
  await expect(page.locator('.screen__body .card').first()).toContainText(second);
  await expect(page.locator('[data-hall="main"]')).toBeVisible();
});
