/** After booking: the cart with its hold, paying the cart, changing the date, refunding
 * (zh and en), and cancelling an unpaid order (zh). */
import { expect, test } from '@playwright/test';
import { loginByApi, newPhone, reviewOneAdult, shot, solveSlider } from './helpers.ts';

const TEXT = {
  zh: {
    next: '下一步',
    addToCart: '加入购物车',
    hold: /保留 1[45]:\d\d/,
    checkout: /结算/,
    pay: '立即支付',
    rebook: '改签',
    confirmRebook: '确认改签',
    rebooked: '改签成功',
    ok: '知道了',
    changed: '已改签',
    refund: '退票',
    confirmRefund: '确认退票',
    refunded: '退票成功',
    refundedStatus: '已退款',
    rulesFailed: '退改规则加载失败，请重试',
    retry: '重试',
  },
  en: {
    next: 'Next',
    addToCart: 'Add to cart',
    hold: /Held 1[45]:\d\d/,
    checkout: /Pay \(/,
    pay: 'Pay now',
    rebook: 'Change date',
    confirmRebook: 'Confirm change',
    rebooked: 'Changed to',
    ok: 'OK',
    changed: 'Changed',
    refund: 'Refund',
    confirmRefund: 'Confirm refund',
    refunded: 'Refunded.',
    refundedStatus: 'Refunded',
    rulesFailed: 'The refund and change rules could not be loaded. Please try again.',
    retry: 'Retry',
  },
} as const;

for (const lang of ['zh', 'en'] as const)
  test(`cart, pay, change date, refund (${lang})`, async ({ page }) => {
    const T = TEXT[lang];
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await loginByApi(page, newPhone());
    await reviewOneAdult(page, '王五', T.next);

    // Into the cart: the agreement first, no slider; the line holds stock with a countdown.
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: T.addToCart }).click();
    await expect(page).toHaveURL(/\/cart\/shoppingCart$/);
    await expect(page.locator('.cart-line')).toHaveCount(1);
    await expect(page.getByRole('timer')).toHaveText(T.hold);
    await shot(page, lang, '30-cart');

    // Pay the cart as one order.
    await page.getByRole('button', { name: T.checkout }).click();
    await solveSlider(page);
    await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
    await page.getByRole('button', { name: T.pay }).click();
    await page.locator('button.pay').click();
    await expect(page).toHaveURL(/\/order\/paySuccess\/\d+$/);
    const orderId = /paySuccess\/(\d+)/.exec(page.url())![1];

    // Change the date: tick the ticket, another day, a session of the same hall.
    await page.goto(`/individualCustomers/order/orderDetail/${orderId}`);
    await page.getByRole('button', { name: T.rebook }).click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('checkbox').first().check();
    await sheet.getByRole('button', { name: T.next }).click();
    await sheet.locator('.chip').nth(2).click();
    await sheet.locator('.session:not([disabled])').first().click();
    await shot(page, lang, '31-rebook-confirm');
    await sheet.getByRole('button', { name: T.confirmRebook }).click();
    await expect(sheet).toContainText(T.rebooked);
    await sheet.getByRole('button', { name: T.ok }).click();
    await expect(page.locator('.card__title .tag').first()).toHaveText(T.changed);
    await shot(page, lang, '32-order-changed');

    // Refund the new ticket. The first load of the refund rules fails: the sheet says so and retries.
    await page.route('**/prod-api/order/refund/rules/**', (route) => route.fulfill({ json: { code: 500, msg: 'busy', data: null } }), { times: 1 });
    await page.getByRole('button', { name: T.refund }).click();
    await expect(sheet.getByRole('alert')).toHaveText(T.rulesFailed);
    await shot(page, lang, '33-refund-rules-failed');
    await sheet.getByRole('button', { name: T.retry }).click();
    await sheet.getByRole('checkbox').first().check();
    await sheet.getByRole('button', { name: T.next }).click();
    await shot(page, lang, '33-refund-alert');
    await sheet.getByRole('button', { name: T.confirmRefund }).click();
    await expect(sheet).toContainText(T.refunded);
    await sheet.getByRole('button', { name: T.ok }).click();
    await expect(page.locator('.card__title .tag').first()).toHaveText(T.refundedStatus);
    // The refund's own line: the simulator pays back at once (a real platform says "on its way" first).
    await expect(page.getByTestId('refund-lines').locator('.tag')).toHaveText([T.refundedStatus]);
    await page.getByTestId('refund-lines').scrollIntoViewIfNeeded();
    await shot(page, lang, '34-order-refunded');
  });

test('an unpaid order can be cancelled from its detail', async ({ page }) => {
  await loginByApi(page, newPhone());
  await reviewOneAdult(page, '赵六', '下一步');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await solveSlider(page);
  await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
  const orderId = /payOrder\/(\d+)/.exec(page.url())![1];
  await page.goto(`/individualCustomers/order/orderDetail/${orderId}`);
  await page.getByRole('button', { name: '取消订单' }).click();
  await page.locator('.rv-dialog').getByRole('button', { name: '取消订单' }).click();
  await expect(page.locator('.card__title .tag').first()).toHaveText('已取消');
  await shot(page, 'zh', '35-order-canceled');
});

test('a cart of another date is emptied only when the visitor agrees; removing a line returns it', async ({ page }) => {
  await loginByApi(page, newPhone());
  const first = await reviewOneAdult(page, '钱七', '下一步', 1);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page.locator('.cart-line')).toContainText(first);

  const second = await reviewOneAdult(page, '孙八', '下一步', 2);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '加入购物车' }).click();
  const dialog = page.locator('.rv-dialog');
  await expect(dialog).toContainText('购物车中有其他日期的门票');
  await shot(page, 'zh', '36-cart-other-date');
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/\/select\/addAudienceSure$/);
  await page.getByRole('button', { name: '加入购物车' }).click();
  await page.locator('.rv-dialog').getByRole('button', { name: '清空并加入' }).click();
  await expect(page).toHaveURL(/\/cart\/shoppingCart$/);
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expect(page.locator('.cart-line')).toContainText(second);

  await page.locator('.cart-line').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('购物车是空的')).toBeVisible();
});
