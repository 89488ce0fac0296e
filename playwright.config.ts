import { defineConfig, devices } from '@playwright/test';
import { execSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** Debian's chromium where it is installed (no browser download is possible there);
 * elsewhere Playwright's own Chromium (`npx playwright install chromium`). */
function systemChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** One server per worker, each on its own port and data folder, so that no two tests running at
 * once share a database (a test's data, its codes a minute, a sold-out day). The runner starts them
 * all; this file is read again in each worker, where TEST_PARALLEL_INDEX says which is its own. */
const workers = Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism()));
const firstPort = Number(process.env.E2E_PORT ?? 8181);
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const run = Date.now();

export default defineConfig({
  outputDir: 'test-results',
  // The end-to-end journeys, and the machines' generated paths in the browser (tests/paths/).
  projects: [
    { name: 'e2e', testDir: 'tests/e2e' },
    { name: 'paths', testDir: 'tests/paths' },
  ],
  // Limits that catch a hang, not a slow machine (two CPU burners beside the run make a journey
  // two to three times as long): a test waits for conditions, never for the clock.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  workers,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices['iPhone SE'],
    browserName: 'chromium',
    viewport: { width: 375, height: 667 },
    // A phone's own browser; the chat app's in-app browser is tests/e2e/chatApp.ts's (it logs in
    // through the chat app's OAuth, which a phone browser does not).
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    launchOptions: {
      executablePath: systemChromium(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'off',
    // The built app registers a service worker (docs/architecture.md §10) that would answer a
    // spec's second page from its cache: each spec meets the server as before, and the offline
    // ticket's spec (offlineTicket.spec.ts) allows it for itself.
    serviceWorkers: 'block',
    // The first-order tips pop up once a device on the review screen: tests that are not about
    // them start as a device that has read them (rating.spec.ts starts without).
    storageState: { cookies: [], origins: [{ origin: `http://127.0.0.1:${port}`, localStorage: [{ name: 'firstOrderTipsSeen', value: '1' }] }] },
  },
  webServer: Array.from({ length: workers }, (_, i) => ({
    command: `node scripts/start.mjs`,
    url: `http://127.0.0.1:${firstPort + i}/prod-api/config/orderRule/getSysTime`,
    reuseExistingServer: false,
    timeout: 180_000,
    // Every browser path logs a new visitor in from this one address: more codes per hour than a real one gets.
    // DEV_CLOCK: the tests move the server's clock past a wait (a code a minute) instead of sleeping.
    // CAPTCHA=test: the slider's gap is always in one place and the drag not judged (slider.spec.ts
    // drags the real one on an instance of its own).
    env: {
      PORT: String(firstPort + i),
      DATA_DIR: `reports/e2e-data-${run}-${i}`,
      HOST: '127.0.0.1',
      SMS_PER_IP_PER_HOUR: '1000',
      DEV_CLOCK: '1',
      CAPTCHA: 'test',
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
