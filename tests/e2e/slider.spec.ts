/** The real slider (zh, en), on an instance of its own that runs it (the lane's servers run the
 * test slider): the puzzle read from its picture and dragged as a hand does, eased over most of
 * a second. A drag that stops beside the gap is refused with a word on the track and a new
 * puzzle; the person's drag then passes the first time, and the order is placed. */
import sharp from 'sharp';
import { expect, test as base, type Page } from '@playwright/test';
import { dragSlider, loginByApi, newPhone, reviewOneAdult, shot } from './helpers.ts';
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

/** Where the piece fits, found as a person finds it: the challenge is pixels only, and the gap
 * is the piece's own picture in shadow, outlined in white. Each place along the piece's row is
 * scored by how bright its outline is less how far its inside is from the piece darkened by
 * about half. (Matching the piece's texture alone missed 17 gaps in 1000 generated puzzles, one
 * where the piece was plain background; this finds 2000 in 2000.) */
async function findGap(background: string, piece: string, pieceY: number): Promise<number> {
  const grey = async (dataUrl: string) => {
    const { data, info } = await sharp(Buffer.from(dataUrl.split(',')[1], 'base64'))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width };
  };
  const bg = await grey(background);
  const pc = await grey(piece);
  const size = pc.width;
  const at = (x: number, y: number) => bg.data[(pieceY + y) * bg.width + x];
  let best = 0;
  let bestScore = -Infinity;
  for (let x = 0; x + size <= bg.width; x++) {
    let outline = 0;
    for (let k = 2; k < size - 2; k++) outline += at(x, k) + at(x + size - 1, k) + at(x + k, 0) + at(x + k, size - 1);
    let error = 0;
    for (let y = 4; y < size - 4; y++) for (let i = 4; i < size - 4; i++) error += (at(x + i, y) - 0.55 * pc.data[y * size + i]) ** 2;
    const score = outline / (4 * (size - 4)) - Math.sqrt(error / (size - 8) ** 2);
    if (score > bestScore) [best, bestScore] = [x, score];
  }
  return best;
}

/** The puzzle on the screen, read at one moment: where its gap is, read from the picture. */
async function gapOnScreen(page: Page): Promise<{ gap: number; source: string }> {
  const { source, piece, top } = await page.evaluate(() => {
    const image = (id: string) => [...document.querySelectorAll<HTMLImageElement>(`[data-testid=${id}]`)].find((el) => el.offsetParent !== null)!;
    return { source: image('captcha-background').src, piece: image('captcha-piece').src, top: parseFloat(image('captcha-piece').style.top) };
  });
  return { gap: await findGap(source, piece, top), source };
}

/** A hand's pace: 24 moves, 30 to 54 ms apart. */
const handPause = (step: number) => 30 + (step % 4) * 8;

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
