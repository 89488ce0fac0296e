/** `npm run bench:waitlist`: a sold-out session with a long waiting list, then a burst of
 * refunds and general-sale buyers at once, over real HTTP to the real server (server/main.ts
 * in a child process, CAPTCHA=off).
 *
 *   npm run bench:waitlist
 *   DATABASE_URL=postgres://u:p@host/db npm run bench:waitlist
 *   HOLDERS=100 CANDIDATES=300 BUYERS=200 CONCURRENCY=50 npm run bench:waitlist
 *
 * HOLDERS accounts hold the whole session (two tickets each, paid); CANDIDATES accounts stand
 * by with paid candidate orders of 1-3 visitors, in a known order; then every holder refunds
 * while BUYERS accounts try to buy a ticket at general sale. Prints candidates filled, tickets
 * returned to sale, out-of-order fills (a later order filled while an earlier one that fitted
 * still waits), oversold, and timings. Exits non-zero only on oversold, out-of-order, a sale
 * past a waiting candidate that fits, or a lost refund, never on timing. */
import { randomBytes } from 'node:crypto';
import type { Db } from '../server/db/db.ts';
import { newOrderNumber } from '../server/services/orders.ts';
import { buildOrderRequest } from '../src/domain/orderRequest.ts';
import { burst, buyers, cleanup, hardStop, idNumber, museumTomorrow, pct, prepareTarget, startServer, stopServer, type Answered } from './bench/kit.ts';

const env = process.env;
const HOLDERS = Number(env.HOLDERS ?? 100);
const CANDIDATES = Number(env.CANDIDATES ?? 300);
const BUYERS = Number(env.BUYERS ?? 200);
const CONCURRENCY = Number(env.CONCURRENCY ?? 50);
const CAPACITY = HOLDERS * 2;
const PRICE = 2000;
hardStop(150_000);

interface Setup {
  date: string;
  hallId: number;
  scheduleId: number;
  priceId: number;
  holders: Array<{ token: string; tickets: number[] }>;
  buyers: string[];
}

/** A paid order of `party` tickets in `status` ('completed' holds stock, 'standingBy' waits). */
async function paidOrder(
  db: Db,
  userId: number,
  s: { hallId: number; scheduleId: number; priceId: number; date: string },
  party: number,
  kind: 'holder' | 'candidate',
  at: Date,
  seq: number,
) {
  const candidate = kind === 'candidate';
  const [order] = await db.query<{ id: number }>(
    `INSERT INTO orders (order_number, user_id, hall_id, schedule_id, visit_date, status, amount, ticket_num, created_at, pay_time, is_candidate, standing_since)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11) RETURNING id`,
    [
      newOrderNumber(at),
      userId,
      s.hallId,
      s.scheduleId,
      s.date,
      candidate ? 'standingBy' : 'completed',
      PRICE * party,
      party,
      at,
      candidate,
      candidate ? at : null,
    ],
  );
  const ids = await db.query<{ id: number }>(
    `INSERT INTO tickets (order_id, price_id, user_name, certificate_type, certificate_info, ticket_name_zh, ticket_name_en, price, status, schedule_id, qr_code)
     SELECT $1::int, $2::int, '王伟', '1', 'X' || $3::int || '-' || k, '成人票', 'Adult', $4::int, $5::text, $6::int,
            CASE WHEN $7::boolean THEN NULL ELSE md5($1::int || '-' || k) END
     FROM generate_series(1, $8::int) k RETURNING id`,
    [order.id, s.priceId, seq, PRICE, candidate ? 'candidate' : 'toBeChecked', s.scheduleId, candidate, party],
  );
  return ids.map((r) => r.id);
}

