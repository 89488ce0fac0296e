/** The surge room (docs/product.md §2.13): a day far from its release whose orders show the
 * database at its limit opens its waiting room for queue_surge_minutes: a new visitor gets a
 * place instead of a direct order, an order without an admission is refused in her language,
 * admissions start at once, two instances agree, and the room closes when the surge runs out,
 * its start and end logged. The orders are made slow honestly: the test holds the buyers' rows
 * (PostgreSQL) or the one session (PGlite) in a transaction while they wait, and moves the
 * app's clock meanwhile. On PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/accounts.ts';
import { runReleaseQueue } from '../../server/jobs/releaseQueue.ts';
import { processLog } from '../../server/logger.ts';
import { QUEUE_REQUIRED_CODE, type QueueStatus } from '../../src/domain/releaseQueue.ts';
import { OPEN_DAY } from './constants.ts';
import { assertStockInvariant, dbLane, makeApp, orderRequest, priceOf, type Envelope, type TestApp } from './helpers.ts';

const DAY = OPEN_DAY;
const SURGE_MS = 10 * 60_000;

let t: TestApp;
/** A second instance on the same database (PostgreSQL); on PGlite the one instance. */
let other: TestApp;
let staff: string;
let phones = 0;
const newPhone = () => `1371000${String(++phones).padStart(4, '0')}`;
// The process log's lines as they are written (silenced).
const logged = vi.spyOn(processLog, 'warn').mockImplementation(() => undefined);

beforeAll(async () => {
  t = await makeApp();
  other = dbLane() === 'pg' ? await makeApp({}, { databaseUrl: t.databaseUrl! }) : t;
  // The demo has the surge room off; here it is on, and two slow orders are a sign (twenty by
  // default), each over a second.
  await setConfig('queue_surge_enable', '1');
  await setConfig('queue_surge_orders', '2');
  await setConfig('queue_surge_ms', '1000');
  staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
});
afterAll(async () => {
  logged.mockRestore();
  if (other !== t) await other?.close();
  await t?.close();
});

const setConfig = (key: string, value: string) =>
  t.db.query('INSERT INTO sys_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2', [key, value]);

/** The other instance's clock set to this one's. */
const synced = () => {
  other.advance(t.now().getTime() - other.now().getTime());
  return other;
};

/** A visitor whose token the app has already seen (its check kept), as a browsing visitor's is. */
async function visitor(app = t): Promise<{ token: string; userId: number }> {
  const phone = newPhone();
  const token = await t.tokenFor(phone);
  expect((await app.call('GET', `/queue/check?date=${DAY}`, { token })).code).toBe(200);
  const [{ id }] = await t.db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
  return { token, userId: Number(id) };
}

async function orderBody(seq: string) {
  const hall = (await t.halls(DAY)).find((h) => h.hallKey === 'main')!;
  const visitors = [{ name: '高峰甲', birth: '1990-01-01', ticketPriceId: priceOf(hall, 'adult'), seq }];
  return orderRequest(DAY, hall.hallId, hall.scheduleTicketPoolVOS[0].hallScheduleId, visitors, await t.captchaToken());
}
let seqs = 700;
async function order(token: string, lang: 'zh' | 'en' = 'en', app = t) {
  const body = await orderBody(String(++seqs));
  return app.call('POST', '/config/orderRule/placeOrder', { token, body, lang });
}

/** An order that waits `ms` on the database: the test's transaction holds what it needs (its
 * buyer's row on PostgreSQL, the one session on PGlite) until it is seen waiting for it, moves
 * the clock by `ms`, then lets it go. One at a time: on PGlite, two orders may wait for one
 * read they share. */
