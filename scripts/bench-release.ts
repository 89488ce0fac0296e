/** `npm run bench:release`: the release rush through the waiting room (docs/performance.md §5).
 * VISITORS (5,000) accounts, made through the database, arrive within WINDOW_MS (10 s) before a
 * day's release, for CAPACITY (1,000) tickets of one session, against the built server as
 * production runs it (PGlite in a temp folder; `DATABASE_URL`: a fresh PostgreSQL database beside
 * it). The visitors are a load generator in a process of their own (scripts/bench/releaseLoad.ts):
 * each enters the queue, reads her position every 3 s as the page does, and orders once admitted.
 * Prints errors, "busy", oversold, sold against capacity, Kendall's tau-b of the admission order
 * against the arrival order, the position reads' and the admitted orders' p50/p99, and each
 * process's memory. Fails on an oversold ticket, an error, or a tau under 0.95; never on timing.
 *
 *   npm run bench:release              PGlite, one instance (or one on DATABASE_URL)
 *   npm run bench:release -- --pg      the deployment: a throwaway PostgreSQL (durable), 3 instances
 *                                      behind Debian's nginx with deploy/museum.conf; prints the
 *                                      memory of every process and what PostgreSQL's sessions waited on
 *
 * BENCH_PORT: the server's port (with --pg: nginx's, the instances on the three after it).
 * SOCKETS: the visitors' connections at most (256; 0: one per visitor in flight, as phones have). */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  buyers,
  cleanup,
  hardStop,
  museumTomorrow,
  nodeScript,
  orderBody,
  pct,
  prepareTarget,
  startBehindNginx,
  startServer,
  stopServer,
  workDir,
} from './bench/kit.ts';
import { watchDeployment } from './bench/deployWatch.ts';
import { instanceFigures } from './bench/instanceMetrics.ts';
import { peakMb } from './bench/memory.ts';

const env = process.env;
const VISITORS = Number(env.VISITORS ?? 5000);
const CAPACITY = Number(env.CAPACITY ?? 1000);
const WINDOW_MS = Number(env.WINDOW_MS ?? 10_000);
/** The load generator's connections (0: one per visitor in flight, as phones have). */
const SOCKETS = Number(env.SOCKETS ?? 256);
/** The deployment's topology (`--pg`): instances behind nginx on one PostgreSQL. */
const PG = process.argv.includes('--pg');
const INSTANCES = 3;
/** Time the server has to start before the visitors come. */
const LEAD_MS = 60_000;
hardStop(15 * 60_000);

/** Kendall's tau-b of two rankings (ties in either allowed). */
function tauB(x: number[], y: number[]): number {
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i] - x[j]);
      const dy = Math.sign(y[i] - y[j]);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX++;
      else if (dy === 0) tiesY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  return (concordant - discordant) / Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
}

