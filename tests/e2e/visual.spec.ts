/** What a new visitor sees, measured: refusals where the eye is, no sideways scroll at 375 px,
 * no word broken mid-word, 44 px tap targets, 404 for a mistyped link, and no login dialog on
 * a screen that needs no login. In zh and in en. */
import { expect, test } from '@playwright/test';
import { loginByApi, newPhone, reviewOneAdult, shot, solveSlider } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, placeholdersWhole, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const TEXT = {
  zh: { next: '下一步', submit: '提交订单', agreement: '请先阅读并同意购票协议', login: '登录' },
  en: { next: 'Next', submit: 'Place order', agreement: 'Please read and accept the agreement first', login: 'Log in' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`refusals in view, no sideways scroll, whole words, 44 px targets (${lang})`, async ({ page }) => {
    const T = TEXT[lang];
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));

    // The calendar, and the calendar again after a toast (react-vant's sheets arrive with it).
    await page.goto('/individualCustomers/select/selectDate');
    await expect(page.locator('.day--available').first()).toBeVisible();
    await noSidewaysScroll(page);
    const fontBefore = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    await tapTarget(page.locator('.card__title .link').first());
    // A day that cannot be booked is aria-disabled, and a tap says why.
    await page.locator('.day--notReleased').first().click({ force: true });
    const toast = page.locator('.rv-toast');
    await expect(toast).toBeVisible();
    await noWordBrokenMidWord(toast);
    await noSidewaysScroll(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily), 'one font stack').toBe(fontBefore);
    await shot(page, lang, '40-calendar-after-toast');

    // Login: inputs and the code button are full-size targets on one line.
    await page.goto('/individualCustomers/login');
    const code = page.locator('.code-btn');
    await tapTarget(code);
    for (const input of await page.locator('.rv-field__body').all()) expect((await input.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const codeInput = (await page.locator('.rv-field input').nth(1).boundingBox())!;
    const button = (await code.boundingBox())!;
    expect(Math.abs(button.y + button.height / 2 - (codeInput.y + codeInput.height / 2)), 'code button beside its input').toBeLessThan(12);
    await placeholdersWhole(page);
    await noSidewaysScroll(page);

    // The venue screen of the day with a stopped session: its reason wraps within the screen.
    await loginByApi(page, newPhone());
    const calendar = (await (await page.request.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
    let stoppedDay: string | undefined;
    // Not today: its sessions already over are "stopped" too (ended), and the venue screen leaves them out.
    for (const { date } of calendar.filter((d, i) => d.state === 'available' && i > 0)) {
      const halls = (await (await page.request.get(`/prod-api/pool/ingore/getHall?queryDate=${date}`)).json()).data as Array<{
        scheduleTicketPoolVOS: Array<{ state: string }>;
      }>;
      if (halls.some((h) => h.scheduleTicketPoolVOS.some((s) => s.state === 'stopped'))) stoppedDay ??= date;
    }
    await page.goto(`/individualCustomers/select/selectVenues?date=${stoppedDay}`);
    const reason = page.locator('.session--off .tag--reason').first();
    await expect(reason).toBeVisible();
    await noWordBrokenMidWord(reason);
    await noSidewaysScroll(page);

    // The review: placing an order without the agreement is refused where the eye is.
    await reviewOneAdult(page, lang === 'zh' ? '赵六' : '赵六', T.next);
    await page.getByRole('button', { name: T.submit }).click();
    const refusal = page.getByRole('alert').filter({ hasText: T.agreement });
    await whereTheEyeIs(page, refusal);
    await noWordBrokenMidWord(refusal);
    await noSidewaysScroll(page);
    await shot(page, lang, '41-agreement-refused');

    // Paid later: the pay-failed toast keeps its words whole.
    await page.locator('.agreement input').check();
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);
    await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
    await page.goto(`${page.url()}?payFailed=1`);
    await expect(toast).toBeVisible();
    await shot(page, lang, '42-pay-failed-toast');
    await noWordBrokenMidWord(toast);
    await noSidewaysScroll(page);
  });
}

test('a mistyped link is a 404 for a stranger, not a login', async ({ page }) => {
  await page.goto('/individualCustomers/select/selectDatee');
  await expect(page).toHaveURL(/\/404$/);
  await page.goto('/individualCustomers/order/orderDetails/1');
  await expect(page).toHaveURL(/\/404$/);
});

test('paySuccess opens without login and asks for none with a dialog', async ({ page }) => {
  await page.goto('/individualCustomers/order/paySuccess/1');
  await expect(page.getByText('登录后可查看本订单的入馆二维码')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/order\/paySuccess\/1$/);
  await shot(page, 'zh', '43-pay-success-logged-out');
});
