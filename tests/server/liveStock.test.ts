/** Live stock over real HTTP (docs/architecture.md §11): a sale pushes the session's new count to
 * the venue screen's stream and the day's to the calendar's; a cinema seat sold turns taken on
 * the seat map's stream; a burst of sales is read once per coalescing window, not once a sale;
 * the streams per instance are bounded with a clear answer; a stop ends the streams, so the
 * server still drains; and, on PostgreSQL, a sale on one instance reaches a stream on another. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../../scripts/bench/sse.ts';
import { gracefulShutdown } from '../../server/shutdown.ts';
import type { LivePushes } from '../../src/domain/liveStock.ts';
import type { HallPool } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { assertStockInvariant, dbLane, listenAt, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';

let phoneSeq = 0;
const newPhone = () => `1375${String(++phoneSeq).padStart(7, '0')}`;

const listen = (t: TestApp) => listenAt(t, '/prod-api/pool/ingore/live');

/** An order of `n` adults in a session (seats: one per visitor, on a cinema), unpaid. */
async function sell(t: TestApp, hall: HallPool, scheduleId: number, n = 1, seats: string[] = []) {
  const token = await t.tokenFor(newPhone());
  const visitors = Array.from({ length: n }, (_, k) => ({
    name: `游客${'甲乙丙丁'[k]}`,
    birth: '1985-06-15',
    ticketPriceId: priceOf(hall, 'adult'),
    seq: String(600 + k),
  }));
  const body = orderRequest(OPEN_DAY, hall.hallId, scheduleId, visitors, null);
  body.ticketInfoList.forEach((line, k) => seats[k] && Object.assign(line, { seatNumber: seats[k], cinemaFlag: 1 }));
  const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body });
  expect(r.code, r.msg).toBe(200);
}

const sessionsOf = (s: SseStream) => s.events.filter((e) => e.event === 'sessions').map((e) => e.data as LivePushes['sessions']);
const countIn = (s: SseStream, id: number) =>
  sessionsOf(s)
    .at(-1)
    ?.sessions.find((x) => x.hallScheduleId === id)?.ticketPool;

