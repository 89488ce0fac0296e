/** How a screen must look to a visitor, measured in the browser: the language, no sideways
 * scroll at 375 px, a refusal where the eye is, whole words, 44 px tap targets. */
import { expect, type Locator, type Page } from '@playwright/test';

export async function useLanguage(page: Page, lang: 'zh' | 'en') {
  await page.addInitScript((l) => localStorage.setItem('language', l), lang);
}

export async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
  expect(width, 'page wider than the 375 px screen').toBeLessThanOrEqual(375);
}

/** Fully on screen, and not under the fixed footer bar (a sheet's content lies over the page's). */
export async function whereTheEyeIs(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const inSheet = await target.evaluate((el) => el.closest('.sheet') !== null);
  await expect
    .poll(async () => {
      const box = (await target.boundingBox())!;
      // A screen without a footer bar (the staff console's) has the whole height.
      const bar = page.locator('.footer-bar');
      const footer = inSheet || (await bar.count()) === 0 ? null : await bar.boundingBox();
      const bottom = footer ? footer.y : 667;
      return box.y >= 0 && box.y + box.height <= bottom;
    })
    .toBe(true);
}

/** Every Latin word of the element sits on one line. */
export async function noWordBrokenMidWord(target: Locator) {
  const broken = await target.evaluate((root) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      // Words, and dates (2026-12-06 must not wrap at a hyphen: src/ui/keepDates.ts).
      for (const m of text.matchAll(/[A-Za-z]{2,}|\d{4}[-\u2011]\d{2}[-\u2011]\d{2}/g)) {
        const range = document.createRange();
        range.setStart(node, m.index!);
        range.setEnd(node, m.index! + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(m[0]);
      }
    }
    return out;
  });
  expect(broken, 'words split across lines').toEqual([]);
}

/** Every piece that reads as one (a time range, a date, a short action: `.unbroken`) sits on one line. */
export async function piecesWhole(page: Page) {
  await expect(page.locator('.unbroken').first()).toBeVisible();
  const split = await page
    .locator('.unbroken')
    .evaluateAll((pieces) => pieces.filter((p) => new Set([...p.getClientRects()].map((r) => Math.round(r.top))).size > 1).map((p) => p.textContent));
  expect(split, 'pieces split across lines').toEqual([]);
}

export async function tapTarget(target: Locator) {
  const box = (await target.boundingBox())!;
  expect(Math.round(box.height), 'tap target height').toBeGreaterThanOrEqual(44);
  expect(Math.round(box.width), 'tap target width').toBeGreaterThanOrEqual(44);
}

/** Every input's placeholder shows whole (an input cuts its placeholder without a scroll width). */
export async function placeholdersWhole(page: Page) {
  const cut = await page.locator('input[placeholder]').evaluateAll((inputs) =>
    inputs
      .filter((input) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText((input as HTMLInputElement).placeholder).width > room;
      })
      .map((input) => (input as HTMLInputElement).placeholder),
  );
  expect(cut, 'placeholders cut short').toEqual([]);
}
