/** A fresh app on its own copy of the seeded template, with a controllable clock. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app.ts';
import { defaultConfig, type AppConfig } from '../../server/context.ts';
import { migrate, openPg, openPglite, type Db } from '../../server/db/db.ts';
import { consoleSms, type SmsProvider } from '../../server/providers/sms.ts';
import { simPayment } from '../../server/providers/payment.ts';
import { localFace } from '../../server/providers/face.ts';
import { noOcr } from '../../server/providers/ocr.ts';
import { startWorkPool, type WorkPool } from '../../server/workers/workPool.ts';
import { wechatJsapiProvider } from '../../server/providers/wechatJsapi.ts';
import type { WechatConfig } from '../../server/config.ts';
import { simWechatOAuth } from '../../server/providers/wechatOAuth.ts';
import type { Providers } from '../../server/context.ts';
import { signNotify } from '../../server/providers/payNotify.ts';
import { signToken } from '../../server/auth.ts';
import { pgliteSnapshot } from '../../server/ops/snapshot.ts';
import { gapOf } from '../../server/providers/captcha.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import type { HallPool, OrderDraft, PlaceOrderRequest } from '../../src/domain/types.ts';
import { humanTrail } from '../drag.ts';
import { PG_CONNECT, SEED_TIME } from './constants.ts';
import './pg-lane.ts';

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface TestApp {
  app: FastifyInstance;
  /** What the app was built of (its in-memory queues are keyed by it). */
  deps: AppDeps;
  db: Db;
  sms: SmsProvider;
  now(): Date;
  advance(ms: number): void;
  call<T = any>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    opts?: { body?: unknown; token?: string; lang?: 'en' | 'zh'; ip?: string; headers?: Record<string, string> },
  ): Promise<Envelope<T>>;
  /** Creates (or finds) an individual user and returns a token, without SMS. */
  tokenFor(phone: string, kind?: 'individual' | 'team'): Promise<string>;
  captchaToken(): Promise<string>;
  /** The payment platform's signed notify for `payId` charged `amount` (as the simulator sends it); the HTTP status. */
  payNotify(payId: string, amount: number): Promise<number>;
  halls(date: string): Promise<HallPool[]>;
  remaining(scheduleId: number): Promise<number>;
  /** The `pg` lane's connection string of this app's database (null on PGlite). */
  databaseUrl: string | null;
  close(): Promise<void>;
}

export type DbLane = 'pglite' | 'pg';

/** Which lane this test file runs in: project `server` (PGlite) or `server-pg` (PostgreSQL). */
export function dbLane(): DbLane {
  return inject('pgLane') ? 'pg' : 'pglite';
}

let template: Blob | null = null;
let databases = 0;

/** A fresh database: a copy of the seeded template, on PGlite or (lane `server-pg`) PostgreSQL;
 * `empty`: migrated only, as production starts (no catalogue, no accounts). */
