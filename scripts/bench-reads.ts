/** `npm run bench:reads`: the read endpoints of the first screens (calendar, halls of a bookable
 * day, the settings call) against a bare Fastify answering the same JSON, in the same run.
 *
 *   npm run bench:reads
 *   DATABASE_URL=postgres://u:p@host/db npm run bench:reads
 *   CONCURRENCY=20 SECONDS=5 ROUNDS=2 npm run bench:reads
 *
 * The real server (server/main.ts) and the bare Fastify (scripts/bench/bare.ts) each run in a
 * child process, and so does the load generator (scripts/bench/load.ts: CONCURRENCY keep-alive
 * connections, a 1 s warm-up, then SECONDS of GETs). Each endpoint's measurement is taken right
 * after one of the bare route answering the same bytes, ROUNDS times, alternating, so that a
 * neighbour's load hits both alike; the ratio is requests/s of the endpoint over those of the
 * bare route of the same round. Prints requests/s, p50, p99 per endpoint and the ratios. Exits
 * non-zero only when an answer is not a success. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, cleanups, hardStop, museumTomorrow, prepareTarget, startServer, stopServer } from './bench/kit.ts';

const env = process.env;
const CONCURRENCY = Number(env.CONCURRENCY ?? 20);
const SECONDS = Number(env.SECONDS ?? 5);
const ROUNDS = Number(env.ROUNDS ?? 2);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
hardStop(600_000);

interface Measured {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

function child(args: string[], input?: string): Promise<{ out: string; pid: number }> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'] });
    let out = '';
    c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    if (input !== undefined) c.stdin!.end(input);
    c.on('exit', (code) => (code === 0 ? resolve({ out, pid: c.pid! }) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

async function startBare(answers: Record<string, unknown>): Promise<string> {
  const c = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bare.ts'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  cleanups.push(() => stopServer(c));
  c.stdin!.end(JSON.stringify(answers));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`bare Fastify did not start:\n${out}`)), 30_000);
    c.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^/\s]+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    c.on('exit', (code) => reject(new Error(`bare Fastify exited (${code}):\n${out}`)));
  });
}

async function load(url: string): Promise<Measured> {
  const { out } = await child(['scripts/bench/load.ts', url, String(CONCURRENCY), String(SECONDS), '1', 'language:zh_cn']);
  return JSON.parse(out.trim().split('\n').pop()!) as Measured;
}

async function main() {
  const target = await prepareTarget('reads');
  const db = await target.open();
  const date = await museumTomorrow(db, new Date());
  await db.close();
  const secret = randomBytes(32).toString('base64url');
  const { base, child: server } = await startServer(target, secret);
  const endpoints: Record<string, string> = {
    calendar: '/prod-api/pool/ingore/getCalendar',
    halls: `/prod-api/pool/ingore/getHall?queryDate=${date}&openPerson=1&saleMode=1`,
    config: '/prod-api/basesetting/HallSetting/ingore/gainAllSystemConfigLogin',
  };
  // The bare route answers exactly what the endpoint answers.
  const answers: Record<string, unknown> = {};
  for (const [name, url] of Object.entries(endpoints)) {
    const res = await fetch(base + url, { headers: { language: 'zh_cn' } });
    const json = (await res.json()) as { code: number; msg: string };
    if (json.code !== 200) throw new Error(`${name}: ${JSON.stringify(json).slice(0, 300)}`);
    answers[name] = json;
  }
  const bare = await startBare(answers);
  const [load1] = os.loadavg();
  console.log(`[bench] database: ${target.label}; server pid ${server.pid}; bookable day ${date}`);
  console.log(
    `[bench] concurrency ${CONCURRENCY}, ${SECONDS} s per measurement after 1 s warm-up, ${ROUNDS} rounds; ${os.cpus().length} CPUs, load average ${load1.toFixed(2)} before`,
  );

  const rows: Array<{ name: string; real: Measured; bare: Measured }> = [];
  let failed = false;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, url] of Object.entries(endpoints)) {
      const b = await load(`${bare}/bare/${name}`);
      const r = await load(base + url);
      if (r.errors || r.bytes === 0) failed = true;
      rows.push({ name, real: r, bare: b });
      console.log(
        `  round ${round + 1} ${name.padEnd(8)} ${r.rps.toFixed(0).padStart(6)} req/s p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms` +
          ` | bare ${b.rps.toFixed(0).padStart(6)} req/s p50 ${b.p50.toFixed(1)} ms p99 ${b.p99.toFixed(1)} ms | ${r.bytes} B | ratio ${(r.rps / b.rps).toFixed(3)}` +
          (r.errors ? ` | ${r.errors} ERRORS` : ''),
      );
    }
  }
  console.log('\nendpoint   req/s   p50 ms  p99 ms | bare req/s  p50 ms  p99 ms | ratio (median of rounds)');
  for (const name of Object.keys(endpoints)) {
    const mine = rows.filter((r) => r.name === name);
    const mid = <T>(xs: T[], f: (x: T) => number) => {
      const s = xs.map(f).sort((a, b) => a - b);
      return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    };
    console.log(
      `${name.padEnd(9)} ${mid(mine, (r) => r.real.rps)
        .toFixed(0)
        .padStart(6)} ${mid(mine, (r) => r.real.p50)
        .toFixed(1)
        .padStart(8)} ${mid(mine, (r) => r.real.p99)
        .toFixed(1)
        .padStart(7)} |` +
        ` ${mid(mine, (r) => r.bare.rps)
          .toFixed(0)
          .padStart(10)} ${mid(mine, (r) => r.bare.p50)
          .toFixed(1)
          .padStart(7)} ${mid(mine, (r) => r.bare.p99)
          .toFixed(1)
          .padStart(7)} |` +
        ` ${mid(mine, (r) => r.real.rps / r.bare.rps).toFixed(3)}`,
    );
  }
  console.log(`[bench] load average ${os.loadavg()[0].toFixed(2)} after`);
  if (failed) {
    console.error('[bench] some answers were not successes');
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error('[bench] failed:', error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
