/** The server's configuration: every environment variable is read and checked here, once, at
 * start-up. A bad value stops the start with a message naming the variable; production mode
 * refuses simulators and dev switches unless they are allowed by name. */
import { readFileSync } from 'node:fs';
import { availableParallelism, networkInterfaces } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Outside services that have a local simulator (docs/architecture.md §6), by the name ALLOW_SIMULATORS takes. */
export const SIMULATORS = ['sms', 'payment', 'face', 'wechat'] as const;
export type Simulator = (typeof SIMULATORS)[number];

export type SmsConfig = { provider: 'console' } | { provider: 'http'; url: string; key: string };
/** The Baidu AI platform's address and key pair (face detection and certificate OCR adapters). */
export interface BaiduConfig {
  url: string;
  apiKey: string;
  secretKey: string;
}

/** The chat app's official account (OAuth web login and JS-SDK signing): its app id and secret
 * and the vendor's two hosts (the browser's authorize page, the server-to-server API). */
export interface WechatConfig {
  appId: string;
  appSecret: string;
  oauthUrl: string;
  apiUrl: string;
}

/** The chat app's payment (API v3, JSAPI): the merchant, its API key and certificate's private
 * key, and the platform's public key that signs notifies and answers. PEM texts, read at start-up. */
export interface WechatPayConfig {
  apiUrl: string;
  mchId: string;
  /** The official account's app id the payer's openid belongs to. */
  appId: string;
  mchSerial: string;
  mchPrivateKey: string;
  apiV3Key: string;
  platformPublicKey: string;
  platformSerial: string;
}

export type LogLevel = 'silent' | 'warn' | 'info';
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

export interface ServerConfig {
  /** 'production' when NODE_ENV=production; otherwise the demo on simulators. */
  mode: 'demo' | 'production';
  port: number;
  host: string;
  /** PGlite's folder (when databaseUrl is unset). */
  dataDir: string;
  databaseUrl: string | null;
  distDir: string;
  tokenSecret: string | undefined;
  /** The bearer token of `GET /metrics` (docs/operations.md §10); null: no such path. */
  metricsToken: string | null;
  /** The most live stock streams one instance keeps open (docs/architecture.md §11). */
  liveStreams: number;
  /** The most release queue streams one instance keeps open (docs/architecture.md §12). */
  queueStreams: number;
  /** What the server logs: `warn`, every error and every "busy" answer with its cause; `info`, each
   * request too (LOG=1). */
  logLevel: LogLevel;
  /** Which proxies' X-Forwarded-For to believe (Fastify `trustProxy`); none by default. */
  trustProxy: TrustProxy;
  sms: SmsConfig;
  /** Verification codes one client address may ask for in an hour. */
  smsPerIpPerHour: number;
  /** Where the chat app and the payment platform reach this server (OAuth redirect_uri, pay
   * notify_url), e.g. https://tickets.museum.cn; null: the demo's own origin. */
  publicUrl: string | null;
  /** Without PUBLIC_URL, the Host names (`name`: any port, `name:port`) whose requests may give
   * our own origin (server/origin.ts). */
  allowedHosts: string[];
  /** OAuth login and JS-SDK signing: `sim` (local pages that play the chat app) or `wechat`. */
  wechat: { provider: 'sim' } | { provider: 'wechat'; wechat: WechatConfig };
  payment: { provider: 'sim' } | { provider: 'wechatpay'; wechatpay: WechatPayConfig };
  /** The face check: `local` (the pixels here, a simulator of the vendor's check) or `baidu`. */
  face: { provider: 'local' } | { provider: 'baidu'; baidu: BaiduConfig };
  /** Certificate recognition when the museum turns ocr_enable on: none, local (Tesseract, if installed) or baidu. */
  ocr: { provider: 'none' | 'local' } | { provider: 'baidu'; baidu: BaiduConfig };
  captcha: 'slider' | 'test' | 'off';
  /** What marks tickets checked: the staff console's gate, an external system writing the database,
   * or none (then no ticket becomes a missed visit). Demo: the gate; production: none unless set. */
  checkInSource: 'none' | 'gate' | 'database';
  intervals: { payTimeoutMs: number; cartExpiryMs: number; missedVisitsMs: number; waitingListMs: number };
  /** The simulators in use (demo mode uses any; production only those in ALLOW_SIMULATORS). */
  simulators: Simulator[];
  /** DEV_CLOCK=1: the end-to-end tests may move the demo's clock forward (server/devClock.ts). */
  devClock: boolean;
  /** SIM_REFUND_DELAY_MS: how long the payment simulator takes to answer a refund, so a test can
   * kill the server while a call-off is part-way (tests only; refused in production). */
  simRefundDelayMs: number;
  /** The worker pool of the CPU-bound steps (server/workers/workPool.ts): threads (0: on the main
   * thread) and how many tasks may wait for one before a request is answered "busy". */
  work: { threads: number; maxQueue: number };
}

