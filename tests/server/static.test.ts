import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { makeApp, type TestApp } from './helpers.ts';
import { NOTICE_MARK, SHELL_TEXTS } from '../../server/firstScreen.ts';
import zh from '../../src/i18n/zh.ts';

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('博物馆'.repeat(400))});\n`;
// index.html as the build leaves it: the preload list (data), the boot script, the shell.
const boot = `\n      window.__early = { lang: 'zh_cn', answers: {} };\n    `;
const page =
  '<!doctype html><html><head><script type="application/json" id="first-screen">{"zh":"/assets/zh.js"}</script>' +
  `<script>${boot}</script><script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script></head>` +
  `<body><div id="root"></div><div id="boot"><h1 class="top-bar__title">科技馆票务</h1>${NOTICE_MARK}</div></body></html>`;

beforeAll(async () => {
  // A build as vite.config.ts leaves it: hashed assets with their .br and .gz twins.
  dist = mkdtempSync(path.join(os.tmpdir(), 'museum-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), page);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
  writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dist, 'serviceWorker.js'), script);
  writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: '科技馆票务', start_url: '/' }));
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), script);
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
  t = await makeApp({ distDir: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the client as a CDN would serve it', () => {
  it('sends a hashed asset compressed as the browser accepts it, cached for a year', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('asks for the page again every time, at its own path and at every screen path', async () => {
    for (const url of ['/', '/individualCustomers/select/selectDate']) {
      const page = await get(url, 'br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      const html = page.headers['content-encoding'] === 'br' ? brotliDecompressSync(page.rawPayload).toString() : page.payload;
      expect(html).toContain('<div id="root">');
    }
  });

  it('asks for the service worker and the manifest again every time: a new build reaches the phone at its next visit', async () => {
    const worker = await get('/serviceWorker.js', 'br');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toMatch(/javascript/);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: '科技馆票务' });
    // The page's CSP lets both load from here (a worker and a manifest fall back to default-src 'self').
    expect(String(worker.headers['content-security-policy'])).toMatch(/default-src 'self'/);
    expect(String(worker.headers['content-security-policy'])).not.toMatch(/worker-src|manifest-src/);
  });

  it('keeps an unhashed picture an hour: the logo the shell, the icon and the top bar show is fetched once', async () => {
    const logo = await get('/logo.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the first screen paints before its code arrives', () => {
  const scriptSrc = (csp: string) =>
    csp
      .split(';')
      .find((part) => part.trim().startsWith('script-src'))!
      .trim();

  it('lets the page run its own boot script by hash and no other inline script', async () => {
    const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
    for (const url of ['/', '/individualCustomers/select/selectDate', '/team/login']) {
      const res = await get(url, 'br');
      expect(scriptSrc(String(res.headers['content-security-policy']))).toBe(`script-src 'self' ${hash}`);
    }
  });

  it("sends the calendar's page with the museum's notice in its shell, compressed, asked again each time", async () => {
    await t.db.query(`UPDATE texts SET zh = $1 WHERE name = 'notice'`, [
      '<p>今日<strong>闭馆</strong>提前</p><script>alert(1)</script><img src=x onerror=alert(2)>',
    ]);
    const res = await get('/individualCustomers/select/selectDate', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<div class="rich-text "><p>今日<strong>闭馆</strong>提前</p></div>');
    expect(html).toContain(`<button type="button" class="btn btn--primary btn--block" disabled>${SHELL_TEXTS.noticeOk}</button>`);
    expect(html).not.toContain('alert(');
    expect(html).not.toContain(NOTICE_MARK);

    const gz = await get('/individualCustomers/select/selectDate', 'gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);

    // Another screen's page is the plain one: no notice over a login form.
    const other = await get('/individualCustomers/login', 'identity');
    expect(other.payload).not.toContain('rich-text');
  });

  it("shows the museum's name and no empty notice when none is configured", async () => {
    await t.db.query(`UPDATE texts SET zh = '' WHERE name = 'notice'`);
    await t.db.query(`UPDATE texts SET zh = $1, en = $2 WHERE name = 'system_name'`, ['星空<科技>馆', 'Starry <Science> Museum']);
    const html = (await get('/individualCustomers/select/selectDate')).payload;
    // Both names: the visitor's language is known to the page only (its boot script shows one).
    expect(html).toContain('<h1 class="top-bar__title"><span lang="zh">星空&#60;科技&#62;馆</span><span lang="en">Starry &#60;Science&#62; Museum</span></h1>');
    expect(html).not.toContain('sheet-mask');
  });

  it("writes the notice's title and button as the app's zh texts do", () => {
    expect(SHELL_TEXTS).toEqual({ notice: zh.selectDate.notice, noticeOk: zh.selectDate.noticeOk });
  });
});
