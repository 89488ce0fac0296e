/** What the benchmarks share: a fresh database (PGlite in a temp folder, a fresh PostgreSQL
 * database beside DATABASE_URL, or a throwaway PostgreSQL with production's durability), the real
 * server in a child process (or several behind the deployment's nginx), test people, percentiles,
 * and cleanup on every exit. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openPg, type Db } from '../../server/db/db.ts';
import { openConfiguredDb } from '../../server/db/open.ts';
import type { ServerConfig } from '../../server/config.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { signToken } from '../../server/auth.ts';
import { addDays, museumDate } from '../../server/time.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import { startPostgres } from '../pg.ts';
import { isStale, SERVER_SOURCES } from '../stale.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = process.env;

export const cleanups: Array<() => Promise<void> | void> = [];
export async function cleanup() {
  while (cleanups.length) await Promise.resolve(cleanups.pop()!()).catch((e) => console.error('[bench] cleanup:', e));
}

/** Stops the run (and cleans up) when it takes longer than `ms`, or on Ctrl-C / kill. */
export function hardStop(ms: number): void {
  const stop = (why: string, code: number) => {
    console.error(`[bench] ${why}: stopping`);
    void cleanup().finally(() => process.exit(code));
  };
  setTimeout(() => stop(`did not finish within ${ms / 1000} s`, 2), ms).unref();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop(signal, 130));
}

/** Runs `command` (sh) once this process is gone, however it went (even SIGKILL, which no
 * cleanup survives): a child server or a temp folder is never left behind. The returned
 * function cancels it, for when the thing was cleaned up the ordinary way. */
export function afterMe(command: string): () => void {
  const watchdog = spawn('sh', ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${command}`], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return () => {
    try {
      if (watchdog.pid) process.kill(watchdog.pid);
    } catch {
      /* already gone */
    }
  };
}

const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

let work: string | null = null;
/** The run's own temp folder (PGlite folders, the load generator's files), removed at the end. */
export function workDir(sub: string): string {
  if (!work) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'museum-bench-'));
    work = dir;
    const cancel = afterMe(`rm -rf ${shQuote(dir)}`);
    cleanups.unshift(() => {
      rmSync(dir, { recursive: true, force: true });
      cancel();
    });
  }
  const dir = path.join(work, sub);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A PGlite folder opened as the server opens it (server/db/open.ts): the build's migrated
 * template when the folder is new, PGlite's own options, and the folder's lock (so that the
 * benchmark can never write beside a running server). */
export async function openFolder(dir: string): Promise<Db> {
  const config = { dataDir: dir, databaseUrl: null } as ServerConfig; // the only two fields it reads
  const { db, unlock } = await openConfiguredDb(config, root);
  return {
    ...db,
    async close() {
      await db.close();
      unlock();
    },
  };
}

/** Where the raw hot-row rate is measured (scripts/bench/raw.ts): the server's database on
 * PostgreSQL, a folder of its own beside the server's on PGlite (the server holds its lock). */
export type RawPlace = { kind: 'pg'; url: string } | { kind: 'pglite'; dir: string };

export interface Target {
  label: string;
  /** Environment for the server child. */
  serverEnv: Record<string, string>;
  open(): Promise<Db>;
  raw(): RawPlace;
  /** The throwaway PostgreSQL's postmaster process, for its memory. */
  postmaster?: () => number;
}

/** A fresh database for a run named `name`: with `throwawayPg`, a PostgreSQL of scripts/pg.ts
 * with fsync on, as production runs; else a database bench_<name>_... beside DATABASE_URL when
 * set; else a PGlite folder. */
export async function prepareTarget(name: string, options: { throwawayPg?: boolean } = {}): Promise<Target> {
  let url = env.DATABASE_URL;
  let label = 'PostgreSQL';
  let postmaster: Target['postmaster'];
  if (options.throwawayPg) {
    const server = await startPostgres({ durable: true });
    cleanups.push(() => server.stop());
    url = server.url();
    postmaster = () => Number(readFileSync(path.join(server.dir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
    label = `throwaway PostgreSQL (scripts/pg.ts, durable) on port ${server.port}`;
  }
  if (url?.startsWith('postgres')) {
    const { default: pg } = await import('pg');
    const database = `bench_${name}_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${database}`);
    } catch (error) {
      await admin.end();
      throw new Error(`cannot create a fresh database beside ${new URL(url).pathname.slice(1)} (needs CREATEDB): ${String(error)}`, { cause: error });
    }
    await admin.end();
    const fresh = new URL(url);
    fresh.pathname = `/${database}`;
    cleanups.push(async () => {
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await drop.end();
    });
    return {
      label: `${label} (fresh database ${database})`,
      serverEnv: { DATABASE_URL: fresh.toString() },
      open: () => openPg(fresh.toString()),
      raw: () => ({ kind: 'pg', url: fresh.toString() }),
      postmaster,
    };
  }
  const dir = workDir('db');
  return {
    label: `PGlite (${dir})`,
    serverEnv: { DATA_DIR: dir, DATABASE_URL: '' },
    open: () => openFolder(dir),
    raw: () => ({ kind: 'pglite', dir: workDir('raw') }),
  };
}

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
export const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂';

/** A valid mainland ID number, unique per n (birth dates walk from 1970-01-01). */
export function idNumber(n: number): string {
  const birth = new Date(Date.UTC(1970, 0, 1) + n * 86400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const first17 = `110101${birth}${String(100 + (n % 900)).padStart(3, '0')}`;
  return first17 + gb11643CheckChar(first17);
}

/** Buyer i's placeOrder body: `visitors` adults with names and ID numbers of their own (ID
 * numbers idFrom + i * 2 + k, never repeated within a run), on one price of one session. */
export function orderBody(
  o: { visitDate: string; hallId: number; scheduleId: number; priceId: number; visitors: number; idFrom?: number; seats?: string[] },
  i: number,
): string {
  return JSON.stringify(
    buildOrderRequest({
      visitDate: o.visitDate,
      hallId: o.hallId,
      hallScheduleId: o.scheduleId,
      visitors: Array.from({ length: o.visitors }, (_, k) => ({
        name: SURNAMES[(i + k) % SURNAMES.length] + GIVEN[(i * 7 + k) % GIVEN.length],
        certificateType: '1' as const,
        certificateNumber: idNumber((o.idFrom ?? 0) + i * 2 + k),
        ticketPriceId: o.priceId,
      })),
      agreementAccepted: true,
      captchaToken: null,
      ...(o.seats ? { seats: o.seats } : {}),
    }),
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The server as production runs it, `node dist-server/main.js`, rebuilt only when missing or
 * older than its sources, as `npm start` does (scripts/start.mjs): a benchmark after an edit of
 * server/ measures the edit and not yesterday's build. */
function ensureBuiltServer(): void {
  if (!isStale('dist-server/main.js', SERVER_SOURCES, root)) return;
  console.log('[bench] building the server (dist-server/ is missing or older than the sources)...');
  // Its own node: build-server.mjs is the one build, and it is plain JavaScript outside tsc.
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the server build failed (${build.status ?? build.signal})`);
}

