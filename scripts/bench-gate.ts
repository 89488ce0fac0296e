/** `npm run bench:gate`: two gates checking in a day's visitors over real HTTP to the real
 * server (server/main.ts in a child process), the same tickets sometimes scanned twice (a
 * visitor shown in twice, a code read by both gates).
 *
 *   npm run bench:gate
 *   DATABASE_URL=postgres://u:p@host/db npm run bench:gate
 *   TICKETS=3000 REPEATS=0.1 CONCURRENCY=20 npm run bench:gate
 *
 * TICKETS paid tickets of today's session at a bench hall, each with its signed QR; every one
 * is scanned once, and a REPEATS share of them once more, by the other gate, all shuffled.
 * Prints check-ins per second, p50 and p99 as a gate receives them, and double check-ins
 * (tickets let in twice). Exits non-zero only when a ticket is let in twice or never, or a
 * repeat is let in, never on timing. */
import { randomBytes } from 'node:crypto';
import { signToken } from '../server/auth.ts';
import type { Db } from '../server/db/db.ts';
import { newOrderNumber } from '../server/services/orders.ts';
import { museumDate } from '../server/time.ts';
import { initTicketQr, ticketQr } from '../server/ticketQr.ts';
import { burst, cleanup, hardStop, museumTomorrow, pct, prepareTarget, startServer, stopServer, type Answered } from './bench/kit.ts';

const env = process.env;
const TICKETS = Number(env.TICKETS ?? 3000);
const REPEATS = Number(env.REPEATS ?? 0.1);
const CONCURRENCY = Number(env.CONCURRENCY ?? 20);
const PER_ORDER = 4;
hardStop(240_000);

interface Scan {
  gate: number;
  qr: string;
  ticketId: number;
}

async function setUp(db: Db, secret: string) {
  const now = new Date();
  await museumTomorrow(db, now);
  const today = museumDate(now);
  const [hall] = await db.query<{ id: number }>(
    `INSERT INTO halls (hall_key, name_zh, name_en, sort) VALUES ('benchGate', '压测展厅', 'Bench hall', 99) RETURNING id`,
  );
  const [price] = await db.query<{ id: number }>(
    `INSERT INTO ticket_prices (hall_id, name_zh, name_en, kind, price, age_min) VALUES ($1, '成人票', 'Adult', 'adult', 3000, 18) RETURNING id`,
    [hall.id],
  );
  const [session] = await db.query<{ id: number }>(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity, sold) VALUES ($1, $2, '00:00', '23:59', $3, $3) RETURNING id`,
    [hall.id, today, TICKETS],
  );
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (phone, user_name, created_at) VALUES ('13300000000', 'bench', $1) RETURNING id`, [now]);
  const tickets: Array<{ id: number; qr_code: string }> = [];
  for (let made = 0; made < TICKETS; made += PER_ORDER) {
    const n = Math.min(PER_ORDER, TICKETS - made);
    const [order] = await db.query<{ id: number }>(
      `INSERT INTO orders (order_number, user_id, hall_id, schedule_id, visit_date, status, amount, ticket_num, created_at, pay_time)
       VALUES ($1, $2, $3, $4, $5, 'completed', $6, $7, $8, $8) RETURNING id`,
      [newOrderNumber(now), user.id, hall.id, session.id, today, 3000 * n, n, now],
    );
    tickets.push(
      ...(await db.query<{ id: number; qr_code: string }>(
        `INSERT INTO tickets (order_id, price_id, user_name, certificate_type, certificate_info, ticket_name_zh, ticket_name_en, price, status, schedule_id, qr_code)
         SELECT $1::int, $2::int, '王伟', '1', 'B' || $1::int || '-' || k, '成人票', 'Adult', 3000, 'toBeChecked', $3::int, md5(random()::text || k)
         FROM generate_series(1, $4::int) k RETURNING id, qr_code`,
        [order.id, price.id, session.id, n],
      )),
    );
  }
  const gates = await db.query<{ id: number }>(
    `INSERT INTO staff_users (username, password_hash, role, created_at) VALUES ('bench-gate-1', 'x', 'gate', $1), ('bench-gate-2', 'x', 'gate', $1) RETURNING id`,
    [now],
  );
  const key = new TextEncoder().encode(secret); // what the server derives from TOKEN_SECRET
  const tokens = await Promise.all(gates.map((g) => signToken(key, g.id, 'staff', now, 3600)));
  // Every ticket at a gate; some once more at the other; shuffled.
  initTicketQr(key);
  const scans: Scan[] = [];
  for (const [i, t] of tickets.entries()) {
    const qr = ticketQr(t.id, t.qr_code)!;
    scans.push({ gate: i % 2, qr, ticketId: t.id });
    if (Math.random() < REPEATS) scans.push({ gate: (i + 1) % 2, qr, ticketId: t.id });
  }
  for (let i = scans.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [scans[i], scans[j]] = [scans[j], scans[i]];
  }
  return { hallId: hall.id, sessionId: session.id, tokens, scans };
}

