/** The page the server sends for the calendar, the first screen: the built index.html whose
 * shell carries the museum's name (in both languages, as only the page knows the visitor's) and
 * its notice as a new visitor first sees it (zh), so a slow phone paints them with the
 * stylesheet instead of after the code (docs/architecture.md §8). The app's own notice then renders over
 * it, the same size in the same place. Compressed once per text; the texts come from the
 * catalog, which a staff change drops at once. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Text } from '../src/domain/text.ts';
import { catalogOf, type Readers } from './services/catalog.ts';
import { cleanText } from './services/staffSettings.ts';
import { INDIVIDUAL_PATHS } from '../src/domain/paths.ts';

/** The notice's title and button as the app's zh texts have them (src/i18n/zh.ts `selectDate`,
 * which the server may not import; tests/server/static.test.ts keeps them equal). */
export const SHELL_TEXTS = { notice: '购票须知', noticeOk: '我已知晓' };

/** Where index.html's shell takes the notice. */
export const NOTICE_MARK = '<!--first-screen-notice-->';
const NAME = /<h1 class="top-bar__title">[\s\S]*?<\/h1>/;

export interface Page {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** index.html with the museum's name in zh and en and the zh notice in its shell. The notice is
 * stored sanitized and cleaned again here: it becomes markup the page shows before any code
 * checks it. Its buttons are disabled until the app's own notice replaces them. */
export function renderFirstScreen(template: string, { name, notice: stored }: { name: Readonly<Text> | null; notice: string }): string {
  const notice = cleanText(stored);
  const sheet = notice
    ? `<div class="sheet-mask boot__notice"><section class="sheet"><div class="sheet__head"><span>${SHELL_TEXTS.notice}</span>` +
      `<button type="button" class="icon-btn" disabled>×</button></div><div class="sheet__body"><div class="rich-text ">${notice}</div></div>` +
      `<div class="sheet__foot"><button type="button" class="btn btn--primary btn--block" disabled>${SHELL_TEXTS.noticeOk}</button></div></section></div>`
    : '';
  const span = (lang: 'zh' | 'en', text: string) => `<span lang="${lang}">${escapeHtml(text)}</span>`;
  const named = name?.zh ? template.replace(NAME, `<h1 class="top-bar__title">${span('zh', name.zh)}${span('en', name.en)}</h1>`) : template;
  return named.replace(NOTICE_MARK, sheet);
}

export function firstScreenPages(distDir: string, deps: Readers) {
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const catalog = catalogOf(deps);
  let last: { key: string; page: Page } | null = null;
  return {
    isFirstScreen: (url: string) => url.split('?')[0] === INDIVIDUAL_PATHS.selectDate,
    async page(): Promise<Page> {
      const texts = { name: await catalog.text(deps.db, 'system_name'), notice: (await catalog.text(deps.db, 'notice'))?.zh ?? '' };
      const key = JSON.stringify(texts);
      if (last?.key !== key) {
        const html = renderFirstScreen(template, texts);
        last = {
          key,
          page: { html, br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(html, { level: 9 }) },
        };
      }
      return last.page;
    },
  };
}
