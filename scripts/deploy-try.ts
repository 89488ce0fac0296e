/** `npm run deploy:try`: the documented deployment (deploy/museum.conf, docs/operations.md §13)
 * on loopback, and what it must survive:
 *
 *   1. a throwaway PostgreSQL (scripts/pg.ts, durable), three instances of the built server
 *      started at once on its empty database (the migrations and the demo museum written once,
 *      under the database's lock), and Debian's nginx with deploy/museum.conf, its ports and
 *      folder replaced;
 *   2. a smoke test through nginx: the page from an instance, a hashed asset from nginx
 *      (precompressed, immutable), the API, the operator's answers kept inside, each instance
 *      ready;
 *   3. a rush through nginx (BUYERS fresh visitors, CAPACITY tickets, CONCURRENCY in flight), in
 *      which one instance gets SIGTERM a third of the way: every answer is an order or a correct
 *      refusal, every order acknowledged is in the database, nothing oversold;
 *   4. the jobs on the two instances left: every unpaid order of the rush made due at once, each
 *      is cancelled and its tickets returned exactly once (the session sold 0, not below).
 *
 * The instances run the demo's simulators with CAPTCHA=off, as the benchmarks do (production
 * refuses both): the topology, the proxy's file and the stop are production's. Prints what it
 * saw; exits non-zero on any failure.
 *
 *   npm run deploy:try
 *   BUYERS=1200 CAPACITY=300 CONCURRENCY=100 npm run deploy:try */
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ORDER_MESSAGES } from '../src/domain/orderRules.ts';
import { buyers, cleanup, hardStop, museumTomorrow, orderBody, prepareTarget, root, startBehindNginx, stopServer } from './bench/kit.ts';

const env = process.env;
const INSTANCES = 3;
const CAPACITY = Number(env.CAPACITY ?? 300);
const BUYERS = Number(env.BUYERS ?? 1200);
const CONCURRENCY = Number(env.CONCURRENCY ?? 100);
hardStop(15 * 60_000);

const problems: string[] = [];
function check(ok: boolean, what: string): void {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) problems.push(what);
}

/** The first screen's script, as index.html names it. */
function firstAsset(): string {
  const html = readFileSync(path.join(root, 'dist/index.html'), 'utf8');
  const src = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error('dist/index.html names no /assets/ script');
  return src;
}

async function smoke(base: string, instances: string[]): Promise<void> {
  console.log('\n[deploy] smoke test through nginx');
  const page = await fetch(`${base}/`, { headers: { 'accept-encoding': 'br' } });
  const html = await page.text();
  check(
    page.status === 200 && html.includes('id="root"'),
    `the page: ${page.status}, from an instance (${page.headers.get('content-security-policy') ? 'with' : 'WITHOUT'} its security headers)`,
  );
  check(!!page.headers.get('content-security-policy'), 'the page keeps the server’s Content-Security-Policy');
  const asset = await fetch(`${base}${firstAsset()}`, { headers: { 'accept-encoding': 'gzip' } });
  await asset.arrayBuffer();
  check(
    asset.status === 200 && asset.headers.get('content-encoding') === 'gzip' && /immutable/.test(asset.headers.get('cache-control') ?? ''),
    `a hashed asset from nginx: ${asset.status}, ${asset.headers.get('content-encoding')}, ${asset.headers.get('cache-control')}`,
  );
  const time = (await (await fetch(`${base}/prod-api/config/orderRule/getSysTime`, { method: 'POST' })).json()) as { code: number };
  check(time.code === 200, `the API through the proxy: code ${time.code}`);
  for (const inside of ['/healthz', '/readyz', '/metrics']) {
    const res = await fetch(`${base}${inside}`);
    check(res.status === 404, `${inside} is not served to the public: ${res.status}`);
  }
  for (const address of instances) {
    const ready = await fetch(`http://${address}/readyz`);
    check(ready.status === 200, `instance ${address} /readyz: ${ready.status}`);
  }
}

interface Answer {
  status: number;
  code?: number;
  msg?: string;
  orderId?: number | null;
  error?: string;
}

const NOT_ENOUGH = new RegExp(`^${ORDER_MESSAGES.notEnough.en.replace(/[()]/g, '\\$&').replace('{n}', '\\d+')}$`);
const isOrder = (a: Answer) => a.status === 200 && a.code === 200 && typeof a.orderId === 'number';
const isRefusal = (a: Answer) => a.status === 200 && a.code === 500 && (a.msg === ORDER_MESSAGES.soldOut.en || NOT_ENOUGH.test(a.msg ?? ''));

