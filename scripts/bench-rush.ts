/** `npm run bench:rush`: the ticket rush. One session with CAPACITY tickets, BUYERS real accounts
 * (several times the capacity) each sending one placeOrder of 1-2 visitors at the same moment,
 * CONCURRENCY clients at a time, over real HTTP on loopback to the real server (server/main.ts in
 * a child process, CAPTCHA=off). Then the same database's raw rate of a one-row conditional update.
 *
 *   npm run bench:rush                                   fresh PGlite in a temp folder
 *   DATABASE_URL=postgres://u:p@host/db npm run bench:rush    a fresh database created beside `db`
 *   BUYERS=1200 CAPACITY=300 CONCURRENCY=200 npm run bench:rush
 *
 * Prints sold, capacity, oversold, refused (the sold-out message), other (anything else, with a
 * sample), p50/p99 latency of placeOrder, orders/s (placeOrder answers per second over the
 * burst), raw updates/s and ratio. Exits non-zero only when tickets are oversold or orders are
 * lost (orders in the database != successful answers, or sold != tickets), never on timing. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openPg, openPglite, type Db } from '../server/db/db.ts';
import { seedIfEmpty } from '../server/seed/seed.ts';
import { signToken } from '../server/auth.ts';
import { addDays, museumDate } from '../server/time.ts';
import { gb11643CheckChar } from '../src/domain/certificates.ts';
import { buildOrderRequest } from '../src/domain/orderRequest.ts';
import { ORDER_MESSAGES } from '../src/domain/orderRules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const CAPACITY = Number(env.CAPACITY ?? 300);
const BUYERS = Number(env.BUYERS ?? 1200);
const CONCURRENCY = Number(env.CONCURRENCY ?? 200);
const BURST_LIMIT_MS = 90_000; // no new request after this; each request times out after 30 s
const RAW_MS = 3000;
const HARD_STOP_MS = 150_000;

const cleanups: Array<() => Promise<void> | void> = [];
async function cleanup() {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch((e) => console.error('[bench] cleanup:', e));
}
setTimeout(() => {
  console.error(`[bench] did not finish within ${HARD_STOP_MS / 1000} s: stopping`);
  void cleanup().finally(() => process.exit(2));
}, HARD_STOP_MS).unref();

// ---------- the database ----------

interface Target {
  label: string;
  /** Environment for the server child. */
  serverEnv: Record<string, string>;
  open(): Promise<Db>;
}

async function prepareTarget(): Promise<Target> {
  const url = env.DATABASE_URL;
  if (url?.startsWith('postgres')) {
    const { default: pg } = await import('pg');
    const name = `bench_rush_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      await admin.end();
      throw new Error(`cannot create a fresh database beside ${new URL(url).pathname.slice(1)} (needs CREATEDB): ${String(error)}`, { cause: error });
    }
    await admin.end();
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    cleanups.push(async () => {
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    });
    return { label: `PostgreSQL (fresh database ${name})`, serverEnv: { DATABASE_URL: fresh.toString() }, open: () => openPg(fresh.toString()) };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'museum-bench-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { label: `PGlite (${dir})`, serverEnv: { DATA_DIR: dir, DATABASE_URL: '' }, open: () => openPglite({ dataDir: dir }) };
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂';

/** A valid mainland ID number, unique per n (birth dates walk from 1970-01-01). */
function idNumber(n: number): string {
  const birth = new Date(Date.UTC(1970, 0, 1) + n * 86400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const first17 = `110101${birth}${String(100 + (n % 900)).padStart(3, '0')}`;
  return first17 + gb11643CheckChar(first17);
}

interface Setup {
  date: string;
  hallId: number;
  scheduleId: number;
  adultPriceId: number;
  tokens: string[];
}

async function setUp(db: Db, secret: string): Promise<Setup> {
  const now = new Date();
  await migrate(db);
  await seedIfEmpty(db, () => now);
  const date = addDays(museumDate(now), 1);
  // The first hall that lets a lone adult in.
  const [hall] = await db.query<{ id: number }>(
    `SELECT id FROM halls WHERE NOT needs_adult_and_child AND min_buyers <= 1 ORDER BY sort, id LIMIT 1`,
  );
  const [price] = await db.query<{ id: number }>(
    `SELECT id FROM ticket_prices WHERE hall_id = $1 AND kind = 'adult' ORDER BY sort, id LIMIT 1`,
    [hall.id],
  );
  // Tomorrow open and released; one extra session for the rush, 07:00-23:59.
  await db.query(
    `INSERT INTO museum_days (visit_date, closed, release_at) VALUES ($1, false, NULL)
     ON CONFLICT (visit_date) DO UPDATE SET closed = false, release_at = NULL`,
    [date],
  );
  const [schedule] = await db.query<{ id: number }>(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, '07:00', '23:59', $3) RETURNING id`,
    [hall.id, date, CAPACITY],
  );
  await db.query(
    `INSERT INTO users (phone, user_name, created_at)
     SELECT '139' || lpad(i::text, 8, '0'), 'buyer' || i, $2 FROM generate_series(1, $1::int) AS i`,
    [BUYERS, now],
  );
  const users = await db.query<{ id: number }>(`SELECT id FROM users WHERE phone LIKE '139%' ORDER BY id LIMIT $1`, [BUYERS]);
  const key = new TextEncoder().encode(secret); // what the server derives from TOKEN_SECRET
  const tokens = await Promise.all(users.map((u) => signToken(key, u.id, 'individual', now, 3600)));
  return { date, hallId: hall.id, scheduleId: schedule.id, adultPriceId: price.id, tokens };
}

