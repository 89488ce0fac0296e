/** The operator's metrics (docs/operations.md §10): `/metrics` only with its token, requests by
 * their route's pattern, orders placed and refused by reason, the jobs' rounds, the pool and
 * the caches, and nothing personal in the text. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { groupKit } from './groupKit.ts';
import { OPEN_DAY } from './constants.ts';
import { startCartExpiryJob } from '../../server/jobs/cartExpiry.ts';
import { every } from '../../server/jobs/every.ts';
import { TransientDbError } from '../../server/db/db.ts';
import { ConfigError, readConfig } from '../../server/config.ts';
import type { HallPool } from '../../src/domain/types.ts';

const TOKEN = 'metrics-token-of-this-test-0123456789abcdef';
const PHONE = '13912345678';

let t: TestApp;
let main: HallPool;
beforeAll(async () => {
  t = await makeApp({ metricsToken: TOKEN });
  [main] = await t.halls(OPEN_DAY);
});
afterAll(() => t?.close());

async function scrape(app = t, token: string | null = TOKEN) {
  const res = await app.app.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, text: res.body, type: res.headers['content-type'], cache: res.headers['cache-control'] };
}

/** The value of one series, by its name and exact labels as the text writes them; 0 when absent. */
function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const placeOrder = (token: string, body: unknown) => t.call('POST', '/config/orderRule/placeOrder', { token, body, lang: 'en' });

