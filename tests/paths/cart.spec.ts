/** The cart's browser paths: a new visitor with a held cart line pays it, in English. */
import en from '../../src/i18n/en.ts';
import { solveSlider } from '../e2e/helpers.ts';
import { cartInBrowser } from './models/orderLifecycle.ts';
import { browserPaths, expect } from './runner.ts';
import { cartLine, newVisitor } from './setup.ts';

browserPaths('cart', cartInBrowser, {
  async start(page) {
    await cartLine(await newVisitor(page));
    await page.goto('/individualCustomers/cart/shoppingCart');
    return {};
  },
  requests: { loadCart: '/query/order/getShoppingCart', checkout: '/config/orderRule/placeOrder' },
  act: {
    RELOAD: (page) => page.getByRole('button', { name: en.common.retry }).click(),
    TOGGLE: (page) => page.getByRole('checkbox', { name: '钱小满' }).click(),
    CHECKOUT: (page) => page.getByRole('button', { name: /^Pay \(\d\)$/ }).click(),
    'SLIDER.PASSED': (page) => solveSlider(page),
    'SLIDER.CANCEL': (page) => page.locator('.sheet').getByRole('button', { name: en.common.close }).click(),
  },
  sees: {
    // Loads and calls pass too quickly to look at; what follows them is looked at.
    'cart.loading': null,
    'cart.submitting': null,
    'cart.failed': (page) => expect(page.getByRole('button', { name: en.common.retry })).toBeVisible(),
    'cart.ready': (page) => expect(page.getByRole('checkbox', { name: '钱小满' })).toBeVisible(),
    'cart.verifying': (page) => expect(page.locator('[data-testid=captcha-background]:visible')).toHaveCount(1),
    'cart.placed': (page) => expect(page).toHaveURL(/\/order\/payOrder\/\d+$/),
  },
});