// ---------- the server ----------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(target: Target, secret: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...env, ...target.serverEnv, PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', TOKEN_SECRET: secret, LOG: '', SMS_PROVIDER: 'console' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => stopServer(child));
  let out = '';
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 60 s:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${out}`)));
  });
  return { base, child };
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ---------- the burst ----------

interface Outcome {
  ms: number;
  kind: 'ok' | 'refused' | 'other';
  orderId?: number;
  detail?: string;
}

async function burst(base: string, s: Setup): Promise<{ outcomes: Outcome[]; seconds: number }> {
  const soldOut = new Set<string>([ORDER_MESSAGES.soldOut.zh, ORDER_MESSAGES.soldOut.en]);
  const bodies = s.tokens.map((_, i) => {
    const visitors = 1 + (i % 2);
    return JSON.stringify(
      buildOrderRequest({
        visitDate: s.date,
        hallId: s.hallId,
        hallScheduleId: s.scheduleId,
        visitors: Array.from({ length: visitors }, (_, k) => ({
          name: SURNAMES[(i + k) % SURNAMES.length] + GIVEN[(i * 7 + k) % GIVEN.length],
          certificateType: '1' as const,
          certificateNumber: idNumber(i * 2 + k),
          ticketPriceId: s.adultPriceId,
        })),
        agreementAccepted: true,
        captchaToken: null,
      }),
    );
  });
  const outcomes: Outcome[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < s.tokens.length && performance.now() - started < BURST_LIMIT_MS) {
      const i = next++;
      const t0 = performance.now();
      let outcome: Outcome;
      try {
        const res = await fetch(`${base}/prod-api/config/orderRule/placeOrder`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${s.tokens[i]}`, language: 'zh_cn' },
          body: bodies[i],
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        const ms = performance.now() - t0;
        let json: { code?: number; msg?: string; data?: { orderId?: number | null } } = {};
        try {
          json = JSON.parse(text);
        } catch {
          /* not JSON: other */
        }
        if (res.status === 200 && json.code === 200 && typeof json.data?.orderId === 'number') outcome = { ms, kind: 'ok', orderId: json.data.orderId };
        else if (res.status === 200 && json.code === 500 && soldOut.has(json.msg ?? '')) outcome = { ms, kind: 'refused' };
        else outcome = { ms, kind: 'other', detail: `HTTP ${res.status} ${text.slice(0, 200)}` };
      } catch (error) {
        outcome = { ms: performance.now() - t0, kind: 'other', detail: String(error) };
      }
      outcomes.push(outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, s.tokens.length) }, worker));
  return { outcomes, seconds: (performance.now() - started) / 1000 };
}

async function rawUpdates(db: Db): Promise<number> {
  await db.query('DROP TABLE IF EXISTS bench_raw');
  await db.query('CREATE TABLE bench_raw (id int PRIMARY KEY, sold int NOT NULL, cap int NOT NULL)');
  await db.query('INSERT INTO bench_raw VALUES (1, 0, 2147483647)');
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < RAW_MS) {
    await db.query('UPDATE bench_raw SET sold = sold + 1 WHERE id = 1 AND sold < cap', []);
    n++;
  }
  const rate = n / ((performance.now() - t0) / 1000);
  await db.query('DROP TABLE bench_raw');
  return rate;
}

