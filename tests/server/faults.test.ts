/** Faults a real deployment meets: PostgreSQL restarting under a running server, several
 * instances starting at once on a fresh database, two processes on one PGlite folder, a data
 * folder read-only or on a full disk, and a production start on simulators. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dbLane, makeApp } from './helpers.ts';
import { migrate, openPg } from '../../server/db/db.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { startPostgres } from '../../scripts/pg.ts';
import { PG_CONNECT, SEED_TIME } from './constants.ts';

const onPg = dbLane() === 'pg';
/** Whether this machine lets a process mount a file system of its own (a user and mount namespace). */
const namespaces = spawnSync('unshare', ['-rm', 'true']).status === 0;
const clock = () => new Date(SEED_TIME);

describe.skipIf(!onPg)('PostgreSQL (server-pg lane)', () => {
  it('restarting under a running server: "busy" while it is down, answers again on its own after', async () => {
    const pg = await startPostgres({ maxConnections: 20 });
    try {
      const admin = await openPg(pg.url(), PG_CONNECT);
      await admin.query('CREATE DATABASE museum');
      await admin.close();
      const setup = await openPg(pg.url('museum'), PG_CONNECT);
      await migrate(setup);
      await seedIfEmpty(setup, clock);
      await setup.close();
      const t = await makeApp({}, { databaseUrl: pg.url('museum') });
      try {
        const token = await t.tokenFor('13700000099');
        const calendar = () => t.call('GET', '/pool/ingore/getCalendar', { lang: 'en' });
        const orders = () => t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?pageNum=1&pageSize=10', { token, lang: 'en' });
        expect((await calendar()).code).toBe(200);
        expect((await orders()).code).toBe(200);

        pg.halt();
        // The calendar is kept in memory while change notices arrive (server/changes.ts); the
        // listening connection's loss, noticed within a moment, turns that off: until then it
        // may still answer from memory, never anything but 200 or "busy".
        const busy = { code: 502, msg: 'The system is busy; please try again later' };
        await vi.waitFor(async () => expect(await calendar()).toMatchObject(busy), { timeout: 60_000, interval: 50 });
        expect(await orders()).toMatchObject(busy);

        pg.resume();
        await vi.waitFor(async () => expect((await calendar()).code).toBe(200), { timeout: 60_000, interval: 100 });
        expect((await orders()).code).toBe(200);
      } finally {
        await t.close();
      }
    } finally {
      pg.stop();
    }
  });

  it('several instances starting at once on a fresh database all come up; migrations and seed run once', async () => {
    const lane = inject('pgLane')!;
    const name = `fresh_${process.pid}_${Date.now()}`;
    const admin = await openPg(lane.adminUrl, PG_CONNECT);
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const instances = await Promise.all(Array.from({ length: 4 }, () => openPg(lane.urlPrefix + name, PG_CONNECT)));
      const started = await Promise.allSettled(instances.map(async (db) => [await migrate(db), await seedIfEmpty(db, clock)] as const));
      expect(started.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const results = started.map((s) => (s as PromiseFulfilledResult<readonly [string[], boolean]>).value);
      expect(results.filter(([applied]) => applied.length > 0)).toHaveLength(1);
      expect(results.filter(([, seeded]) => seeded)).toHaveLength(1);
      const [{ n }] = await instances[0].query<{ n: number }>('SELECT count(*)::int AS n FROM halls');
      expect(n).toBeGreaterThan(0);
      await Promise.all(instances.map((db) => db.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  });
});

/** `npx tsx server/main.ts` as `npm start` runs it, with its output collected. `mount`: its
 * DATA_DIR is first mounted as a small file system of its own, with these tmpfs options, in a
 * mount namespace of the server alone (unshare: no root needed where user namespaces are on). */
function startServer(env: Record<string, string>, mount?: string): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let out = '';
  const server = [process.execPath, '--import', 'tsx', 'server/main.ts'];
  const [command, ...args] = mount ? ['unshare', '-rm', 'sh', '-c', `mount -t tmpfs -o ${mount} tmpfs "$DATA_DIR" && exec "$@"`, 'sh', ...server] : server;
  const child = spawn(command, args, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', NODE_ENV: '', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** Waits for `what`, as long as a server's start may take on a busy machine (two CPU burners
 * beside the suite made one take over 60 s). */
const until = (what: () => boolean) => vi.waitFor(() => expect(what()).toBe(true), { timeout: 150_000, interval: 100 });

describe.skipIf(onPg)('processes (server lane)', () => {
  let dir = '';
  const running: ChildProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'museum-lock-'));
  });
  afterAll(() => {
    for (const c of running) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('production on simulators refuses to start and names the variable to set', async () => {
    const s = startServer({ NODE_ENV: 'production', DATA_DIR: path.join(dir, 'prod') });
    expect(await s.exited).toBe(1);
    expect(s.output()).toMatch(/cannot start: NODE_ENV=production .*ALLOW_SIMULATORS=sms,payment/);
  });

  // A disk the kernel remounted read-only after errors, a volume mounted so: named, not "failed to initialize".
  it.skipIf(!namespaces)('a read-only data folder refuses the start and says so', async () => {
    const dataDir = path.join(dir, 'read-only');
    mkdirSync(dataDir);
    const s = startServer({ DATA_DIR: dataDir }, 'size=64m,ro');
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain(`cannot start: the data folder ${dataDir} is read-only`);
  });

  it.skipIf(!namespaces)('a full disk refuses the start and says so', async () => {
    const dataDir = path.join(dir, 'full');
    mkdirSync(dataDir);
    const s = startServer({ DATA_DIR: dataDir }, 'size=2m');
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain(`cannot start: the disk of the data folder ${dataDir} is full`);
  });

  it('a second server on the same PGlite folder refuses to start; after a kill -9 the folder is free again', async () => {
    const dataDir = path.join(dir, 'data');
    const first = startServer({ DATA_DIR: dataDir });
    running.push(first.child);
    await until(() => /listening on/.test(first.output()));

    const second = startServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/cannot start: the database folder .* is in use by another server \(pid \d+\)/);
    expect(first.child.exitCode).toBeNull();

    first.child.kill('SIGKILL');
    await first.exited;
    const third = startServer({ DATA_DIR: dataDir });
    running.push(third.child);
    await until(() => /listening on/.test(third.output()) || third.child.exitCode !== null);
    expect(third.output()).toMatch(/listening on/);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 400_000);
});
