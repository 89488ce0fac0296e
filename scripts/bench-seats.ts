/** `npm run bench:seats`: a full house in a rush. One 200-seat cinema session (10 rows of 20),
 * BUYERS real accounts each wanting two specific seats side by side (many wanting the same
 * ones: HOT_PAIRS pairs get most of the demand), CONCURRENCY clients at a time, over real HTTP
 * to the real server (server/main.ts in a child process, CAPTCHA=off).
 *
 *   npm run bench:seats
 *   DATABASE_URL=postgres://u:p@host/db npm run bench:seats
 *   BUYERS=600 CONCURRENCY=100 npm run bench:seats
 *
 * Prints seats sold, seats, double-sold (a seat owned twice or a ticket without its seat),
 * refusals (a seat taken, or the house sold out), other, p50/p99 and orders per second. Exits non-zero
 * only on a double-sold seat or a lost order, never on timing. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../server/db/db.ts';
import { ORDER_MESSAGES } from '../src/domain/orderRules.ts';
import { SEAT_TAKEN_CODE } from '../src/domain/seats.ts';
import { burst, buyers, cleanup, hardStop, museumTomorrow, orderBody, pct, prepareTarget, startServer, stopServer, type Answered } from './bench/kit.ts';

const env = process.env;
const ROWS = 10;
const COLS = 20;
const BUYERS = Number(env.BUYERS ?? 400);
const CONCURRENCY = Number(env.CONCURRENCY ?? 100);
/** Half of the buyers want one of these few pairs; the rest spread over the hall. */
const HOT_PAIRS = 10;
hardStop(150_000);

interface Setup {
  date: string;
  hallId: number;
  scheduleId: number;
  priceId: number;
  tokens: string[];
}

