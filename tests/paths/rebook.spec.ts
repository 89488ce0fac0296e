/** The date change's browser paths: a new visitor with a paid order of two adults moves them
 * to another day from the order's page (the change sheet), in English. */
import en from '../../src/i18n/en.ts';
import { rebookInBrowser } from './models/orderLifecycle.ts';
import { browserPaths, expect } from './runner.ts';
import { newVisitor, paidOrder } from './setup.ts';

const sheet = (page: import('@playwright/test').Page) => page.locator('.sheet');

browserPaths('rebook', rebookInBrowser, {
  async start(page) {
    const { orderId, date } = await paidOrder(page, await newVisitor(page));
    await page.goto(`/individualCustomers/order/orderDetail/${orderId}`);
    await page.getByRole('button', { name: en.orderDetail.rebook }).click();
    return { date };
  },
  requests: {
    loadRules: '/order/refund/rules/',
    loadCalendar: '/pool/ingore/getCalendar',
    loadHalls: '/pool/ingore/getHall',
    rebook: '/config/orderRule/rebook/person',
  },
  act: {
    RETRY: (page) => sheet(page).getByRole('button', { name: en.common.retry }).click(),
    SELECT_ALL: (page) => sheet(page).locator('.pick-row input').first().click(),
    CONFIRM: (page) => sheet(page).getByRole('button', { name: en.common.next }).click(),
    PICK_DATE: (page) => sheet(page).locator('.chips .chip').last().click(),
    PICK_SESSION: (page) => sheet(page).locator('.session').first().click(),
    SUBMIT: (page) => sheet(page).getByRole('button', { name: en.rebook.submit }).click(),
    BACK: (page) => sheet(page).getByRole('button', { name: en.common.back }).click(),
  },
  sees: {
    // Loads and calls pass too quickly to look at; what follows them is looked at.
    'rebook.loading': null,
    'rebook.date.loading': null,
    'rebook.session.loading': null,
    'rebook.submitting': null,
    'rebook.failed': (page) => expect(sheet(page).getByRole('button', { name: en.common.retry })).toBeVisible(),
    'rebook.date.failed': (page) => expect(sheet(page).getByRole('button', { name: en.common.retry })).toBeVisible(),
    'rebook.session.failed': (page) => expect(sheet(page).getByRole('button', { name: en.common.retry })).toBeVisible(),
    'rebook.selecting': (page) => expect(sheet(page).locator('.pick-row')).toHaveCount(3),
    'rebook.date.ready': (page) => expect(sheet(page).locator('.chips .chip').first()).toBeVisible(),
    'rebook.session.ready': (page) => expect(sheet(page).locator('.session').first()).toBeVisible(),
    'rebook.confirming': (page) => expect(sheet(page).getByRole('button', { name: en.rebook.submit })).toBeVisible(),
    'rebook.done': (page) => expect(sheet(page).locator('.refund-done')).toBeVisible(),
  },
});
