/** Backup and restore (docs/operations.md §11), over real HTTP: visitors order and pay while
 * `npm run backup`'s copy is taken (PGlite: from the running server; PostgreSQL: pg_dump); the
 * copy, restored into a new folder or an empty database, opens as a server that knows every
 * order acknowledged before the backup began, each as it was then or later, with stock that adds
 * up. A PGlite restore refuses a folder in use or one that is not empty. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate } from '../../server/db/db.ts';
import { lockFolder } from '../../server/db/folderLock.ts';
import { takeBackup } from '../../server/ops/backup.ts';
import { publishOps } from '../../server/ops/opsFile.ts';
import { restoreBackup } from '../../server/ops/restore.ts';
import type { HallPool } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { assertStockInvariant, dbLane, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';

let root: string;
let live: TestApp;
let base: string;
let release: Array<() => void> = [];

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'museum-backup-'));
  if (dbLane() === 'pglite') {
    const dataDir = path.join(root, 'live');
    mkdirSync(dataDir);
    // As the server's start does: the folder is held, the backup's address published once listening.
    release.push(lockFolder(dataDir));
    const token = randomBytes(32).toString('base64url');
    live = await makeApp({}, { dataDir, opsToken: token });
    base = await listening(live);
    release.push(publishOps(dataDir, { url: base, token }));
  } else {
    live = await makeApp();
    base = await listening(live);
  }
});

afterAll(async () => {
  await live?.close();
  for (const undo of release.reverse()) undo();
  release = [];
  if (root) rmSync(root, { recursive: true, force: true });
});

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** The configuration `npm run backup` and `npm run restore` read: the live server's database,
 * or (`restored`) a new folder or an empty database of its own. */
async function configOf(which: 'live' | 'restored'): Promise<{ databaseUrl: string | null; dataDir: string }> {
  const lane = inject('pgLane');
  if (!lane) return { databaseUrl: null, dataDir: path.join(root, which) };
  if (which === 'live') return { databaseUrl: live.databaseUrl, dataDir: '' };
  const name = `restored_${process.pid}_${randomBytes(4).toString('hex')}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: lane.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return { databaseUrl: lane.urlPrefix + name, dataDir: '' };
}

interface Placed {
  orderId: number;
  token: string;
  /** Each status the server acknowledged, with the moment (a counter) it was acknowledged. */
  acked: Array<{ status: string; at: number }>;
}

/** Visitors ordering one adult ticket each, every other one paying, until `stop()`. */
function traffic(hall: HallPool, session: number) {
  const placed: Placed[] = [];
  let clock = 0;
  let stopped = false;
  let phones = 0;
  const post = async (url: string, token: string, body: unknown) =>
    (await fetch(`${base}/prod-api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, language: 'en_us' },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as { code: number; msg: string; data: any };
  const visitor = async () => {
    while (!stopped) {
      const n = ++phones;
      const token = await live.tokenFor(`1372222${String(n).padStart(4, '0')}`);
      const body = orderRequest(
        OPEN_DAY,
        hall.hallId,
        session,
        [{ name: '周九', birth: '1990-01-01', ticketPriceId: priceOf(hall, 'adult') }],
        await live.captchaToken(),
      );
      const order = await post('/config/orderRule/placeOrder', token, body);
      expect(order.code, order.msg).toBe(200);
      const entry: Placed = { orderId: order.data.orderId, token, acked: [{ status: 'toBePaid', at: ++clock }] };
      placed.push(entry);
      if (n % 2 === 0) {
        const pay = await post('/pay/create', token, { orderId: entry.orderId });
        expect(pay.code, pay.msg).toBe(200);
        const payId = new URL(pay.data.payUrl, base).searchParams.get('payId')!;
        const [{ amount }] = await live.db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
        // The platform's notify, answered 204: the payment is the museum's from then on.
        expect(await live.payNotify(payId, amount)).toBe(204);
        entry.acked.push({ status: 'completed', at: ++clock });
      }
    }
  };
  const visitors = Promise.all([visitor(), visitor(), visitor()]);
  return {
    placed,
    now: () => ++clock,
    async stop() {
      stopped = true;
      await visitors;
    },
  };
}