async function setUp(db: Db, secret: string): Promise<Setup> {
  const now = new Date();
  const date = await museumTomorrow(db, now);
  // A hall of its own, built as ROWS x COLS seats; its session gets its seats from the database.
  const [hall] = await db.query<{ id: number }>(
    `INSERT INTO halls (hall_key, name_zh, name_en, cinema, choose_mode, sort) VALUES ('benchDome', '压测影院', 'Bench dome', true, 1, 99) RETURNING id`,
  );
  await db.query(
    `INSERT INTO hall_seats (hall_id, row_no, col_no, row_label, seat_label)
     SELECT $1, r, c, r::text, c::text FROM generate_series(1, $2::int) r, generate_series(1, $3::int) c`,
    [hall.id, ROWS, COLS],
  );
  const [price] = await db.query<{ id: number }>(
    `INSERT INTO ticket_prices (hall_id, name_zh, name_en, kind, price, age_min) VALUES ($1, '成人票', 'Adult', 'adult', 4000, 18) RETURNING id`,
    [hall.id],
  );
  const [schedule] = await db.query<{ id: number }>(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, '07:00', '23:59', 0) RETURNING id`,
    [hall.id, date],
  );
  const tokens = await buyers(db, '137', BUYERS, secret, now);
  return { date, hallId: hall.id, scheduleId: schedule.id, priceId: price.id, tokens };
}

/** Buyer i's two seats: a hot pair for even i, otherwise a pair of the whole hall. */
function wantedPair(i: number): [string, string] {
  const pairs = (ROWS * COLS) / 2;
  const pair = i % 2 === 0 ? (i / 2) % HOT_PAIRS : ((i - 1) / 2) % pairs;
  const row = Math.floor(pair / (COLS / 2)) + 1;
  const col = (pair % (COLS / 2)) * 2 + 1;
  return [`${row}-${col}`, `${row}-${col + 1}`];
}

type Kind = 'ok' | 'taken' | 'soldOut' | 'other';

function bodiesOf(s: Setup): string[] {
  return s.tokens.map((_, i) =>
    orderBody({ visitDate: s.date, hallId: s.hallId, scheduleId: s.scheduleId, priceId: s.priceId, visitors: 2, seats: wantedPair(i) }, i),
  );
}

/** An order, a seat taken first (505), the sold-out refusal, or anything else. */
function kindOf(a: Answered): Kind {
  if (a.json.code === 200 && typeof a.json.data?.orderId === 'number') return 'ok';
  if (a.json.code === SEAT_TAKEN_CODE) return 'taken';
  if (a.json.msg === ORDER_MESSAGES.soldOut.en) return 'soldOut';
  return 'other';
}

async function main() {
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget('seats');
  console.log(`[bench] database: ${target.label}; ${BUYERS} buyers of 2 seats each, ${ROWS * COLS} seats, concurrency ${CONCURRENCY}`);
  let db = await target.open();
  const setup = await setUp(db, secret);
  await db.close();

  const { base, child } = await startServer(target, secret);
  console.log(`[bench] server ${base} (pid ${child.pid}); burst...`);
  const { answers, seconds } = await burst(base, '/config/orderRule/placeOrder', setup.tokens, bodiesOf(setup), CONCURRENCY);
  const outcomes = answers.map((a) => ({
    ...a,
    kind: kindOf(a),
    orderId: a.json.data?.orderId ?? undefined,
    detail: a.error ?? `${a.status} ${a.json.code} ${a.json.msg}`,
  }));
  await stopServer(child);

  db = await target.open();
  const [seats] = await db.query<{ all: number; taken: number; by_ticket: number }>(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE state <> 'free')::int AS taken, count(ticket_id)::int AS by_ticket FROM session_seats WHERE schedule_id = $1`,
    [setup.scheduleId],
  );
  const [tickets] = await db.query<{ n: number; seated: number; seats: number }>(
    `SELECT count(*)::int AS n, count(ss.seat_id)::int AS seated, count(DISTINCT ss.seat_id)::int AS seats
       FROM tickets t LEFT JOIN session_seats ss ON ss.ticket_id = t.id WHERE t.schedule_id = $1 AND t.status = 'toBePaid'`,
    [setup.scheduleId],
  );
  const [stock] = await db.query<{ sold: number; capacity: number }>('SELECT sold, capacity FROM hall_schedule WHERE id = $1', [setup.scheduleId]);
  const dbIds = new Set((await db.query<{ id: number }>('SELECT id FROM orders WHERE schedule_id = $1', [setup.scheduleId])).map((r) => r.id));
  await db.close();

  const okIds = new Set(outcomes.filter((o) => o.kind === 'ok').map((o) => o.orderId!));
  const doubleSold = tickets.seated - tickets.seats + (tickets.n - tickets.seated);
  const lost: string[] = [];
  if (dbIds.size !== okIds.size || [...okIds].some((id) => !dbIds.has(id)))
    lost.push(`orders in the database ${dbIds.size} != successful answers ${okIds.size}`);
  if (stock.sold !== tickets.n || seats.taken !== tickets.n) lost.push(`sold ${stock.sold}, seats taken ${seats.taken}, tickets ${tickets.n}`);
  if (outcomes.length !== BUYERS) lost.push(`${BUYERS - outcomes.length} requests not answered`);
  const ms = outcomes.map((o) => o.ms).sort((x, y) => x - y);
  const other = outcomes.filter((o) => o.kind === 'other');

  console.log(`seats sold: ${seats.taken}`);
  console.log(`seats: ${seats.all}`);
  console.log(`double-sold: ${doubleSold}`);
  const count = (kind: Kind) => outcomes.filter((o) => o.kind === kind).length;
  console.log(`refusals: ${count('taken') + count('soldOut')} (seat taken ${count('taken')}, sold out ${count('soldOut')})`);
  console.log(`other: ${other.length}${other.length ? `  (sample: ${other[0].detail})` : ''}`);
  console.log(`orders: ${okIds.size} successful of ${outcomes.length} answered in ${seconds.toFixed(2)} s`);
  console.log(`p50: ${pct(ms, 50).toFixed(1)} ms`);
  console.log(`p99: ${pct(ms, 99).toFixed(1)} ms`);
  console.log(`orders/s: ${(outcomes.length / seconds).toFixed(0)}`);
  for (const l of lost) console.log(`LOST: ${l}`);
  await cleanup();
  process.exit(doubleSold > 0 || lost.length > 0 ? 1 : 0);
}

main().catch(async (error) => {
  console.error('[bench] failed:', error);
  await cleanup();
  process.exit(1);
});