/** A single connection (the rate of one client, not of a pool). */
async function openSingle(target: Target): Promise<Db> {
  if (!target.serverEnv.DATABASE_URL) return target.open();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target.serverEnv.DATABASE_URL });
  await client.connect();
  return {
    kind: 'pg',
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    tx: () => Promise.reject(new Error('not used')),
    close: () => client.end(),
  };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

async function main() {
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget();
  console.log(`[bench] database: ${target.label}; ${BUYERS} buyers, capacity ${CAPACITY}, concurrency ${CONCURRENCY}`);
  let db = await target.open();
  const setup = await setUp(db, secret);
  await db.close();

  const { base, child } = await startServer(target, secret);
  console.log(`[bench] server ${base} (pid ${child.pid}); burst...`);
  const { outcomes, seconds } = await burst(base, setup);
  await stopServer(child);

  db = await target.open();
  const [stock] = await db.query<{ sold: number; capacity: number; held: number }>('SELECT sold, capacity, held FROM hall_schedule WHERE id = $1', [
    setup.scheduleId,
  ]);
  const [orders] = await db.query<{ n: number; tickets: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(ticket_num), 0)::int AS tickets FROM orders WHERE schedule_id = $1 AND status = 'toBePaid'`,
    [setup.scheduleId],
  );
  const [tickets] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.schedule_id = $1 AND t.status = 'toBePaid'`,
    [setup.scheduleId],
  );
  const okIds = new Set(outcomes.filter((o) => o.kind === 'ok').map((o) => o.orderId!));
  const dbIds = new Set(
    (await db.query<{ id: number }>(`SELECT id FROM orders WHERE schedule_id = $1`, [setup.scheduleId])).map((r) => r.id),
  );
  await db.close();

  const single = await openSingle(target);
  const raw = await rawUpdates(single);
  await single.close();

  const ms = outcomes.map((o) => o.ms).sort((x, y) => x - y);
  const refused = outcomes.filter((o) => o.kind === 'refused').length;
  const other = outcomes.filter((o) => o.kind === 'other');
  const oversold = Math.max(0, stock.sold + stock.held - stock.capacity, tickets.n - stock.capacity);
  const ordersPerSecond = outcomes.length / seconds;
  const lost: string[] = [];
  if (orders.n !== okIds.size || dbIds.size !== okIds.size || [...okIds].some((id) => !dbIds.has(id))) {
    lost.push(`orders in the database ${dbIds.size} (unpaid ${orders.n}) != successful answers ${okIds.size}`);
  }
  if (stock.sold !== tickets.n || stock.sold !== orders.tickets) lost.push(`sold ${stock.sold} != tickets ${tickets.n} (orders say ${orders.tickets})`);
  if (outcomes.length !== BUYERS) lost.push(`${BUYERS - outcomes.length} requests not sent (burst limit ${BURST_LIMIT_MS / 1000} s)`);

  console.log(`sold: ${stock.sold}`);
  console.log(`capacity: ${stock.capacity}`);
  console.log(`oversold: ${oversold}`);
  console.log(`refused: ${refused}`);
  console.log(`other: ${other.length}${other.length ? `  (sample: ${other[0].detail})` : ''}`);
  console.log(`orders: ${okIds.size} successful of ${outcomes.length} answered in ${seconds.toFixed(2)} s`);
  console.log(`p50: ${pct(ms, 50).toFixed(1)} ms`);
  console.log(`p99: ${pct(ms, 99).toFixed(1)} ms`);
  console.log(`orders/s: ${ordersPerSecond.toFixed(0)}`);
  console.log(`raw updates/s: ${raw.toFixed(0)}`);
  console.log(`ratio: ${(ordersPerSecond / raw).toFixed(3)}`);
  for (const l of lost) console.log(`LOST: ${l}`);
  await cleanup();
  process.exit(oversold > 0 || lost.length > 0 ? 1 : 0);
}

main().catch(async (error) => {
  console.error('[bench] failed:', error);
  await cleanup();
  process.exit(1);
});
