/** A local fake of the chat app's payment platform (WeChat Pay API v3), answering as the
 * documented API does: a real HTTP server on 127.0.0.1 with keys generated here. It checks OUR
 * requests' Authorization (WECHATPAY2-SHA256-RSA2048, signed with the merchant's private key:
 * verified with its public key), signs its answers and notifies with the platform's private
 * key, keeps transactions and refunds, and answers errors as the vendor does ({ code, message }
 * with its HTTP status). Switches make it answer 401/429/500/NOT_ENOUGH or hang; `pay` plays the
 * payer confirming a prepay in the chat app: it sends the signed TRANSACTION.SUCCESS notify to
 * the notify_url it was given.
 *
 * Standalone (for a browser e2e against a second app instance):
 *   npx tsx tests/fakes/wechatPayFake.ts --port 8192 --keys-dir /tmp/wxpay
 * writes the merchant's private key and the platform's public key there, and `env` with the
 * WECHATPAY_* variables pointing at them; test hooks over HTTP: POST /fake/pay {prepay_id},
 * POST /fake/fail {status, code, times}, GET /fake/state. */
import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { signEvent, signedHeaders, signNotify, verifyLines, type PlatformKeys } from '../../server/providers/payNotify.ts';
import type { WechatPayConfig } from '../../server/config.ts';

export interface FakeTransaction {
  out_trade_no: string;
  prepay_id: string;
  appid: string;
  description: string;
  notify_url: string;
  openid: string;
  total: number;
  trade_state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transaction_id: string | null;
  success_time: string | null;
}

export interface FakeRefund {
  out_refund_no: string;
  refund_id: string;
  out_trade_no: string;
  transaction_id: string;
  refund: number;
  total: number;
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
  notify_url: string | null;
  create_time: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  body: string;
  /** Our signature checked out. */
  signed: boolean;
  status: number;
}

interface Failure {
  status: number;
  code: string;
  /** Only requests whose path contains this. */
  path?: string;
  times: number;
}

export interface WechatPayFake {
  url: string;
  /** The app's configuration to reach this fake (PEM texts as config.ts reads them). */
  config: WechatPayConfig;
  /** The merchant's key pair, so a test can check the JSAPI pay sign as the chat app does. */
  mchPublicKey: KeyObject;
  platform: PlatformKeys;
  transactions: Map<string, FakeTransaction>;
  refunds: Map<string, FakeRefund>;
  requests: FakeRequest[];
  /** The next `times` requests (whose path contains `path`) answer this error. */
  failNext(failure: { status: number; code: string; path?: string; times?: number }): void;
  /** Answer requests only after this long (a timeout); 0: at once. */
  delayMs: number;
  /** Off: successful answers come without the platform's signature (a proxy, a forgery). */
  signAnswers: boolean;
  /** What a new refund answers: SUCCESS at once, or PROCESSING until `finishRefund`. */
  refundMode: 'SUCCESS' | 'PROCESSING';
  /** The payer confirms the prepay in the chat app: the transaction is paid and its signed notify
   * sent to its notify_url (amount: what the notify claims; default the prepay's). The notify's HTTP status. */
  pay(prepayId: string, options?: { amount?: number }): Promise<number>;
  /** A processing refund ends (SUCCESS, ABNORMAL or CLOSED) and its notify is sent if it had a notify_url (the status, or null). */
  finishRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): Promise<number | null>;
  close(): Promise<void>;
}

const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const hex = (n: number) => randomBytes(n).toString('hex');

