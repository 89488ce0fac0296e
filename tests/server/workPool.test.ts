/** The worker pool (docs/operations.md §9) over HTTP: the face model runs on a worker thread and
 * finds the portrait's face; a full queue is answered "busy, try again" in zh and en, logged with
 * its cause, and never waits; an invoice issued while the pool is full keeps its number, and its
 * PDF is rendered at the first download once there is room. On PGlite and PostgreSQL. */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, defaultWorkThreads, readConfig } from '../../server/config.ts';
import { faceProvider } from '../../server/providers/face.ts';
import { DEMO_FINANCE } from '../../server/seed/accounts.ts';
import { startWorkPool, type WorkPool } from '../../server/workers/workPool.ts';
import { invoiceNumberOf } from '../../src/domain/invoiceIssue.ts';
import { museumDate } from '../../src/domain/museumTime.ts';
import { logLines } from './logLines.ts';
import { makeApp, upload, type TestApp } from './helpers.ts';
import { readPdf } from './pdfText.ts';

const root = process.cwd();
const PORTRAIT = readFileSync(`${root}/node_modules/@vladmandic/face-api/demo/sample2.jpg`);
/** Conditions waited for on a loaded machine (a picture's upload and decoding take their time). */
const WAIT = { timeout: 60_000, interval: 20 };
const BUSY = { en: 'The system is busy; please try again later', zh: '系统繁忙，请稍后再试' };

describe('configuration', () => {
  it('runs two threads (one on a one-core machine) and lets 16 tasks wait unless told otherwise; 0 threads is the main thread', () => {
    expect(defaultWorkThreads()).toBeGreaterThanOrEqual(1);
    expect(defaultWorkThreads()).toBeLessThanOrEqual(2);
    expect(readConfig({}, root).work).toEqual({ threads: defaultWorkThreads(), maxQueue: 16 });
    expect(readConfig({ WORK_THREADS: '0', WORK_QUEUE: '3' }, root).work).toEqual({ threads: 0, maxQueue: 3 });
    expect(() => readConfig({ WORK_QUEUE: '0' }, root)).toThrow(ConfigError);
    expect(() => readConfig({ WORK_THREADS: 'many' }, root)).toThrow(/WORK_THREADS/);
  });
});

describe('the face model on a worker thread', () => {
  let t: TestApp;
  beforeAll(async () => {
    const work = startWorkPool({ threads: 1, maxQueue: 4 });
    t = await makeApp({}, { work, providers: { face: await faceProvider({ provider: 'local' }, root, work) } });
    await t.db.query(`UPDATE sys_config SET value = '1' WHERE key = 'face_enable'`);
  });
  afterAll(async () => t?.close());

  it('passes a real portrait, checked by the detector loaded in the thread (TypeScript through tsx)', async () => {
    const token = await t.tokenFor('13744440001');
    const up = await upload(t, 'me.jpg', PORTRAIT);
    const checked = await t.call('GET', `/system/collection/checkFace?url=${up.data!.uploadId}`, { token });
    expect(checked.code, checked.msg).toBe(200);
    expect(t.deps.work.stats()).toMatchObject({ threads: 1, alive: 1, queued: 0, running: 0 });
    expect(t.deps.work.stats().completed).toBeGreaterThanOrEqual(1);
  }, 120_000);
});

