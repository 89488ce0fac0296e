/** The waiting room at a release (docs/product.md §2.13) over HTTP: places in arrival order, one
 * per account however many tabs, nobody admitted before the release, admissions in order, the
 * admission's window and a place lost by a visitor who stops reading it, placeOrder refused
 * without an admission, the slider and the risk limits at the door, token kinds refused, and two
 * app instances on one database admitting once. Time is the app's clock, moved by the test. On
 * PGlite and PostgreSQL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FINANCE, DEMO_GATE, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { runReleaseQueue, takeLease } from '../../server/jobs/releaseQueue.ts';
import type { QueueFigures } from '../../src/domain/queueFigures.ts';
import { QUEUE_REQUIRED_CODE, type QueueStatus } from '../../src/domain/releaseQueue.ts';
import { NOT_RELEASED_DAY, SEED_TIME } from './constants.ts';
import { assertStockInvariant, dbLane, makeApp, orderRequest, priceOf, type Envelope, type TestApp } from './helpers.ts';

/** D12's release as the seed sets it: 2030-03-06 20:00 in Shanghai. */
const RELEASE = Date.parse('2030-03-06T12:00:00Z');
const DAY = NOT_RELEASED_DAY;

let t: TestApp;
let phones = 0;
const newPhone = () => `1370000${String(++phones).padStart(4, '0')}`;

beforeAll(async () => {
  t = await makeApp();
  // Small batches, so that the order of admissions shows.
  await setConfig('queue_batch_start', '3');
  await setConfig('queue_batch_max', '3');
});
afterAll(async () => {
  await t?.close();
});

const setConfig = (key: string, value: string) =>
  t.db.query('INSERT INTO sys_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2', [key, value]);

/** Moves the app's clock to `at` (epoch ms), never back. */
function moveTo(at: number) {
  const now = t.now().getTime();
  expect(at).toBeGreaterThanOrEqual(now);
  t.advance(at - now);
}

async function enter(token: string, lang: 'zh' | 'en' = 'en', app = t): Promise<Envelope<QueueStatus>> {
  return app.call('POST', '/queue/enter', { token, lang, body: { date: DAY, captchaToken: await app.captchaToken() } });
}
/** The day's queue as the staff's day screen reads it (a finance clerk: the 'figures' ability). */
async function figures(): Promise<QueueFigures> {
  const staff = (await t.call('POST', '/staff/login', { body: DEMO_FINANCE })).data.token;
  const r = await t.call<QueueFigures>('GET', `/staff/queue?date=${DAY}`, { token: staff });
  expect(r.code, r.msg).toBe(200);
  return r.data;
}
const WINDOW = { releaseAt: RELEASE, opensAt: RELEASE - 15 * 60_000, closesAt: RELEASE + 30 * 60_000 };
const position = (token: string, ticket: string, app = t) => app.call<QueueStatus>('POST', '/queue/position', { token, lang: 'en', body: { ticket } });

async function order(token: string, lang: 'zh' | 'en' = 'en') {
  const hall = (await t.halls(DAY)).find((h) => h.hallKey === 'main')!;
  const visitors = [{ name: '排队甲', birth: '1990-01-01', ticketPriceId: priceOf(hall, 'adult'), seq: '701' }];
  const body = orderRequest(DAY, hall.hallId, hall.scheduleTicketPoolVOS[0].hallScheduleId, visitors, await t.captchaToken());
  return t.call('POST', '/config/orderRule/placeOrder', { token, body, lang });
}

/** Lets the admissions run, a round a second, until nobody waits, the visitors reading their
 * positions meanwhile as their pages do; the phones in the order they were admitted. */
