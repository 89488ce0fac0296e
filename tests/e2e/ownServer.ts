/** A second instance of the app for a spec that needs other settings than the lane's servers
 * (playwright.config.ts): its own port, data folder and environment, started from the sources
 * and stopped by the spec. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, request, type APIRequestContext } from '@playwright/test';

export interface OwnServer {
  baseURL: string;
  api: APIRequestContext;
  stop(): Promise<void>;
}

/** A port nobody listens on now (a server left by another run must not answer for ours). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Starts the app with `env` (after what `prepare` answers for its folder: files the environment
 * names, keys) and waits until it answers. */
export async function startOwnServer(env: Record<string, string>, prepare?: (dir: string) => Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'museum-e2e-'));
  // Node itself, not npx: the process the spec stops is the server (npx would leave it running).
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...prepare?.(dir), ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), SMS_PER_IP_PER_HOUR: '1000' },
    stdio: 'ignore',
  });
  const api = await request.newContext({ baseURL });
  await expect
    .poll(async () => (await api.get('/prod-api/config/orderRule/getSysTime').catch(() => null))?.ok() ?? false, { timeout: 150_000, intervals: [500] })
    .toBe(true);
  return {
    baseURL,
    api,
    async stop() {
      server.kill('SIGTERM');
      await api.dispose();
    },
  };
}

/** A spec file on an instance of its own, started with `env`: for a spec that needs other
 * settings than the lane's servers (playwright.config.ts), or whose changes are the whole
 * museum's (a session called off, the clock moved, a hall renamed), which on a shared server
 * would change what the other specs find (a test booking the first open session found it called
 * off; a package editor looking for "主展厅" found the hall renamed by the catalogue file's spec).
 * A file's tests share its instance (a worker runs them in order); the worker's next file gets a
 * new one, and the one before is stopped. */
export const testOnOwnServer = (env: Record<string, string>) =>
  base.extend<{ ownServer: OwnServer }, { ownServers: Map<string, Promise<OwnServer>> }>({
    ownServers: [
      // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const servers = new Map<string, Promise<OwnServer>>();
        await use(servers);
        for (const server of servers.values()) await (await server).stop();
      },
      { scope: 'worker' },
    ],
    ownServer: [
      async ({ ownServers }, use, testInfo) => {
        if (!ownServers.has(testInfo.file)) {
          for (const [file, server] of ownServers) {
            ownServers.delete(file);
            await (await server).stop();
          }
          ownServers.set(testInfo.file, startOwnServer(env));
        }
        await use(await ownServers.get(testInfo.file)!);
      },
      { timeout: 180_000 },
    ],
    baseURL: async ({ ownServer }, use) => use(ownServer.baseURL),
    page: async ({ page }, use) => {
      // The lane's first-order tips were read on the lane servers' origin (its storageState), not this one's.
      await page.addInitScript(() => localStorage.setItem('firstOrderTipsSeen', '1'));
      await use(page);
    },
  });

/** As the lane's servers: the clock may be moved, the slider is the test one. */
export const ownServerTest = testOnOwnServer({ DEV_CLOCK: '1', CAPTCHA: 'test' });
