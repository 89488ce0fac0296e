/** Running a museum day over HTTP: the day's figures per session and as CSV; a
 * session's sale stopped with its reason (visitors told it) and resumed; a capacity raised
 * (the waiting list first) or refused below what is sold, or for a dome; a day closed only
 * without booked visitors; who may do it; the audit. On PGlite and PostgreSQL. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE, DEMO_STAFF } from '../../server/seed/accounts.ts';
import type { StaffDay } from '../../src/domain/types.ts';
import { CLOSED_DAY, OPEN_DAY, SOLD_OUT_DAY } from './constants.ts';
import { groupKit } from './groupKit.ts';
import { assertStockInvariant, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { runCallOffRound } from '../../server/services/callOff.ts';

let t: TestApp;
let admin: string;
const { pay } = groupKit(() => t);
const ADULT = '1990-01-01';
let phoneSeq = 0;
const newPhone = () => `1350000${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await makeApp();
  admin = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const day = async (date: string, lang: 'zh' | 'en' = 'en') => (await t.call<StaffDay>('GET', `/staff/day?date=${date}`, { token: admin, lang })).data;
const post = (path: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en', token = admin) => t.call('POST', path, { token, body, lang });

async function buy(date: string, hallKey: string, session: number, n: number, candidate = false) {
  const token = await t.tokenFor(newPhone());
  const hall = (await t.halls(date)).find((h) => h.hallKey === hallKey)!;
  const visitors = Array.from({ length: n }, (_, i) => ({
    name: `游客${'甲乙丙丁'[i]}`,
    birth: ADULT,
    ticketPriceId: priceOf(hall, 'adult'),
    seq: String(500 + i),
  }));
  const body = {
    ...orderRequest(date, hall.hallId, hall.scheduleTicketPoolVOS[session].hallScheduleId, visitors, await t.captchaToken()),
    ...(candidate ? { isCandidateOrder: 1 } : {}),
  };
  const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body });
  expect(r.code, r.msg).toBe(200);
  await pay(token, r.data.orderId);
  return { token, orderId: r.data.orderId as number, scheduleId: hall.scheduleTicketPoolVOS[session].hallScheduleId };
}

describe("a museum day's figures", () => {
  it('counts sold, held, refunded per session, and gives them as CSV', async () => {
    const before = (await day(OPEN_DAY)).sessions.find((s) => s.hallName === 'Main exhibition hall')!;
    const a = await buy(OPEN_DAY, 'main', 0, 3);
    const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${a.orderId}`, { token: a.token });
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token: a.token, body: { ticketIds: [detail.data.tickets[0].ticketId] } })).code).toBe(200);
    const after = (await day(OPEN_DAY)).sessions.find((s) => s.scheduleId === before.scheduleId)!;
    expect(after).toMatchObject({
      sold: before.sold + 2,
      refunded: before.refunded + 1,
      remaining: before.remaining - 2,
      capacity: before.capacity,
      stopped: false,
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/prod-api/staff/day.csv?date=${OPEN_DAY}`,
      headers: { authorization: `Bearer ${admin}`, language: 'zh_cn' },
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('日期,场馆,场次,容量,已售,保留,剩余,已检票,未到馆,已退票,候补订单,停售');
    expect(lines).toContain(
      `"${OPEN_DAY}","主展厅","09:00-12:00",${after.capacity},${after.sold},${after.held},${after.remaining},${after.checked},${after.missed},${after.refunded},${after.waiting},0`,
    );
    // A finance account reads the figures; a gate does not.
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    expect((await t.call('GET', `/staff/day?date=${OPEN_DAY}`, { token: gate })).code).toBe(403);
  });
});

describe("a museum day's figures", () => {
  it('counts an unpaid order as held until it is paid, then as sold (docs/product.md §2.5)', async () => {
    const main = async () => (await day(OPEN_DAY)).sessions.find((s) => s.hallName === 'Main exhibition hall')!;
    const before = await main();
    const token = await t.tokenFor(newPhone());
    const hall = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!;
    const visitors = [0, 1].map((i) => ({ name: `游客${'甲乙'[i]}`, birth: ADULT, ticketPriceId: priceOf(hall, 'adult'), seq: String(600 + i) }));
    const body = orderRequest(OPEN_DAY, hall.hallId, hall.scheduleTicketPoolVOS[0].hallScheduleId, visitors, await t.captchaToken());
    const placed = await t.call('POST', '/config/orderRule/placeOrder', { token, body });
    expect(placed.code, placed.msg).toBe(200);
    expect(await main()).toMatchObject({ sold: before.sold, held: before.held + 2, remaining: before.remaining - 2 });
    await pay(token, placed.data.orderId);
    expect(await main()).toMatchObject({ sold: before.sold + 2, held: before.held, remaining: before.remaining - 2 });
  });
});

describe('running the sessions', () => {
  it("stops a session's sale with a reason visitors are told, and resumes it", async () => {
    const session = (await day(OPEN_DAY)).sessions[1];
    expect((await post('/staff/sessions/stop', { scheduleId: session.scheduleId, stopped: true, reasonZh: '设备检修' })).msg).toBe(
      'Give the reason in Chinese and English: visitors see it',
    );
    expect((await post('/staff/sessions/stop', { scheduleId: session.scheduleId, stopped: true, reasonZh: '设备检修', reasonEn: 'Maintenance' })).code).toBe(
      200,
    );
    expect((await day(OPEN_DAY)).sessions[1]).toMatchObject({ stopped: true, stopReason: 'Maintenance' });
    const hall = (await t.halls(OPEN_DAY)).find((h) => h.scheduleTicketPoolVOS.some((s) => s.hallScheduleId === session.scheduleId))!;
    const token = await t.tokenFor(newPhone());
    const refused = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: orderRequest(
        OPEN_DAY,
        hall.hallId,
        session.scheduleId,
        [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(hall, 'adult') }],
        await t.captchaToken(),
      ),
      lang: 'en',
    });
    expect(refused.code).toBe(500);
    expect((await post('/staff/sessions/stop', { scheduleId: session.scheduleId, stopped: false })).code).toBe(200);
    expect((await day(OPEN_DAY)).sessions[1]).toMatchObject({ stopped: false, stopReason: null });
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_audit WHERE subject = $1 AND action IN ('stopSession', 'resumeSession')`,
      [`session:${session.scheduleId}`],
    );
    expect(n).toBe(2);
  });

  it('more capacity goes to the waiting list first; less than what is sold, or a dome, is refused', async () => {
    const full = (await day(SOLD_OUT_DAY)).sessions.find((s) => s.hallName === 'Main exhibition hall' && s.remaining === 0)!;
    const index = (await t.halls(SOLD_OUT_DAY)).find((h) => h.hallKey === 'main')!.scheduleTicketPoolVOS.findIndex((s) => s.hallScheduleId === full.scheduleId);
    const waiting = await buy(SOLD_OUT_DAY, 'main', index, 2, true);
    expect((await post('/staff/sessions/capacity', { scheduleId: full.scheduleId, capacity: full.sold + full.held - 1 })).msg).toBe(
      `The capacity cannot be below the ${full.sold + full.held} tickets sold and held`,
    );
    expect((await post('/staff/sessions/capacity', { scheduleId: full.scheduleId, capacity: full.capacity + 5 })).code).toBe(200);
    // The standing-by order of 2 is filled first; 3 places go on sale.
    const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${waiting.orderId}`, { token: waiting.token });
    expect(detail.data.status).toBe('completed');
    expect((await day(SOLD_OUT_DAY)).sessions.find((s) => s.scheduleId === full.scheduleId)).toMatchObject({
      capacity: full.capacity + 5,
      remaining: 3,
      waiting: 0,
    });
    const dome = (await day(OPEN_DAY)).sessions.find((s) => s.cinema)!;
    expect((await post('/staff/sessions/capacity', { scheduleId: dome.scheduleId, capacity: dome.capacity + 1 }, 'zh')).msg).toBe(
      '影院场次的容量由座位决定，不能修改',
    );
  });

  it('closes a day only without booked visitors, with a reason; a gate account may not', async () => {
    expect((await post('/staff/days/close', { date: SOLD_OUT_DAY, closed: true, reasonZh: '临时闭馆', reasonEn: 'Closed today' })).msg).toMatch(
      /^Tickets booked for this day: \d+\. Tick "Call off every session" to refund them in full, or move them first$/,
    );
    const empty = '2030-03-16';
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    expect((await post('/staff/days/close', { date: empty, closed: true, reasonZh: '临时闭馆', reasonEn: 'Closed today' }, 'en', gate)).code).toBe(403);
    expect((await post('/staff/days/close', { date: empty, closed: true, reasonZh: '临时闭馆', reasonEn: 'Closed today' })).code).toBe(200);
    expect(await day(empty)).toMatchObject({ closed: true, reason: 'Closed today' });
    // Any day's screen lists the closed days from today on, each with its reason.
    expect((await day(OPEN_DAY)).closedDays).toEqual([
      { date: CLOSED_DAY, reason: 'Closed for facility maintenance' },
      { date: empty, reason: 'Closed today' },
    ]);
    // Visitors see the day closed, with the reason.
    const calendar = await t.call<Array<{ date: string; state: string; reason: string | null }>>('GET', '/pool/ingore/getCalendar', { lang: 'en' });
    expect(calendar.data.find((d) => d.date === empty)).toMatchObject({ state: 'closed', reason: 'Closed today' });
    expect((await post('/staff/days/close', { date: empty, closed: false })).code).toBe(200);
    expect((await day(empty)).closed).toBe(false);
    expect((await day(OPEN_DAY)).closedDays.map((d) => d.date)).toEqual([CLOSED_DAY]);
    expect((await day(CLOSED_DAY)).closed).toBe(true);
  });

  it('calls a day with paid visitors off: every session called off, the day closed, each order refunded by the job', async () => {
    const date = '2030-03-09';
    const a = await buy(date, 'main', 0, 2);
    const b = await buy(date, 'main', 1, 1);
    const reasons = { date, closed: true, reasonZh: '停电', reasonEn: 'A power cut' };
    expect((await post('/staff/days/close', { ...reasons, callOff: true, reasonEn: '' })).msg).toBe('Give the reason in Chinese and English: visitors see it');
    expect((await day(date)).sessions.some((s) => s.calledOff)).toBe(false);
    expect((await post('/staff/days/close', { ...reasons, callOff: true })).code).toBe(200);
    const after = await day(date);
    expect(after).toMatchObject({ closed: true, reason: 'A power cut' });
    expect(after.sessions.every((s) => s.calledOff)).toBe(true);
    await runCallOffRound(t.deps, { limit: 100 });
    for (const o of [a, b]) {
      const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${o.orderId}`, { token: o.token });
      expect(detail.data.status).toBe('refunded');
    }
    // Asked again, nothing is called off twice; opening the day again leaves its sessions called off.
    expect((await post('/staff/days/close', { ...reasons, callOff: true })).code).toBe(200);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM session_calloffs c JOIN hall_schedule s ON s.id = c.schedule_id WHERE s.visit_date = $1`,
      [date],
    );
    expect(n).toBe(after.sessions.length);
  });
});