/** The server in a child process on a free port, CAPTCHA off, SMS to the console, as production
 * runs it: `node dist-server/main.js` (rebuilt first when older than its sources, see
 * ensureBuiltServer). BENCH_SERVER_FLAGS: node flags for the server alone, e.g. to profile it:
 * `BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` (node refuses those in NODE_OPTIONS). */
export async function startServer(target: Target, secret: string, atPort?: number): Promise<{ base: string; child: ChildProcess }> {
  ensureBuiltServer();
  // BENCH_PORT: a port of your own on a shared machine; by default any free one.
  const port = atPort ?? (env.BENCH_PORT ? Number(env.BENCH_PORT) : await freePort());
  const flags = (env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const args = [...flags, 'dist-server/main.js'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...env, ...target.serverEnv, PORT: String(port), HOST: '127.0.0.1', CAPTCHA: 'off', TOKEN_SECRET: secret, LOG: '', SMS_PROVIDER: 'console' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const cancel = afterMe(`kill -9 ${child.pid} 2>/dev/null`);
  cleanups.push(async () => {
    await stopServer(child);
    cancel();
  });
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

export function stopServer(child: ChildProcess): Promise<void> {
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

/** deploy/museum.conf as written, with the instances' addresses, the listening port and the
 * build's folder of this run, inside a main configuration of its own (a prefix in the run's folder). */
function nginxConfig(dir: string, port: number, instances: string[]): string {
  const site = readFileSync(path.join(root, 'deploy/museum.conf'), 'utf8')
    .replace(/^(\s*)server 127\.0\.0\.1:808\d;\n/gm, (line, indent: string) =>
      line.includes(':8081') ? instances.map((a) => `${indent}server ${a};\n`).join('') : '',
    )
    .replace(/^(\s*)listen 80;/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)root \/srv\/museum\/dist;/m, `$1root ${path.join(root, 'dist')};`);
  if (!site.includes(instances[0]) || !site.includes(`:${port};`)) throw new Error('deploy/museum.conf no longer has the lines this script replaces');
  writeFileSync(path.join(dir, 'museum.conf'), site);
  return [
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 2;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    // Each waiting visitor's stream holds two connections (hers and the instance's): 5,000 of them
    // need more than the 8,192 of two workers at 4,096 (docs/operations.md §13).
    'worker_rlimit_nofile 20000;',
    'events { worker_connections 12000; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    // Each answer's times as nginx saw them (scripts/bench/deployWatch.ts reads them): from the
    // request's first byte to the answer's last, the connection to the instance, the instance's answer.
    "  log_format timing '$uri|$request_time|$upstream_connect_time|$upstream_response_time';",
    `  access_log ${dir}/access.log timing buffer=256k flush=1s;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
    `  include ${dir}/museum.conf;`,
    '}',
    '',
  ].join('\n');
}

export async function startNginx(dir: string, port: number, instances: string[]): Promise<ChildProcess> {
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, instances));
  const child = spawn('nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const cancel = afterMe(`kill -9 ${child.pid} 2>/dev/null`);
  cleanups.push(() => {
    child.kill('SIGQUIT');
    cancel();
  });
  child.on('error', (error) => console.error(`[bench] nginx: ${error.message}`));
  for (const started = Date.now(); Date.now() - started < 10_000;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}); see ${dir}/error.log`);
    const up = await fetch(`http://127.0.0.1:${port}/assets/`, { signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not answer in 10 s');
}

/** The deployment (docs/operations.md §13) on loopback: `count` instances of the built server on
 * one database, started at once, behind Debian's nginx with deploy/museum.conf (startNginx), the
 * instances believing the proxy's X-Forwarded-For (TRUST_PROXY) as production's do. `port`: the
 * proxy's, the instances on the ports after it; by default any free ones. */
export async function startBehindNginx(target: Target, secret: string, count: number, port?: number) {
  const nginxFound = await new Promise<boolean>((resolve) =>
    spawn('nginx', ['-v'], { stdio: 'ignore' })
      .on('exit', (c) => resolve(c === 0))
      .on('error', () => resolve(false)),
  );
  if (!nginxFound) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  env.TRUST_PROXY = '127.0.0.1';
  const servers = await Promise.all(Array.from({ length: count }, (_, i) => startServer(target, secret, port ? port + 1 + i : undefined)));
  const instances = servers.map((s) => new URL(s.base).host);
  const proxyPort = port ?? (await freePort());
  const nginx = await startNginx(workDir('nginx'), proxyPort, instances);
  return { base: `http://127.0.0.1:${proxyPort}`, servers, instances, nginx, nginxDir: workDir('nginx') };
}

/** Runs a script of scripts/bench/ in its own node (through tsx) and gives back what it
 * printed; it is killed with the run if the run stops first. */
export function nodeScript(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const cancel = afterMe(`kill -9 ${child.pid} 2>/dev/null`);
    const kill = () => void child.kill('SIGKILL');
    cleanups.push(kill);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code, signal) => {
      cancel();
      const mine = cleanups.indexOf(kill);
      if (mine >= 0) cleanups.splice(mine, 1);
      if (code === 0) resolve(out);
      else reject(new Error(`${args[0]} exited ${code ?? signal}`));
    });
  });
}

export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** The demo museum migrated and seeded, and tomorrow (museum time) open and released: the
 * day the benchmarks sell. */
export async function museumTomorrow(db: Db, now: Date): Promise<string> {
  await migrate(db);
  await seedIfEmpty(db, () => now);
  const date = addDays(museumDate(now), 1);
  await db.query(
    `INSERT INTO museum_days (visit_date, closed, release_at) VALUES ($1, false, NULL)
     ON CONFLICT (visit_date) DO UPDATE SET closed = false, release_at = NULL`,
    [date],
  );
  return date;
}

/** `n` visitor accounts with phones starting `prefix` (3 digits), and a token each signed
 * with the server's TOKEN_SECRET. */
export async function buyers(db: Db, prefix: string, n: number, secret: string, now: Date): Promise<string[]> {
  await db.query(
    `INSERT INTO users (phone, user_name, created_at)
     SELECT $3 || lpad(i::text, 8, '0'), 'buyer' || i, $2 FROM generate_series(1, $1::int) AS i`,
    [n, now, prefix],
  );
  const users = await db.query<{ id: number }>(`SELECT id FROM users WHERE phone LIKE $2 || '%' ORDER BY id LIMIT $1`, [n, prefix]);
  const key = new TextEncoder().encode(secret); // what the server derives from TOKEN_SECRET
  return Promise.all(users.map((u) => signToken(key, u.id, 'individual', now, 3600)));
}

export interface Answered {
  ms: number;
  status: number;
  /** The answer's envelope; empty when it was not JSON or never came. */
  json: { code?: number; msg?: string; data?: { orderId?: number | null } | null };
  error?: string;
}

/** POSTs body i with token i to `path`, `concurrency` at a time, until all are sent or
 * `limitMs` has passed; each request gives up after 30 s. The answers in arrival order. */
export async function burst(base: string, path: string, tokens: string[], bodies: string[], concurrency: number, limitMs = Infinity) {
  const answers: Answered[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < tokens.length && performance.now() - started < limitMs) {
      const i = next++;
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/prod-api${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}`, language: 'en_us' },
          body: bodies[i],
          signal: AbortSignal.timeout(30_000),
        });
        const json = (await res.json().catch(() => ({}))) as Answered['json'];
        answers.push({ ms: performance.now() - t0, status: res.status, json });
      } catch (error) {
        answers.push({ ms: performance.now() - t0, status: 0, json: {}, error: String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tokens.length) }, worker));
  return { answers, seconds: (performance.now() - started) / 1000 };
}
