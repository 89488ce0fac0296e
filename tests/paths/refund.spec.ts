/** The refund's browser paths: a new visitor with a paid order of two adults refunds from the
 * order's page (the refund sheet), in English. */
import en from '../../src/i18n/en.ts';
import { refundInBrowser } from './models/orderLifecycle.ts';
import { browserPaths, expect } from './runner.ts';
import { newVisitor, paidOrder } from './setup.ts';

const sheet = (page: import('@playwright/test').Page) => page.locator('.sheet');

browserPaths('refund', refundInBrowser, {
  async start(page) {
    const { orderId } = await paidOrder(page, await newVisitor(page));
    await page.goto(`/individualCustomers/order/orderDetail/${orderId}`);
    await page.getByRole('button', { name: en.orderDetail.refund }).click();
    return {};
  },
  requests: { loadRules: '/order/refund/rules/', checkBlack: '/order/refund/refundCheckBlack', refund: '/order/refund/frontUserRefund' },
  act: {
    RETRY: (page) => sheet(page).getByRole('button', { name: en.common.retry }).click(),
    TOGGLE: (page) => sheet(page).locator('.pick-row input').nth(1).click(),
    SELECT_ALL: (page) => sheet(page).locator('.pick-row input').first().click(),
    CONFIRM: (page) => sheet(page).getByRole('button', { name: en.common.next }).click(),
    SUBMIT: (page) => sheet(page).getByRole('button', { name: en.refund.submit }).click(),
    BACK: (page) => sheet(page).getByRole('button', { name: en.common.back }).click(),
  },
  sees: {
    // Loads and calls pass too quickly to look at; what follows them is looked at.
    'refund.loading': null,
    'refund.checking': null,
    'refund.submitting': null,
    'refund.failed': (page) => expect(sheet(page).getByRole('button', { name: en.common.retry })).toBeVisible(),
    'refund.selecting': async (page) => {
      await expect(sheet(page).locator('.pick-row')).toHaveCount(3); // All, and two tickets
      await expect(sheet(page).getByRole('button', { name: en.common.next })).toBeEnabled();
    },
    'refund.confirming': (page) => expect(sheet(page).getByRole('button', { name: en.refund.submit })).toBeVisible(),
    'refund.done': (page) => expect(sheet(page).locator('.refund-done')).toBeVisible(),
  },
});