describe('GET /metrics', () => {
  it('is off (404) without a token, and answers only to its token', async () => {
    const plain = await makeApp();
    try {
      expect((await scrape(plain)).status).toBe(404);
    } finally {
      await plain.close();
    }
    expect((await scrape(t, null)).status).toBe(401);
    expect((await scrape(t, 'not-the-token')).status).toBe(401);
    const answer = await scrape();
    expect(answer).toMatchObject({ status: 200, cache: 'no-store' });
    expect(answer.type).toContain('text/plain');
    // The process's own metrics and the app's.
    expect(answer.text).toContain('nodejs_eventloop_lag_seconds');
    expect(answer.text).toContain('process_resident_memory_bytes');
    // Not in the API's document.
    const doc = (await t.app.inject({ method: 'GET', url: '/prod-api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('is off in production without a token, and a short token stops the start', () => {
    const production = { NODE_ENV: 'production', ALLOW_SIMULATORS: 'sms,payment,face,wechat' };
    expect(readConfig(production, '/srv/museum').metricsToken).toBeNull();
    expect(readConfig({ ...production, METRICS_TOKEN: TOKEN }, '/srv/museum').metricsToken).toBe(TOKEN);
    for (const env of [{ ...production, METRICS_TOKEN: 'short' }, { METRICS_TOKEN: 'short' }]) {
      expect(() => readConfig(env, '/srv/museum')).toThrow(ConfigError);
      expect(() => readConfig(env, '/srv/museum')).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
    }
  });

  it('counts a request under its route pattern, method and status, never its URL', async () => {
    const token = await t.tokenFor('13900000001');
    const series = 'museum_http_request_duration_seconds_count{route="/prod-api/order/OrderInfo/searchPersonOrder/:id",method="GET",status="200"}';
    const before = value((await scrape()).text, series);
    const answer = await t.call('GET', '/order/OrderInfo/searchPersonOrder/987654321', { token });
    expect(answer.code).not.toBe(200); // no such order: refused, as an envelope over HTTP 200
    const text = (await scrape()).text;
    expect(value(text, series)).toBe(before + 1);
    expect(value(text, 'museum_http_answers_total{route="/prod-api/order/OrderInfo/searchPersonOrder/:id",method="GET",outcome="refused"}')).toBeGreaterThan(0);
    expect(text).not.toContain('987654321');
  });

  it('counts a busy answer apart from refusals, though both are HTTP 200 envelopes', async () => {
    const token = await t.tokenFor('13900000002');
    const series = 'museum_http_answers_total{route="/prod-api/order/OrderInfo/searchPersonOrder/:id",method="GET",outcome="busy"}';
    const before = value((await scrape()).text, series);
    const { query, tx } = t.db;
    const busy = () => Promise.reject(new TransientDbError('canceling statement due to lock timeout'));
    t.db.query = busy;
    t.db.tx = busy;
    try {
      const answer = await t.call('GET', '/order/OrderInfo/searchPersonOrder/1', { token });
      expect(answer.code).toBe(502);
    } finally {
      t.db.query = query;
      t.db.tx = tx;
    }
    expect(value((await scrape()).text, series)).toBe(before + 1);
  });

  it('counts a refused order by its reason, and a placed one, with nothing personal in the text', async () => {
    const token = await t.tokenFor(PHONE);
    const session = main.scheduleTicketPoolVOS[0].hallScheduleId;
    const refused = 'museum_orders_refused_total{kind="individual",reason="childrenOnly"}';
    const placed = 'museum_orders_placed_total{kind="individual"}';
    const before = await scrape();

    // A child alone is refused by the order rules.
    const alone = orderRequest(
      OPEN_DAY,
      main.hallId,
      session,
      [{ name: '王小明', birth: '2019-06-01', ticketPriceId: priceOf(main, 'child') }],
      await t.captchaToken(),
    );
    expect((await placeOrder(token, alone)).code).toBe(500);

    const visitors = [{ name: '王大明', birth: '1990-01-01', ticketPriceId: priceOf(main, 'adult'), seq: '377' }];
    const order = orderRequest(OPEN_DAY, main.hallId, session, visitors, await t.captchaToken());
    expect((await placeOrder(token, order)).code).toBe(200);

    const after = (await scrape()).text;
    expect(value(after, refused)).toBe(value(before.text, refused) + 1);
    expect(value(after, placed)).toBe(value(before.text, placed) + 1);
    const certificate = order.ticketInfoList[0].certificateInfo;
    expect(certificate).toMatch(/^\d{17}[\dX]$/);
    for (const personal of [PHONE, certificate, '王大明', '王小明']) expect(after).not.toContain(personal);
  });

  it("counts a group's refused order by the rule it broke, and its placed one", async () => {
    const { newSchool, schoolBody, grade, leader, place } = groupKit(() => t);
    const school = await newSchool();
    const refused = 'museum_orders_refused_total{kind="group",reason="groupMin"}';
    const placed = 'museum_orders_placed_total{kind="group"}';
    const before = (await scrape()).text;
    const small = await schoolBody(OPEN_DAY, { gradeList: [grade('一年级', 5, 5)], teacherList: [], orderAdditionInfo: { ...leader(), personNumber: 11 } });
    expect((await place(school, small, 'en')).msg).toBe('A group needs at least 16 people');
    expect((await place(school, await schoolBody(OPEN_DAY))).code).toBe(200);
    const after = (await scrape()).text;
    expect(value(after, refused)).toBe(value(before, refused) + 1);
    expect(value(after, placed)).toBe(value(before, placed) + 1);
    // The leader's mobile and certificate are not in it.
    for (const personal of [small.orderAdditionInfo.mobile, small.orderAdditionInfo.certificateInfo]) expect(after).not.toContain(personal);
  });

  it('says how the pool and the read caches serve', async () => {
    const hits = 'museum_cache_lookups_total{cache="hallsOfDay",result="hit"}';
    // A notice of an earlier test's write may still drop the day's halls once (PostgreSQL's
    // notices come from another connection): asked again, they come from the cache.
    await expect
      .poll(async () => {
        await t.halls(OPEN_DAY);
        return value((await scrape()).text, hits);
      })
      .toBeGreaterThan(0);
    const text = (await scrape()).text;
    expect(value(text, 'museum_cache_lookups_total{cache="hallsOfDay",result="miss"}')).toBeGreaterThan(0);
    expect(value(text, 'museum_db_pool_max')).toBe(t.db.kind === 'pglite' ? 1 : 10);
    expect(value(text, 'museum_db_pool_wait_seconds_count')).toBeGreaterThan(0);
  });
});

describe("the jobs' rounds", () => {
  it('counts a job round, and a failed one with the log line', async () => {
    const watch = t.app.metrics.jobs;
    const stopCart = startCartExpiryJob(t.db, t.now, 100, { watch });
    const lines: string[] = [];
    const stopBroken = every('broken', () => Promise.reject(new Error('no database')), 100, { watch, log: (line) => lines.push(line) });
    try {
      await expect
        .poll(async () => value((await scrape()).text, 'museum_job_rounds_total{job="cartExpiry",outcome="ok"}'), { timeout: 60_000 })
        .toBeGreaterThan(0);
      await expect
        .poll(async () => value((await scrape()).text, 'museum_job_rounds_total{job="broken",outcome="failed"}'), { timeout: 60_000 })
        .toBeGreaterThan(0);
    } finally {
      await stopCart();
      await stopBroken();
    }
    expect(lines[0]).toBe('[jobs] broken failed: Error: no database');
    const text = (await scrape()).text;
    expect(value(text, 'museum_job_interval_seconds{job="cartExpiry"}')).toBe(0.1);
    expect(text).toContain('museum_job_lag_seconds{job="cartExpiry"}');
  });
});