describe('live stock streams', () => {
  let t: TestApp;
  let base: string;
  let main: HallPool;
  let dome: HallPool;
  const streams: SseStream[] = [];
  const open = async (query: string, headers?: Record<string, string>) => {
    const s = await openSse(`${base}?${query}`, headers);
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await makeApp({ captcha: 'off', liveStreams: 6 });
    base = await listen(t);
    const halls = await t.halls(OPEN_DAY);
    main = halls.find((h) => h.hallKey === 'main')!;
    dome = halls.find((h) => h.hallKey === 'cinema')!;
  });
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    await assertStockInvariant(t.db);
    await t?.close();
  });

  it("pushes a sale's new count to the day's stream and the calendar's, in the stream's language", async () => {
    const id = main.scheduleTicketPoolVOS.find((s) => s.state === 'available')!.hallScheduleId;
    const day = await open(`topic=day&date=${OPEN_DAY}&lang=en`);
    const cal = await open('topic=calendar&lang=en');
    expect(day.status).toBe(200);
    // The first push is what the screen shows now.
    await expect.poll(() => countIn(day, id)).toBe(await t.remaining(id));
    await expect.poll(() => cal.events.length).toBe(1);
    const dayBefore = (cal.events[0].data as LivePushes['calendar']).days.find((d) => d.date === OPEN_DAY)!.remaining;

    const before = countIn(day, id)!;
    await sell(t, main, id, 2);
    await expect.poll(() => countIn(day, id)).toBe(before - 2);
    await expect.poll(() => (cal.events.at(-1)!.data as LivePushes['calendar']).days.find((d) => d.date === OPEN_DAY)!.remaining).toBe(dayBefore - 2);
  });

  it('names a sold-out session as the venue screen does, in each language', async () => {
    const session = main.scheduleTicketPoolVOS.filter((s) => s.state === 'available').at(-1)!;
    const zh = await open(`topic=day&date=${OPEN_DAY}&lang=zh`);
    const en = await open(`topic=day&date=${OPEN_DAY}`, { language: 'en_us' });
    await expect.poll(() => countIn(en, session.hallScheduleId)).toBeGreaterThan(0);
    // Sold out at another desk (sales the museum records from outside, as the seed's sold-out day).
    await t.db.query('UPDATE hall_schedule SET sold_external = sold_external + capacity - sold - held, sold = capacity - held WHERE id = $1', [
      session.hallScheduleId,
    ]);
    const pushed = (s: SseStream) =>
      sessionsOf(s)
        .at(-1)
        ?.sessions.find((x) => x.hallScheduleId === session.hallScheduleId);
    await expect.poll(() => pushed(en)).toMatchObject({ ticketPool: 0, state: 'soldOut', disabled: true, disabledText: 'Sold out' });
    await expect.poll(() => pushed(zh)).toMatchObject({ ticketPool: 0, state: 'soldOut', disabledText: '已售罄' });
    await t.db.query('UPDATE hall_schedule SET sold = sold - 3, sold_external = sold_external - 3 WHERE id = $1', [session.hallScheduleId]);
    await expect.poll(() => pushed(en)).toMatchObject({ ticketPool: 3, state: 'available', disabled: false });
    await Promise.all([zh.close(), en.close()]);
  });

  it("turns a seat sold on someone else's map, and reads a burst of sales once per window", async () => {
    const id = dome.scheduleTicketPoolVOS[1].hallScheduleId;
    const seats = await open(`topic=seats&scheduleId=${id}`);
    await expect.poll(() => seats.events.length).toBe(1);
    await sell(t, dome, id, 1, ['8-4']);
    await expect.poll(() => (seats.events.at(-1)!.data as LivePushes['seats']).taken).toContain('8-4');

    const readsBefore = t.app.live.readsOf(`seats|${id}`);
    for (let i = 0; i < 12; i++) await sell(t, dome, id, 1);
    await expect.poll(() => (seats.events.at(-1)!.data as LivePushes['seats']).taken.length).toBe(13);
    // Twelve sales, not twelve reads of the map: at most one a window of 200 ms (and one more at its end).
    expect(t.app.live.readsOf(`seats|${id}`) - readsBefore).toBeLessThan(12);
    await seats.close();
  });

  it('refuses a stream beyond the bound, and a topic without what it needs, in the visitor’s language', async () => {
    await Promise.all(streams.splice(0).map((s) => s.close()));
    await expect.poll(() => t.app.live.streams).toBe(0);
    for (let i = 0; i < 6; i++) await open(`topic=day&date=${OPEN_DAY}`);
    await expect.poll(() => t.app.live.streams).toBe(6);
    const over = await open(`topic=day&date=${OPEN_DAY}&lang=en`);
    expect(over.status).toBe(503);
    expect(over.refusal).toEqual({ code: 503, msg: 'Live updates are full right now: the page refreshes as before', data: null });
    const zh = await open('topic=calendar', { language: 'zh_cn' });
    expect(zh.refusal).toMatchObject({ code: 503, msg: '实时余量通道已满，页面将按原方式刷新' });

    await Promise.all(streams.splice(0).map((s) => s.close()));
    await expect.poll(() => t.app.live.streams).toBe(0);
    const badTopic = { code: 500, msg: 'Invalid request parameter: topic (a date must be a bookable day)', data: null };
    expect((await open('topic=day&lang=en')).refusal).toEqual(badTopic);
    // Only the calendar's days: a stream per made-up date would be a read per change each.
    expect((await open('topic=day&date=2031-01-01&lang=en')).refusal).toEqual(badTopic);
    expect((await open('topic=day&date=2030-03-04&lang=zh')).refusal).toMatchObject({ msg: '请求参数有误：topic（日期须在可预约日期内）' });
    expect((await open('topic=seats&scheduleId=abc&lang=en')).refusal).toMatchObject({ code: 500 });
    // A session that is not a cinema's has no seat map.
    const notCinema = await open(`topic=seats&scheduleId=${main.scheduleTicketPoolVOS[0].hallScheduleId}`, { language: 'en_us' });
    expect(notCinema.refusal).toMatchObject({ code: 500, msg: 'The session does not exist' });
  });
});

describe('a stop with streams open', () => {
  it("ends every stream at SIGTERM's graceful stop, so the stop still drains and the clients reconnect elsewhere", async () => {
    const t = await makeApp({ captcha: 'off' });
    const base = await listen(t);
    const s = [await openSse(`${base}?topic=calendar`), await openSse(`${base}?topic=day&date=${OPEN_DAY}`)];
    await expect.poll(() => s.every((x) => x.events.length === 1)).toBe(true);
    const done: string[] = [];
    const stop = gracefulShutdown(
      { app: t.app, jobs: [], work: t.deps.work, db: { close: () => t.db.close().then(() => void done.push('database')) }, unlock: () => done.push('lock') },
      () => undefined,
    );
    await stop('SIGTERM');
    expect(done).toEqual(['database', 'lock']);
    await expect.poll(() => s.every((x) => x.ended())).toBe(true);
    expect(t.app.live.streams).toBe(0);
  });
});

describe.skipIf(dbLane() !== 'pg')('two instances on one PostgreSQL (server-pg lane only)', () => {
  it('a sale on instance A reaches a stream connected to instance B', async () => {
    const a = await makeApp({ captcha: 'off' });
    const b = await makeApp({ captcha: 'off' }, { databaseUrl: a.databaseUrl! });
    try {
      const base = await listen(b);
      const [hall] = await a.halls(OPEN_DAY);
      const id = hall.scheduleTicketPoolVOS.find((s) => s.state === 'available')!.hallScheduleId;
      const day = await openSse(`${base}?topic=day&date=${OPEN_DAY}`);
      await expect.poll(() => countIn(day, id)).toBe(await a.remaining(id));
      const before = countIn(day, id)!;
      await sell(a, hall, id, 3);
      await expect.poll(() => countIn(day, id)).toBe(before - 3);
      await day.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
