/** "Your turn", pushed (docs/architecture.md §12) over real HTTP: a visitor whose stream is open on
 * instance B learns that instance A's admissions round let her in, and the ones behind her how
 * far the line moved, with no position read; a stream keeps no place (a visitor who does not read
 * is pushed that she lost it); a ticket not ours, of another day or no ticket at
 * all is refused in the stream's language; the streams per instance are bounded; a stop ends
 * them. On PostgreSQL A and B are two app instances on one database; on PGlite one instance is
 * both (the same notice, heard by itself). */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse, type SseStream } from '../../scripts/bench/sse.ts';
import { runReleaseQueue } from '../../server/jobs/releaseQueue.ts';
import type { QueuePlacePush, QueueStatus } from '../../src/domain/releaseQueue.ts';
import { NOT_RELEASED_DAY, OPEN_DAY } from './constants.ts';
import { dbLane, listenAt, makeApp, type TestApp } from './helpers.ts';

/** D12's release as the seed sets it: 2030-03-06 20:00 in Shanghai. */
const RELEASE = Date.parse('2030-03-06T12:00:00Z');
const DAY = NOT_RELEASED_DAY;

let phones = 0;
const newPhone = () => `1376000${String(++phones).padStart(4, '0')}`;

const listen = (t: TestApp) => listenAt(t, '/prod-api/queue/live');

const pushesOf = (s: SseStream) => s.events.filter((e) => e.event === 'place').map((e) => e.data as QueuePlacePush);
const lastOf = (s: SseStream) => pushesOf(s).at(-1);

describe('the queue stream', () => {
  let a: TestApp;
  let b: TestApp;
  let base: string;
  const streams: SseStream[] = [];
  const open = async (query: string) => {
    const s = await openSse(`${base}?${query}`);
    streams.push(s);
    return s;
  };
  /** Both instances' clocks at `at` (epoch ms). */
  const moveTo = (at: number) => {
    for (const app of new Set([a, b])) app.advance(at - app.now().getTime());
  };

  beforeAll(async () => {
    a = await makeApp({ captcha: 'off', queueStreams: 3 });
    b = dbLane() === 'pg' ? await makeApp({ captcha: 'off', queueStreams: 3 }, { databaseUrl: a.databaseUrl! }) : a;
    base = await listen(b);
    for (const [key, value] of [
      ['queue_batch_start', '2'],
      ['queue_batch_max', '2'],
    ])
      await a.db.query('INSERT INTO sys_config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2', [key, value]);
  });
  afterAll(async () => {
    await Promise.all(streams.map((s) => s.close()));
    if (b !== a) await b?.close();
    await a?.close();
  });

  it("pushes 'admitted' to the visitors instance A's round lets in, and the line's progress to the one behind, on instance B", async () => {
    moveTo(RELEASE - 30_000);
    const tickets: string[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      tokens.push(await a.tokenFor(newPhone()));
      const r = await a.call<QueueStatus>('POST', '/queue/enter', { token: tokens[i], body: { date: DAY, captchaToken: '' } });
      expect(r.code, r.msg).toBe(200);
      tickets.push(r.data.ticket!);
    }
    const waiting = await Promise.all(tickets.map((ticket) => open(`date=${DAY}&ticket=${encodeURIComponent(ticket)}&lang=en`)));
    expect(waiting.map((s) => s.status)).toEqual([200, 200, 200]);
    // The first push is where she stands now.
    await expect.poll(() => waiting.map((s) => lastOf(s)?.ahead)).toEqual([0, 1, 2]);
    expect(waiting.every((s) => lastOf(s)?.state === 'waiting')).toBe(true);

    // A's round before the release admits nobody: B reads its streams again, nothing moved.
    const reads = b.app.queuePush.reads;
    expect(await runReleaseQueue(a.deps, 'a')).toBe(0);
    await expect.poll(() => b.app.queuePush.reads).toBeGreaterThan(reads);
    expect(waiting.map((s) => lastOf(s)?.state)).toEqual(['waiting', 'waiting', 'waiting']);
    // At the release A's round admits two; nobody reads a position on B, the pushes come.
    moveTo(RELEASE + 1000);
    expect(await runReleaseQueue(a.deps, 'a')).toBe(2);
    await expect.poll(() => waiting.map((s) => lastOf(s)?.state)).toEqual(['admitted', 'admitted', 'waiting']);
    await expect.poll(() => lastOf(waiting[2])?.ahead).toBe(0);
    expect(lastOf(waiting[0])!.now).toBe(RELEASE + 1000);
    // The position read agrees, and gives the admission's window.
    const read = await b.call<QueueStatus>('POST', '/queue/position', { token: tokens[0], body: { ticket: tickets[0] } });
    expect(read.data).toMatchObject({ state: 'admitted', admitUntil: RELEASE + 1000 + 120_000 });
    // The third never reads her position: her open stream keeps no place (docs/architecture.md
    // §12), and the round after queue_leave_seconds (60 s) pushes that it is lost.
    moveTo(RELEASE - 30_000 + 61_000);
    await runReleaseQueue(a.deps, 'a');
    await expect.poll(() => lastOf(waiting[2])?.state).toBe('left');
  });

  it('refuses a ticket that is not ours, of another day, a login, or none, in the stream language', async () => {
    const token = await a.tokenFor(newPhone());
    const ticket = (await a.call<QueueStatus>('POST', '/queue/enter', { token, body: { date: DAY, captchaToken: '' } })).data.ticket!;
    const bad = { code: 500, msg: 'The queue ticket is not valid; please join the queue again', data: null };
    // A login is no queue ticket.
    expect((await open(`date=${DAY}&ticket=${token}&lang=en`)).refusal).toEqual(bad);
    expect((await open(`date=${DAY}&ticket=${token}&lang=zh`)).refusal).toMatchObject({ msg: '排队凭证无效，请重新进入排队' });
    // The same claims signed with another key.
    const forged = await new SignJWT({ typ: 'queue', date: DAY, place: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(32).fill(7));
    expect((await open(`date=${DAY}&ticket=${forged}&lang=en`)).refusal).toEqual(bad);
    // Our ticket, asked for another day.
    expect((await open(`date=${OPEN_DAY}&ticket=${encodeURIComponent(ticket)}&lang=en`)).refusal).toEqual({
      code: 500,
      msg: 'The queue ticket is for another day; please join the queue again',
      data: null,
    });
    expect((await open(`date=${DAY}&lang=en`)).refusal).toMatchObject({ code: 500 });
    expect(b.app.queuePush.streams).toBe(3);
  });

  it('keeps at most QUEUE_STREAMS open, the next refused in its language, and a stop ends them', async () => {
    const token = await a.tokenFor(newPhone());
    const ticket = (await a.call<QueueStatus>('POST', '/queue/enter', { token, body: { date: DAY, captchaToken: '' } })).data.ticket!;
    const over = await open(`date=${DAY}&ticket=${encodeURIComponent(ticket)}&lang=zh`);
    expect(over.status).toBe(503);
    expect(over.refusal).toEqual({ code: 503, msg: '排队实时通道已满，页面将按原方式刷新位置', data: null });
    const open3 = streams.filter((s) => s.status === 200 && s.refusal === null);
    expect(open3.every((s) => !s.ended())).toBe(true);
    await b.app.close();
    await expect.poll(() => open3.every((s) => s.ended())).toBe(true);
    expect(b.app.queuePush.streams).toBe(0);
  });
});
