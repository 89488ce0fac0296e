/** The first screen as a slow phone gets it: LCP of /individualCustomers/select/selectDate
 * served by the production server with the built client, at 375x667, 400 kbps down and up,
 * 400 ms round trip, the CPU 4x slower, from Debian's chromium; the median of 3 cold loads
 * (a new browser context each: empty cache, no storage), and the waterfall of the median load:
 * when each request starts and ends. Used by `npm run budget`. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

/** Debian's chromium (as playwright.config.ts finds it) and the e2e's flags. */
const systemChromium = () => process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export const PROFILE = { width: 375, height: 667, downKbps: 400, upKbps: 400, rttMs: 400, cpuSlowdown: 4 };
export const FIRST_SCREEN = '/individualCustomers/select/selectDate';

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The server as `npm start` runs it: the built server (rebuilt when stale) with the built client. */
export async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'budget-data-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/prod-api/config/orderRule/getSysTime`, { method: 'POST' });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop, built: existsSync('dist-server/main.js') };
}

/** Runs in the page before its own scripts: keeps every LCP candidate with its element. */
const OBSERVE = () => {
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      const text = el ? (el.textContent ?? '').trim().slice(0, 30) : '';
      window.__lcp.push({ t: entry.startTime, size: entry.size, el: el ? `${el.tagName.toLowerCase()}.${el.className}` : '?', text });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
};

async function oneLoad(browser, base) {
  const context = await browser.newContext({
    viewport: { width: PROFILE.width, height: PROFILE.height },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PROFILE.rttMs,
    downloadThroughput: (PROFILE.downKbps * 1000) / 8,
    uploadThroughput: (PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
  const encodings = new Map();
  page.on('response', (response) => encodings.set(response.url(), response.headers()['content-encoding'] ?? ''));
  await page.addInitScript(OBSERVE);
  await page.goto(base + FIRST_SCREEN, { waitUntil: 'load', timeout: 120_000 });
  // The first screen is there when its calendar shows its days.
  await page.locator('.day-grid button.day').first().waitFor({ timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  const result = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const paints = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]));
    const resources = performance.getEntriesByType('resource').map((r) => ({ name: r.name, start: r.startTime, end: r.responseEnd, bytes: r.transferSize }));
    return {
      lcp: window.__lcp.at(-1) ?? null,
      candidates: window.__lcp,
      fcp: paints['first-contentful-paint'] ?? null,
      requests: [{ name: nav.name, start: nav.startTime, end: nav.responseEnd, bytes: nav.transferSize }, ...resources],
    };
  });
  for (const request of result.requests) request.encoding = encodings.get(request.name) ?? '';
  await context.close();
  return result;
}

/** What a request is, for the waterfall. */
function label(url) {
  const { pathname } = new URL(url);
  if (pathname === FIRST_SCREEN) return 'HTML';
  if (pathname.includes('gainAllSystemConfigLogin')) return 'config';
  if (pathname.includes('getCalendar')) return 'calendar';
  if (pathname.startsWith('/prod-api/')) return `api ${pathname.slice(9)}`;
  const file = pathname.split('/').pop();
  if (/^(zh|en)-/.test(file)) return `locale ${file}`;
  if (/^index-.*\.js$/.test(file)) return `entry ${file}`;
  return file;
}

/** Loads the first screen `runs` times and prints LCP (median) and the median load's waterfall. */
export async function measureFirstPaint({ runs = 3 } = {}) {
  const executablePath = systemChromium();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await oneLoad(browser, server.base));
    const sorted = [...loads].sort((a, b) => (a.lcp?.t ?? Infinity) - (b.lcp?.t ?? Infinity));
    const median = sorted[Math.floor(sorted.length / 2)];
    const s = (ms) => (ms / 1000).toFixed(2).padStart(5);
    console.log(
      `\nfirst screen ${FIRST_SCREEN} (${server.built ? 'built server' : 'server from sources'}), ${PROFILE.width}x${PROFILE.height}, ` +
        `${PROFILE.downKbps} kbps, ${PROFILE.rttMs} ms RTT, CPU ${PROFILE.cpuSlowdown}x, chromium ${browser.version()}, load average ${loadAverage()}`,
    );
    console.log(`waterfall of the median load (s from navigation; as sent):`);
    for (const r of [...median.requests].sort((a, b) => a.start - b.start)) {
      console.log(`  ${s(r.start)} → ${s(r.end)}  ${(r.bytes / 1024).toFixed(1).padStart(5)} KB ${r.encoding.padEnd(4)} ${label(r.name)}`);
    }
    for (const c of median.candidates) console.log(`  LCP candidate ${s(c.t)} s  ${String(c.size).padStart(6)} px²  ${c.el} "${c.text}"`);
    console.log(`  first contentful paint ${s(median.fcp ?? NaN)} s; LCP element: ${median.lcp ? `${median.lcp.el} "${median.lcp.text}"` : 'none'}`);
    console.log(`LCP each load: ${loads.map((l) => (l.lcp ? s(l.lcp.t).trim() : 'none')).join(', ')} s`);
    console.log(`LCP median: ${median.lcp ? (median.lcp.t / 1000).toFixed(2) : 'none'} s (goal 2.5 s)`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
