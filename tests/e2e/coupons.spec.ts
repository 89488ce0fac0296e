/** Coupons in the browser, zh and en: from her centre the visitor redeems a demo code (a wrong
 * code and an expired one refused where the eye is), books the main hall choosing the coupon
 * for her visitor, sees the discount and the server's lower total, and then the coupon used. */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_COUPONS } from '../../server/seed/coupons.ts';
import { fill, loginByApi, mainlandId, newPhone, shot, solveSlider } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const T = {
  zh: {
    coupons: '我的优惠券',
    code: '兑换码',
    redeem: '兑换',
    notFound: '兑换码不存在，请核对后重新输入',
    expired: '该优惠券已过期',
    bound: '已兑换',
    valid: '可使用',
    used: '已使用',
    next: '下一步',
    submit: '提交订单',
    discount: '优惠券抵扣',
    worth: '立减¥10',
  },
  en: {
    coupons: 'My coupons',
    code: 'Code',
    redeem: 'Redeem',
    notFound: 'This redemption code does not exist; please check it and try again',
    expired: 'This coupon has expired',
    bound: 'Redeemed',
    valid: 'Valid',
    used: 'Used',
    next: 'Next',
    submit: 'Place order',
    discount: 'Coupons',
    worth: '¥10 off',
  },
} as const;

async function looksRight(page: Page) {
  await noSidewaysScroll(page);
  await noWordBrokenMidWord(page.locator('body'));
}

for (const [i, lang] of (['zh', 'en'] as const).entries()) {
  const L = T[lang];
  const code = DEMO_COUPONS.tenOff[i];

  test(`redeem a demo code, book with it for less, see it used (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await loginByApi(page, `${newPhone().slice(0, 10)}${i + 5}`);
    await page.goto('/individualCustomers/personalCenter/personHome');
    await page.getByRole('link', { name: L.coupons, exact: true }).click();
    await expect(page).toHaveURL(/\/personalCenter\/coupon$/);

    // Refusals under the field, where the eye is.
    await fill(page, L.code, 'NO-SUCH-CODE');
    await page.getByRole('button', { name: L.redeem, exact: true }).click();
    const refusal = page.getByText(L.notFound);
    await expect(refusal).toBeVisible();
    await whereTheEyeIs(page, refusal);
    await looksRight(page);
    await shot(page, lang, '180-coupon-refused');
    await fill(page, L.code, DEMO_COUPONS.expired[1 + i]);
    await page.getByRole('button', { name: L.redeem, exact: true }).click();
    await expect(page.getByText(L.expired)).toBeVisible();

    // Redeemed: listed as valid, with what it is worth.
    await fill(page, L.code, code.toLowerCase());
    await page.getByRole('button', { name: L.redeem, exact: true }).click();
    await expect(page.getByText(L.bound).first()).toBeVisible();
    const card = page.getByTestId('coupon');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(code);
    await expect(card).toContainText(L.worth);
    for (const tab of await page.getByRole('tab').all()) await tapTarget(tab);
    await tapTarget(page.getByRole('button', { name: L.redeem, exact: true }));
    await looksRight(page);
    await shot(page, lang, '181-coupon-valid');

    // Booking: the main hall, one adult, the coupon chosen for her.
    await page.goto('/individualCustomers/select/selectDate');
    await page.locator('.day--available').nth(2).click();
    await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
    await page.getByRole('button', { name: L.next }).click();
    const visitor = page.locator('.visitor').first();
    await visitor
      .locator('input')
      .first()
      .fill(lang === 'zh' ? '王小明' : '李小红');
    await visitor
      .locator('input')
      .nth(1)
      .fill(mainlandId('1988-08-08', String(Date.now()).slice(-3)));
    const pick = visitor.locator('select[name="coupon-0"]');
    await tapTarget(pick);
    await pick.selectOption(code);
    await pick.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await looksRight(page);
    await shot(page, lang, '182-coupon-chosen');
    await page.getByRole('button', { name: L.next }).click();

    // The summary: the coupon's discount and the server's total, ¥30 - ¥10.
    await expect(page).toHaveURL(/\/select\/addAudienceSure$/);
    await expect(page.getByTestId('discount')).toContainText('-¥10');
    await expect(page.locator('.footer-bar__sum')).toContainText('¥20');
    await looksRight(page);
    await shot(page, lang, '183-coupon-review');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: L.submit }).click();
    await solveSlider(page);
    await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
    await expect(page.locator('body')).toContainText('¥20');

    // Spent: listed as used, no longer valid.
    await page.goto('/individualCustomers/personalCenter/coupon');
    await expect(page.getByRole('tab', { name: new RegExp(`${L.valid} \\(0\\)`) })).toBeVisible();
    await page.getByRole('tab', { name: new RegExp(L.used) }).click();
    await expect(page.getByTestId('coupon')).toContainText(code);
    await looksRight(page);
    await shot(page, lang, '184-coupon-used');
  });
}
