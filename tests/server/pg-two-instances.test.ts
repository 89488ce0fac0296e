/** Two server instances (two buildApp, two `pg` pools) on ONE PostgreSQL database run their
 * jobs at the same time: every due hold is released once, and its stock returned once.
 * PostgreSQL lane only: a PGlite database belongs to one process, so there is no second instance. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertStockInvariant, dbLane, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { OPEN_DAY } from './constants.ts';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import { runCartExpiry } from '../../server/jobs/cartExpiry.ts';
import { TransientDbError } from '../../server/db/db.ts';
import type { HallPool } from '../../src/domain/types.ts';

const onPg = dbLane() === 'pg';

describe.skipIf(!onPg)('two app instances on one PostgreSQL (server-pg lane only: a PGlite database has one owner process)', () => {
  let a: TestApp;
  let b: TestApp;
  let hall: HallPool;
  let phoneSeq = 0;

  beforeAll(async () => {
    a = await makeApp({ captcha: 'off' });
    b = await makeApp({ captcha: 'off' }, { databaseUrl: a.databaseUrl! });
    [hall] = await a.halls(OPEN_DAY);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const advance = (ms: number) => {
    a.advance(ms);
    b.advance(ms);
  };

  const sessions = () => hall.scheduleTicketPoolVOS.filter((s) => s.state === 'available' && s.ticketPool > 10).map((s) => s.hallScheduleId);

  const stock = async () =>
    new Map((await a.db.query<{ id: number; sold: number }>('SELECT id, sold FROM hall_schedule ORDER BY id')).map((r) => [r.id, r.sold] as const));

  /** n unpaid orders of 1-2 adults, spread over the open sessions, placed half through each instance. */
  async function placeUnpaid(n: number): Promise<number[]> {
    const ids = sessions();
    expect(ids.length).toBeGreaterThan(1);
    const placed = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const t = i % 2 ? b : a;
        const phone = `1371${String(++phoneSeq).padStart(7, '0')}`;
        const token = await t.tokenFor(phone);
        const visitors = Array.from({ length: 1 + (i % 2) }, (_, k) => ({
          name: ['张三', '李四'][k],
          birth: '1985-06-15',
          seq: String(100 + ((phoneSeq * 2 + k) % 900)),
          ticketPriceId: priceOf(hall, 'adult'),
        }));
        const session = ids[i % ids.length];
        const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body: orderRequest(OPEN_DAY, hall.hallId, session, visitors, null) });
        expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
        return r.data.orderId as number;
      }),
    );
    return placed;
  }

  /** A job run as its interval would run it: a transient failure (deadlock, serialization) is
   * logged and tried again later. Counted: the jobs should never deadlock each other. */
  let transient: string[] = [];
  async function retrying(run: () => Promise<number>): Promise<number> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof TransientDbError) || attempt >= 30) throw error;
        transient.push(error.message);
      }
    }
  }
  const NO_DEADLOCK =
    'transient failures (deadlocks) between the two instances: due orders must give stock back to hall_schedule in one lock order (by schedule id)';

  it('pay timeout on both instances at once: each overdue order is cancelled once, its stock returned once', async () => {
    const before = await stock();
    const due = await placeUnpaid(120);
    advance(10 * 60_000);
    const notDue = await placeUnpaid(20); // placed 10 minutes later: still within their hold
    advance(6 * 60_000); // the first 120 are past 15 min + slack, the last 20 are not

    transient = [];
    const runs = [a, b, a, b, a, b].map((t, i) => retrying(() => runPayTimeout(t.db, t.now, 1 + i)));
    const counts = await Promise.all(runs);
    // A run stops at a short batch, which SKIP LOCKED may give it while the other instance still
    // works: the next tick (here: one more run each, at the same time) picks up the rest.
    counts.push(...(await Promise.all([retrying(() => runPayTimeout(a.db, a.now)), retrying(() => runPayTimeout(b.db, b.now))])));
    // Each run reports what it cancelled (a run that failed on a deadlock loses its report:
    // then only "not more than due" holds; the database checks below hold regardless).
    const reported = counts.reduce((x, y) => x + y, 0);
    if (transient.length === 0) expect(reported).toBe(due.length);
    else expect(reported).toBeLessThanOrEqual(due.length);
    // Nothing left to do for either instance.
    expect(await runPayTimeout(a.db, a.now)).toBe(0);
    expect(await runPayTimeout(b.db, b.now)).toBe(0);

    const orders = await a.db.query<{ id: number; status: string; ticket_num: number; schedule_id: number }>(
      'SELECT id, status, ticket_num, schedule_id FROM orders ORDER BY id',
    );
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const id of due) expect(byId.get(id)?.status).toBe('canceled');
    for (const id of notDue) expect(byId.get(id)?.status).toBe('toBePaid');
    const [{ n: liveTickets }] = await a.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.status = 'canceled' AND t.status <> 'canceled'`,
    );
    expect(liveTickets).toBe(0);

    // Sold counts exact: only the 20 live orders still hold stock.
    const after = await stock();
    const held = new Map<number, number>();
    for (const id of notDue) {
      const o = byId.get(id)!;
      held.set(o.schedule_id, (held.get(o.schedule_id) ?? 0) + o.ticket_num);
    }
    for (const [id, sold] of before) expect(after.get(id), `schedule ${id}`).toBe(sold + (held.get(id) ?? 0));
    expect(transient, NO_DEADLOCK).toEqual([]);
  });

  it('jobs of both instances race the lazy per-order cancellation of requests: stock still returned once', async () => {
    advance(60 * 60_000); // everything from the previous test is overdue now
    await retrying(() => runPayTimeout(a.db, a.now));
    transient = [];
    const before = await stock();
    const placed = await placeUnpaid(60);
    advance(16 * 60_000);
    const owners = await a.db.query<{ id: number; user_id: number }>(`SELECT id, user_id FROM orders WHERE id = ANY($1::int[])`, [placed]);
    const tokens = await Promise.all(
      owners.map(async (o) => {
        const [u] = await a.db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [o.user_id]);
        return { orderId: o.id, token: await (o.id % 2 ? a : b).tokenFor(u.phone) };
      }),
    );
    await Promise.all([
      retrying(() => runPayTimeout(a.db, a.now, 2)),
      retrying(() => runPayTimeout(b.db, b.now, 3)),
      // A request cancels its own overdue order unless a job holds it (SKIP LOCKED): then it
      // still reads 'toBePaid' for the moment the job needs to commit.
      ...tokens.map(({ orderId, token }) =>
        (orderId % 2 ? b : a)
          .call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token })
          .then((r) => expect(['canceled', 'toBePaid'], JSON.stringify(r)).toContain(r.data?.status)),
      ),
    ]);
    await Promise.all([retrying(() => runPayTimeout(a.db, a.now)), retrying(() => runPayTimeout(b.db, b.now))]); // the next tick
    const [{ n }] = await a.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::int[]) AND status = 'canceled'`, [placed]);
    expect(n).toBe(placed.length);
    expect(await stock()).toEqual(before);
    expect(transient, NO_DEADLOCK).toEqual([]);
  });

  it('cart expiry on both instances at once: each due line expires once, its held stock returned once', async () => {
    advance(60 * 60_000);
    await retrying(() => runPayTimeout(a.db, a.now));
    transient = [];
    const before = await a.db.query<{ id: number; held: number }>('SELECT id, held FROM hall_schedule ORDER BY id');
    const ids = sessions();
    const added = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const t = i % 2 ? b : a;
        const token = await t.tokenFor(`1372${String(++phoneSeq).padStart(7, '0')}`);
        const visitors = [{ name: '张三', birth: '1985-06-15', seq: String(100 + (phoneSeq % 900)), ticketPriceId: priceOf(hall, 'adult') }];
        const body = { ...orderRequest(OPEN_DAY, hall.hallId, ids[i % ids.length], visitors, null), poolFlag: 1 };
        const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body });
        expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
        return r.data.cartTicketIds as number[];
      }),
    );
    const lines = added.flat();
    advance(16 * 60_000);
    const counts = await Promise.all([a, b, a, b].map((t, i) => retrying(() => runCartExpiry(t.db, t.now, 1 + i))));
    counts.push(...(await Promise.all([retrying(() => runCartExpiry(a.db, a.now)), retrying(() => runCartExpiry(b.db, b.now))])));
    expect(counts.reduce((x, y) => x + y, 0)).toBe(lines.length);
    const [{ n }] = await a.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM cart_lines WHERE id = ANY($1::int[]) AND status = 'expired'`, [lines]);
    expect(n).toBe(lines.length);
    expect(await a.db.query('SELECT id, held FROM hall_schedule ORDER BY id')).toEqual(before);
    await assertStockInvariant(a.db);
    expect(transient, NO_DEADLOCK).toEqual([]);
  });
});
