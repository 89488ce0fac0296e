/** A call-off resumed after a kill -9 (docs/product.md §2.7): a real server process on a PGlite
 * folder settles a called-off session of many paid orders, is killed while part-way (its
 * simulated platform slow, SIM_REFUND_DELAY_MS), and started again: the job takes up what the
 * dead one leased once its clock passes the leases. No refund twice, none missing, one text each.
 * Server lane only (a data folder). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_STAFF } from '../../server/seed/accounts.ts';
import { groupKit } from './groupKit.ts';
import { dbLane, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';

const DATE = '2030-03-09';
const PAID = 24;
const dir = mkdtempSync(path.join(os.tmpdir(), 'museum-calloff-'));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const c of running) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The server as `npm start` runs it, on the folder, its jobs every 100 ms, its platform slow. */
function startServer() {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_ENV: '',
      DATABASE_URL: '',
      DATA_DIR: dir,
      DEV_CLOCK: '1',
      PAY_TIMEOUT_INTERVAL_MS: '100',
      SIM_REFUND_DELAY_MS: '150',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const base = vi.waitFor(
    () => {
      const m = /listening on (http:\/\/\S+?)\/ /.exec(out);
      if (!m) throw new Error(`not listening yet: ${out.slice(-500)}`);
      return `${m[1]}/prod-api`;
    },
    { timeout: 150_000, interval: 100 },
  );
  const call = async (method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${await base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: number; msg: string; data: any };
  };
  return { child, exited, call };
}

/** The session, made busy in-process on the folder: PAID paid visitors, a paid school, an unpaid order, a hold. */
async function busySession(t: TestApp) {
  const kit = groupKit(() => t);
  const hall = (await t.halls(DATE)).find((h) => h.hallKey === 'main')!;
  const scheduleId = hall.scheduleTicketPoolVOS[0].hallScheduleId;
  const place = async (i: number, extra: Record<string, unknown> = {}) => {
    const token = await t.tokenFor(`1361000${String(i).padStart(4, '0')}`);
    const visitors = [{ name: '张三', birth: '1990-01-01', ticketPriceId: priceOf(hall, 'adult'), seq: '500' }];
    const r = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: { ...orderRequest(DATE, hall.hallId, scheduleId, visitors, await t.captchaToken()), ...extra },
    });
    expect(r.code, r.msg).toBe(200);
    return { token, orderId: r.data.orderId as number };
  };
  for (let i = 0; i < PAID; i++) {
    const o = await place(i);
    await kit.pay(o.token, o.orderId);
  }
  const school = await kit.newSchool();
  const g = await kit.place(school, await kit.schoolBody(DATE, { gradeList: [kit.grade('一年级', 10, 10)], teacherList: kit.teachers(2) }, 0));
  expect(g.code, g.msg).toBe(200);
  await kit.pay(school, g.data.orderId);
  await place(PAID); // unpaid
  await place(PAID + 1, { poolFlag: 1 }); // a cart hold
  return scheduleId;
}

describe.skipIf(dbLane() === 'pg')('a call-off killed mid-way (server lane: a PGlite folder)', () => {
  it('is resumed by the restarted server: every paid order refunded once, none missing, one text each', async () => {
    const t = await makeApp({}, { dataDir: dir });
    const scheduleId = await busySession(t);
    const [before] = await t.db.query<{ capacity: number }>('SELECT capacity FROM hall_schedule WHERE id = $1', [scheduleId]);
    await t.close();

    const first = startServer();
    const login = async (s: typeof first) => (await s.call('POST', '/staff/login', DEMO_STAFF)).data.token as string;
    let admin = await login(first);
    const called = await first.call('POST', '/staff/sessions/callOff', { scheduleId, reasonZh: '水管爆裂', reasonEn: 'A burst pipe' }, admin);
    expect(called.data, called.msg).toMatchObject({ total: PAID + 2 });
    const progress = async (s: typeof first) => (await s.call('GET', `/staff/sessions/callOff/progress?scheduleId=${scheduleId}`, undefined, admin)).data;
    // Part-way: some settled, not all (each refund takes the slow platform 150 ms).
    await vi.waitFor(
      async () => {
        const p = await progress(first);
        expect(p.settled).toBeGreaterThanOrEqual(3);
        expect(p.settled).toBeLessThan(PAID);
      },
      { timeout: 60_000, interval: 20 },
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const again = startServer();
    admin = await login(again);
    // What the dead server leased waits for its leases (two minutes): the restarted server's clock passes them.
    expect((await again.call('POST', '/dev/clock/advance', { ms: 10 * 60_000 })).code).toBe(200);
    await vi.waitFor(
      async () => {
        const p = await progress(again);
        expect(p).toMatchObject({ state: 'done', settled: PAID + 2 });
        expect(p.orders.filter((o: { refundStatus: string | null }) => o.refundStatus !== null && o.refundStatus !== 'done')).toEqual([]);
      },
      { timeout: 60_000, interval: 100 },
    );
    again.child.kill('SIGTERM');
    await again.exited;

    const u = await makeApp({}, { dataDir: dir });
    try {
      // One refund per paid order, in full; none for the unpaid one.
      const rows = await u.db.query<{ outcome: string; n: number; refunded: number; paid: number; status: string | null }>(
        `SELECT co.outcome, (SELECT count(*)::int FROM refunds r WHERE r.order_id = co.order_id) AS n,
                (SELECT coalesce(sum(amount), 0)::int FROM refunds r WHERE r.order_id = co.order_id) AS refunded,
                (SELECT coalesce(sum(amount), 0)::int FROM payments p WHERE p.order_id = co.order_id AND p.status = 'paid') AS paid,
                (SELECT status FROM orders o WHERE o.id = co.order_id) AS status
           FROM calloff_orders co JOIN session_calloffs c ON c.id = co.calloff_id WHERE c.schedule_id = $1`,
        [scheduleId],
      );
      expect(rows).toHaveLength(PAID + 2);
      for (const r of rows) {
        if (r.paid > 0) expect(r, JSON.stringify(r)).toMatchObject({ outcome: 'refunded', n: 1, refunded: r.paid, status: 'refunded' });
        else expect(r).toMatchObject({ outcome: 'canceled', n: 0, status: 'canceled' });
      }
      // One text to each contact (the texts of the orders, not of the codes they logged in with).
      const texts = await u.db.query<{ phone: string; n: number }>(
        `SELECT phone, count(*)::int AS n FROM sms_notices WHERE text LIKE '%水管爆裂%' OR text LIKE '%A burst pipe%' GROUP BY phone`,
      );
      expect(texts).toHaveLength(PAID + 2);
      expect(texts.filter((x) => x.n !== 1)).toEqual([]);
      // Stock back: nothing sold or held of the session any more.
      const [s] = await u.db.query<{ sold: number; held: number; capacity: number }>('SELECT sold, held, capacity FROM hall_schedule WHERE id = $1', [
        scheduleId,
      ]);
      expect(s).toEqual({ sold: 0, held: 0, capacity: before.capacity });
    } finally {
      await u.close();
    }
  }, 400_000);
});
