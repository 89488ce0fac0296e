/** The waiting list's browser paths, in English: a new visitor joins a full session of the
 * demo's sold-out day; and one whose candidate order stands by leaves the list from its page. */
import en from '../../src/i18n/en.ts';
import { loginByApi, mainlandId, newPhone, solveSlider } from '../e2e/helpers.ts';
import { candidateOrderInBrowser, waitingListInBrowser } from './models/waitingList.ts';
import { newVisitor, standingByOrder } from './setup.ts';
import { browserPaths, expect } from './runner.ts';

let visitors = 0;

browserPaths('waitingList', waitingListInBrowser, {
  async start(page) {
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await loginByApi(page, newPhone());
    await page.goto('/individualCustomers/select/waitingList');
    return { seq: String(100 + (++visitors % 900)) };
  },
  requests: {
    loadCalendar: '/pool/ingore/getCalendarForCandidate',
    loadHalls: '/pool/ingore/getHallForCandidate',
    loadSetting: '/pool/getHallPoolPersonSetting',
    join: '/config/orderRule/placeOrder',
  },
  act: {
    RETRY: (page) => page.getByRole('button', { name: en.common.retry }).click(),
    PICK_DATE: (page) => page.locator('.chips .btn').first().click(),
    PICK_SESSION: (page) => page.locator('.session:not(.session--off)').first().click(),
    BACK: (page) => page.locator('.card .row .link').first().click(),
    'VISITOR.CHANGE': (page, event, ctx) =>
      event.field === 'name'
        ? page.locator('.visitor input').first().fill('孙满仓')
        : page.locator('.visitor input').nth(1).fill(mainlandId('1991-04-04', ctx.seq)),
    'AGREEMENT.TOGGLE': (page) => page.getByRole('checkbox').click(),
    SUBMIT: (page) => page.getByRole('button', { name: en.waitingList.submit }).click(),
    'SLIDER.PASSED': (page) => solveSlider(page),
    'SLIDER.CANCEL': (page) => page.locator('.sheet').getByRole('button', { name: en.common.close }).click(),
  },
  sees: {
    // Loads pass too quickly to look at; what follows them is looked at.
    'waitingList.days.loading': null,
    'waitingList.sessions.loading': null,
    'waitingList.visitors.loading': null,
    'waitingList.visitors.joining': null,
    'waitingList.days.failed': (page) => expect(page.getByRole('button', { name: en.common.retry })).toBeVisible(),
    'waitingList.sessions.failed': (page) => expect(page.getByRole('button', { name: en.common.retry })).toBeVisible(),
    'waitingList.visitors.failed': (page) => expect(page.getByRole('button', { name: en.common.retry })).toBeVisible(),
    'waitingList.days.ready': (page) => expect(page.getByText(en.waitingList.chooseDay)).toBeVisible(),
    'waitingList.sessions.ready': async (page) => {
      await expect(page.locator('.session:not(.session--off)').first()).toBeVisible();
      await expect(page.locator('.visitor')).toHaveCount(0);
    },
    'waitingList.visitors.editing': async (page) => {
      await expect(page.locator('.visitor')).toHaveCount(1);
      await expect(page.getByRole('button', { name: en.waitingList.submit })).toBeEnabled();
    },
    'waitingList.visitors.verifying': (page) => expect(page.locator('[data-testid=captcha-background]:visible')).toHaveCount(1),
    'waitingList.joined': (page) => expect(page).toHaveURL(/\/order\/payOrder\/\d+$/),
  },
});

browserPaths('waitingList', candidateOrderInBrowser, {
  async start(page) {
    const orderId = await standingByOrder(page, await newVisitor(page));
    await page.goto(`/individualCustomers/order/orderDetail/${orderId}`);
    return {};
  },
  requests: { loadOrder: '/order/OrderInfo/getOrderStatusForTimeOut', cancel: '/order/refund/candidateOrderCancelPerson' },
  act: {
    RETRY: (page) => page.locator('.candidate').getByRole('button', { name: en.common.retry }).click(),
    CANCEL: async (page) => {
      await page.locator('.candidate').getByRole('button', { name: en.waitingList.leave }).click();
      await page.locator('.rv-dialog').getByRole('button', { name: en.waitingList.leave }).click();
    },
  },
  sees: {
    // Loads and calls pass too quickly to look at; what follows them is looked at.
    'waitingList.order.loading': null,
    'waitingList.order.cancelling': null,
    'waitingList.order.failed': (page) => expect(page.locator('.candidate').getByRole('button', { name: en.common.retry })).toBeVisible(),
    'waitingList.order.standingBy': async (page) => {
      await expect(page.getByText(en.waitingList.state.standingBy)).toBeVisible();
      await expect(page.locator('.candidate').getByRole('button', { name: en.waitingList.leave })).toBeEnabled();
    },
    'waitingList.order.cancelled': async (page) => {
      await expect(page.getByText(en.waitingList.state.cancelled)).toBeVisible();
      await expect(page.locator('.candidate').getByRole('button', { name: en.waitingList.leave })).toHaveCount(0);
    },
  },
});
