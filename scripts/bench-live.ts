/** `npm run bench:live`: live stock (docs/architecture.md §11, docs/performance.md §4), measured.
 *
 *   npm run bench:live                        SALES=200 STREAMS=5000 (RUSH=0 skips the rush pair)
 *
 * 0. The notice's cost: on that PostgreSQL, NOTICE_TX transactions of one conditional stock
 *    update each (a sale's statement on the session row), one client, with migration 045's
 *    trigger (the notice names the session), with 028's (no name) and with none; alternated
 *    three times; printed: µs per transaction, best of three.
 * 1. Across instances: two built servers (`node dist-server/main.js`) on one throwaway PostgreSQL
 *    (scripts/pg.ts, durable). A venue screen's stream is open on instance B; SALES orders of one
 *    visitor are placed one after another on instance A, each once the one before has shown on
 *    B. Printed: p50/p99/max from A's answer (the sale committed) to B's push carrying its count,
 *    and from the order sent. The goal: p99 under 1 s.
 * 2. Many streams: `npm run bench:rush` twice on one instance (PGlite, its own defaults), without
 *    streams and with STREAMS open on the day it sells and on the calendar; printed: the server's
 *    resident memory before and after the streams open, and each run's rush ratio. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSse } from './bench/sse.ts';
import { buyers, cleanup, hardStop, museumTomorrow, orderBody, pct, prepareTarget, root, startServer } from './bench/kit.ts';
import type { LivePushes } from '../src/domain/liveStock.ts';
import type { Db } from '../server/db/db.ts';

const env = process.env;
const SALES = Number(env.SALES ?? 200);
const STREAMS = Number(env.STREAMS ?? 5000);
const RUSH = env.RUSH !== '0';
const NOTICE_TX = Number(env.NOTICE_TX ?? 2000);

/** The triggers a stock update may fire, by migration. */
const TRIGGERS = {
  '045 (names the session)':
    'CREATE TRIGGER hall_schedule_updates AFTER UPDATE ON hall_schedule REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_change()',
  '028 (no name)': 'CREATE TRIGGER hall_schedule_updates AFTER UPDATE ON hall_schedule FOR EACH STATEMENT EXECUTE FUNCTION notify_change()',
  none: null,
};

async function noticeCost(db: Db, hallId: number, date: string) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, '06:00', '23:59', 1000000) RETURNING id`,
    [hallId, date],
  );
  const best = new Map<string, number>();
  for (let round = 0; round < 3; round++) {
    for (const [name, create] of Object.entries(TRIGGERS)) {
      await db.query('DROP TRIGGER IF EXISTS hall_schedule_updates ON hall_schedule');
      if (create) await db.query(create);
      const started = performance.now();
      for (let i = 0; i < NOTICE_TX; i++) {
        await db.tx((q) => q.query('UPDATE hall_schedule SET sold = sold + 1 WHERE id = $1 AND capacity - sold - held >= 1 RETURNING id', [row.id]));
      }
      const us = ((performance.now() - started) * 1000) / NOTICE_TX;
      best.set(name, Math.min(best.get(name) ?? Infinity, us));
    }
  }
  await db.query('DROP TRIGGER IF EXISTS hall_schedule_updates ON hall_schedule');
  await db.query(TRIGGERS['045 (names the session)']);
  await db.query('DELETE FROM hall_schedule WHERE id = $1', [row.id]);
  console.log(`[bench] a stock update's transaction (${NOTICE_TX} one after another, best of 3), by the trigger it fires:`);
  for (const [name, us] of best) console.log(`  ${name.padEnd(24)} ${us.toFixed(0)} µs`);
}
hardStop(60 * 60_000);