/** POSTs every order through the proxy, CONCURRENCY at a time; `midway` runs once a third are answered. */
async function rush(base: string, tokens: string[], bodies: string[], midway: () => void): Promise<{ answers: Answer[]; seconds: number }> {
  const answers: Answer[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < tokens.length) {
      const i = next++;
      try {
        const res = await fetch(`${base}/prod-api/config/orderRule/placeOrder`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}`, language: 'en_us' },
          body: bodies[i],
          signal: AbortSignal.timeout(30_000),
        });
        const json = (await res.json().catch(() => ({}))) as { code?: number; msg?: string; data?: { orderId?: number | null } | null };
        answers.push({ status: res.status, code: json.code, msg: json.msg, orderId: json.data?.orderId });
      } catch (error) {
        answers.push({ status: 0, error: String(error) });
      }
      if (answers.length === Math.floor(tokens.length / 3)) midway();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, tokens.length) }, worker));
  return { answers, seconds: (performance.now() - started) / 1000 };
}

async function main() {
  if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is not built: npm run build');
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget('deploy', { throwawayPg: true });
  console.log(`[deploy] database: ${target.label}`);
  // The jobs look for due orders every half second, so that step 4 does not wait on the default interval.
  env.PAY_TIMEOUT_INTERVAL_MS = '500';
  const started = performance.now();
  const { base, servers, instances } = await startBehindNginx(target, secret, INSTANCES);
  console.log(
    `[deploy] ${INSTANCES} instances started at once on the empty database in ${((performance.now() - started) / 1000).toFixed(1)} s: ${instances.join(', ')}`,
  );
  console.log(`[deploy] nginx (deploy/museum.conf) at ${base}`);

  await smoke(base, instances);

  // The rush's session and buyers, written beside the running instances.
  const db = await target.open();
  try {
    const now = new Date();
    const date = await museumTomorrow(db, now);
    const [hall] = await db.query<{ id: number }>(`SELECT id FROM halls WHERE NOT needs_adult_and_child AND min_buyers <= 1 ORDER BY sort, id LIMIT 1`);
    const [price] = await db.query<{ id: number }>(`SELECT id FROM ticket_prices WHERE hall_id = $1 AND kind = 'adult' ORDER BY sort, id LIMIT 1`, [hall.id]);
    const [session] = await db.query<{ id: number }>(
      `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, '06:59', '23:59', $3) RETURNING id`,
      [hall.id, date, CAPACITY],
    );
    const tokens = await buyers(db, '197', BUYERS, secret, now);
    const bodies = tokens.map((_, i) => orderBody({ visitDate: date, hallId: hall.id, scheduleId: session.id, priceId: price.id, visitors: 1 + (i % 2) }, i));

    console.log(
      `\n[deploy] a rush through nginx: ${BUYERS} buyers for ${CAPACITY} tickets, ${CONCURRENCY} in flight; SIGTERM to ${instances[1]} a third of the way`,
    );
    let stopped: Promise<void> | null = null;
    const { answers, seconds } = await rush(base, tokens, bodies, () => {
      console.log(`  SIGTERM to ${instances[1]} (pid ${servers[1].child.pid}) after ${Math.floor(BUYERS / 3)} answers`);
      stopped = stopServer(servers[1].child);
    });
    await stopped;
    const orders = answers.filter(isOrder);
    const others = answers.filter((a) => !isOrder(a) && !isRefusal(a));
    console.log(
      `  ${answers.length} answers in ${seconds.toFixed(1)} s: ${orders.length} orders, ${answers.length - orders.length - others.length} refused (sold out), ${others.length} other`,
    );
    if (others[0]) console.log(`  other (sample): ${JSON.stringify(others[0])}`);
    check(servers[1].child.exitCode === 0, `the stopped instance exited ${servers[1].child.exitCode} (0: it finished what it had)`);
    check(others.length === 0, 'every answer is an order or a correct refusal (no failed request)');
    const [stock] = await db.query<{ sold: number; held: number; capacity: number }>('SELECT sold, held, capacity FROM hall_schedule WHERE id = $1', [
      session.id,
    ]);
    const inDb = await db.query<{ id: number; ticket_num: number }>(`SELECT id, ticket_num FROM orders WHERE schedule_id = $1`, [session.id]);
    const ids = new Set(inDb.map((o) => o.id));
    const tickets = inDb.reduce((n, o) => n + o.ticket_num, 0);
    check(
      orders.length === inDb.length && orders.every((a) => ids.has(a.orderId!)),
      `every acknowledged order is in the database (${orders.length} answered, ${inDb.length} stored)`,
    );
    check(
      stock.sold === tickets && stock.sold + stock.held <= stock.capacity,
      `nothing oversold: sold ${stock.sold} = tickets ${tickets}, held ${stock.held}, capacity ${stock.capacity}`,
    );

    console.log(`\n[deploy] the jobs on the ${INSTANCES - 1} instances left: the rush's ${inDb.length} unpaid orders made due at once`);
    await db.query(`UPDATE orders SET pay_deadline = now() - interval '1 second' WHERE schedule_id = $1 AND status = 'toBePaid'`, [session.id]);
    const waited = performance.now();
    let left = inDb.length;
    while (left > 0 && performance.now() - waited < 60_000) {
      await new Promise((r) => setTimeout(r, 250));
      [{ left }] = await db.query<{ left: number }>(`SELECT count(*)::int AS left FROM orders WHERE schedule_id = $1 AND status = 'toBePaid'`, [session.id]);
    }
    const [after] = await db.query<{ sold: number; held: number }>('SELECT sold, held FROM hall_schedule WHERE id = $1', [session.id]);
    const [unpaidTickets] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.schedule_id = $1 AND t.status = 'toBePaid'`,
      [session.id],
    );
    check(left === 0, `every due order cancelled by the pay-timeout job in ${((performance.now() - waited) / 1000).toFixed(1)} s (${left} left)`);
    check(
      after.sold === 0 && after.held === 0 && unpaidTickets.n === 0,
      `each order's tickets returned exactly once: sold ${after.sold}, held ${after.held}, unpaid tickets ${unpaidTickets.n}`,
    );
  } finally {
    await db.close();
  }

  await Promise.all(servers.map((s) => stopServer(s.child)));
  console.log(problems.length ? `\n[deploy] ${problems.length} check(s) failed:\n  ${problems.join('\n  ')}` : '\n[deploy] every check passed');
  await cleanup();
  process.exit(problems.length ? 1 : 0);
}

main().catch(async (error) => {
  console.error('[deploy] failed:', error);
  await cleanup();
  process.exit(1);
});
