/** What every part of the server is given: database, clock, providers and configuration. */
import type { Db } from './db/db.ts';
import { localHosts, type LogLevel, type TrustProxy } from './config.ts';
import type { Clock } from './time.ts';
import type { MovableClock } from './devClock.ts';
import type { SmsProvider } from './providers/sms.ts';
import type { PaymentProvider } from './providers/payment.ts';
import type { FaceProvider } from './providers/face.ts';
import type { OcrProvider } from './providers/ocr.ts';
import type { WechatJsapi } from './providers/wechatJsapi.ts';
import type { WechatOAuthProvider } from './providers/wechatOAuth.ts';
import type { WorkPool } from './workers/workPool.ts';

export interface AppConfig {
  /** 'production' mounts no dev endpoint (server/config.ts refuses simulators there unless allowed). */
  mode: 'demo' | 'production';
  /** Which proxies' X-Forwarded-For to believe; false: the peer address is the client's. */
  trustProxy: TrustProxy;
  /** 'slider' (built-in) or 'off' (benchmarks only). */
  captcha: 'slider' | 'test' | 'off';
  /** From TOKEN_SECRET; otherwise a random one persisted in the settings table. */
  tokenSecret?: string;
  tokenTtlSeconds: number;
  /** Built client to serve at '/', or null. */
  distDir: string | null;
  /** Verification codes per client address per hour. */
  smsPerIpPerHour: number;
  /** 'silent' in tests; a server logs at least its errors (config.ts). */
  logLevel: LogLevel;
  /** Where the log goes: standard output, or a test's stream. */
  logStream?: NodeJS.WritableStream;
  /** PUBLIC_URL: the origin the chat app and the payment platform know us by (OAuth redirect_uri,
   * the pages the JS-SDK signs, the pay notify_url); null: the request's own origin, if its Host
   * is allowed. */
  publicUrl: string | null;
  /** ALLOWED_HOSTS: without PUBLIC_URL, the Host names a request may give our origin with
   * (server/origin.ts); by default this machine's own. */
  allowedHosts: readonly string[];
  /** How long the calendar and the halls of a day are kept at most (server/changes.ts
   * READ_TTL_MS when not given); a change notice drops them sooner. */
  readCacheMs?: number;
  /** METRICS_TOKEN: the bearer token of `GET /metrics`; without it there is no such path. */
  metricsToken?: string | null;
  /** LIVE_STREAMS: the most live stock streams this instance keeps open (server/liveStock.ts
   * LIVE_STREAMS_MAX when not given); one more is answered 503. */
  liveStreams?: number;
  /** QUEUE_STREAMS: the most release queue streams this instance keeps open (server/queuePush.ts
   * QUEUE_STREAMS_MAX when not given); one more is answered 503. */
  queueStreams?: number;
}

export interface Providers {
  sms: SmsProvider;
  payment: PaymentProvider;
  face: FaceProvider;
  ocr: OcrProvider;
  /** The chat app's JS-SDK ticket (sim or the vendor's). */
  wechatJsapi: WechatJsapi;
  /** The chat app's OAuth web login (simulator or the vendor's). */
  wechatOAuth: WechatOAuthProvider;
}

/** The operator's backup of a running PGlite server (server/routes/ops.ts): the token it asks
 * for, and the folder's copy (server/ops/snapshot.ts). */
export interface OpsDeps {
  token: string;
  snapshot(): Promise<Uint8Array>;
}

export interface AppDeps {
  db: Db;
  clock: Clock;
  providers: Providers;
  config: AppConfig;
  /** The worker threads of the CPU-bound steps (face model, invoice PDF): docs/operations.md §9. */
  work: WorkPool;
  /** The demo's clock moved forward by the end-to-end tests (server/devClock.ts), when DEV_CLOCK=1. */
  devClock?: MovableClock;
  /** PGlite only: the backup endpoint's token and copy (none on PostgreSQL: pg_dump backs it up). */
  ops?: OpsDeps;
}

export const defaultConfig = (): AppConfig => ({
  mode: 'demo',
  trustProxy: false,
  captcha: 'slider',
  tokenTtlSeconds: 7 * 86400,
  distDir: null,
  smsPerIpPerHour: 30,
  logLevel: 'silent',
  publicUrl: null,
  allowedHosts: localHosts(),
});
