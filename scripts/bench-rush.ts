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
import { randomBytes } from 'node:crypto';
import type { Db } from '../server/db/db.ts';
import { buildOrderRequest } from '../src/domain/orderRequest.ts';
import { ORDER_MESSAGES } from '../src/domain/orderRules.ts';
import { burst, buyers, cleanup, GIVEN, hardStop, idNumber, openSingle, museumTomorrow, pct, prepareTarget, rawUpdates, startServer, stopServer, SURNAMES, type Answered } from './bench/kit.ts';

const env = process.env;
const CAPACITY = Number(env.CAPACITY ?? 300);
const BUYERS = Number(env.BUYERS ?? 1200);
const CONCURRENCY = Number(env.CONCURRENCY ?? 200);
const BURST_LIMIT_MS = 90_000; // no new request after this; each request times out after 30 s
hardStop(150_000);

// ---------- the database ----------

interface Setup {
  date: string;
  hallId: number;
  scheduleId: number;
  adultPriceId: number;
  tokens: string[];
}

async function setUp(db: Db, secret: string): Promise<Setup> {
  const now = new Date();
  const date = await museumTomorrow(db, now);
  // The first hall that lets a lone adult in.
  const [hall] = await db.query<{ id: number }>(
    `SELECT id FROM halls WHERE NOT needs_adult_and_child AND min_buyers <= 1 ORDER BY sort, id LIMIT 1`,
  );
  const [price] = await db.query<{ id: number }>(
    `SELECT id FROM ticket_prices WHERE hall_id = $1 AND kind = 'adult' ORDER BY sort, id LIMIT 1`,
    [hall.id],
  );
  // One extra session for the rush, 07:00-23:59.
  const [schedule] = await db.query<{ id: number }>(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, '07:00', '23:59', $3) RETURNING id`,
    [hall.id, date, CAPACITY],
  );
  const tokens = await buyers(db, '139', BUYERS, secret, now);
  return { date, hallId: hall.id, scheduleId: schedule.id, adultPriceId: price.id, tokens };
}

type Kind = 'ok' | 'refused' | 'other';

function bodiesOf(s: Setup): string[] {
  return s.tokens.map((_, i) =>
    JSON.stringify(
      buildOrderRequest({
        visitDate: s.date,
        hallId: s.hallId,
        hallScheduleId: s.scheduleId,
        visitors: Array.from({ length: 1 + (i % 2) }, (_, k) => ({
          name: SURNAMES[(i + k) % SURNAMES.length] + GIVEN[(i * 7 + k) % GIVEN.length],
          certificateType: '1' as const,
          certificateNumber: idNumber(i * 2 + k),
          ticketPriceId: s.adultPriceId,
        })),
        agreementAccepted: true,
        captchaToken: null,
      }),
    ),
  );
}

/** "Only N left" is the same correct refusal as "sold out", for a party of two. */
const NOT_ENOUGH = new RegExp(`^${ORDER_MESSAGES.notEnough.en.replace(/[()]/g, '\\$&').replace('{n}', '\\d+')}$`);

/** An order, a sold-out refusal, or anything else. */
function kindOf(a: Answered): Kind {
  if (a.status === 200 && a.json.code === 200 && typeof a.json.data?.orderId === 'number') return 'ok';
  const msg = a.json.msg ?? '';
  if (a.status === 200 && a.json.code === 500 && (msg === ORDER_MESSAGES.soldOut.en || NOT_ENOUGH.test(msg))) return 'refused';
  return 'other';
}

async function main() {
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget('rush');
  console.log(`[bench] database: ${target.label}; ${BUYERS} buyers, capacity ${CAPACITY}, concurrency ${CONCURRENCY}`);
  let db = await target.open();
  const setup = await setUp(db, secret);
  await db.close();

  const { base, child } = await startServer(target, secret);
  console.log(`[bench] server ${base} (pid ${child.pid}); burst...`);
  const { answers, seconds } = await burst(base, '/config/orderRule/placeOrder', setup.tokens, bodiesOf(setup), CONCURRENCY, BURST_LIMIT_MS);
  const outcomes = answers.map((a) => ({ ...a, kind: kindOf(a), orderId: a.json.data?.orderId ?? undefined, detail: a.error ?? `HTTP ${a.status} ${JSON.stringify(a.json).slice(0, 200)}` }));
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
