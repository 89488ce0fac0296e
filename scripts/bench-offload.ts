/** `npm run bench:offload`: what a visitor opening the calendar waits while the server does CPU
 * work for others: 4 face checks (a real portrait through the local face detector) and 4 invoices
 * issued by finance (each with its PDF), all at once, ROUNDS times. Figures as a user receives
 * them, over HTTP, from the built server (`node dist-server/main.js`, rebuilt when older than its
 * sources): the calendar's p50/p99/max alone first, then while the heavy requests run, and how
 * long those took.
 *
 *   npm run bench:offload                  # the worker pool (WORK_THREADS default), then inline
 *   npm run bench:offload -- --pool        # the pool only
 *   DATABASE_URL=postgres://... npm run bench:offload
 *   ROUNDS=5 CALENDAR_CONCURRENCY=4 npm run bench:offload
 *
 * "inline" is the server with WORK_THREADS=0: the face model and the PDFs on the event loop, as
 * before the pool (docs/operations.md §9). The goal: the calendar's p99 under 100 ms with the
 * pool. Exits non-zero when a face check or an issue does not succeed (never on timing). Needs
 * the face detector's packages (dev dependencies) and their sample portrait. */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signToken } from '../server/auth.ts';
import type { Db } from '../server/db/db.ts';
import { newOrderNumber } from '../server/services/orders.ts';
import { cleanup, hardStop, museumTomorrow, pct, prepareTarget, root, startServer, stopServer, type Target } from './bench/kit.ts';

const env = process.env;
const ROUNDS = Number(env.ROUNDS ?? 3);
const FACES = 4;
const INVOICES = 4;
const CALENDAR_CONCURRENCY = Number(env.CALENDAR_CONCURRENCY ?? 4);
/** How long the calendar alone is measured, before the rounds. */
const IDLE_MS = 3000;
const MODES = process.argv.includes('--pool') ? ['pool'] : process.argv.includes('--inline') ? ['inline'] : ['pool', 'inline'];
const PORTRAIT = path.join(root, 'node_modules/@vladmandic/face-api/demo/sample2.jpg');
const CALENDAR = '/prod-api/pool/ingore/getCalendar';
hardStop(900_000);

interface Prepared {
  visitor: string;
  finance: string;
  /** Per mode, per round: the uploads to check and the invoices to issue. */
  work: Record<string, Array<{ uploads: string[]; invoices: number[] }>>;
}

/** The demo museum with face photos on, a visitor, a finance clerk, and for every round of every
 * mode FACES uploads of the portrait and INVOICES requested invoices of paid orders. */
async function prepare(db: Db, secret: string): Promise<Prepared> {
  const now = new Date();
  const date = await museumTomorrow(db, now);
  await db.query(`UPDATE sys_config SET value = '1' WHERE key = 'face_enable'`);
  const [user] = await db.query<{ id: number }>(`INSERT INTO users (phone, user_name, created_at) VALUES ('13300000001', 'bench', $1) RETURNING id`, [now]);
  const [clerk] = await db.query<{ id: number }>(
    `INSERT INTO staff_users (username, password_hash, role, created_at) VALUES ('bench-finance', 'x', 'finance', $1) RETURNING id`,
    [now],
  );
  const [session] = await db.query<{ id: number; hall_id: number }>(`SELECT id, hall_id FROM hall_schedule WHERE visit_date = $1 ORDER BY id LIMIT 1`, [date]);
  const portrait = readFileSync(PORTRAIT);
  const work: Prepared['work'] = {};
  for (const mode of MODES) {
    work[mode] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const uploads: string[] = [];
      for (let i = 0; i < FACES; i++) {
        const token = randomBytes(18).toString('base64url');
        await db.query(
          `INSERT INTO uploads (token, mime, size, width, height, bytes, ip, created_at) VALUES ($1, 'image/jpeg', $2, 1920, 1367, $3, '127.0.0.1', $4)`,
          [token, portrait.length, portrait, now],
        );
        uploads.push(token);
      }
      const invoices: number[] = [];
      for (let i = 0; i < INVOICES; i++) {
        const [order] = await db.query<{ id: number }>(
          `INSERT INTO orders (order_number, user_id, hall_id, schedule_id, visit_date, status, amount, ticket_num, created_at, pay_time)
           VALUES ($1, $2, $3, $4, $5, 'completed', 6000, 2, $6, $6) RETURNING id`,
          [newOrderNumber(now), user.id, session.hall_id, session.id, date, now],
        );
        const [invoice] = await db.query<{ id: number }>(
          `INSERT INTO invoices (user_id, order_id, title_type, title, tax_number, address_phone, bank_account, amount, content, email, created_at)
           VALUES ($1, $2, 2, '北京科普之友文化有限公司', '91110108MA01ABCDE3', '北京市朝阳区北辰东路5号 010-59041000', '中国银行北京分行 1234 5678 9012', 6000, '门票', 'finance@example.com', $3)
           RETURNING id`,
          [user.id, order.id, now],
        );
        invoices.push(invoice.id);
      }
      work[mode].push({ uploads, invoices });
    }
  }
  const key = new TextEncoder().encode(secret); // what the server derives from TOKEN_SECRET
  return {
    visitor: await signToken(key, user.id, 'individual', now, 3600),
    finance: await signToken(key, clerk.id, 'staff', now, 3600),
    work,
  };
}