async function openTestDb(databaseUrl?: string, empty = false, dataDir?: string): Promise<{ db: Db; url: string | null }> {
  const lane = inject('pgLane');
  if (dataDir) {
    if (lane) throw new Error('makeApp({ dataDir }) is PGlite: the server lane (project server)');
    // A folder of its own: a new one starts as the template, one with a database (a restored
    // backup) is opened and migrated forward, as the server's start does.
    if (existsSync(path.join(dataDir, 'PG_VERSION'))) {
      const db = await openPglite({ dataDir });
      await migrate(db);
      return { db, url: null };
    }
    template ??= new Blob([await readFile(inject('pgTemplate'))]);
    return { db: await openPglite({ dataDir, loadDataDir: template }), url: null };
  }
  if (!lane) {
    if (databaseUrl) throw new Error('makeApp({ databaseUrl }) needs the PostgreSQL lane (project server-pg)');
    if (empty) {
      const db = await openPglite();
      await migrate(db);
      return { db, url: null };
    }
    template ??= new Blob([await readFile(inject('pgTemplate'))]);
    return { db: await openPglite({ loadDataDir: template }), url: null };
  }
  if (!databaseUrl) {
    const name = `test_${process.pid}_${++databases}_${randomBytes(4).toString('hex')}`;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: lane.adminUrl });
    await admin.connect();
    try {
      await admin.query(empty ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${lane.template}`);
    } finally {
      await admin.end();
    }
    databaseUrl = lane.urlPrefix + name;
    if (empty) {
      const db = await openPg(databaseUrl, PG_CONNECT);
      await migrate(db);
      return { db, url: databaseUrl };
    }
  }
  return { db: await openPg(databaseUrl, PG_CONNECT), url: databaseUrl };
}

/** Starts `t` on a free local port: the address of its `path` (a stream, which app.inject cannot read). */
export async function listenAt(t: TestApp, path: string): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}${path}`;
}

/** A fresh app on its own copy of the seeded template. With `databaseUrl` (PostgreSQL lane only),
 * a second app instance with its own pool on an existing test database (see `databaseUrl`). */
export async function makeApp(
  config: Partial<AppConfig> = {},
  options: {
    databaseUrl?: string;
    providers?: Partial<Pick<Providers, 'face' | 'ocr' | 'payment' | 'wechatOAuth'>>;
    /** The chat app's real JS-SDK adapter against this vendor (a fake), instead of the simulator. */
    wechat?: { config: WechatConfig; timeoutMs?: number; waitMs?: number; log?: (line: string) => void };
    /** A database migrated only, as production starts: no catalogue, no accounts. */
    empty?: boolean;
    /** DEV_CLOCK=1: the dev route that moves this app's clock forward is mounted. */
    devClock?: boolean;
    /** The worker pool (default: one thread, started at its first task); closed with the app. */
    work?: WorkPool;
    /** PGlite in this folder (a copy of the template when it has no database yet), not in memory. */
    dataDir?: string;
    /** The operator's backup endpoint with this token (server/routes/ops.ts); PGlite only. */
    opsToken?: string;
  } = {},
): Promise<TestApp> {
  const { db, url } = await openTestDb(options.databaseUrl, options.empty, options.dataDir);
  let now = new Date(SEED_TIME).getTime();
  const clock = () => new Date(now);
  const sms = consoleSms(() => undefined);
  const payment = await simPayment(db);
  const work = options.work ?? startWorkPool({ threads: 1, maxQueue: 16 });
  const deps: AppDeps = {
    db,
    clock,
    work,
    providers: {
      sms,
      payment,
      face: localFace(),
      ocr: noOcr(),
      wechatJsapi: wechatJsapiProvider(options.wechat ? { provider: 'wechat', wechat: options.wechat.config } : { provider: 'sim' }, db, clock, options.wechat),
      wechatOAuth: simWechatOAuth(db, clock),
      ...options.providers,
    },
    config: { ...defaultConfig(), smsPerIpPerHour: 10_000, ...config },
    ...(options.devClock ? { devClock: { clock, advance: (ms: number) => void (now += ms) } } : {}),
    ...(options.opsToken ? { ops: { token: options.opsToken, snapshot: () => pgliteSnapshot(db as Db & { raw: PGlite }) } } : {}),
  };
  const app = await buildApp(deps);
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { language: opts.lang === 'en' ? 'en_us' : 'zh_cn', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({
      method,
      url: `/prod-api${url}`,
      headers,
      payload: opts.body as any,
      remoteAddress: opts.ip,
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  const t: TestApp = {
    app,
    deps,
    db,
    sms,
    now: clock,
    advance: (ms) => {
      now += ms;
    },
    call,
    async tokenFor(phone, kind = 'individual') {
      await db.query(`INSERT INTO users (phone, user_name, created_at) VALUES ($1, $2, $3) ON CONFLICT (phone) DO NOTHING`, [
        phone,
        `u${phone.slice(-4)}`,
        clock(),
      ]);
      const [u] = await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
      return signToken(app.tokenSecret, u.id, kind, clock(), 3600);
    },
    async captchaToken() {
      const c = await call('GET', '/ingore/captchaImage');
      const gap = await gapOf(db, c.data.captchaId);
      const r = await call('POST', '/ingore/captchaCheck', { body: { captchaId: c.data.captchaId, x: gap! + 2, trail: humanTrail(gap! + 2) } });
      if (r.code !== 200) throw new Error(r.msg);
      return r.data.captchaToken;
    },
    async payNotify(payId, amount) {
      const tx = { out_trade_no: payId, transaction_id: `t${payId}`, trade_state: 'SUCCESS', amount: { total: amount, currency: 'CNY' } };
      const { headers, body } = signNotify(payment.platform, tx, clock());
      return (await app.inject({ method: 'POST', url: '/prod-api/pay/notify', headers, payload: body })).statusCode;
    },
    async halls(date) {
      return (await call<HallPool[]>('GET', `/pool/ingore/getHall?queryDate=${date}&openPerson=1&saleMode=1`)).data;
    },
    async remaining(id) {
      const [r] = await db.query<{ n: number }>('SELECT capacity - sold - held AS n FROM hall_schedule WHERE id = $1', [id]);
      return r.n;
    },
    databaseUrl: url,
    async close() {
      await app.close();
      await work.close();
      await db.close();
    },
  };
  return t;
}

/** A valid mainland ID number for a birth date 'YYYY-MM-DD'. */
/** What the upload call answers: the stored file's id and what the server found it to be. */
export interface Uploaded {
  uploadId: string;
  mime: string;
  width: number;
  height: number;
}

let uploadAddresses = 0;
/** Uploads `bytes` as the app's file picker does (one multipart field "file"); the envelope. Each
 * call comes from an address of its own, as different phones would, so a test meets the uploads
 * per address limit only where it sends from one address on purpose. */
export async function upload(t: TestApp, name: string, bytes: Buffer, opts: { type?: string; lang?: 'zh' | 'en' } = {}): Promise<Envelope<Uploaded | null>> {
  const boundary = `----museum${++uploadAddresses}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${opts.type ?? 'image/jpeg'}\r\n\r\n`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/prod-api/common/ingore/upload',
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, language: opts.lang === 'zh' ? 'zh_cn' : 'en_us' },
    remoteAddress: `10.44.${Math.floor(uploadAddresses / 250) % 250}.${(uploadAddresses % 250) + 1}`,
  });
  return res.json();
}

export function idCard(birth: string, seq = '001'): string {
  const first17 = `110101${birth.replace(/-/g, '')}${seq}`;
  return first17 + gb11643CheckChar(first17);
}

export interface Visitor {
  name: string;
  birth: string;
  ticketPriceId: number;
  seq?: string;
}

/** The order payload exactly as the client builds it (src/domain/orderRequest.ts). */
export function orderRequest(date: string, hallId: number, hallScheduleId: number, visitors: Visitor[], captchaToken: string | null): PlaceOrderRequest {
  const draft: OrderDraft = {
    visitDate: date,
    hallId,
    hallScheduleId,
    visitors: visitors.map((v, i) => ({
      name: v.name,
      certificateType: '1',
      certificateNumber: idCard(v.birth, v.seq ?? String(100 + i)),
      ticketPriceId: v.ticketPriceId,
    })),
    agreementAccepted: true,
    captchaToken,
  };
  return buildOrderRequest(draft);
}

/** Pays an unpaid order in full as the simulator's cashier would, and sees it completed. */
export async function payInFull(t: TestApp, token: string, orderId: number): Promise<void> {
  const c = await t.call('POST', '/pay/create', { token, body: { orderId } });
  expect(c.code, c.msg).toBe(200);
  const payId = new URL(c.data.payUrl, 'http://x').searchParams.get('payId');
  const [{ amount }] = await t.db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
  expect(await t.payNotify(payId!, amount)).toBe(204);
  expect((await t.call('GET', `/order/OrderInfo/getOrderStatusForTimeOut?orderId=${orderId}`, { token })).data.status).toBe('completed');
}

/** Price id of a hall's ticket kind. */
export function priceOf(hall: HallPool, kind: 'adult' | 'student' | 'senior' | 'child'): number {
  return hall.scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === kind)!.ticketPriceId;
}

