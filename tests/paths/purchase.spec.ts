/** The purchase's browser paths: a new visitor books the main hall in English, from the
 * calendar to the payment page or the cart; the steps and states as tests/paths/runner.ts reads them. */
import en from '../../src/i18n/en.ts';
import { loginByApi, mainlandId, newPhone, solveSlider } from '../e2e/helpers.ts';
import { purchaseInBrowser } from './models/purchase.ts';
import { browserPaths, expect } from './runner.ts';

let visitors = 0;
const retry = (page: import('@playwright/test').Page) =>
  expect(
    page
      .getByRole('button', { name: en.common.retry })
      .or(page.getByRole('link', { name: en.common.retry }))
      .first(),
  ).toBeVisible();

browserPaths('purchase', purchaseInBrowser, {
  async start(page) {
    await page.addInitScript(() => {
      localStorage.setItem('language', 'en');
      sessionStorage.setItem('noticeSeen', '1');
    });
    await loginByApi(page, newPhone());
    await page.goto('/individualCustomers/select/selectDate');
    return { seq: String(100 + (++visitors % 900)) };
  },
  requests: {
    loadCalendar: '/pool/ingore/getCalendar',
    loadHalls: '/pool/ingore/getHall',
    checkUnpaid: '/config/orderRule/selectNotPayOrderByUserId',
    checkQueue: '/queue/check',
    loadSetting: '/pool/getHallPoolPersonSetting',
    calculatePrice: '/config/orderRule/calculatePrice',
    placeOrder: '/config/orderRule/placeOrder',
    addToCart: '/config/orderRule/placeOrder',
  },
  act: {
    RETRY: (page) =>
      page
        .getByRole('button', { name: en.common.retry })
        .or(page.locator('button.link', { hasText: en.common.retry }))
        .first()
        .click(),
    PICK_DATE: (page) => page.locator('.day--available').nth(1).click(),
    PICK_SESSION: async (page) => {
      await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
      await page.getByRole('button', { name: en.common.next }).click();
    },
    'VISITOR.CHANGE': (page, event, ctx) =>
      event.field === 'name'
        ? page.locator('.visitor input').first().fill('孙满仓')
        : page.locator('.visitor input').nth(1).fill(mainlandId('1990-05-15', ctx.seq)),
    CONFIRM: (page) => page.getByRole('button', { name: en.common.next }).click(),
    'AGREEMENT.TOGGLE': (page) => page.getByRole('checkbox').click(),
    SUBMIT: (page) => page.getByRole('button', { name: en.review.submit }).click(),
    ADD_TO_CART: (page) => page.getByRole('button', { name: en.cart.add }).click(),
    'SLIDER.PASSED': (page) => solveSlider(page),
    'SLIDER.CANCEL': (page) => page.locator('.sheet').getByRole('button', { name: en.common.close }).click(),
  },
  sees: {
    // Loads pass too quickly to look at; what follows them is looked at.
    'purchase.date.loading': null,
    'purchase.venue.loading': null,
    'purchase.checkingUnpaid': null,
    'purchase.queue.checking': null,
    'purchase.loadingSetting': null,
    'purchase.review.pricing': null,
    'purchase.review.submitting': null,
    'purchase.review.addingToCart': null,
    'purchase.date.failed': async (page) => {
      await expect(page.getByText(en.errors.calendar)).toBeVisible();
      await retry(page);
    },
    'purchase.venue.failed': retry,
    'purchase.review.failed': retry,
    'purchase.date.ready': (page) => expect(page.locator('.day--available').nth(1)).toBeVisible(),
    'purchase.venue.ready': async (page) => {
      await expect(page).toHaveURL(/\/select\/selectVenues/);
      await expect(page.locator('[data-hall="main"] .session').first()).toBeVisible();
    },
    'purchase.visitors.editing': async (page) => {
      await expect(page).toHaveURL(/\/select\/addAudience\/\d+$/);
      await expect(page.locator('.visitor')).toHaveCount(1);
    },
    'purchase.review.ready': async (page) => {
      await expect(page).toHaveURL(/\/select\/addAudienceSure$/);
      await expect(page.locator('.footer-bar__sum')).toContainText('¥');
      await expect(page.getByRole('button', { name: en.review.submit })).toBeEnabled();
    },
    'purchase.review.verifying': (page) => expect(page.locator('[data-testid=captcha-background]:visible')).toHaveCount(1),
    'purchase.placed': (page) => expect(page).toHaveURL(/\/order\/payOrder\/\d+$/),
    'purchase.carted': (page) => expect(page).toHaveURL(/\/cart\/shoppingCart$/),
  },
});