async function setUp(db: Db, secret: string): Promise<Setup> {
  const now = new Date();
  const date = await museumTomorrow(db, now);
  const [hall] = await db.query<{ id: number }>(
    `INSERT INTO halls (hall_key, name_zh, name_en, sort, waiting_list) VALUES ('benchWaitlist', '压测展厅', 'Bench hall', 99, true) RETURNING id`,
  );
  const [price] = await db.query<{ id: number }>(
    `INSERT INTO ticket_prices (hall_id, name_zh, name_en, kind, price, age_min) VALUES ($1, '成人票', 'Adult', 'adult', $2, 18) RETURNING id`,
    [hall.id, PRICE],
  );
  // Sold out: every ticket is a holder's.
  const [schedule] = await db.query<{ id: number }>(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity, sold) VALUES ($1, $2, '20:00', '23:59', $3, $3) RETURNING id`,
    [hall.id, date, CAPACITY],
  );
  const s = { hallId: hall.id, scheduleId: schedule.id, priceId: price.id, date };
  await db.query(`UPDATE sys_config SET value = $1 WHERE key = 'candidate_max_per_session'`, [String(CANDIDATES)]);
  const holderTokens = await buyers(db, '135', HOLDERS, secret, now);
  const holderIds = await db.query<{ id: number }>(`SELECT id FROM users WHERE phone LIKE '135%' ORDER BY id LIMIT $1`, [HOLDERS]);
  const holders = [];
  for (const [i, u] of holderIds.entries()) holders.push({ token: holderTokens[i], tickets: await paidOrder(db, u.id, s, 2, 'holder', now, i) });
  await buyers(db, '134', CANDIDATES, secret, now);
  const candidateIds = await db.query<{ id: number }>(`SELECT id FROM users WHERE phone LIKE '134%' ORDER BY id LIMIT $1`, [CANDIDATES]);
  // In a known order, a millisecond apart: parties of 3, 1, 2, 3, 1, 2 ...
  for (const [i, u] of candidateIds.entries())
    await paidOrder(db, u.id, s, ((i + 2) % 3) + 1, 'candidate', new Date(now.getTime() - CANDIDATES + i), 10_000 + i);
  return { ...s, holders, buyers: await buyers(db, '133', BUYERS, secret, now) };
}

function buyerBodies(s: Setup): string[] {
  return s.buyers.map((_, i) =>
    JSON.stringify(
      buildOrderRequest({
        visitDate: s.date,
        hallId: s.hallId,
        hallScheduleId: s.scheduleId,
        visitors: [{ name: '李娜', certificateType: '1', certificateNumber: idNumber(50_000 + i), ticketPriceId: s.priceId }],
        agreementAccepted: true,
        captchaToken: null,
      }),
    ),
  );
}

const timing = (answers: Answered[]) => {
  const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
  return `p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms`;
};

async function main() {
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget('waitlist');
  console.log(
    `[bench] database: ${target.label}; ${CAPACITY} tickets held by ${HOLDERS}, ${CANDIDATES} candidates, ${BUYERS} buyers, concurrency ${CONCURRENCY} each`,
  );
  let db = await target.open();
  const setup = await setUp(db, secret);
  await db.close();

  const { base, child } = await startServer(target, secret);
  console.log(`[bench] server ${base} (pid ${child.pid}); refunds and buyers at once...`);
  const started = performance.now();
  const [refunds, sales] = await Promise.all([
    burst(
      base,
      '/order/refund/frontUserRefund',
      setup.holders.map((h) => h.token),
      setup.holders.map((h) => JSON.stringify({ ticketIds: h.tickets })),
      CONCURRENCY,
    ),
    burst(base, '/config/orderRule/placeOrder', setup.buyers, buyerBodies(setup), CONCURRENCY),
  ]);
  const seconds = (performance.now() - started) / 1000;
  await stopServer(child);

  db = await target.open();
  const candidates = await db.query<{ id: number; party: number; status: string }>(
    `SELECT id, ticket_num AS party, status FROM orders WHERE schedule_id = $1 AND is_candidate ORDER BY standing_since, id`,
    [setup.scheduleId],
  );
  const [stock] = await db.query<{ sold: number; capacity: number; owning: number; direct: number }>(
    `SELECT s.sold, s.capacity,
            (SELECT count(*)::int FROM tickets t WHERE t.schedule_id = s.id AND t.status IN ('toBePaid', 'toBeChecked')) AS owning,
            (SELECT count(*)::int FROM orders o WHERE o.schedule_id = s.id AND NOT o.is_candidate AND o.status = 'toBePaid') AS direct
       FROM hall_schedule s WHERE s.id = $1`,
    [setup.scheduleId],
  );
  const [{ refunded }] = await db.query<{ refunded: number }>(`SELECT count(*)::int AS refunded FROM tickets WHERE schedule_id = $1 AND status = 'refunded'`, [
    setup.scheduleId,
  ]);
  await db.close();

  const filled = candidates.filter((c) => c.status === 'completed');
  // A later order filled while an earlier one, no larger, still waits: it would have fitted first.
  let outOfOrder = 0;
  for (const [i, c] of candidates.entries()) {
    if (c.status === 'completed' && candidates.slice(0, i).some((e) => e.status === 'standingBy' && e.party <= c.party)) outOfOrder++;
  }
  const oversold = Math.max(0, stock.sold - stock.capacity) + Math.abs(stock.sold - stock.owning);
  const remaining = stock.capacity - stock.sold;
  const waitingOne = candidates.some((c) => c.status === 'standingBy' && c.party === 1);
  // Sold at general sale although a candidate of one (whom any ticket fits) was still waiting.
  const pastTheList = waitingOne ? stock.direct : 0;
  const okRefunds = refunds.answers.filter((a) => a.json.code === 200).length;
  const lost = okRefunds * 2 !== refunded ? `refunds answered ${okRefunds} (x2 tickets) != tickets refunded ${refunded}` : '';

  console.log(`candidates filled: ${filled.length} of ${candidates.length} (${filled.reduce((n, c) => n + c.party, 0)} tickets)`);
  console.log(`returned to sale: ${stock.direct} sold at general sale, ${remaining} left`);
  console.log(`out-of-order: ${outOfOrder}`);
  console.log(`sold past the list: ${pastTheList}`);
  console.log(`oversold: ${oversold}`);
  console.log(`refunds: ${okRefunds} of ${refunds.answers.length} in ${refunds.seconds.toFixed(2)} s, ${timing(refunds.answers)}`);
  console.log(
    `buyers: ${sales.answers.filter((a) => a.json.code === 200).length} orders of ${sales.answers.length} in ${sales.seconds.toFixed(2)} s, ${timing(sales.answers)}`,
  );
  console.log(`fills/s: ${(filled.length / seconds).toFixed(0)}`);
  if (lost) console.log(`LOST: ${lost}`);
  await cleanup();
  process.exit(oversold > 0 || outOfOrder > 0 || pastTheList > 0 || lost ? 1 : 0);
}

main().catch(async (error) => {
  console.error('[bench] failed:', error);
  await cleanup();
  process.exit(1);
});
