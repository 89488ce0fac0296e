/** The real slider (zh, en), on an instance of its own that runs it (the lane's servers run the
 * test slider): the puzzle read from its picture and dragged as a hand does, eased over most of
 * a second. A drag that stops beside the gap is refused with a word on the track and a new
 * puzzle; the person's drag then passes the first time, and the order is placed. */
import { expect, test as base } from '@playwright/test';
import { dragSlider, loginByApi, newPhone, reviewOneAdult, shot } from './helpers.ts';
import { gapOnScreen, handPause } from './realSlider.ts';
import { startOwnServer, type OwnServer } from './ownServer.ts';
import { useLanguage } from './looks.ts';

const T = {
  zh: { next: '下一步', submit: '提交订单', failed: '验证失败，请重试' },
  en: { next: 'Next', submit: 'Place order', failed: 'Check failed, try again' },
} as const;

// The instance is the worker's, started before this file's first test and kept for its others.
const test = base.extend<object, { sliderServer: OwnServer }>({
  sliderServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startOwnServer({ CAPTCHA: 'slider' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});
test.use({ baseURL: async ({ sliderServer }, use) => use(sliderServer.baseURL) });

for (const lang of ['zh', 'en'] as const) {
  test(`a person solves the real slider; a drag beside the gap is refused with a new puzzle (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    // The first-order tips were read (the config's storage is the lane servers' origin's).
    await page.addInitScript(() => localStorage.setItem('firstOrderTipsSeen', '1'));
    // The hand's pace is kept on the page's clock (dragSlider), which otherwise runs as usual.
    await page.clock.install();
    await loginByApi(page, newPhone());
    await reviewOneAdult(page, lang === 'zh' ? '周六' : '吴七', T[lang].next);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: T[lang].submit }).click();
    await expect(page.locator('[data-testid=captcha-background]:visible')).toHaveCount(1);

    // Beside the gap: refused on the track, and a fresh puzzle replaces the old one.
    const first = await gapOnScreen(page);
    await dragSlider(page, first.gap > 150 ? first.gap - 60 : first.gap + 60, 24, handPause);
    await expect(page.locator('.slider-captcha__track--failed')).toContainText(T[lang].failed);
    await shot(page, lang, '10b-slider-refused');
    await expect(page.locator('[data-testid=captcha-background]:visible')).not.toHaveAttribute('src', first.source);

    // Onto the gap as a hand drags: passed the first time, and the order is placed.
    const second = await gapOnScreen(page);
    await dragSlider(page, second.gap, 24, handPause);
    await expect(page, `the slider refused a hand's drag to x=${second.gap}, where its picture shows the gap`).toHaveURL(/\/order\/payOrder\/\d+$/);
  });
}
