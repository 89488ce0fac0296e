/** The real slider (CAPTCHA=slider, as production runs it), solved as a person solves it: the
 * gap read from the picture, the piece dragged at a hand's pace. slider.spec.ts is its subject;
 * a spec on a production instance uses it to get past the slider on the way to its own. */
import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { DragSample } from '../../src/domain/captcha.ts';
import { captchaTokenByApi, dragSlider } from './helpers.ts';

/** Where the piece fits, found as a person finds it: the challenge is pixels only, and the gap
 * is the piece's own picture in shadow, outlined in white. Each place along the piece's row is
 * scored by how bright its outline is less how far its inside is from the piece darkened by
 * about half. (Matching the piece's texture alone missed 17 gaps in 1000 generated puzzles, one
 * where the piece was plain background; this finds 2000 in 2000.) */
export async function findGap(background: string, piece: string, pieceY: number): Promise<number> {
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
export async function gapOnScreen(page: Page): Promise<{ gap: number; source: string }> {
  const { source, piece, top } = await page.evaluate(() => {
    const image = (id: string) => [...document.querySelectorAll<HTMLImageElement>(`[data-testid=${id}]`)].find((el) => el.offsetParent !== null)!;
    return { source: image('captcha-background').src, piece: image('captcha-piece').src, top: parseFloat(image('captcha-piece').style.top) };
  });
  return { gap: await findGap(source, piece, top), source };
}

/** A hand's pace: 24 moves, 30 to 54 ms apart. */
export const handPause = (step: number) => 30 + (step % 4) * 8;

/** Drags the real slider's piece onto its gap at a hand's pace (the page's clock installed
 * before it loaded: `page.clock.install()`), and sees the sheet close. */
export async function solveRealSlider(page: Page): Promise<void> {
  await expect(page.locator('[data-testid=captcha-background]:visible')).toHaveCount(1);
  await dragSlider(page, (await gapOnScreen(page)).gap, 24, handPause);
  await expect(page.locator('[data-testid=captcha-background]:visible')).toHaveCount(0);
}

/** A slider token through the API, for a call the spec makes itself: the gap read from the
 * challenge's picture, and a hand's trail to it (24 moves, eased, at handPause's pace). */
export const realSliderToken = (api: APIRequestContext): Promise<string> =>
  captchaTokenByApi(api, async (challenge) => {
    const x = await findGap(challenge.background, challenge.piece, challenge.pieceY);
    const trail: DragSample[] = [[0, 0]];
    for (let step = 1, t = 0; step <= 24; step++) {
      const p = step / 24;
      t += handPause(step);
      trail.push([Math.round(x * (p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2)), t]);
    }
    return { x, trail };
  });