const timing = (answers: Answered[]) => {
  const ms = answers.map((a) => a.ms).sort((x, y) => x - y);
  return `p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms`;
};

async function main() {
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget('gate');
  console.log(
    `[bench] database: ${target.label}; ${TICKETS} tickets today, ${Math.round(REPEATS * 100)}% scanned twice, two gates, concurrency ${CONCURRENCY} each`,
  );
  let db = await target.open();
  const setup = await setUp(db, secret);
  await db.close();

  const { base, child } = await startServer(target, secret);
  console.log(`[bench] server ${base} (pid ${child.pid}); ${setup.scans.length} scans at two gates...`);
  const started = performance.now();
  const perGate = [0, 1].map((g) => setup.scans.filter((s) => s.gate === g));
  const results = await Promise.all(
    perGate.map((scans, g) =>
      burst(
        base,
        '/staff/gate/checkIn',
        scans.map(() => setup.tokens[g]),
        scans.map((s) => JSON.stringify({ hallId: setup.hallId, qr: s.qr })),
        CONCURRENCY,
      ).then((r) => ({ ...r, scans })),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  await stopServer(child);

  const answers = results.flatMap((r) => r.answers);
  const lettedIn = new Map<string, number>();
  let failures = 0;
  for (const r of results) {
    for (const a of r.answers) {
      const data = a.json.data as { passed?: boolean; tickets?: Array<{ ticketId: number }> } | null | undefined;
      if (a.json.code !== 200 || !data) failures++;
      else if (data.passed) for (const t of data.tickets ?? []) lettedIn.set(String(t.ticketId), (lettedIn.get(String(t.ticketId)) ?? 0) + 1);
    }
  }
  db = await target.open();
  const [counts] = await db.query<{ checked: number; unchecked: number }>(
    `SELECT count(*) FILTER (WHERE status = 'checked')::int AS checked, count(*) FILTER (WHERE status <> 'checked')::int AS unchecked FROM tickets WHERE schedule_id = $1`,
    [setup.sessionId],
  );
  await db.close();
  const doubles = [...lettedIn.values()].filter((n) => n > 1).length;
  const repeats = setup.scans.length - TICKETS;
  console.log(`scans: ${answers.length} (${TICKETS} tickets, ${repeats} repeats) in ${seconds.toFixed(2)} s`);
  console.log(`check-ins per second: ${(answers.length / seconds).toFixed(0)}`);
  console.log(`latency as a gate receives it: ${timing(answers)}`);
  console.log(
    `let in: ${lettedIn.size} of ${TICKETS}; refused repeats: ${answers.length - failures - [...lettedIn.values()].reduce((n, k) => n + k, 0)} of ${repeats}`,
  );
  console.log(`double check-ins: ${doubles}`);
  console.log(`checked in the database: ${counts.checked}, not: ${counts.unchecked}; failed answers: ${failures}`);
  await cleanup();
  if (doubles > 0 || lettedIn.size !== TICKETS || counts.checked !== TICKETS || failures > 0) process.exit(1);
}

main().catch(async (error) => {
  console.error(error);
  await cleanup();
  process.exit(1);
});
