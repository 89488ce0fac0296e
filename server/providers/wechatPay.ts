/** The chat app's payment, API v3 (PAYMENT_PROVIDER=wechatpay): JSAPI prepay and the pay
 * parameters the chat app's getBrandWCPayRequest takes, order query and close by our payId
 * (out_trade_no), refunds and their query. Every request is signed with the merchant's key
 * (Authorization WECHATPAY2-SHA256-RSA2048), every successful answer's Wechatpay-Signature is
 * checked with the platform's public key (payNotify.ts's verifySigned, as notifies are), and
 * every failure becomes a PaymentError with a message in zh and en (payErrors.ts). */
import { createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import type { WechatPayConfig } from '../config.ts';
import type { Clock } from '../time.ts';
import { signLines, verifySigned } from './payNotify.ts';
import { PAY_TEXTS, PaymentError, vendorError } from './payErrors.ts';
import type { PaymentProvider, RefundState, TradeQuery, TradeState } from './payment.ts';

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

/** The vendor answers within seconds; past this a call counts as failed (and may be retried). */
const DEFAULT_TIMEOUT_MS = 10_000;

const nonce = () => randomBytes(16).toString('hex').toUpperCase();

/** The Authorization header of one request: the merchant signs "METHOD\nURL\ntimestamp\nnonce\nbody\n". */
export function authorization(mch: { mchId: string; serial: string; privateKey: KeyObject }, method: string, urlPath: string, body: string, now: Date): string {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonceStr = nonce();
  const signature = signLines(mch.privateKey, [method, urlPath, timestamp, nonceStr, body]);
  return `${AUTH_SCHEMA} mchid="${mch.mchId}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${mch.serial}"`;
}

interface Options {
  clock: Clock;
  timeoutMs?: number;
}

export function wechatPay(config: WechatPayConfig, { clock, timeoutMs = DEFAULT_TIMEOUT_MS }: Options): PaymentProvider {
  const mch = { mchId: config.mchId, serial: config.mchSerial, privateKey: createPrivateKey(config.mchPrivateKey) };
  const platform = { platformPublicKey: createPublicKey(config.platformPublicKey), platformSerial: config.platformSerial };

  /** One signed call; the answer's JSON (null for 204), verified as the platform's. */
  async function call<T>(method: 'GET' | 'POST', path: string, payload?: object): Promise<T | null> {
    const url = new URL(config.apiUrl + path);
    const body = payload ? JSON.stringify(payload) : '';
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: {
          authorization: authorization(mch, method, url.pathname + url.search, body, clock()),
          accept: 'application/json',
          'content-type': 'application/json',
          'user-agent': 'museum-tickets/1 (node)',
        },
        body: body || undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentError(timedOut ? 'TIMEOUT' : 'NETWORK', timedOut ? PAY_TEXTS.timeout : PAY_TEXTS.unavailable, true);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { code?: string }).code;
      } catch {
        code = undefined;
      }
      throw vendorError(res.status, code);
    }
    // An answer we cannot prove is the platform's is no answer (a proxy, a forgery).
    if (!verifySigned(platform, Object.fromEntries(res.headers), text, clock())) {
      throw new PaymentError('BAD_SIGNATURE', PAY_TEXTS.unavailable, true, res.status);
    }
    if (!text) return null;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new PaymentError('BAD_ANSWER', PAY_TEXTS.unavailable, true, res.status);
    }
  }

  const refundState = (r: { status?: string; refund_id?: string } | null): RefundState => {
    const status = r?.status;
    if (status !== 'SUCCESS' && status !== 'PROCESSING' && status !== 'ABNORMAL' && status !== 'CLOSED') {
      throw new PaymentError('BAD_ANSWER', PAY_TEXTS.unavailable, true);
    }
    return { status, refundId: r?.refund_id ?? null };
  };
  const outTradeNo = (payId: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(payId)}`;

  return {
    name: 'wechatpay',
    async start(input) {
      // JSAPI pay opens only inside the chat app, for a payer the official account knows.
      if (!input.inChatApp) throw new PaymentError('NOT_IN_CHAT_APP', PAY_TEXTS.inChatAppOnly, false);
      if (!input.openid) throw new PaymentError('NO_OPENID', PAY_TEXTS.noOpenid, false);
      const answer = await call<{ prepay_id?: string }>('POST', '/v3/pay/transactions/jsapi', {
        appid: config.appId,
        mchid: config.mchId,
        description: input.description.slice(0, 127),
        out_trade_no: input.payId,
        notify_url: input.notifyUrl,
        amount: { total: input.amount, currency: 'CNY' },
        payer: { openid: input.openid },
      });
      if (!answer?.prepay_id) throw new PaymentError('BAD_ANSWER', PAY_TEXTS.unavailable, true);
      const timeStamp = String(Math.floor(clock().getTime() / 1000));
      const nonceStr = nonce();
      const pkg = `prepay_id=${answer.prepay_id}`;
      return {
        jsapi: {
          appId: config.appId,
          timeStamp,
          nonceStr,
          package: pkg,
          signType: 'RSA',
          paySign: signLines(mch.privateKey, [config.appId, timeStamp, nonceStr, pkg]),
        },
      };
    },
    async query(payId): Promise<TradeQuery> {
      try {
        const tx = await call<{ trade_state?: TradeState; transaction_id?: string; amount?: { total?: number } }>(
          'GET',
          `${outTradeNo(payId)}?mchid=${encodeURIComponent(config.mchId)}`,
        );
        if (!tx?.trade_state) throw new PaymentError('BAD_ANSWER', PAY_TEXTS.unavailable, true);
        return { state: tx.trade_state, transactionId: tx.transaction_id ?? null, amount: tx.amount?.total ?? null };
      } catch (error) {
        // Never prepaid at the platform (the prepay itself failed): nothing was paid.
        if (error instanceof PaymentError && error.code === 'ORDER_NOT_EXIST') return { state: 'NOTPAY', transactionId: null, amount: null };
        throw error;
      }
    },
    async close(payId) {
      try {
        await call('POST', `${outTradeNo(payId)}/close`, { mchid: config.mchId });
      } catch (error) {
        if (error instanceof PaymentError && (error.code === 'ORDER_NOT_EXIST' || error.code === 'ORDER_CLOSED')) return;
        throw error;
      }
    },
    async refund(input) {
      return refundState(
        await call('POST', '/v3/refund/domestic/refunds', {
          out_trade_no: input.payId,
          out_refund_no: input.outRefundNo,
          reason: input.reason.slice(0, 80),
          ...(input.notifyUrl ? { notify_url: input.notifyUrl } : {}),
          amount: { refund: input.amount, total: input.total, currency: 'CNY' },
        }),
      );
    },
    async queryRefund(outRefundNo) {
      return refundState(await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`));
    },
    notifyKeys: { ...platform, apiV3Key: Buffer.from(config.apiV3Key, 'utf8') },
  };
}