/** Stock that never lies, checked with SQL: for every session, sold + held + remaining =
 * capacity with remaining >= 0, sold = sold_external + tickets that own stock
 * (toBePaid, toBeChecked, checked, expired, reserved), and held = cart lines 'held'. */
export async function assertStockInvariant(db: Db): Promise<void> {
  const bad = await db.query<Record<string, unknown>>(`
    SELECT s.id, s.capacity, s.sold, s.held, s.sold_external,
           (s.capacity - s.sold - s.held)::int AS remaining,
           coalesce(t.n, 0)::int AS ticket_sold, coalesce(c.n, 0)::int AS cart_held
    FROM hall_schedule s
    LEFT JOIN (SELECT schedule_id, count(*) AS n FROM tickets
               WHERE status IN ('toBePaid', 'toBeChecked', 'checked', 'expired', 'reserved') GROUP BY schedule_id) t ON t.schedule_id = s.id
    LEFT JOIN (SELECT schedule_id, sum(n) AS n FROM (
                 SELECT schedule_id, count(*) AS n FROM cart_lines WHERE status = 'held' GROUP BY schedule_id
                 UNION ALL SELECT schedule_id, sum(people) FROM group_cart WHERE status = 'held' GROUP BY schedule_id) x
               GROUP BY schedule_id) c ON c.schedule_id = s.id
    WHERE s.capacity - s.sold - s.held < 0
       OR s.sold < 0 OR s.held < 0
       OR s.sold <> s.sold_external + coalesce(t.n, 0)
       OR s.held <> coalesce(c.n, 0)
    ORDER BY s.id`);
  if (bad.length > 0) throw new Error(`stock invariant broken: ${JSON.stringify(bad)}`);
  await assertSeatInvariant(db);
  await assertFreeQuotaInvariant(db);
}