describe('backup and restore', () => {
  it('a backup taken mid-traffic restores every order acknowledged before it, with stock that adds up', async () => {
    const [hall] = await live.halls(OPEN_DAY);
    const [{ id: session }] = await live.db.query<{ id: number }>(
      `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, '07:00', '23:59', 500) RETURNING id`,
      [hall.hallId, OPEN_DAY],
    );
    const load = traffic(hall, session);
    const file = path.join(root, dbLane() === 'pglite' ? 'museum.tar.gz' : 'museum.dump');
    let before: Placed[];
    let startedAt: number;
    try {
      await expect.poll(() => load.placed.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
      startedAt = load.now();
      // What was acknowledged when the backup began (copies: the visitors go on meanwhile).
      before = load.placed.map((p) => ({ ...p, acked: [...p.acked] }));
      const taken = await takeBackup(await configOf('live'), file);
      expect(taken).toMatchObject(dbLane() === 'pglite' ? { how: 'running server', snapshotMs: expect.any(Number) } : { how: 'pg_dump' });
      // Visitors were still being answered after it: the backup did not stop the server.
      const after = load.placed.length;
      await expect.poll(() => load.placed.length, { timeout: 60_000 }).toBeGreaterThan(after);
    } finally {
      await load.stop();
    }
    // For its owner only: it holds personal data.
    expect(statSync(file).mode & 0o077).toBe(0);

    const target = await configOf('restored');
    const restored = await restoreBackup(target, file);
    expect(restored).toMatchObject({ pending: [], unknown: [], movedAside: null });
    expect(restored.orders).toBeGreaterThanOrEqual(before.length);

    // The restored database opens as a server's start opens it (migrated forward, nothing to do here).
    const back = await makeApp({}, target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
    try {
      expect(await migrate(back.db)).toEqual([]);
      for (const order of before) {
        // Logins survive too: the token secret is in the database.
        const answer = await back.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${order.orderId}`, { token: order.token });
        expect(answer.code, answer.msg).toBe(200);
        // As acknowledged last before the backup began, or a status it was acknowledged in later.
        const last = order.acked.filter((a) => a.at < startedAt!).at(-1)!;
        const possible = load.placed.find((p) => p.orderId === order.orderId)!.acked.filter((a) => a.at >= last.at);
        expect(possible.map((a) => a.status)).toContain(answer.data.status);
      }
      await assertStockInvariant(back.db);
      const [stock] = await back.db.query<{ capacity: number; sold: number; held: number; tickets: number }>(
        `SELECT capacity, sold, held, (SELECT count(*)::int FROM tickets WHERE schedule_id = s.id AND status IN ('toBePaid', 'toBeChecked')) AS tickets
           FROM hall_schedule s WHERE id = $1`,
        [session],
      );
      // No oversell: what is sold is what the tickets own, and sold + free = capacity.
      expect(stock.sold).toBe(stock.tickets);
      expect(stock.sold).toBeGreaterThanOrEqual(before.length);
      const [pool] = (await back.halls(OPEN_DAY)).flatMap((h) => h.scheduleTicketPoolVOS).filter((s) => s.hallScheduleId === session);
      expect(stock.sold + stock.held + pool.ticketPool).toBe(stock.capacity);
    } finally {
      await back.close();
    }
  });

  it.skipIf(dbLane() !== 'pglite')('a restore refuses a folder a server holds, and one that is not empty unless told to move its files aside', async () => {
    // The backup of the test before.
    const file = path.join(root, 'museum.tar.gz');
    // A folder held by a live server: refused before anything is written.
    const busy = path.join(root, 'busy');
    mkdirSync(busy);
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    await once(holder, 'spawn');
    try {
      const started = readFileSync(`/proc/${holder.pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
      writeFileSync(path.join(busy, 'server.lock'), `${holder.pid} ${started}`);
      await expect(restoreBackup({ databaseUrl: null, dataDir: busy }, file)).rejects.toThrow(/in use by another server/);
    } finally {
      holder.kill('SIGKILL');
      await once(holder, 'exit');
    }
    // A folder with files: refused, then, told to, its files are moved aside, never deleted.
    const used = path.join(root, 'used');
    mkdirSync(used);
    writeFileSync(path.join(used, 'notes.txt'), 'the old database');
    await expect(restoreBackup({ databaseUrl: null, dataDir: used }, file)).rejects.toThrow(/not empty/);
    const replaced = await restoreBackup({ databaseUrl: null, dataDir: used }, file, { replace: true, now: new Date('2030-03-05T02:00:00Z') });
    expect(readFileSync(path.join(replaced.movedAside!, 'notes.txt'), 'utf8')).toBe('the old database');
    expect(readFileSync(path.join(used, 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);
  });
});
