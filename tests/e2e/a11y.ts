/** The accessibility check every screenshot runs (docs/product.md §2.9): axe-core's WCAG 2.0 and
 * 2.1 A and AA rules on the screen as shown, failing on any serious or critical violation with a
 * list a person can act on (rule, impact, element, what to fix). */
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { appendFileSync } from 'node:fs';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);

/** Whether axe is already in every frame of the page: screens reached without a page load keep
 * it, and sending its 0.5 MB again is most of a check's time (measured: 2-4 s a check against
 * 0.6-0.9 s on a busy 2-core machine). */
async function axeLoaded(page: Page): Promise<boolean> {
  const loaded = await Promise.all(
    page.frames().map((frame) => frame.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object').catch(() => false)),
  );
  return loaded.every(Boolean);
}

export async function accessible(page: Page, screen: string): Promise<void> {
  const started = performance.now();
  // A popup fading in or out is measured as it is at rest, not half transparent (a toast leaving
  // was read as grey on grey): CSS animations and transitions are off while axe reads the page,
  // so one that starts during the check (a toast's timer ending) cannot be caught mid-fade, and
  // any other finite animation ends first.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { animation: none !important; transition: none !important; }' });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  // Legacy mode runs axe in the page itself; the default opens a blank page for every check to
  // merge its frames' results, which doubles the time. Only violations are collected.
  const builder = new AxeBuilder({ page, ...((await axeLoaded(page)) ? { axeSource: ';' } : {}) })
    .withTags(TAGS)
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  const { violations } = await builder.analyze().finally(() => still.evaluate((style) => (style as HTMLStyleElement).remove()).catch(() => undefined));
  const found = violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim()}`));
  // A11Y_LOG=file: each check's time and findings, one JSON line each (what the check costs a
  // run); with A11Y_SURVEY=1 too, findings are only written, to survey a whole run at once.
  if (process.env.A11Y_LOG) appendFileSync(process.env.A11Y_LOG, JSON.stringify({ screen, ms: Math.round(performance.now() - started), found }) + '\n');
  if (process.env.A11Y_SURVEY === '1') return;
  expect(found, `accessibility of ${screen} (${page.url()})`).toEqual([]);
}
