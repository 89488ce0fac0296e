/** `npm run bench:rush`: the ticket rush, against the database's own rate measured in the same run.
 *
 *   npm run bench:rush                                        PGlite in a temp folder
 *   npm run bench:rush -- --pg            (or DB=pg)          a throwaway PostgreSQL, fsync on
 *   DATABASE_URL=postgres://u:p@host/db npm run bench:rush    a fresh database created beside `db`
 *   BUYERS=1200 CAPACITY=300 CONCURRENCY=200 WARMUP=1 ROUNDS=3 RAW_SECONDS=3 npm run bench:rush
 *   STREAMS=5000 npm run bench:rush                           the same, with 5,000 live stock streams open
 *
 * STREAMS: that many visitors' screens follow the live stock of the day sold (the venue screen)
 * and the calendar throughout (scripts/bench/streams.ts, a process of its own; docs/architecture.md
 * §11); the server's resident memory before and after they open is printed.
 *
 * Each round sells a fresh session of CAPACITY tickets to BUYERS fresh accounts (several times the
 * capacity), each sending one placeOrder of 1-2 visitors, CONCURRENCY in flight over keep-alive
 * HTTP, from a load generator in its own process (scripts/bench/post.ts). The server is the built
 * one, as production runs it (`node dist-server/main.js`, rebuilt when older than its sources),
 * CAPTCHA=off, and stays up for all rounds.
 *
 * WARMUP bursts (default 1) of the same shape, on sessions and buyers of their own, come first:
 * printed as w1, w2 and checked like the others, but left out of the median. A server meets a
 * release hour warm, and the yardstick is measured after its own warm-up too; a cold server
 * answers the first 1200 buyers at about half its warm rate while V8 compiles its hot code (the
 * w1 row says how it fares).
 *
 * The yardstick is the database's own rate of the one statement a sale cannot do without, the
 * conditional update of the hot row (scripts/bench/raw.ts, its own process), on the same
 * database with the same durability, with 1 client and with as many as the server's pool (10 on
 * PostgreSQL; PGlite is one connection). It is measured between the bursts, while the server
 * idles: raw, burst, raw, burst, ..., raw, so that a neighbour's load on a shared machine
 * weighs on both. The denominator is the best raw rate of the run.
 *
 * Prints per round and the median of the measured rounds: all answers/s and successful orders/s apart, p50/p99 of
 * placeOrder, sold, capacity, oversold, refused ("sold out" and "only N left", both correct),
 * other (with a sample), lost, and ratio = answers/s ÷ the best raw rate. Exits non-zero only
 * when tickets are oversold or orders lost, never on timing. */
import { readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../server/db/db.ts';
import { ORDER_MESSAGES } from '../src/domain/orderRules.ts';
import { spawn } from 'node:child_process';
import {
  afterMe,
  buyers,
  cleanup,
  cleanups,
  hardStop,
  museumTomorrow,
  nodeScript,
  orderBody,
  pct,
  prepareTarget,
  root,
  startServer,
  stopServer,
  workDir,
  type RawPlace,
} from './bench/kit.ts';
import type { PostAnswer, PostJob } from './bench/post.ts';

const env = process.env;
const CAPACITY = Number(env.CAPACITY ?? 300);
const BUYERS = Number(env.BUYERS ?? 1200);
const CONCURRENCY = Number(env.CONCURRENCY ?? 200);
const ROUNDS = Math.min(9, Math.max(1, Number(env.ROUNDS ?? 3)));
/** Bursts first, left out of the median (see the head of this file). */
const WARMUP = Math.min(3, Math.max(0, Number(env.WARMUP ?? 1)));
const BURSTS = WARMUP + ROUNDS;
const RAW_SECONDS = Number(env.RAW_SECONDS ?? 3);
const THROWAWAY_PG = process.argv.includes('--pg') || env.DB === 'pg';
const STREAMS = Number(env.STREAMS ?? 0);
/** server/db/db.ts: openPg's pool (max: 10). PGlite: the one connection of the server's process. */
const PG_POOL = 10;
const BURST_LIMIT_MS = 90_000; // no new request after this; each request gives up after 30 s
const startedAt = performance.now();
hardStop(180_000 + BURSTS * (BURST_LIMIT_MS + 60_000) + (BURSTS + 1) * (2 * RAW_SECONDS + 30) * 1000);

// ---------- the database ----------

interface Round {
  date: string;
  scheduleId: number;
  tokens: string[];
  bodies: string[];
}

/** Tomorrow open, and per burst a session of its own (07:00-23:59 in the first hall that lets a
 * lone adult in, 07:00, 07:01, ...) and buyers of its own (phones 190..., 191..., ID numbers never repeated). */
async function setUp(db: Db, secret: string): Promise<Round[]> {
  const now = new Date();
  const date = await museumTomorrow(db, now);
  const [hall] = await db.query<{ id: number }>(`SELECT id FROM halls WHERE NOT needs_adult_and_child AND min_buyers <= 1 ORDER BY sort, id LIMIT 1`);
  const [price] = await db.query<{ id: number }>(`SELECT id FROM ticket_prices WHERE hall_id = $1 AND kind = 'adult' ORDER BY sort, id LIMIT 1`, [hall.id]);
  const rounds: Round[] = [];
  for (let r = 0; r < BURSTS; r++) {
    const [schedule] = await db.query<{ id: number }>(
      `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, $3, '23:59', $4) RETURNING id`,
      [hall.id, date, `07:${String(r).padStart(2, '0')}`, CAPACITY], // a session starts once per hall and time
    );
    const tokens = await buyers(db, String(190 + r), BUYERS, secret, now);
    const bodies = tokens.map((_, i) =>
      orderBody({ visitDate: date, hallId: hall.id, scheduleId: schedule.id, priceId: price.id, visitors: 1 + (i % 2), idFrom: r * BUYERS * 2 }, i),
    );
    rounds.push({ date, scheduleId: schedule.id, tokens, bodies });
  }
  return rounds;
}

/** What the database promises on commit, said beside the figures. */
async function durability(db: Db): Promise<string> {
  if (db.kind === 'pglite') return "PGlite's own settings, opened as the server opens it";
  const names = ['fsync', 'synchronous_commit', 'full_page_writes'];
  const values = await Promise.all(names.map(async (n) => (await db.query<Record<string, string>>(`SHOW ${n}`))[0][n]));
  return names.map((n, i) => `${n}=${values[i]}`).join(' ');
}

// ---------- the answers ----------

/** "Only N left" is the same correct refusal as "sold out", for a party of two. */
const NOT_ENOUGH = new RegExp(`^${ORDER_MESSAGES.notEnough.en.replace(/[()]/g, '\\$&').replace('{n}', '\\d+')}$`);

function kindOf(a: PostAnswer): 'ok' | 'refused' | 'other' {
  if (a.status === 200 && a.code === 200 && typeof a.orderId === 'number') return 'ok';
  if (a.status === 200 && a.code === 500 && (a.msg === ORDER_MESSAGES.soldOut.en || NOT_ENOUGH.test(a.msg ?? ''))) return 'refused';
  return 'other';
}

// ---------- the phases ----------

interface Raw {
  concurrency: number;
  updates: number;
  perSecond: number;
}

async function rawPhase(place: RawPlace): Promise<Raw[]> {
  const concurrencies = place.kind === 'pg' ? [1, PG_POOL] : [1];
  const out = await nodeScript(['scripts/bench/raw.ts', JSON.stringify(place), String(RAW_SECONDS), ...concurrencies.map(String)]);
  return JSON.parse(out.trim().split('\n').pop()!) as Raw[];
}

async function burstPhase(base: string, round: Round, n: number): Promise<{ seconds: number; answers: PostAnswer[] }> {
  const dir = workDir('load');
  const jobFile = path.join(dir, `job-${n}.json`);
  const answersFile = path.join(dir, `answers-${n}.json`);
  const job: PostJob = {
    url: `${base}/prod-api/config/orderRule/placeOrder`,
    concurrency: CONCURRENCY,
    limitMs: BURST_LIMIT_MS,
    requests: round.tokens.map((token, i) => ({ token, body: round.bodies[i] })),
  };
  writeFileSync(jobFile, JSON.stringify(job));
  await nodeScript(['scripts/bench/post.ts', jobFile, answersFile]);
  return JSON.parse(readFileSync(answersFile, 'utf8')) as { seconds: number; answers: PostAnswer[] };
}

/** The server's resident memory now, MB (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;

/** `n` live stock streams held open by a process of their own until the run ends. */
async function holdStreams(base: string, pid: number, n: number, date: string) {
  const before = rssMb(pid);
  const holder = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/streams.ts', base, String(n), date], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cancel = afterMe(`kill -9 ${holder.pid} 2>/dev/null`);
  cleanups.push(() => {
    holder.kill('SIGKILL');
    cancel();
  });
  const opened = await new Promise<string>((resolve, reject) => {
    let out = '';
    holder.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /open \d+ failed \d+/.exec(out);
      if (m) resolve(m[0]);
    });
    holder.on('exit', (code) => reject(new Error(`the streams' holder exited ${code}`)));
  });
  // What the streams keep, not what opening them left for the collector.
  await new Promise((r) => setTimeout(r, 3000));
  const after = rssMb(pid);
  console.log(
    `[bench] live stock streams: ${opened}; server RSS ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after (${(((after - before) * 1024) / n).toFixed(1)} KB a stream)`,
  );
}

