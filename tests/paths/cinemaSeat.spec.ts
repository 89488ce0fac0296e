/** The seat map's browser paths: a new visitor, one visitor added, picks a seat for the dome's
 * first film of the second bookable day, in English. */
import en from '../../src/i18n/en.ts';
import cinemaEn from '../../src/i18n/cinema.en.ts';
import { MAP_REFRESH_MS } from '../../machines/cinemaSeat.machine.ts';
import { mainlandId } from '../e2e/helpers.ts';
import { cinemaSeatInBrowser } from './models/cinemaSeat.ts';
import { browserPaths, expect } from './runner.ts';
import { newVisitor } from './setup.ts';

const free = (page: import('@playwright/test').Page) => page.locator('button.seat--available, button.seat--selected');

browserPaths('cinemaSeat', cinemaSeatInBrowser, {
  async start(page) {
    // The page's clock, moved on at TICK instead of waited for (docs/how-to.md §5).
    await page.clock.install();
    await newVisitor(page);
    await page.goto('/individualCustomers/select/selectDate');
    await page.locator('.day--available').nth(1).click();
    await page.locator('[data-hall="cinema"]').getByRole('link', { name: en.selectVenues.films }).click();
    await page.locator('.film').first().getByRole('button', { name: cinemaEn.cinema.choose }).click();
    await page.locator('.visitor input').first().fill('钱小满');
    await page
      .locator('.visitor input')
      .nth(1)
      .fill(mainlandId('1990-05-15', String(Date.now()).slice(-3)));
    await page.getByRole('button', { name: en.common.next }).click();
    return { seats: [] as string[] };
  },
  requests: { loadMap: '/pool/getSeatByScheduleId' },
  act: {
    RETRY: (page) => page.getByRole('button', { name: en.common.retry }).click(),
    TOGGLE: async (page, event, ctx) => {
      // The map's first two free seats when the first is tapped: the path's "first" and "second".
      if (ctx.seats.length === 0) ctx.seats = await free(page).evaluateAll((els) => els.slice(0, 2).map((el) => el.getAttribute('data-seat')!));
      await page.locator(`[data-seat="${ctx.seats[event.seat === '1-1' ? 0 : 1]}"]`).click();
    },
    TICK: async (page) => {
      const refreshed = page.waitForRequest((r) => r.url().includes('/pool/getSeatByScheduleId'));
      await page.clock.fastForward(MAP_REFRESH_MS);
      await refreshed;
    },
    CONFIRM: (page) => page.getByRole('button', { name: cinemaEn.cinema.confirmSeats }).click(),
  },
  sees: {
    // Loads pass too quickly to look at; what follows them is looked at.
    'cinemaSeat.loading': null,
    'cinemaSeat.refreshing': null,
    'cinemaSeat.checking': null,
    'cinemaSeat.failed': (page) => expect(page.getByRole('button', { name: en.common.retry })).toBeVisible(),
    'cinemaSeat.picking': async (page) => {
      await expect(page).toHaveURL(/\/select\/cinemaSelectSeat$/);
      await expect(free(page).first()).toBeVisible();
    },
    'cinemaSeat.chosen': (page) => expect(page).toHaveURL(/\/select\/cinemaAddAudienceSure$/),
  },
});