async function acrossInstances() {
  const secret = randomBytes(32).toString('base64url');
  const target = await prepareTarget('live', { throwawayPg: true });
  const db = await target.open();
  const date = await museumTomorrow(db, new Date());
  const [hall] = await db.query<{ id: number }>(
    `SELECT id FROM halls WHERE NOT needs_adult_and_child AND min_buyers <= 1 AND NOT cinema ORDER BY sort, id LIMIT 1`,
  );
  const [price] = await db.query<{ id: number }>(`SELECT id FROM ticket_prices WHERE hall_id = $1 AND kind = 'adult' ORDER BY sort, id LIMIT 1`, [hall.id]);
  const [session] = await db.query<{ id: number }>(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, '07:00', '23:59', $3) RETURNING id`,
    [hall.id, date, SALES + 100],
  );
  const tokens = await buyers(db, '180', SALES, secret, new Date());
  await noticeCost(db, hall.id, date);
  await db.close();

  const a = await startServer(target, secret);
  const b = await startServer(target, secret);
  console.log(`[bench] ${target.label}; instance A ${a.base}, instance B ${b.base}`);
  const stream = await openSse(`${b.base}/prod-api/pool/ingore/live?topic=day&date=${date}&lang=en`);
  const countOf = (e: { data: unknown }) => (e.data as LivePushes['sessions']).sessions.find((s) => s.hallScheduleId === session.id)?.ticketPool;
  const shown = (left: number) =>
    new Promise<number>((resolve) => {
      const seen = stream.events.find((e) => e.event === 'sessions' && countOf(e) === left);
      if (seen) return resolve(seen.at);
      stream.onEvent = (e) => {
        if (e.event === 'sessions' && countOf(e) === left) resolve(e.at);
      };
    });
  await shown(SALES + 100);

  const fromAnswer: number[] = [];
  const fromSent: number[] = [];
  for (let i = 0; i < SALES; i++) {
    const sent = performance.now();
    const res = await fetch(`${a.base}/prod-api/config/orderRule/placeOrder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}`, language: 'en_us' },
      body: orderBody({ visitDate: date, hallId: hall.id, scheduleId: session.id, priceId: price.id, visitors: 1 }, i),
    });
    const answer = (await res.json()) as { code: number; msg: string };
    const answered = performance.now();
    if (answer.code !== 200) throw new Error(`sale ${i}: ${answer.msg}`);
    const at = await shown(SALES + 100 - i - 1);
    fromAnswer.push(Math.max(0, at - answered));
    fromSent.push(at - sent);
  }
  await stream.close();
  const line = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return `p50 ${pct(s, 50).toFixed(1)} ms, p99 ${pct(s, 99).toFixed(1)} ms, max ${s.at(-1)!.toFixed(1)} ms`;
  };
  console.log(`[bench] ${SALES} sales on A, each seen on a stream of B:`);
  console.log(`  from A's answer to B's push: ${line(fromAnswer)}`);
  console.log(`  from the order sent:         ${line(fromSent)}`);
  console.log(
    `  p99 under 1 s: ${
      pct(
        [...fromSent].sort((x, y) => x - y),
        99,
      ) < 1000
        ? 'yes'
        : 'NO'
    }`,
  );
  await cleanup();
}

/** bench:rush in a process of its own with `streams` open; its lines as they come, and its ratio. */
function rush(streams: number): Promise<string> {
  return new Promise((resolve, reject) => {
    console.log(`\n[bench] npm run bench:rush with STREAMS=${streams}`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-rush.ts'], {
      cwd: root,
      env: { ...env, STREAMS: String(streams) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.on('exit', (code) => {
      const ratio = /ratio \(median of the measured rounds\): ([\d.]+)/.exec(out)?.[1];
      if (code !== 0 || !ratio) reject(new Error(`bench:rush exited ${code}`));
      else resolve(ratio);
    });
  });
}

async function main() {
  await acrossInstances();
  if (!RUSH) return;
  const without = await rush(0);
  const withStreams = await rush(STREAMS);
  console.log(`\n[bench] rush ratio without streams ${without}, with ${STREAMS} streams ${withStreams}`);
}

main().then(
  () => process.exit(0),
  async (error) => {
    console.error('[bench] failed:', error);
    await cleanup();
    process.exit(1);
  },
);
