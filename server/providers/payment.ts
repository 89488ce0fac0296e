/** Payment: the provider interface, and the local cashier simulator (the default). The real
 * adapter is the chat app's payment API v3 (`wechatPay.ts`); both answer the same calls: start a
 * payment (a cashier page to open, or the chat app's JSAPI parameters), query it, close it,
 * refund it and query the refund. Notifies of both are verified with `notifyKeys` (payNotify.ts). */
import { createPrivateKey, createPublicKey, generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { Queryable } from '../db/db.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { JsapiPayParams } from '../../src/domain/types.ts';
import type { NotifyKeys, PlatformKeys } from './payNotify.ts';

/** What a payment needs to start: always the server's amount, never the client's. */
export interface PayStartInput {
  payId: string;
  /** In fen. */
  amount: number;
  description: string;
  lang: Lang;
  /** The page runs in the chat app's browser (it can open JSAPI pay). */
  inChatApp: boolean;
  /** The payer's openid for this official account, if the account has one. */
  openid: string | null;
  /** Where the platform sends the payment's notify. */
  notifyUrl: string;
}

/** A cashier page to open, or the parameters of the chat app's getBrandWCPayRequest. */
export type PayStart = { payUrl: string } | { jsapi: JsapiPayParams };

/** The platform's trade states (query by out_trade_no). */
export type TradeState = 'SUCCESS' | 'REFUND' | 'NOTPAY' | 'CLOSED' | 'REVOKED' | 'USERPAYING' | 'PAYERROR';

export interface TradeQuery {
  state: TradeState;
  transactionId: string | null;
  /** What the payer was charged, in fen (null until paid). */
  amount: number | null;
}

export interface RefundInput {
  /** Ours and stable per refund: a retry with the same number is never a second refund. */
  outRefundNo: string;
  payId: string;
  /** The original payment's amount and the part given back, in fen. */
  total: number;
  amount: number;
  reason: string;
  /** Where the platform sends the refund's notify; null: none (the refund job asks instead). */
  notifyUrl: string | null;
}

export interface RefundState {
  status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';
  refundId: string | null;
}

export interface PaymentProvider {
  readonly name: 'sim' | 'wechatpay';
  start(input: PayStartInput): Promise<PayStart>;
  query(payId: string): Promise<TradeQuery>;
  /** Closes an unpaid payment at the platform; a paid one throws ORDERPAID. */
  close(payId: string): Promise<void>;
  refund(input: RefundInput): Promise<RefundState>;
  queryRefund(outRefundNo: string): Promise<RefundState>;
  /** What the notify routes verify callbacks with. */
  readonly notifyKeys: NotifyKeys;
}

/** The simulator plays the payment platform: it holds the platform's private key and signs its notifies. */
export interface SimPayment extends PaymentProvider {
  readonly platform: PlatformKeys;
}

/** The simulator's keys live in the settings table, so every instance on one database signs and verifies alike. */
async function simKeys(db: Queryable): Promise<{ privateKey: string; serial: string; apiV3Key: string }> {
  const read = async () => (await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'pay_sim_keys'`))[0]?.value;
  const stored = await read();
  if (stored) return JSON.parse(stored);
  // Off the main thread (0.1-0.5 s of CPU): a fresh start seeds meanwhile.
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const keys = {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    serial: randomBytes(20).toString('hex').toUpperCase(),
    apiV3Key: randomBytes(16).toString('hex'), // 32 characters, used as the 32-byte AES key like the vendor's
  };
  await db.query(`INSERT INTO settings (key, value) VALUES ('pay_sim_keys', $1) ON CONFLICT (key) DO NOTHING`, [JSON.stringify(keys)]);
  return JSON.parse((await read())!);
}

/** The local cashier: its page is the payment (in the chat app too), its Pay button sends the
 * signed notify; what the platform would know is what the database says, so a query reads
 * NOTPAY (a paid one has been marked by its notify already) and a refund succeeds at once. */
export async function simPayment(db: Queryable, options: { refundDelayMs?: number } = {}): Promise<SimPayment> {
  const k = await simKeys(db);
  const privateKey = createPrivateKey(k.privateKey);
  const apiV3Key = Buffer.from(k.apiV3Key, 'utf8');
  return {
    name: 'sim',
    start: async ({ payId, lang }) => ({ payUrl: `/prod-api/pay/sim/cashier?payId=${encodeURIComponent(payId)}&lang=${lang}` }),
    query: async () => ({ state: 'NOTPAY', transactionId: null, amount: null }),
    close: async () => undefined,
    refund: async ({ outRefundNo }) => {
      // A slow platform, for a test that kills the server while a call-off is part-way (SIM_REFUND_DELAY_MS).
      if (options.refundDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refundDelayMs));
      return { status: 'SUCCESS', refundId: `simr${outRefundNo}` };
    },
    queryRefund: async (outRefundNo) => ({ status: 'SUCCESS', refundId: `simr${outRefundNo}` }),
    notifyKeys: { platformPublicKey: createPublicKey(privateKey), platformSerial: k.serial, apiV3Key },
    platform: { privateKey, serial: k.serial, apiV3Key },
  };
}