async function admitAll(readers: Map<string, { token: string; ticket: string }>): Promise<string[]> {
  for (let round = 0; round < 50; round++) {
    if (round % 5 === 0) for (const { token, ticket } of readers.values()) await position(token, ticket);
    t.advance(1000);
    await runReleaseQueue(t.deps, 'test');
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM release_queue WHERE visit_date = $1 AND state = 'waiting'`, [DAY]);
    if (n === 0) break;
  }
  const rows = await t.db.query<{ phone: string; admitted_at: Date; place: number }>(
    `SELECT u.phone, q.admitted_at, q.place FROM release_queue q JOIN users u ON u.id = q.user_id
      WHERE q.visit_date = $1 AND q.admitted_at IS NOT NULL AND u.phone = ANY($2)`,
    [DAY, [...readers.keys()]],
  );
  return rows.sort((a, b) => a.admitted_at.getTime() - b.admitted_at.getTime() || Number(a.place) - Number(b.place)).map((r) => r.phone);
}

describe('the release queue', () => {
  const arrivals = new Map<string, string>();
  const tickets = new Map<string, string>();
  const readers = () => new Map([...arrivals].map(([phone, token]) => [phone, { token, ticket: tickets.get(phone)! }]));

  it('is off far from a release: the day books as usual and an entry says so', async () => {
    expect(t.now().getTime()).toBe(Date.parse(SEED_TIME));
    const token = await t.tokenFor(newPhone());
    const check = await t.call<QueueStatus>('GET', `/queue/check?date=${DAY}`, { token });
    expect(check.data.state).toBe('off');
    expect((await enter(token)).data).toMatchObject({ state: 'off', ticket: null, place: 0 });
    // The staff see the room's window ahead, nobody in it.
    expect(await figures()).toMatchObject({ open: false, waiting: 0, inPlay: 0, admitted: 0, perMinute: 0, ...WINDOW, now: t.now().getTime() });
  });

  it('opens before the release: places in arrival order, nobody admitted before the release moment', async () => {
    moveTo(RELEASE - 10 * 60_000);
    for (let i = 0; i < 9; i++) {
      const phone = newPhone();
      const token = await t.tokenFor(phone);
      const r = await enter(token, i % 2 ? 'zh' : 'en');
      expect(r.code, r.msg).toBe(200);
      expect(r.data.state).toBe('waiting');
      expect(r.data.ahead).toBe(i);
      arrivals.set(phone, token);
      tickets.set(phone, r.data.ticket!);
    }
    // Ten minutes of rounds before the release: nobody is let in (each visitor keeps reading).
    for (let s = 0; s < 9 * 60; s += 20) {
      t.advance(20_000);
      await runReleaseQueue(t.deps, 'test');
      for (const [phone, token] of arrivals) expect((await position(token, tickets.get(phone)!)).data.state).toBe('waiting');
    }
    // A refresh asks the day's queue again: the place held, with its position.
    const [fourth, fourthToken] = [...arrivals][3];
    const check = await t.call<QueueStatus>('GET', `/queue/check?date=${DAY}`, { token: fourthToken });
    expect(check.data).toMatchObject({ state: 'waiting', place: (await position(fourthToken, tickets.get(fourth)!)).data.place, ahead: 3 });
    const newcomer = await t.call<QueueStatus>('GET', `/queue/check?date=${DAY}`, { token: await t.tokenFor(newPhone()) });
    expect(newcomer.data).toMatchObject({ state: 'waiting', place: 0, ticket: null });
    const first = [...arrivals.keys()][0];
    const r = await position(arrivals.get(first)!, tickets.get(first)!);
    expect(r.data).toMatchObject({ state: 'waiting', ahead: 0, releaseAt: RELEASE });
    // An honest estimate: nobody ahead, so the wait is the time to the release.
    expect(r.data.estimateSeconds).toBe(Math.ceil((RELEASE - t.now().getTime()) / 1000));
    // The staff's figures: the line's length, nobody admitted yet, tickets left on the day.
    const f = await figures();
    expect(f).toMatchObject({ open: true, waiting: 9, inPlay: 0, admitted: 0, perMinute: 0, ...WINDOW, now: t.now().getTime() });
    expect(f.left).toBeGreaterThan(0);
  });

  it('refuses placeOrder for the day to a visitor without an admission, in her language', async () => {
    const [phone, token] = [...arrivals][0];
    expect(phone).toBeTruthy();
    const zh = await order(token, 'zh');
    // Its own code: the purchase takes her to the room (machines/purchase.machine.ts).
    expect(zh.code).toBe(QUEUE_REQUIRED_CODE);
    expect(zh.msg).toBe('该日门票正在放票排队中，请先进入排队，轮到您后再提交订单');
    const outsider = await t.tokenFor(newPhone());
    const en = await order(outsider, 'en');
    expect(en.msg).toBe("This day's tickets are being released through the waiting room; please join the queue and submit when it is your turn");
  });

  it('ten entries from one account keep one place, never a better one', async () => {
    const [phone, token] = [...arrivals][4];
    const before = await position(token, tickets.get(phone)!);
    for (let i = 0; i < 10; i++) {
      const again = await enter(token);
      expect(again.data.place).toBe(before.data.place);
      expect(again.data.ahead).toBe(4);
    }
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM release_queue WHERE visit_date = $1', [DAY]);
    expect(n).toBe(9);
  });

  it('admits in arrival order after the release, and an admitted visitor books', async () => {
    moveTo(RELEASE);
    const admitted = await admitAll(readers());
    expect(admitted).toEqual([...arrivals.keys()]);
    // The staff see them admitted, each still to order, at the rate of the last minute.
    const before = await figures();
    expect(before).toMatchObject({ open: true, waiting: 0, admitted: 9, inPlay: 9, perMinute: 9, batch: 3 });
    const [phone, token] = [...arrivals][0];
    const r = await position(token, tickets.get(phone)!);
    expect(r.data.state).toBe('admitted');
    expect(r.data.admitUntil).toBeGreaterThan(t.now().getTime());
    const placed = await order(token);
    expect(placed.code, placed.msg).toBe(200);
    expect(placed.data.orderId).toBeGreaterThan(0);
    const [row] = await t.db.query<{ order_ms: number | null }>(
      'SELECT order_ms FROM release_queue q JOIN users u ON u.id = q.user_id WHERE u.phone = $1 AND visit_date = $2',
      [phone, DAY],
    );
    expect(row.order_ms).not.toBeNull();
    const after = await figures();
    expect(after).toMatchObject({ inPlay: 8, left: before.left - 1 });
    expect(after.p90Ms).toBeNull(); // measured by the next round
    await assertStockInvariant(t.db);
  });

  it('an admission not used in time runs out: placeOrder refused, a new entry goes to the back', async () => {
    const [phone, token] = [...arrivals][1];
    const late = await t.tokenFor(newPhone());
    const lateEntry = await enter(late);
    t.advance(121_000);
    // Spent the moment it runs out, before the admissions' round marks it: her page is told so,
    // and the room's check offers her a new place (no admission to loop back to the form with).
    expect((await position(token, tickets.get(phone)!)).data.state).toBe('expired');
    const check = await t.call<QueueStatus>('GET', `/queue/check?date=${DAY}`, { token });
    expect(check.data).toMatchObject({ state: 'waiting', ticket: null });
    await runReleaseQueue(t.deps, 'test');
    expect((await position(token, tickets.get(phone)!)).data.state).toBe('expired');
    const refused = await order(token, 'zh');
    expect(refused).toMatchObject({ code: QUEUE_REQUIRED_CODE, msg: '您的提交时间已过，请重新排队' });
    const back = await enter(token);
    expect(back.data.state).toBe('waiting');
    expect(back.data.place).toBeGreaterThan(lateEntry.data.place);
  });

  it('a visitor who stops reading her position loses her place; one who reads keeps it', async () => {
    await setConfig('queue_batch_start', '0');
    await setConfig('queue_batch_max', '0');
    await setConfig('queue_in_play_max', '0');
    const reader = await t.tokenFor(newPhone());
    const gone = await t.tokenFor(newPhone());
    const r = (await enter(reader)).data;
    const g = (await enter(gone)).data;
    for (let s = 0; s < 90; s += 10) {
      t.advance(10_000);
      expect((await position(reader, r.ticket!)).data.state).toBe('waiting');
      await runReleaseQueue(t.deps, 'test');
    }
    expect((await position(gone, g.ticket!)).data.state).toBe('left');
    await setConfig('queue_batch_max', '3');
    await setConfig('queue_in_play_max', '600');
  });

  it('bots pay at the door: the slider is solved to enter, and the risk limits apply', async () => {
    const token = await t.tokenFor(newPhone());
    const noSlider = await t.call('POST', '/queue/enter', { token, lang: 'en', body: { date: DAY, captchaToken: 'made-up' } });
    expect(noSlider.code).toBe(500);
    expect(noSlider.msg).toMatch(/verification|slider|check/i);
    await setConfig('risk_daily_orders', '0');
    const risky = await enter(token, 'zh');
    expect(risky.msg).toBe('您今日下单次数过多，系统检测到异常，请明天再试或联系客服');
    await setConfig('risk_daily_orders', '5');
  });

  it('refuses token kinds where they do not belong', async () => {
    const visitor = await t.tokenFor(newPhone());
    const team = await t.tokenFor(newPhone(), 'team');
    const staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
    expect((await t.call('POST', '/queue/enter', { token: team, body: { date: DAY, captchaToken: 'x' } })).code).toBe(401);
    expect((await t.call('POST', '/queue/enter', { token: staff, body: { date: DAY, captchaToken: 'x' } })).code).toBe(401);
    const ticket = (await enter(visitor)).data.ticket!;
    // A queue ticket is no login, a login no queue ticket, and one visitor's ticket not another's.
    expect((await t.call('GET', `/queue/check?date=${DAY}`, { token: ticket })).code).toBe(401);
    expect((await position(visitor, visitor)).msg).toBe('The queue ticket is not valid; please join the queue again');
    const other = await t.tokenFor(newPhone());
    expect((await position(other, ticket)).code).toBe(500);
    // The staff's figures: a staff route, refused a visitor, a team and staff without the 'figures' ability.
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    for (const token of [visitor, team]) expect((await t.call('GET', `/staff/queue?date=${DAY}`, { token })).code).toBe(401);
    expect((await t.call('GET', `/staff/queue?date=${DAY}`, { token: gate })).code).toBe(403);
    expect((await t.call('GET', '/staff/queue?date=tomorrow', { token: staff, lang: 'en' })).code).not.toBe(200);
    const figures = await t.call<QueueFigures>('GET', `/staff/queue?date=${DAY}`, { token: staff });
    expect(figures.data).toMatchObject({ open: true });
    expect(figures.data.admitted).toBeGreaterThanOrEqual(9);
  });

  it('two instances on one database: one sequence of places, and one instance admits at a time', async () => {
    await setConfig('queue_batch_start', '2');
    await setConfig('queue_batch_max', '2');
    t.advance(11_000); // the lease of the rounds before runs out
    const other = dbLane() === 'pg' ? await makeApp({}, { databaseUrl: t.databaseUrl! }) : t;
    if (other !== t) other.advance(t.now().getTime() - other.now().getTime());
    try {
      const comers: string[] = [];
      const order = new Map<string, { token: string; ticket: string }>();
      for (let i = 0; i < 6; i++) {
        const phone = newPhone();
        const token = await t.tokenFor(phone);
        const r = await enter(token, 'en', i % 2 ? other : t);
        expect(r.code, r.msg).toBe(200);
        comers.push(phone);
        order.set(phone, { token, ticket: r.data.ticket! });
      }
      // Both instances' jobs in the same second: the lease lets one of them admit.
      const [a, b] = await Promise.all([runReleaseQueue(t.deps, 'one'), runReleaseQueue(other.deps, 'two')]);
      expect([a, b].filter((n) => n === -1)).toHaveLength(1);
      expect(await takeLease(t.deps, 'releaseQueue', 'three')).toBe(false);
      const admitted = await admitAll(order);
      expect(admitted.filter((p) => comers.includes(p))).toEqual(comers);
    } finally {
      if (other !== t) await other.close();
    }
  });

  // PostgreSQL only: holding one account's lock while another instance takes entries needs a
  // second connection (PGlite has one session, so one instance and no waiting between entries).
  it.runIf(dbLane() === 'pg')('an entry that waited for the database keeps its arrival: admitted before whoever came after it', async () => {
    await setConfig('queue_batch_start', '1');
    await setConfig('queue_batch_max', '1');
    if (t.now().getTime() < RELEASE) moveTo(RELEASE); // the queue open, also when run alone
    t.advance(11_000);
    const other = await makeApp({}, { databaseUrl: t.databaseUrl! });
    other.advance(t.now().getTime() - other.now().getTime());
    let release = () => undefined as void;
    try {
      const [first, second] = [newPhone(), newPhone()];
      const [firstToken, secondToken] = [await t.tokenFor(first), await t.tokenFor(second)];
      const [{ id }] = await t.db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [first]);
      // The first visitor's entry arrives, then waits for her account's row (as for a busy pool's
      // connection); the second arrives a second later at the other instance and goes straight in.
      let locked = () => undefined as void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const held = t.db.tx(async (q) => {
        await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
        locked();
        await new Promise<void>((r) => (release = r));
      });
      await isLocked;
      const firstEntry = enter(firstToken);
      await expect
        .poll(
          async () =>
            (
              await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
            )[0].n,
        )
        .toBe(1);
      t.advance(1000);
      other.advance(1000);
      const secondEntry = await enter(secondToken, 'en', other);
      release();
      await held;
      const firstPlace = (await firstEntry).data;
      expect(firstPlace.place).toBeGreaterThan(secondEntry.data.place);
      // Her position counts nobody ahead of her who came after her.
      expect((await position(firstToken, firstPlace.ticket!, other)).data.ahead).toBeLessThan(
        (await position(secondToken, secondEntry.data.ticket!)).data.ahead,
      );
      const admitted = await admitAll(
        new Map([
          [first, { token: firstToken, ticket: firstPlace.ticket! }],
          [second, { token: secondToken, ticket: secondEntry.data.ticket! }],
        ]),
      );
      expect(admitted).toEqual([first, second]);
    } finally {
      release();
      await other.close();
    }
  });
});