export class ConfigError extends Error {}

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const ms = int(100, 86_400_000);

const schema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: int(0, 65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DIST_DIR: z.string().min(1).optional(),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // A short token stops the start (in the demo too): a guessable one must never open /metrics.
  METRICS_TOKEN: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  LOG: z.enum(['0', '1']).default('0'),
  TRUST_PROXY: z.string().optional(),
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_KEY: z.string().min(1).optional(),
  SMS_PER_IP_PER_HOUR: int(1, 100_000).default(30),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOWED_HOSTS: z.string().optional(),
  WECHAT_PROVIDER: z.enum(['sim', 'wechat']).default('sim'),
  WECHAT_APP_ID: z.string().min(1).optional(),
  WECHAT_APP_SECRET: z.string().min(1).optional(),
  WECHAT_OAUTH_URL: z.url().default('https://open.weixin.qq.com'),
  WECHAT_API_URL: z.url().default('https://api.weixin.qq.com'),
  PAYMENT_PROVIDER: z.enum(['sim', 'wechatpay']).default('sim'),
  WECHATPAY_API_URL: z.url().default('https://api.mch.weixin.qq.com'),
  WECHATPAY_MCH_ID: z.string().min(1).optional(),
  WECHATPAY_MCH_SERIAL: z.string().min(1).optional(),
  WECHATPAY_MCH_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_API_V3_KEY: z.string().length(32, 'must be the 32-character API v3 key').optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY_FILE: z.string().min(1).optional(),
  WECHATPAY_PLATFORM_SERIAL: z.string().min(1).optional(),
  FACE_PROVIDER: z.enum(['local', 'baidu']).default('local'),
  OCR_PROVIDER: z.enum(['none', 'local', 'baidu']).default('none'),
  BAIDU_AIP_URL: z.url().default('https://aip.baidubce.com'),
  BAIDU_API_KEY: z.string().min(1).optional(),
  BAIDU_SECRET_KEY: z.string().min(1).optional(),
  CAPTCHA: z.enum(['slider', 'test', 'off']).default('slider'),
  DEV_CLOCK: z.enum(['0', '1']).default('0'),
  SIM_REFUND_DELAY_MS: int(0, 10_000).default(0),
  CHECK_IN_SOURCE: z.enum(['none', 'gate', 'database']).optional(),
  ALLOW_SIMULATORS: z.string().default(''),
  PAY_TIMEOUT_INTERVAL_MS: ms.default(5000),
  CART_EXPIRY_INTERVAL_MS: ms.default(5000),
  MISSED_VISITS_INTERVAL_MS: ms.default(600_000),
  WAITING_LIST_INTERVAL_MS: ms.default(5000),
  WORK_THREADS: int(0, 64).optional(),
  WORK_QUEUE: int(1, 10_000).default(16),
  LIVE_STREAMS: int(0, 100_000).default(10_000),
  QUEUE_STREAMS: int(0, 100_000).default(10_000),
});

/** Threads of the worker pool when WORK_THREADS is unset: two (a museum's face checks and
 * invoices), one on a one-core machine. */
export const defaultWorkThreads = () => Math.min(2, availableParallelism());

/** TRUST_PROXY: unset/false = trust none; true; a hop count; or addresses/CIDRs, comma-separated. */
function trustProxy(value: string | undefined): TrustProxy {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A Host name as Host headers are compared with it (lower case, IPv6 in brackets, IDN as
 * punycode), with its port when one is given; null when it is not one. */
export function hostName(value: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:/?#@[\]\s]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match || Number(match[2] ?? 0) > 65535) return null;
  try {
    const { hostname } = new URL(`http://${match[1]}`);
    return match[2] === undefined ? hostname : `${hostname}:${Number(match[2])}`;
  } catch {
    return null;
  }
}

/** The hosts when ALLOWED_HOSTS is unset: this machine by loopback and by each of its
 * interfaces' addresses (a phone on the same network opens http://192.168.x.y:8080), any port. */
export function localHosts(): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((a) => (a.family === 'IPv6' ? `[${a.address}]` : a.address)));
  const names = ['localhost', '127.0.0.1', '[::1]', ...addresses].map(hostName).filter((h): h is string => h !== null);
  return [...new Set(names)];
}