export async function startWechatPayFake(options: { clock?: () => Date; port?: number; host?: string } = {}): Promise<WechatPayFake> {
  const clock = options.clock ?? (() => new Date());
  const mch = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const plat = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ids = { mchId: '1900000109', appId: 'wxd678efh567hg6787', mchSerial: hex(20).toUpperCase(), platformSerial: `PUB_KEY_ID_${hex(12).toUpperCase()}` };
  const apiV3Key = hex(16); // 32 characters
  const platform: PlatformKeys = { privateKey: plat.privateKey, serial: ids.platformSerial, apiV3Key: Buffer.from(apiV3Key, 'utf8') };
  const transactions = new Map<string, FakeTransaction>();
  const refunds = new Map<string, FakeRefund>();
  const requests: FakeRequest[] = [];
  const failures: Failure[] = [];

  const fake = {} as WechatPayFake;

  /** Our Authorization header, checked as the platform does: schema, merchant, serial, time, signature. */
  function signedByMerchant(req: IncomingMessage, urlPath: string, body: string): boolean {
    const auth = req.headers.authorization ?? '';
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(auth);
    if (!m) return false;
    const fields = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (fields.mchid !== ids.mchId || fields.serial_no !== ids.mchSerial || !fields.nonce_str || !/^\d+$/.test(fields.timestamp ?? '')) return false;
    if (Math.abs(clock().getTime() / 1000 - Number(fields.timestamp)) > 300) return false;
    return verifyLines(mch.publicKey, fields.signature ?? '', [req.method ?? '', urlPath, fields.timestamp, fields.nonce_str, body]);
  }

  function send(res: ServerResponse, status: number, payload: unknown, signed: boolean) {
    const body = payload === null ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = { 'request-id': hex(16) };
    if (body) headers['content-type'] = 'application/json';
    // The platform signs its successful answers (errors are not verified by merchants' SDKs).
    if (signed && fake.signAnswers) Object.assign(headers, signedHeaders(platform, body, clock()));
    res.writeHead(status, headers).end(body);
  }
  const error = (res: ServerResponse, status: number, code: string, message: string) => send(res, status, { code, message }, false);

  const txView = (t: FakeTransaction) => ({
    appid: t.appid,
    mchid: ids.mchId,
    out_trade_no: t.out_trade_no,
    ...(t.transaction_id ? { transaction_id: t.transaction_id, success_time: t.success_time, bank_type: 'OTHERS' } : {}),
    trade_type: 'JSAPI',
    trade_state: t.trade_state,
    trade_state_desc: { NOTPAY: '未支付', SUCCESS: '支付成功', CLOSED: '已关闭', REFUND: '转入退款' }[t.trade_state],
    payer: { openid: t.openid },
    amount: { total: t.total, currency: 'CNY', ...(t.transaction_id ? { payer_total: t.total, payer_currency: 'CNY' } : {}) },
  });
  const refundView = (r: FakeRefund) => ({
    refund_id: r.refund_id,
    out_refund_no: r.out_refund_no,
    transaction_id: r.transaction_id,
    out_trade_no: r.out_trade_no,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: r.create_time,
    ...(r.status === 'SUCCESS' ? { success_time: clock().toISOString() } : {}),
    status: r.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: r.total,
      refund: r.refund,
      payer_total: r.total,
      payer_refund: r.refund,
      settlement_refund: r.refund,
      settlement_total: r.total,
      discount_refund: 0,
      currency: 'CNY',
    },
  });

  async function api(req: IncomingMessage, res: ServerResponse, urlPath: string, body: string): Promise<void> {
    const url = new URL(urlPath, 'http://fake');
    const json = (() => {
      try {
        return body ? (JSON.parse(body) as Record<string, any>) : {};
      } catch {
        return null;
      }
    })();
    if (json === null) return error(res, 400, 'PARAM_ERROR', '请求体不是合法的JSON');
    const route = `${req.method} ${url.pathname}`;

    if (route === 'POST /v3/pay/transactions/jsapi') {
      const j = json;
      const ok =
        j.appid === ids.appId &&
        j.mchid === ids.mchId &&
        typeof j.description === 'string' &&
        j.description.length >= 1 &&
        j.description.length <= 127 &&
        typeof j.out_trade_no === 'string' &&
        /^[A-Za-z0-9_\-|*]{6,32}$/.test(j.out_trade_no) &&
        typeof j.notify_url === 'string' &&
        /^https?:\/\/[^?#]+$/.test(j.notify_url) &&
        Number.isSafeInteger(j.amount?.total) &&
        j.amount.total > 0 &&
        typeof j.payer?.openid === 'string' &&
        j.payer.openid.length > 0;
      if (!ok) return error(res, 400, 'PARAM_ERROR', '参数错误');
      const known = transactions.get(j.out_trade_no);
      if (known?.trade_state === 'SUCCESS' || known?.trade_state === 'REFUND') return error(res, 403, 'ORDERPAID', '该订单已支付');
      if (known?.trade_state === 'CLOSED') return error(res, 400, 'ORDER_CLOSED', '订单已关闭');
      if (known && (known.total !== j.amount.total || known.openid !== j.payer.openid)) return error(res, 403, 'OUT_TRADE_NO_USED', '商户订单号重复');
      const t: FakeTransaction = known ?? {
        out_trade_no: j.out_trade_no,
        prepay_id: `wx${hex(15)}`,
        appid: j.appid,
        description: j.description,
        notify_url: j.notify_url,
        openid: j.payer.openid,
        total: j.amount.total,
        trade_state: 'NOTPAY',
        transaction_id: null,
        success_time: null,
      };
      transactions.set(t.out_trade_no, t);
      return send(res, 200, { prepay_id: t.prepay_id }, true);
    }

    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (byNo) {
      if (req.method === 'GET' ? url.searchParams.get('mchid') !== ids.mchId : json.mchid !== ids.mchId) return error(res, 400, 'PARAM_ERROR', 'mchid错误');
      const t = transactions.get(decodeURIComponent(byNo[1]));
      if (!t) return error(res, 404, 'ORDER_NOT_EXIST', '订单不存在');
      if (req.method === 'GET' && !byNo[2]) return send(res, 200, txView(t), true);
      if (req.method === 'POST' && byNo[2]) {
        if (t.trade_state === 'SUCCESS' || t.trade_state === 'REFUND') return error(res, 400, 'ORDERPAID', '订单已支付');
        t.trade_state = 'CLOSED';
        return send(res, 204, null, true);
      }
    }

    if (route === 'POST /v3/refund/domestic/refunds') {
      const j = json;
      if (typeof j.out_refund_no !== 'string' || !/^[A-Za-z0-9_\-|*@]{1,64}$/.test(j.out_refund_no)) return error(res, 400, 'PARAM_ERROR', 'out_refund_no错误');
      // The same out_refund_no is the same refund: answered again, never made twice.
      const again = refunds.get(j.out_refund_no);
      if (again) return send(res, 200, refundView(again), true);
      const t = [...transactions.values()].find((x) => x.out_trade_no === j.out_trade_no || (j.transaction_id && x.transaction_id === j.transaction_id));
      if (!t) return error(res, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
      if (!t.transaction_id) return error(res, 400, 'INVALID_REQUEST', '订单未支付，不能退款');
      if (!Number.isSafeInteger(j.amount?.refund) || j.amount.refund <= 0 || j.amount.total !== t.total || j.amount.currency !== 'CNY') {
        return error(res, 400, 'PARAM_ERROR', '金额参数错误');
      }
      const refunded = [...refunds.values()].filter((r) => r.out_trade_no === t.out_trade_no && r.status !== 'CLOSED').reduce((s, r) => s + r.refund, 0);
      if (refunded + j.amount.refund > t.total) return error(res, 400, 'INVALID_REQUEST', '退款金额超过订单可退金额');
      const r: FakeRefund = {
        out_refund_no: j.out_refund_no,
        refund_id: `50${hex(14)}`,
        out_trade_no: t.out_trade_no,
        transaction_id: t.transaction_id,
        refund: j.amount.refund,
        total: t.total,
        status: fake.refundMode,
        notify_url: typeof j.notify_url === 'string' ? j.notify_url : null,
        create_time: clock().toISOString(),
      };
      refunds.set(r.out_refund_no, r);
      t.trade_state = 'REFUND';
      return send(res, 200, refundView(r), true);
    }

    const refundNo = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(url.pathname);
    if (refundNo && req.method === 'GET') {
      const r = refunds.get(decodeURIComponent(refundNo[1]));
      if (!r) return error(res, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
      return send(res, 200, refundView(r), true);
    }
    return error(res, 404, 'NOT_FOUND', '接口不存在');
  }

  /** Test hooks over HTTP, for a test in another process (a browser e2e). */
  async function hooks(req: IncomingMessage, res: ServerResponse, pathname: string, body: string): Promise<void> {
    const j = body ? JSON.parse(body) : {};
    if (pathname === '/fake/pay' && req.method === 'POST') {
      const status = await fake.pay(String(j.prepay_id ?? String(j.package ?? '').replace(/^prepay_id=/, '')));
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ notifyStatus: status }));
    }
    if (pathname === '/fake/fail' && req.method === 'POST') {
      fake.failNext({ status: Number(j.status), code: String(j.code), path: j.path, times: j.times });
      return void res.writeHead(204).end();
    }
    if (pathname === '/fake/state' && req.method === 'GET') {
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ transactions: [...transactions.values()], refunds: [...refunds.values()], requests }));
    }
    res.writeHead(404).end();
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const urlPath = req.url ?? '/';
      const run = async () => {
        if (urlPath.startsWith('/fake/')) return hooks(req, res, new URL(urlPath, 'http://fake').pathname, body);
        if (fake.delayMs > 0) await new Promise((r) => setTimeout(r, fake.delayMs));
        const signed = signedByMerchant(req, urlPath, body);
        const entry: FakeRequest = { method: req.method ?? '', path: urlPath, body, signed, status: 0 };
        requests.push(entry);
        res.on('finish', () => {
          entry.status = res.statusCode;
        });
        if (!signed) return error(res, 401, 'SIGN_ERROR', '签名错误');
        const i = failures.findIndex((f) => !f.path || urlPath.includes(f.path));
        if (i >= 0) {
          const f = failures[i];
          if (--f.times <= 0) failures.splice(i, 1);
          return error(res, f.status, f.code, `fake failure ${f.code}`);
        }
        return api(req, res, urlPath, body);
      };
      run().catch((e) => {
        if (!res.headersSent) error(res, 500, 'SYSTEM_ERROR', String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;

  async function deliver(notifyUrl: string, n: { headers: Record<string, string>; body: string }): Promise<number> {
    const res = await fetch(notifyUrl, { method: 'POST', headers: n.headers, body: n.body });
    await res.text();
    return res.status;
  }

  Object.assign(fake, {
    url,
    config: {
      apiUrl: url,
      mchId: ids.mchId,
      appId: ids.appId,
      mchSerial: ids.mchSerial,
      mchPrivateKey: pem(mch.privateKey, 'pkcs8'),
      apiV3Key,
      platformPublicKey: pem(plat.publicKey, 'spki'),
      platformSerial: ids.platformSerial,
    },
    mchPublicKey: mch.publicKey,
    platform,
    transactions,
    refunds,
    requests,
    delayMs: 0,
    signAnswers: true,
    refundMode: 'SUCCESS',
    failNext: (f: { status: number; code: string; path?: string; times?: number }) => failures.push({ ...f, times: f.times ?? 1 }),
    async pay(prepayId: string, o: { amount?: number } = {}) {
      const t = [...transactions.values()].find((x) => x.prepay_id === prepayId);
      if (!t) throw new Error(`fake: unknown prepay_id ${prepayId}`);
      if (t.trade_state === 'NOTPAY') {
        t.trade_state = 'SUCCESS';
        t.transaction_id = `42000${hex(12)}`;
        t.success_time = clock().toISOString();
      }
      // The notify tells of the payment's success, even replayed after a refund.
      const resource = {
        ...txView(t),
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        amount: { total: o.amount ?? t.total, payer_total: o.amount ?? t.total, currency: 'CNY', payer_currency: 'CNY' },
      };
      return deliver(t.notify_url, signNotify(platform, resource as never, clock()));
    },
    async finishRefund(outRefundNo: string, status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED') {
      const r = refunds.get(outRefundNo);
      if (!r) throw new Error(`fake: unknown out_refund_no ${outRefundNo}`);
      r.status = status;
      if (!r.notify_url) return null;
      const resource = {
        mchid: ids.mchId,
        out_trade_no: r.out_trade_no,
        transaction_id: r.transaction_id,
        out_refund_no: r.out_refund_no,
        refund_id: r.refund_id,
        refund_status: status,
        user_received_account: '支付用户零钱',
        amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
      };
      const summary = { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' }[status];
      return deliver(r.notify_url, signEvent(platform, { type: `REFUND.${status}`, summary, originalType: 'refund', resource }, clock()));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
  return fake;
}

/** Writes the key files and the env lines the app's WECHATPAY_* variables take. */
export function writeKeys(fake: WechatPayFake, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const mchKey = path.join(dir, 'mch_private_key.pem');
  const platformKey = path.join(dir, 'platform_public_key.pem');
  writeFileSync(mchKey, fake.config.mchPrivateKey, { mode: 0o600 });
  writeFileSync(platformKey, fake.config.platformPublicKey);
  const env = [
    'PAYMENT_PROVIDER=wechatpay',
    `WECHATPAY_API_URL=${fake.url}`,
    `WECHATPAY_MCH_ID=${fake.config.mchId}`,
    `WECHAT_APP_ID=${fake.config.appId}`,
    `WECHATPAY_MCH_SERIAL=${fake.config.mchSerial}`,
    `WECHATPAY_MCH_PRIVATE_KEY_FILE=${mchKey}`,
    `WECHATPAY_API_V3_KEY=${fake.config.apiV3Key}`,
    `WECHATPAY_PLATFORM_PUBLIC_KEY_FILE=${platformKey}`,
    `WECHATPAY_PLATFORM_SERIAL=${fake.config.platformSerial}`,
  ].join('\n');
  writeFileSync(path.join(dir, 'env'), `${env}\n`);
  return env;
}

// Standalone: tsx tests/fakes/wechatPayFake.ts --port N --keys-dir D
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const fake = await startWechatPayFake({ port: Number(arg('--port') ?? 0) });
  const env = writeKeys(fake, path.resolve(arg('--keys-dir') ?? '.data/wechatpay-fake'));
  console.log(`[wechatpay fake] listening on ${fake.url}\n${env}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
