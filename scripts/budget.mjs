#!/usr/bin/env node
/** Prints the JS and CSS that the first screen (select/selectDate) loads, as the server sends
 * them to a browser that accepts brotli (the build's .br twins, served as they are) and to
 * one that accepts only gzip: the entry chunk and everything it imports statically, and what
 * index.html's boot script preloads there (the default language's texts, the calendar's
 * chunks). Budget: 100 KB (docs/architecture.md §8). Then the first screen on a slow phone
 * (scripts/firstPaint.mjs: LCP and the waterfall; `--bytes` skips it). A figure, not a test:
 * it exits 0 either way unless the build fails. */
import { existsSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';

const BUDGET_KB = 100;
if (!existsSync('dist/.vite/manifest.json') || process.argv.includes('--build')) {
  execSync('npx vite build', { stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const firstScreen = Object.keys(manifest).find((key) => key.endsWith('features/select/SelectDate.tsx'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const next of chunk.imports ?? []) visit(next);
};
visit(entry);
visit(firstScreen);
// The texts of the default language load before the first render.
visit(Object.keys(manifest).find((key) => key.endsWith('src/i18n/zh.ts')));
// What the page's boot script preloads (vite.config.ts writes the list into the page).
const page = readFileSync('dist/index.html', 'utf8');
const preloaded = JSON.parse(page.match(/<script type="application\/json" id="first-screen">(.*?)<\/script>/)?.[1] ?? '{"selectDate":[]}');
for (const url of preloaded.selectDate) files.add(url.slice(1));

/** The bytes sent for `file` with `encoding`: its twin from the build, or the file itself
 * (small files have no twin; the server sends them plain). */
const sent = (file, encoding) => {
  const twin = `dist/${file}.${encoding}`;
  return existsSync(twin) ? readFileSync(twin).length : readFileSync(`dist/${file}`).length;
};

let js = 0;
let css = 0;
let gzipTotal = 0;
const rows = [];
for (const file of files) {
  const size = sent(file, 'br');
  gzipTotal += sent(file, 'gz');
  if (file.endsWith('.css')) css += size;
  else js += size;
  rows.push([file, size]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
const kb = (n) => (n / 1024).toFixed(1);
console.log(`first screen JS: ${kb(js)} KB as sent (brotli)`);
console.log(`first screen CSS: ${kb(css)} KB as sent (brotli)`);
console.log(`first screen total: ${kb(js + css)} KB as sent (brotli; ${kb(gzipTotal)} KB to a gzip-only browser) (budget ${BUDGET_KB} KB)`);

if (!process.argv.includes('--bytes')) {
  const { measureFirstPaint } = await import('./firstPaint.mjs');
  await measureFirstPaint({ runs: 3 });
}
