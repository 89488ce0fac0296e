/** After booking: the cart with its hold, paying the cart, changing the date, refunding,
 * and cancelling an unpaid order (zh). */
import { expect, test } from '@playwright/test';
import { loginByApi, newPhone, reviewOneAdult, shot, solveSlider } from './helpers.ts';

test('cart, pay, change date, refund', async ({ page }) => {
  await page.goto('/');
  await loginByApi(page, newPhone());
  await reviewOneAdult(page, '王五', '下一步');

  // Into the cart: the agreement first, no slider; the line holds stock with a countdown.
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '加入购物车' }).click();
  await expect(page).toHaveURL(/\/cart\/shoppingCart$/);
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expect(page.getByRole('timer')).toHaveText(/保留 1[45]:\d\d/);
  await shot(page, 'zh', '30-cart');

  // Pay the cart as one order.
  await page.getByRole('button', { name: /结算/ }).click();
  await solveSlider(page);
  await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
  await page.getByRole('button', { name: '立即支付' }).click();
  await page.locator('button.pay').click();
  await expect(page).toHaveURL(/\/order\/paySuccess\/\d+$/);
  const orderId = /paySuccess\/(\d+)/.exec(page.url())![1];

  // Change the date: tick the ticket, another day, a session of the same hall.
  await page.goto(`/individualCustomers/order/orderDetail/${orderId}`);
  await page.getByRole('button', { name: '改签' }).click();
  const sheet = page.getByRole('dialog');
  await sheet.getByRole('checkbox').first().check();
  await sheet.getByRole('button', { name: '下一步' }).click();
  await sheet.locator('.chip').nth(2).click();
  await sheet.locator('.session:not([disabled])').first().click();
  await shot(page, 'zh', '31-rebook-confirm');
  await sheet.getByRole('button', { name: '确认改签' }).click();
  await expect(sheet).toContainText('改签成功');
  await sheet.getByRole('button', { name: '知道了' }).click();
  await expect(page.locator('.card__title .tag').first()).toHaveText('已改签');
  await shot(page, 'zh', '32-order-changed');

  // Refund the new ticket.
  await page.getByRole('button', { name: '退票' }).click();
  await sheet.getByRole('checkbox').first().check();
  await sheet.getByRole('button', { name: '下一步' }).click();
  await shot(page, 'zh', '33-refund-alert');
  await sheet.getByRole('button', { name: '确认退票' }).click();
  await expect(sheet).toContainText('退票成功');
  await sheet.getByRole('button', { name: '知道了' }).click();
  await expect(page.locator('.card__title .tag').first()).toHaveText('已退款');
  await shot(page, 'zh', '34-order-refunded');
});

test('an unpaid order can be cancelled from its detail', async ({ page }) => {
  await page.goto('/');
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