describe('a full queue', () => {
  let t: TestApp;
  const { stream: log, lines } = logLines();
  // Face tasks wait on this flag until the test lets them go.
  const hold = new SharedArrayBuffer(4);
  const release = () => {
    Atomics.store(new Int32Array(hold), 0, 1);
    Atomics.notify(new Int32Array(hold), 0);
  };
  let work: WorkPool;
  let visitor: string;
  let finance: string;

  beforeAll(async () => {
    work = startWorkPool({
      threads: 1,
      maxQueue: 1,
      worker: { filename: fileURLToPath(new URL('./fixtures/heldWorker.mjs', import.meta.url)), workerData: { hold } },
    });
    t = await makeApp({ logLevel: 'warn', logStream: log }, { work, providers: { face: await faceProvider({ provider: 'local' }, root, work) } });
    await t.db.query(`UPDATE sys_config SET value = '1' WHERE key = 'face_enable'`);
    visitor = await t.tokenFor('13744440002');
    finance = (await t.call('POST', '/staff/login', { body: DEMO_FINANCE })).data.token;
  });
  afterAll(async () => {
    release();
    await t?.close();
  });

  const check = async (lang: 'zh' | 'en' = 'en') => {
    const up = await upload(t, 'me.jpg', PORTRAIT);
    return t.call('GET', `/system/collection/checkFace?url=${up.data!.uploadId}`, { token: visitor, lang });
  };

  it('answers "busy, try again" at once, in zh and en, logged with its cause; the checks given room pass', async () => {
    // One check on the thread, one waiting: the pool is full.
    const running = check();
    await expect.poll(() => work.stats(), WAIT).toMatchObject({ running: 1, queued: 0 });
    const waiting = check();
    await expect.poll(() => work.stats(), WAIT).toMatchObject({ running: 1, queued: 1 });

    expect((await check('en')).msg).toBe(BUSY.en);
    expect((await check('zh')).msg).toBe(BUSY.zh);
    expect(work.stats()).toMatchObject({ running: 1, queued: 1, refused: 2 });
    const busy = lines.filter((l) => l.msg === 'workers busy');
    expect(busy).toHaveLength(2);
    expect(busy[0].cause).toBe('work queue full: face refused (1 running, 1 waiting, limit 1)');

    // An invoice issued now: its PDF has no room, but the invoice is issued, with its number.
    const invoiceId = await requestedInvoice();
    const issued = await t.call('POST', `/staff/invoices/${invoiceId}/issue`, { token: finance, lang: 'en' });
    expect(issued.code, issued.msg).toBe(200);
    const number = invoiceNumberOf(invoiceId, museumDate(t.now()));
    expect(issued.data).toMatchObject({ state: 'issued', invoiceNumber: number });
    expect(lines.some((l) => l.msg === 'invoice PDF deferred' && String(l.cause).includes('work queue full: invoicePdf refused'))).toBe(true);
    // Its download meanwhile: "busy, try again", not a missing file.
    const early = await download(`/staff/invoices/${invoiceId}/pdf`);
    expect(early.json()).toMatchObject({ code: 502, msg: BUSY.en });
    expect((await t.call('POST', `/staff/invoices/${invoiceId}/issue`, { token: finance, lang: 'en' })).msg).toBe('This invoice has already been issued');

    release();
    expect((await running).code).toBe(200);
    expect((await waiting).code).toBe(200);

    // Room again: the first download renders the PDF from what was issued, and keeps it.
    const file = await download(`/staff/invoices/${invoiceId}/pdf`);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    const pdf = readPdf(file.rawPayload);
    expect(pdf.info).toMatchObject({ Title: `电子发票 ${number}` });
    expect(pdf.lines).toContain(number);
    const [row] = await t.db.query<{ pdf: Uint8Array | null }>('SELECT pdf FROM invoices WHERE id = $1', [invoiceId]);
    expect(Buffer.compare(Buffer.from(row.pdf!), file.rawPayload)).toBe(0);
    // Kept as first rendered: the same bytes again, and the database refuses another.
    expect(Buffer.compare((await download(`/staff/invoices/${invoiceId}/pdf`)).rawPayload, file.rawPayload)).toBe(0);
    await expect(t.db.query(`UPDATE invoices SET pdf = 'x' WHERE id = $1`, [invoiceId])).rejects.toThrow(/issued and cannot change/);
  });

  const download = (url: string) => t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers: { authorization: `Bearer ${finance}`, language: 'en_us' } });

  /** A paid order of the visitor's and its requested invoice. */
  async function requestedInvoice(): Promise<number> {
    const [session] = await t.db.query<{ id: number; hall_id: number; visit_date: string }>(
      `SELECT id, hall_id, visit_date::text FROM hall_schedule ORDER BY visit_date, id LIMIT 1`,
    );
    const [user] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE phone = '13744440002'`);
    const [order] = await t.db.query<{ id: number }>(
      `INSERT INTO orders (order_number, user_id, hall_id, schedule_id, visit_date, status, amount, ticket_num, created_at, pay_time)
       VALUES ('P' || floor(random() * 1e12)::bigint, $1, $2, $3, $4, 'completed', 3000, 1, $5, $5) RETURNING id`,
      [user.id, session.hall_id, session.id, session.visit_date, t.now()],
    );
    const applied = await t.call('POST', '/invoice/apply', {
      token: visitor,
      body: { orderId: order.id, titleType: 1, title: '李雷', email: 'lilei@example.com' },
    });
    expect(applied.code, applied.msg).toBe(200);
    return applied.data.invoiceId;
  }
});