const rawLine = (raws: Raw[]) => raws.map((r) => `${r.concurrency} conn ${r.perSecond.toFixed(0)}/s`).join(', ');

// ---------- the checks ----------

interface Checked {
  sold: number;
  capacity: number;
  oversold: number;
  lost: string[];
}

/** The session's counters against its orders and tickets, and the orders against the answers. */
async function check(db: Db, round: Round, answers: PostAnswer[]): Promise<Checked> {
  const [stock] = await db.query<{ sold: number; capacity: number; held: number }>('SELECT sold, capacity, held FROM hall_schedule WHERE id = $1', [
    round.scheduleId,
  ]);
  const [orders] = await db.query<{ n: number; tickets: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(ticket_num), 0)::int AS tickets FROM orders WHERE schedule_id = $1 AND status = 'toBePaid'`,
    [round.scheduleId],
  );
  const [tickets] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.schedule_id = $1 AND t.status = 'toBePaid'`,
    [round.scheduleId],
  );
  const okIds = new Set(answers.filter((a) => kindOf(a) === 'ok').map((a) => a.orderId!));
  const dbIds = new Set((await db.query<{ id: number }>(`SELECT id FROM orders WHERE schedule_id = $1`, [round.scheduleId])).map((r) => r.id));
  const lost: string[] = [];
  if (orders.n !== okIds.size || dbIds.size !== okIds.size || [...okIds].some((id) => !dbIds.has(id))) {
    lost.push(`orders in the database ${dbIds.size} (unpaid ${orders.n}) != successful answers ${okIds.size}`);
  }
  if (stock.sold !== tickets.n || stock.sold !== orders.tickets) lost.push(`sold ${stock.sold} != tickets ${tickets.n} (orders say ${orders.tickets})`);
  if (answers.length !== BUYERS) lost.push(`${BUYERS - answers.length} requests not sent (burst limit ${BURST_LIMIT_MS / 1000} s)`);
  const oversold = Math.max(0, stock.sold + stock.held - stock.capacity, tickets.n - stock.capacity);
  return { sold: stock.sold, capacity: stock.capacity, oversold, lost };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () => os.loadavg()[0].toFixed(2);
/** A burst's name in the printout: w1, w2 for the warm-up, then 1, 2, 3. */
const label = (r: number) => (r < WARMUP ? `w${r + 1}` : String(r - WARMUP + 1));

