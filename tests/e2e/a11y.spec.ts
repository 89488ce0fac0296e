/** What a visitor using a screen reader or a thumb notices beyond what axe reads (docs/product.md
 * §2.9): a field is named by its visible label, a tap on the label puts the cursor in it, its
 * message under it describes it, and its input fills the row's 44 px; the small controls are
 * 44x44 px tap targets. In zh and en at 375x667. */
import { expect, test, type Page } from '@playwright/test';
import { loginByApi, mainlandId, newPhone, shot } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage } from './looks.ts';

const TEXT = {
  zh: { username: '用户名', password: '密码', teamName: '团体名称', submit: '提交注册', required: '团体名称不能为空', next: '下一步', submitOrder: '提交订单' },
  en: {
    username: 'Username',
    password: 'Password',
    teamName: 'Group name',
    submit: 'Submit',
    required: 'Group name cannot be empty',
    next: 'Next',
    submitOrder: 'Place order',
  },
};

/** The label's text is tapped, then its field has the cursor. */
async function labelFocuses(page: Page, label: string) {
  const field = page.getByLabel(label, { exact: true });
  await page.locator('.rv-field__label label', { hasText: new RegExp(`^${label}$`) }).click();
  await expect(field).toBeFocused();
  const box = (await field.boundingBox())!;
  expect(Math.round(box.height), `the input of "${label}" fills its row`).toBeGreaterThanOrEqual(44);
}

/** Every control of the screen's fields has a label that names it. */
async function everyFieldNamed(page: Page) {
  const unnamed = await page
    .locator('.rv-field :is(input, select, textarea)')
    .evaluateAll((controls) => controls.filter((c) => ((c as HTMLInputElement).labels?.length ?? 0) === 0).map((c) => c.outerHTML.slice(0, 80)));
  expect(unnamed, 'fields without a label').toEqual([]);
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];

  test(`a field is named by its label, which focuses it; its message describes it (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.goto('/staff/login');
    await expect(page.getByLabel(T.password, { exact: true })).toHaveAttribute('type', 'password');
    await labelFocuses(page, T.username);
    await labelFocuses(page, T.password);
    await everyFieldNamed(page);

    await page.goto('/team/register');
    await everyFieldNamed(page);
    await labelFocuses(page, T.teamName);
    await page.getByRole('button', { name: T.submit }).click();
    const teamName = page.getByLabel(T.teamName, { exact: true });
    await expect(teamName).toHaveAccessibleDescription(T.required);
    await expect(teamName).toHaveAttribute('aria-invalid', 'true');
    await teamName.fill('科技中学');
    await expect(teamName).not.toHaveAttribute('aria-invalid');
  });

  test(`the small controls are 44x44 px: language, days, ticket types, certificate type, new puzzle (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await loginByApi(page, newPhone());
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await page.goto('/individualCustomers/select/selectDate');
    await tapTarget(page.locator('.lang-switch'));
    const days = page.locator('.day-grid .day');
    await expect(days.first()).toBeVisible();
    for (const day of await days.all()) await tapTarget(day);
    await noSidewaysScroll(page);

    await page.locator('.day--available').nth(1).click();
    await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
    await page.getByRole('button', { name: T.next }).click();
    const visitor = page.locator('.visitor').first();
    await expect(visitor).toBeVisible();
    for (const chip of await visitor.locator('.chip').all()) await tapTarget(chip);
    await tapTarget(visitor.locator('select'));
    await everyFieldNamed(page);

    await visitor
      .locator('input')
      .first()
      .fill(lang === 'zh' ? '周七' : '吴七');
    await visitor
      .locator('input')
      .nth(1)
      .fill(mainlandId('1990-01-01', String(Date.now()).slice(-3)));
    await page.getByRole('button', { name: T.next }).click();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: T.submitOrder }).click();
    const refresh = page.locator('.slider-captcha__refresh:visible');
    await tapTarget(refresh);
    await shot(page, lang, 'a11y-slider');
  });
}
