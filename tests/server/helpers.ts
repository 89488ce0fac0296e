/** A fresh app on its own copy of the seeded template, with a controllable clock. */
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { defaultConfig, type AppConfig } from '../../server/context.ts';
import { openPglite, type Db } from '../../server/db/db.ts';
import { consoleSms, type SmsProvider } from '../../server/providers/sms.ts';
import { simPayment } from '../../server/providers/payment.ts';
import { signToken } from '../../server/auth.ts';
import { gapOf } from '../../server/providers/captcha.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import { buildOrderRequest } from '../../src/domain/orderRequest.ts';
import type { HallPool, OrderDraft, PlaceOrderRequest } from '../../src/domain/types.ts';
import { SEED_TIME } from './constants.ts';

export interface Envelope<T = any> {
  code: number;
  msg: string;
  data: T;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  sms: SmsProvider;
  now(): Date;
  advance(ms: number): void;
  call<T = any>(method: 'GET' | 'POST', url: string, opts?: { body?: unknown; token?: string; lang?: 'en' | 'zh'; ip?: string }): Promise<Envelope<T>>;
  /** Creates (or finds) an individual user and returns a token, without SMS. */
  tokenFor(phone: string, kind?: 'individual' | 'team'): Promise<string>;
  captchaToken(): Promise<string>;
  halls(date: string): Promise<HallPool[]>;
  remaining(scheduleId: number): Promise<number>;
  close(): Promise<void>;
}

let template: Blob | null = null;

export async function makeApp(config: Partial<AppConfig> = {}): Promise<TestApp> {
  template ??= new Blob([await readFile(inject('pgTemplate'))]);
  const db = await openPglite({ loadDataDir: template });
  let now = new Date(SEED_TIME).getTime();
  const clock = () => new Date(now);
  const sms = consoleSms(() => undefined);
  const app = await buildApp({
    db,
    clock,
    providers: { sms, payment: simPayment() },
    config: { ...defaultConfig(), smsPerIpPerHour: 10_000, ...config },
  });
  const call: TestApp['call'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { language: opts.lang === 'en' ? 'en_us' : 'zh_cn' };
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
    db,
    sms,
    now: clock,
    advance: (ms) => {
      now += ms;
    },
    call,
    async tokenFor(phone, kind = 'individual') {
      await db.query(
        `INSERT INTO users (phone, user_name, created_at) VALUES ($1, $2, $3) ON CONFLICT (phone) DO NOTHING`,
        [phone, `u${phone.slice(-4)}`, clock()],
      );
      const [u] = await db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]);
      return signToken(app.tokenSecret, u.id, kind, clock(), 3600);
    },
    async captchaToken() {
      const c = await call('GET', '/ingore/captchaImage');
      const gap = await gapOf(db, c.data.captchaId);
      const r = await call('POST', '/ingore/captchaCheck', { body: { captchaId: c.data.captchaId, x: gap! + 2 } });
      if (r.code !== 200) throw new Error(r.msg);
      return r.data.captchaToken;
    },
    async halls(date) {
      return (await call<HallPool[]>('GET', `/pool/ingore/getHall?queryDate=${date}&openPerson=1&saleMode=1`)).data;
    },
    async remaining(id) {
      const [r] = await db.query<{ n: number }>('SELECT capacity - sold - held AS n FROM hall_schedule WHERE id = $1', [id]);
      return r.n;
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
  return t;
}

/** A valid mainland ID number for a birth date 'YYYY-MM-DD'. */
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
export function orderRequest(
  date: string,
  hallId: number,
  hallScheduleId: number,
  visitors: Visitor[],
  captchaToken: string | null,
): PlaceOrderRequest {
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

/** Price id of a hall's ticket kind. */
export function priceOf(hall: HallPool, kind: 'adult' | 'student' | 'senior' | 'child'): number {
  return hall.scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === kind)!.ticketPriceId;
}