async function main() {
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget('rush', { throwawayPg: THROWAWAY_PG });
  let db = await target.open();
  const rounds = await setUp(db, secret);
  const promise = await durability(db);
  await db.close();

  const { base, child } = await startServer(target, secret);
  console.log(`[bench] database: ${target.label}; ${promise}`);
  console.log(`[bench] server: node dist-server/main.js (pid ${child.pid}) at ${base}`);
  console.log(
    `[bench] ${WARMUP} warm-up and ${ROUNDS} measured rounds of ${BUYERS} buyers for ${CAPACITY} tickets, ${CONCURRENCY} in flight; raw ${RAW_SECONDS} s per concurrency; ${os.cpus().length} CPUs, load ${load()}`,
  );

  if (STREAMS > 0) await holdStreams(base, child.pid!, STREAMS, rounds[0].date);

  const place = target.raw();
  const raws: Raw[][] = [await rawPhase(place)];
  console.log(`  raw 0:   ${rawLine(raws[0])}  (load ${load()})`);
  const bursts: Array<{ seconds: number; answers: PostAnswer[] }> = [];
  for (let r = 0; r < BURSTS; r++) {
    const b = await burstPhase(base, rounds[r], r + 1);
    bursts.push(b);
    const ok = b.answers.filter((a) => kindOf(a) === 'ok').length;
    console.log(`  burst ${label(r)}: ${b.answers.length} answers in ${b.seconds.toFixed(2)} s, ${ok} orders  (load ${load()})`);
    raws.push(await rawPhase(place));
    console.log(`  raw ${r + 1}:   ${rawLine(raws[r + 1])}  (load ${load()})`);
  }
  await stopServer(child);

  // The checks read the database after the server has stopped (PGlite: it holds the folder).
  db = await target.open();
  const checked: Checked[] = [];
  for (let r = 0; r < BURSTS; r++) checked.push(await check(db, rounds[r], bursts[r].answers));
  await db.close();

  const best = raws.flatMap((phase, i) => phase.map((x) => ({ ...x, phase: i }))).reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const rows = bursts.map((b, r) => {
    const ms = b.answers.map((a) => a.ms).sort((x, y) => x - y);
    const kinds = b.answers.map(kindOf);
    const other = b.answers.filter((_, i) => kinds[i] === 'other');
    const answersPerSecond = b.answers.length / b.seconds;
    return {
      answersPerSecond,
      ordersPerSecond: kinds.filter((k) => k === 'ok').length / b.seconds,
      p50: pct(ms, 50),
      p99: pct(ms, 99),
      refused: kinds.filter((k) => k === 'refused').length,
      other: other.length,
      sample: other[0] ? (other[0].error ?? `HTTP ${other[0].status} code ${other[0].code} ${other[0].msg ?? ''}`) : '',
      ratio: answersPerSecond / best.perSecond,
      ...checked[r],
    };
  });

  console.log('\nround  answers/s  orders/s  p50 ms   p99 ms  sold/capacity  oversold  refused  other  lost   ratio');
  for (const [r, x] of rows.entries()) {
    console.log(
      `${label(r).padStart(5)} ${x.answersPerSecond.toFixed(0).padStart(10)} ${x.ordersPerSecond.toFixed(0).padStart(9)} ${x.p50.toFixed(1).padStart(7)} ${x.p99.toFixed(1).padStart(8)}` +
        ` ${`${x.sold}/${x.capacity}`.padStart(14)} ${String(x.oversold).padStart(9)} ${String(x.refused).padStart(8)} ${String(x.other).padStart(6)} ${String(x.lost.length).padStart(5)} ${x.ratio.toFixed(3).padStart(7)}`,
    );
  }
  // The warm-up bursts are printed, and checked for oversold and lost orders, but not counted.
  const measured = rows.slice(WARMUP);
  const mid = (f: (x: (typeof rows)[number]) => number) => median(measured.map(f));
  console.log(
    `median ${mid((x) => x.answersPerSecond)
      .toFixed(0)
      .padStart(10)} ${mid((x) => x.ordersPerSecond)
      .toFixed(0)
      .padStart(9)} ${mid((x) => x.p50)
      .toFixed(1)
      .padStart(7)} ${mid((x) => x.p99)
      .toFixed(1)
      .padStart(8)}` +
      ` ${''.padStart(14)} ${String(Math.max(...measured.map((x) => x.oversold))).padStart(9)} ${mid((x) => x.refused)
        .toFixed(0)
        .padStart(8)} ${mid((x) => x.other)
        .toFixed(0)
        .padStart(6)} ${String(measured.reduce((n, x) => n + x.lost.length, 0)).padStart(5)} ${mid((x) => x.ratio)
        .toFixed(3)
        .padStart(7)}`,
  );
  console.log(`\nbest raw rate (the denominator): ${best.perSecond.toFixed(0)} updates/s, ${best.concurrency} connection(s), raw phase ${best.phase}`);
  console.log(`ratio (median of the measured rounds): ${mid((x) => x.ratio).toFixed(3)}   (answers/s ÷ best raw rate)`);
  for (const [r, x] of rows.entries()) {
    if (x.sample) console.log(`round ${label(r)} other (sample): ${x.sample.slice(0, 300)}`);
    for (const l of x.lost) console.log(`round ${label(r)} LOST: ${l}`);
  }
  console.log(`[bench] load ${load()}; the run took ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  await cleanup();
  process.exit(rows.some((x) => x.oversold > 0 || x.lost.length > 0) ? 1 : 0);
}

main().catch(async (error) => {
  console.error('[bench] failed:', error);
  await cleanup();
  process.exit(1);
});