/** The free pupil tickets given out per hall and day = the free pupil tickets that own stock
 * and those held in group carts, within the quota. */
async function assertFreeQuotaInvariant(db: Db): Promise<void> {
  const bad = await db.query<Record<string, unknown>>(`
    SELECT coalesce(u.hall_id, t.hall_id) AS hall_id, coalesce(u.visit_date, t.visit_date) AS visit_date, u.used, t.n, h.school_free_daily
    FROM school_free_used u
    FULL JOIN (SELECT hall_id, visit_date, sum(n)::int AS n FROM (
                 SELECT s.hall_id, s.visit_date, count(*) AS n FROM tickets k JOIN hall_schedule s ON s.id = k.schedule_id
                  WHERE k.free AND k.role = 'student' AND k.status IN ('toBePaid', 'toBeChecked', 'checked', 'expired', 'reserved')
                  GROUP BY s.hall_id, s.visit_date
                 UNION ALL SELECT hall_id, visit_date, sum(free_pupils) FROM group_cart WHERE status = 'held' GROUP BY hall_id, visit_date) x
               GROUP BY hall_id, visit_date) t ON t.hall_id = u.hall_id AND t.visit_date = u.visit_date
    JOIN halls h ON h.id = coalesce(u.hall_id, t.hall_id)
    WHERE coalesce(u.used, 0) <> coalesce(t.n, 0) OR coalesce(u.used, 0) > h.school_free_daily`);
  if (bad.length > 0) throw new Error(`free pupil quota invariant broken: ${JSON.stringify(bad)}`);
}

/** A cinema session's seats agree with its stock: one row per seat for sale (= capacity);
 * seats owned by tickets = its tickets that own stock, by cart lines = its held lines, sold
 * without an owner = sold_external; a held seat's owner is unpaid (or a held line), a sold
 * seat's ticket is paid. */
async function assertSeatInvariant(db: Db): Promise<void> {
  const bad = await db.query<Record<string, unknown>>(`
    SELECT s.id, s.capacity, s.sold, s.held, s.sold_external, x.*
    FROM hall_schedule s
    JOIN (SELECT ss.schedule_id, count(*)::int AS seats,
                 count(ss.ticket_id)::int AS by_ticket, count(ss.cart_line_id)::int AS by_cart,
                 count(*) FILTER (WHERE ss.state = 'sold' AND ss.ticket_id IS NULL AND ss.cart_line_id IS NULL)::int AS external,
                 count(*) FILTER (WHERE ss.state = 'held' AND coalesce(t.status = 'toBePaid', false) = false AND coalesce(c.status = 'held', false) = false)::int AS wrong_held,
                 count(*) FILTER (WHERE ss.state = 'sold' AND ss.ticket_id IS NOT NULL AND t.status NOT IN ('toBeChecked', 'checked', 'expired', 'reserved'))::int AS wrong_sold
          FROM session_seats ss LEFT JOIN tickets t ON t.id = ss.ticket_id LEFT JOIN cart_lines c ON c.id = ss.cart_line_id
          GROUP BY ss.schedule_id) x ON x.schedule_id = s.id
    LEFT JOIN (SELECT schedule_id, count(*) AS n FROM tickets
               WHERE status IN ('toBePaid', 'toBeChecked', 'checked', 'expired', 'reserved') GROUP BY schedule_id) t ON t.schedule_id = s.id
    LEFT JOIN (SELECT schedule_id, sum(n) AS n FROM (
                 SELECT schedule_id, count(*) AS n FROM cart_lines WHERE status = 'held' GROUP BY schedule_id
                 UNION ALL SELECT schedule_id, sum(people) FROM group_cart WHERE status = 'held' GROUP BY schedule_id) x
               GROUP BY schedule_id) c ON c.schedule_id = s.id
    WHERE x.seats <> s.capacity OR x.by_ticket <> coalesce(t.n, 0) OR x.by_cart <> coalesce(c.n, 0)
       OR x.external <> s.sold_external OR x.wrong_held > 0 OR x.wrong_sold > 0
    ORDER BY s.id`);
  if (bad.length > 0) throw new Error(`seat invariant broken: ${JSON.stringify(bad)}`);
}