async function main() {
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget('release', { throwawayPg: PG });
  let db = await target.open();
  const now = new Date();
  const date = await museumTomorrow(db, now);
  const [session] = await db.query<{ id: number; hall_id: number }>(
    `SELECT s.id, s.hall_id FROM hall_schedule s JOIN halls h ON h.id = s.hall_id WHERE h.hall_key = 'main' AND s.visit_date = $1 ORDER BY s.begin_time LIMIT 1`,
    [date],
  );
  await db.query('UPDATE hall_schedule SET capacity = $2, sold = 0, held = 0, sold_external = 0 WHERE id = $1', [session.id, CAPACITY]);
  const [price] = await db.query<{ id: number }>(`SELECT id FROM ticket_prices WHERE hall_id = $1 AND kind = 'adult' ORDER BY sort, id LIMIT 1`, [
    session.hall_id,
  ]);
  const release = new Date(now.getTime() + LEAD_MS + WINDOW_MS);
  await db.query('UPDATE museum_days SET release_at = $2 WHERE visit_date = $1', [date, release]);
  const tokens = await buyers(db, '150', VISITORS, secret, now);
  const ids = (await db.query<{ id: number }>(`SELECT id FROM users WHERE phone LIKE '150%' ORDER BY id LIMIT $1`, [VISITORS])).map((u) => Number(u.id));
  const bodies = tokens.map((_, i) => orderBody({ visitDate: date, hallId: session.hall_id, scheduleId: session.id, priceId: price.id, visitors: 1 }, i));
  await db.close();

  // Each instance's /metrics, read at the end: where its time went.
  env.METRICS_TOKEN = randomBytes(16).toString('hex');
  const port = env.BENCH_PORT ? Number(env.BENCH_PORT) : undefined;
  const { base, servers, nginx, nginxDir } = PG
    ? await startBehindNginx(target, secret, INSTANCES, port)
    : { ...(await startServer(target, secret).then((s) => ({ base: s.base, servers: [s] }))), nginx: null, nginxDir: '' };
  const pids = servers.map((s) => s.child.pid!);
  console.log(
    `[bench] database: ${target.label}; ${PG ? `nginx (deploy/museum.conf, pid ${nginx!.pid}) at ${base} in front of ${INSTANCES} instances (pids ${pids.join(', ')})` : `server pid ${pids[0]} at ${base}`}`,
  );
  console.log(
    `[bench] ${VISITORS} visitors arriving within ${WINDOW_MS / 1000} s before the release of ${date}, ${CAPACITY} tickets of one session; ${SOCKETS ? `at most ${SOCKETS} connections` : 'a connection per visitor'}`,
  );
  // The visitors start WINDOW_MS before the release.
  const wait = release.getTime() - WINDOW_MS - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const planFile = path.join(workDir('plan'), 'plan.json');
  writeFileSync(planFile, JSON.stringify({ base, date, windowMs: WINDOW_MS, pollMs: 3000, sockets: SOCKETS, tokens, bodies }));
  const watch = PG ? await watchDeployment(target, nginx!.pid!, nginxDir) : null;
  const result = JSON.parse(await nodeScript(['scripts/bench/releaseLoad.ts', planFile])) as {
    entered: Array<{ at: number; place: number; i: number }>;
    reads: number[];
    orders: number[];
    sold: number;
    soldOut: number;
    busy: number;
    errors: number;
    odd: string[];
    seconds: number;
    rss: number;
  };
  const serverMb = pids.map(peakMb);
  const figures = await instanceFigures(
    servers.map((s) => new URL(s.base).host),
    env.METRICS_TOKEN,
  );
  const deployment = await watch?.stop();
  await Promise.all(servers.map((s) => stopServer(s.child)));

  db = await target.open();
  const [stock] = await db.query<{ sold: number; capacity: number }>('SELECT sold, capacity FROM hall_schedule WHERE id = $1', [session.id]);
  const [{ tickets }] = await db.query<{ tickets: number }>(`SELECT count(*)::int AS tickets FROM tickets WHERE schedule_id = $1`, [session.id]);
  const admitted = new Map(
    (await db.query<{ user_id: number; admitted_at: Date | null }>('SELECT user_id, admitted_at FROM release_queue WHERE visit_date = $1', [date])).map((r) => [
      Number(r.user_id),
      r.admitted_at?.getTime() ?? null,
    ]),
  );
  const [{ early }] = await db.query<{ early: number }>('SELECT count(*)::int AS early FROM release_queue WHERE visit_date = $1 AND admitted_at < $2', [
    date,
    release,
  ]);
  await db.close();

  const pairs = result.entered.filter((e) => admitted.get(ids[e.i]) != null);
  const tau = tauB(
    pairs.map((e) => e.at),
    pairs.map((e) => admitted.get(ids[e.i])!),
  );
  const reads = [...result.reads].sort((a, b) => a - b);
  const orders = [...result.orders].sort((a, b) => a - b);
  const oversold = Math.max(0, stock.sold - stock.capacity, tickets - stock.capacity);
  console.log(`  visitors entered: ${result.entered.length}/${VISITORS}; admitted: ${pairs.length}; admitted before the release: ${early}`);
  console.log(
    `  errors: ${result.errors}; busy: ${result.busy}; oversold: ${oversold}; sold: ${stock.sold}/${stock.capacity} (tickets ${tickets}); refused sold out: ${result.soldOut}`,
  );
  console.log(`  Kendall's tau-b, admission order vs arrival order: ${tau.toFixed(4)}`);
  console.log(`  queue reads: ${reads.length}, p50 ${pct(reads, 50).toFixed(1)} ms, p99 ${pct(reads, 99).toFixed(1)} ms`);
  console.log(`  admitted placeOrder: ${orders.length}, p50 ${pct(orders, 50).toFixed(1)} ms, p99 ${pct(orders, 99).toFixed(1)} ms`);
  const mbs = (xs: number[]) => xs.map((x) => Math.round(x)).join(' / ');
  console.log(
    `  memory: ${PG ? 'instances' : 'server'} peak ${mbs(serverMb)} MB; load generator ${Math.round(result.rss / 1048576)} MB; run ${result.seconds.toFixed(1)} s`,
  );
  for (const line of [...(deployment ?? []), ...figures]) console.log(`  ${line}`);
  if (result.odd.length) console.log(`  samples: ${result.odd.join(' | ')}`);
  await cleanup();
  process.exit(oversold > 0 || result.errors > 0 || early > 0 || tau < 0.95 ? 1 : 0);
}

main().catch(async (error) => {
  console.error(error);
  await cleanup();
  process.exit(1);
});