interface Call {
  ms: number;
  code: number | null;
  msg: string;
}

async function call(url: string, init: RequestInit = {}): Promise<Call> {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, headers: { language: 'en_us', ...init.headers } });
    const json = (await res.json()) as { code?: number; msg?: string };
    return { ms: performance.now() - started, code: json.code ?? res.status, msg: json.msg ?? '' };
  } catch (error) {
    return { ms: performance.now() - started, code: null, msg: String(error) };
  }
}

/** The calendar asked by CALENDAR_CONCURRENCY visitors back to back until `until` settles. */
async function calendarWhile(base: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: CALENDAR_CONCURRENCY }, async () => {
      while (!done) {
        const answer = await call(base + CALENDAR);
        if (answer.code !== 200) throw new Error(`calendar: ${answer.code} ${answer.msg}`);
        times.push(answer.ms);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const figures = (sorted: number[]) =>
  `p50 ${pct(sorted, 50).toFixed(1).padStart(6)} ms  p99 ${pct(sorted, 99).toFixed(1).padStart(7)} ms  max ${sorted.at(-1)!.toFixed(1).padStart(7)} ms  (${sorted.length} answers)`;

async function runMode(target: Target, secret: string, prepared: Prepared, mode: string): Promise<{ calendar: number[]; failed: number }> {
  const serverEnv = { ...target.serverEnv, ...(mode === 'inline' ? { WORK_THREADS: '0' } : {}) };
  const { base, child } = await startServer({ ...target, serverEnv }, secret);
  try {
    // The face detector loads after listen (warm): the first round waits for nothing but the work.
    const warm = await call(`${base}/prod-api/system/collection/checkFace?url=${prepared.work[mode][0].uploads[0]}`, {
      headers: { authorization: `Bearer ${prepared.visitor}` },
    });
    if (warm.code !== 200) throw new Error(`the warm-up face check failed: ${warm.code} ${warm.msg}`);
    const idle = await calendarWhile(base, new Promise((resolve) => setTimeout(resolve, IDLE_MS)));
    console.log(`  ${mode.padEnd(6)} calendar alone        ${figures(idle)}`);
    const during: number[] = [];
    let failed = 0;
    for (const [round, { uploads, invoices }] of prepared.work[mode].entries()) {
      const heavy = Promise.all([
        ...uploads.map((id) =>
          call(`${base}/prod-api/system/collection/checkFace?url=${id}`, { headers: { authorization: `Bearer ${prepared.visitor}` } }).then((a) => ({
            ...a,
            what: 'face',
          })),
        ),
        ...invoices.map((id) =>
          call(`${base}/prod-api/staff/invoices/${id}/issue`, { method: 'POST', headers: { authorization: `Bearer ${prepared.finance}` } }).then((a) => ({
            ...a,
            what: 'invoice',
          })),
        ),
      ]);
      const calendar = await calendarWhile(base, heavy);
      const answers = await heavy;
      const bad = answers.filter((a) => a.code !== 200);
      failed += bad.length;
      during.push(...calendar);
      const slowest = (what: string) => Math.max(...answers.filter((a) => a.what === what).map((a) => a.ms));
      console.log(
        `  ${mode.padEnd(6)} round ${round + 1} calendar     ${figures(calendar)} | ${FACES} faces in ${(slowest('face') / 1000).toFixed(2)} s, ` +
          `${INVOICES} invoices in ${(slowest('invoice') / 1000).toFixed(2)} s` +
          (bad.length ? ` | ${bad.length} FAILED: ${bad[0].code} ${bad[0].msg}` : ''),
      );
    }
    return { calendar: during.sort((a, b) => a - b), failed };
  } finally {
    await stopServer(child);
  }
}

async function main() {
  const target = await prepareTarget('offload');
  const secret = randomBytes(32).toString('base64url');
  const db = await target.open();
  const prepared = await prepare(db, secret);
  await db.close();
  console.log(`[bench] database: ${target.label}; ${os.availableParallelism()} CPUs, load average ${os.loadavg()[0].toFixed(2)} before`);
  console.log(
    `[bench] ${FACES} face checks and ${INVOICES} invoice issues at once, ${ROUNDS} rounds; the calendar asked by ${CALENDAR_CONCURRENCY} visitors meanwhile`,
  );
  const results: Record<string, { calendar: number[]; failed: number }> = {};
  for (const mode of MODES) results[mode] = await runMode(target, secret, prepared, mode);
  console.log('\ncalendar while faces and invoices run (all rounds):');
  for (const [mode, r] of Object.entries(results)) {
    const p99 = pct(r.calendar, 99);
    console.log(
      `  ${mode.padEnd(6)} ${figures(r.calendar)}${mode === 'pool' ? (p99 < 100 ? '  (goal: p99 < 100 ms, met)' : '  (goal: p99 < 100 ms, NOT met)') : ''}`,
    );
  }
  console.log(`[bench] load average ${os.loadavg()[0].toFixed(2)} after`);
  if (Object.values(results).some((r) => r.failed > 0)) {
    console.error('[bench] some face checks or issues did not succeed');
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error('[bench] failed:', error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