/** ALLOWED_HOSTS: host or host:port names, comma-separated; unset: localHosts(). */
function allowedHosts(value: string | undefined): string[] {
  if (value === undefined) return localHosts();
  const given = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = given.filter((h) => hostName(h) === null);
  if (bad.length) throw new ConfigError(`ALLOWED_HOSTS: not a host or host:port: ${bad.join(', ')}`);
  return given.map((h) => hostName(h)!);
}

/** A PEM key named by a file variable: read now, so a wrong path stops the start with its name. */
function pem(variable: string, file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new ConfigError(`${variable}: cannot read ${file}`);
  }
  if (!text.includes('-----BEGIN ')) throw new ConfigError(`${variable}: ${file} is not a PEM file`);
  return text;
}

export function readConfig(env: NodeJS.ProcessEnv, root: string): ServerConfig {
  // Empty variables count as unset (a `FOO=` line in a unit file).
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const mode = e.NODE_ENV === 'production' ? 'production' : 'demo';

  let sms: SmsConfig = { provider: 'console' };
  if (e.SMS_PROVIDER === 'http') {
    if (!e.SMS_HTTP_URL || !e.SMS_HTTP_KEY) throw new ConfigError('SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_KEY');
    sms = { provider: 'http', url: e.SMS_HTTP_URL, key: e.SMS_HTTP_KEY };
  }

  const baidu = (who: string): BaiduConfig => {
    if (!e.BAIDU_API_KEY || !e.BAIDU_SECRET_KEY) throw new ConfigError(`${who}=baidu needs BAIDU_API_KEY and BAIDU_SECRET_KEY`);
    return { url: e.BAIDU_AIP_URL.replace(/\/+$/, ''), apiKey: e.BAIDU_API_KEY, secretKey: e.BAIDU_SECRET_KEY };
  };
  const face: ServerConfig['face'] = e.FACE_PROVIDER === 'baidu' ? { provider: 'baidu', baidu: baidu('FACE_PROVIDER') } : { provider: 'local' };
  const ocr: ServerConfig['ocr'] = e.OCR_PROVIDER === 'baidu' ? { provider: 'baidu', baidu: baidu('OCR_PROVIDER') } : { provider: e.OCR_PROVIDER };

  const trimmed = (url: string) => url.replace(/\/+$/, '');
  let wechat: ServerConfig['wechat'] = { provider: 'sim' };
  if (e.WECHAT_PROVIDER === 'wechat') {
    if (!e.WECHAT_APP_ID || !e.WECHAT_APP_SECRET) throw new ConfigError('WECHAT_PROVIDER=wechat needs WECHAT_APP_ID and WECHAT_APP_SECRET');
    wechat = {
      provider: 'wechat',
      wechat: { appId: e.WECHAT_APP_ID, appSecret: e.WECHAT_APP_SECRET, oauthUrl: trimmed(e.WECHAT_OAUTH_URL), apiUrl: trimmed(e.WECHAT_API_URL) },
    };
  }
  let payment: ServerConfig['payment'] = { provider: 'sim' };
  if (e.PAYMENT_PROVIDER === 'wechatpay') {
    const need = [
      'WECHAT_APP_ID',
      'WECHATPAY_MCH_ID',
      'WECHATPAY_MCH_SERIAL',
      'WECHATPAY_MCH_PRIVATE_KEY_FILE',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_PLATFORM_PUBLIC_KEY_FILE',
      'WECHATPAY_PLATFORM_SERIAL',
    ] as const;
    const missing = need.filter((k) => !e[k]);
    if (missing.length) throw new ConfigError(`PAYMENT_PROVIDER=wechatpay needs ${missing.join(', ')}`);
    payment = {
      provider: 'wechatpay',
      wechatpay: {
        apiUrl: trimmed(e.WECHATPAY_API_URL),
        mchId: e.WECHATPAY_MCH_ID!,
        appId: e.WECHAT_APP_ID!,
        mchSerial: e.WECHATPAY_MCH_SERIAL!,
        mchPrivateKey: pem('WECHATPAY_MCH_PRIVATE_KEY_FILE', e.WECHATPAY_MCH_PRIVATE_KEY_FILE!),
        apiV3Key: e.WECHATPAY_API_V3_KEY!,
        platformPublicKey: pem('WECHATPAY_PLATFORM_PUBLIC_KEY_FILE', e.WECHATPAY_PLATFORM_PUBLIC_KEY_FILE!),
        platformSerial: e.WECHATPAY_PLATFORM_SERIAL!,
      },
    };
  }
  // The vendor calls us back (OAuth redirect, pay notify) at a public address it can reach, over
  // https only; our origin then never comes from a request's Host (server/origin.ts).
  if (mode === 'production' && (wechat.provider === 'wechat' || payment.provider === 'wechatpay')) {
    if (!e.PUBLIC_URL)
      throw new ConfigError('WECHAT_PROVIDER=wechat and PAYMENT_PROVIDER=wechatpay need PUBLIC_URL (the https origin the chat app reaches this server at)');
    if (new URL(e.PUBLIC_URL).protocol !== 'https:') {
      throw new ConfigError(
        `PUBLIC_URL must be https:// with WECHAT_PROVIDER=wechat or PAYMENT_PROVIDER=wechatpay (the vendor calls back over https only): ${e.PUBLIC_URL}`,
      );
    }
  }

  const allowed = e.ALLOW_SIMULATORS.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = allowed.filter((name) => !(SIMULATORS as readonly string[]).includes(name));
  if (unknown.length) throw new ConfigError(`ALLOW_SIMULATORS: unknown ${unknown.join(', ')} (known: ${SIMULATORS.join(', ')})`);

  const simulated: Array<[Simulator, string]> = [];
  if (sms.provider === 'console') simulated.push(['sms', 'SMS_PROVIDER=console']);
  if (payment.provider === 'sim') simulated.push(['payment', 'PAYMENT_PROVIDER=sim']);
  if (face.provider === 'local') simulated.push(['face', 'FACE_PROVIDER=local']);
  if (wechat.provider === 'sim') simulated.push(['wechat', 'WECHAT_PROVIDER=sim']);

  if (mode === 'production') {
    const refused = simulated.filter(([name]) => !allowed.includes(name));
    if (refused.length) {
      throw new ConfigError(
        `NODE_ENV=production but these providers are simulators: ${refused.map(([n, v]) => `${n} (${v})`).join(', ')}. ` +
          `Configure the real providers, or allow the simulators by name: ALLOW_SIMULATORS=${refused.map(([n]) => n).join(',')}`,
      );
    }
    if (e.CAPTCHA === 'off') throw new ConfigError('CAPTCHA=off is for benchmarks only and is refused with NODE_ENV=production');
    if (e.CAPTCHA === 'test') throw new ConfigError('CAPTCHA=test is for tests only and is refused with NODE_ENV=production');
    if (e.DEV_CLOCK === '1') throw new ConfigError('DEV_CLOCK=1 is for tests only and is refused with NODE_ENV=production');
    if (e.SIM_REFUND_DELAY_MS > 0) throw new ConfigError('SIM_REFUND_DELAY_MS is for tests only and is refused with NODE_ENV=production');
  }

  return {
    mode,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR ?? path.join(root, '.data', 'pglite')),
    databaseUrl: e.DATABASE_URL ?? null,
    distDir: path.resolve(e.DIST_DIR ?? path.join(root, 'dist')),
    tokenSecret: e.TOKEN_SECRET,
    metricsToken: e.METRICS_TOKEN ?? null,
    liveStreams: e.LIVE_STREAMS,
    queueStreams: e.QUEUE_STREAMS,
    logLevel: e.LOG === '1' ? 'info' : 'warn',
    trustProxy: trustProxy(e.TRUST_PROXY),
    sms,
    smsPerIpPerHour: e.SMS_PER_IP_PER_HOUR,
    publicUrl: e.PUBLIC_URL ? trimmed(e.PUBLIC_URL) : null,
    allowedHosts: allowedHosts(e.ALLOWED_HOSTS),
    wechat,
    payment,
    face,
    ocr,
    captcha: e.CAPTCHA,
    // The demo museum checks its visitors in at the staff console's gate; a production museum
    // says what marks its tickets checked (until it does, nobody is counted as missing a visit).
    checkInSource: e.CHECK_IN_SOURCE ?? (mode === 'demo' ? 'gate' : 'none'),
    intervals: {
      payTimeoutMs: e.PAY_TIMEOUT_INTERVAL_MS,
      cartExpiryMs: e.CART_EXPIRY_INTERVAL_MS,
      missedVisitsMs: e.MISSED_VISITS_INTERVAL_MS,
      waitingListMs: e.WAITING_LIST_INTERVAL_MS,
    },
    simulators: simulated.map(([name]) => name),
    devClock: e.DEV_CLOCK === '1',
    simRefundDelayMs: e.SIM_REFUND_DELAY_MS,
    work: { threads: e.WORK_THREADS ?? defaultWorkThreads(), maxQueue: e.WORK_QUEUE },
  };
}