async function slowOrder(buyer: { token: string; userId: number }, ms: number) {
  const body = await orderBody(String(++seqs));
  const { pending } = await t.db.tx(async (q) => {
    await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [buyer.userId]);
    const pending = t.call('POST', '/config/orderRule/placeOrder', { token: buyer.token, body, lang: 'en' });
    await expect.poll(() => waitingOnDb(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    t.advance(ms);
    return { pending };
  });
  const r = await pending;
  expect(r.code, r.msg).toBe(200);
}

/** How many statements wait for the database: for a row lock (PostgreSQL), for the session (PGlite). */
async function waitingOnDb(): Promise<number> {
  if (dbLane() !== 'pg') return t.db.pool!.stats().waiting;
  const [{ n }] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return n;
}

const check = (token: string, app = t) => app.call<QueueStatus>('GET', `/queue/check?date=${DAY}`, { token });
async function enter(token: string, app = t): Promise<Envelope<QueueStatus>> {
  return app.call('POST', '/queue/enter', { token, lang: 'en', body: { date: DAY, captchaToken: await app.captchaToken() } });
}
const figures = () => t.call('GET', `/staff/queue?date=${DAY}`, { token: staff });
const events = (name: string) => logged.mock.calls.filter(([line]) => (line as unknown as { event?: string }).event === name).map(([line]) => line as object);

describe('the surge room', () => {
  it('is closed while the orders are quick: the day books directly', async () => {
    const a = await visitor();
    for (let i = 0; i < 3; i++) expect((await order((await visitor()).token)).code).toBe(200);
    expect((await check(a.token)).data.state).toBe('off');
    // The other instance has read the day too (and keeps it).
    expect((await check((await visitor(synced())).token, other)).data.state).toBe('off');
    expect((await figures()).data).toMatchObject({ open: false, reason: null, surgeUntil: null });
  });

  it('one slow order is no sign; a second within the window opens the room for the day, logged', async () => {
    t.advance(31_000); // the quick orders leave the window
    await slowOrder(await visitor(), 1500);
    const a = await visitor();
    expect((await check(a.token)).data.state).toBe('off');
    await slowOrder(await visitor(), 1500);
    const c = await check(a.token);
    // She is asked to take a place: no direct order now.
    expect(c.data).toMatchObject({ state: 'waiting', place: 0, ticket: null });
    const [day] = await t.db.query<{ surge_until: Date }>('SELECT surge_until FROM museum_days WHERE visit_date = $1', [DAY]);
    expect(day.surge_until.getTime()).toBe(t.now().getTime() + SURGE_MS);
    expect((await figures()).data).toMatchObject({ open: true, reason: 'surge', surgeUntil: t.now().getTime() + SURGE_MS });
    const [start] = events('queueSurgeStart');
    expect(start).toMatchObject({ event: 'queueSurgeStart', date: DAY, orders: 2, p90Ms: 1500 });
    // Nothing personal in the log: no phone, no account.
    expect(JSON.stringify(start)).not.toMatch(/1371000|userId|phone/);
  });

  it('refuses an order without an admission in her language; a place is taken and admitted at once, and she books', async () => {
    const a = await visitor();
    const zh = await order(a.token, 'zh');
    expect(zh.code).toBe(QUEUE_REQUIRED_CODE);
    expect(zh.msg).toBe('该日门票正在放票排队中，请先进入排队，轮到您后再提交订单');
    const en = await order(a.token, 'en');
    expect(en.msg).toBe("This day's tickets are being released through the waiting room; please join the queue and submit when it is your turn");
    const placed = await enter(a.token);
    expect(placed.data).toMatchObject({ state: 'waiting', ahead: 0 });
    // No release moment to wait for: the first round admits her.
    expect(await runReleaseQueue(t.deps, 'test')).toBeGreaterThanOrEqual(1);
    expect((await check(a.token)).data.state).toBe('admitted');
    const booked = await order(a.token);
    expect(booked.code, booked.msg).toBe(200);
    expect(booked.data.orderId).toBeGreaterThan(0);
    await assertStockInvariant(t.db);
  });

  it('two instances agree: the other instance gives a place and refuses a direct order too', async () => {
    const b = await visitor(synced());
    await expect.poll(async () => (await check(b.token, other)).data.state).toBe('waiting');
    expect((await order(b.token, 'en', other)).msg).toMatch(/waiting room/);
    expect((await enter(b.token, other)).data.state).toBe('waiting');
  });

  it('slow orders while it runs keep it open no more than once a half: one mark, one start', async () => {
    t.advance(60_000);
    const [before] = await t.db.query<{ surge_until: Date }>('SELECT surge_until FROM museum_days WHERE visit_date = $1', [DAY]);
    const admitted = [await visitor(), await visitor()];
    for (const v of admitted) await enter(v.token);
    await runReleaseQueue(t.deps, 'test');
    for (const v of admitted) await slowOrder(v, 1500);
    const [after] = await t.db.query<{ surge_until: Date }>('SELECT surge_until FROM museum_days WHERE visit_date = $1', [DAY]);
    expect(after.surge_until).toEqual(before.surge_until);
    expect(events('queueSurgeStart')).toHaveLength(1);
  });

  it("the admissions' rounds write nothing to the days while no surge runs out: no change notice each second", async () => {
    const notices: string[] = [];
    const stop = await t.db.listen!(
      (payload) => notices.push(payload),
      () => undefined,
    );
    try {
      for (let i = 0; i < 3; i++) {
        t.advance(1000);
        await runReleaseQueue(t.deps, 'test');
      }
      // A write of our own after the rounds: once its notice is in, the rounds' would be too.
      await t.db.query(`UPDATE sys_config SET value = value WHERE key = 'queue_surge_ms'`);
      await expect.poll(() => notices.includes('sys_config')).toBe(true);
      expect(notices.filter((n) => n === 'museum_days')).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('closes when the surge runs out: its end logged once, the day books directly again', async () => {
    const waiting = await visitor();
    expect((await enter(waiting.token)).data.state).toBe('waiting');
    const [{ surge_until }] = await t.db.query<{ surge_until: Date }>('SELECT surge_until FROM museum_days WHERE visit_date = $1', [DAY]);
    t.advance(surge_until.getTime() - t.now().getTime());
    await runReleaseQueue(t.deps, 'test');
    await runReleaseQueue(t.deps, 'test');
    expect(events('queueSurgeEnd')).toEqual([expect.objectContaining({ date: DAY, until: surge_until })]);
    expect((await check(waiting.token)).data.state).toBe('off');
    // Still in line when it closed: she books without an admission now.
    const booked = await order(waiting.token);
    expect(booked.code, booked.msg).toBe(200);
    expect((await figures()).data).toMatchObject({ open: false, reason: null, surgeUntil: null });
    await assertStockInvariant(t.db);
  });
});
