/** The chat app's payment API v3 signatures and notifies, both ends, in one place:
 * - every message is lines joined and ended by "\n", signed RSA-SHA256 (`signLines`,
 *   `verifyLines`): our requests ("METHOD\nURL\ntimestamp\nnonce\nbody\n") and the JSAPI pay
 *   sign with the merchant's key, the platform's answers and notifies ("timestamp\nnonce\nbody\n")
 *   with the platform's;
 * - `verifySigned` is what we run on every answer and notify: the Wechatpay-* headers, the
 *   platform key's serial, a timestamp within 5 minutes, the signature;
 * - `verifyNotify` / `verifyRefundNotify` then open the AEAD_AES_256_GCM resource with the
 *   merchant's API v3 key;
 * - `signNotify`, `signEvent` and `signedHeaders` are what the payment platform does: the
 *   simulator's cashier and the tests' fake vendor use them. */
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, randomUUID, type KeyObject } from 'node:crypto';

export const NOTIFY_HEADERS = {
  timestamp: 'wechatpay-timestamp',
  nonce: 'wechatpay-nonce',
  signature: 'wechatpay-signature',
  serial: 'wechatpay-serial',
  signatureType: 'wechatpay-signature-type',
} as const;

export const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
/** How old (or how far ahead) a notify's timestamp may be: older ones are replays. */
const MAX_SKEW_S = 300;

/** The decrypted `transaction` resource (the fields we use). */
export interface PaidTransaction {
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  amount: { total: number; currency: string };
}

/** The decrypted `refund` resource of a refund notify (the fields we use). */
export interface RefundResource {
  out_trade_no: string;
  out_refund_no: string;
  refund_id: string;
  refund_status: 'SUCCESS' | 'ABNORMAL' | 'CLOSED';
  amount: { total: number; refund: number };
}

export interface NotifyKeys {
  /** The platform certificate's public key (verifies) and its serial number. */
  platformPublicKey: KeyObject;
  platformSerial: string;
  /** The merchant's 32-byte API v3 key (decrypts the resource). */
  apiV3Key: Buffer;
}

/** The platform's own keys: what signs answers and notifies and seals resources. */
export interface PlatformKeys {
  privateKey: KeyObject;
  serial: string;
  apiV3Key: Buffer;
}

type Headers = Record<string, string | string[] | undefined>;

const joined = (lines: string[]) => lines.map((l) => `${l}\n`).join('');

/** RSA-SHA256 over the lines, each ended by "\n", base64. */
export function signLines(key: KeyObject, lines: string[]): string {
  const signer = createSign('RSA-SHA256');
  signer.update(joined(lines));
  return signer.sign(key, 'base64');
}

export function verifyLines(key: KeyObject, signature: string, lines: string[]): boolean {
  try {
    const verifier = createVerify('RSA-SHA256');
    verifier.update(joined(lines));
    return verifier.verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

const nonceOf = () => randomBytes(16).toString('hex');

/** The platform's signature headers for a body it sends (an answer or a notify). */
export function signedHeaders(platform: PlatformKeys, body: string, now: Date): Record<string, string> {
  const nonce = nonceOf();
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    [NOTIFY_HEADERS.timestamp]: timestamp,
    [NOTIFY_HEADERS.nonce]: nonce,
    [NOTIFY_HEADERS.signature]: signLines(platform.privateKey, [timestamp, nonce, body]),
    [NOTIFY_HEADERS.serial]: platform.serial,
    [NOTIFY_HEADERS.signatureType]: SIGNATURE_TYPE,
  };
}

/** Whether a body came from the platform: its serial, a fresh timestamp, a good signature. */
export function verifySigned(keys: Pick<NotifyKeys, 'platformPublicKey' | 'platformSerial'>, headers: Headers, body: string, now: Date): boolean {
  const h = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  const timestamp = h(NOTIFY_HEADERS.timestamp);
  const nonce = h(NOTIFY_HEADERS.nonce);
  const signature = h(NOTIFY_HEADERS.signature);
  if (!timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (h(NOTIFY_HEADERS.serial) !== keys.platformSerial) return false;
  const type = h(NOTIFY_HEADERS.signatureType);
  if (type !== undefined && type !== SIGNATURE_TYPE) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_SKEW_S) return false;
  return verifyLines(keys.platformPublicKey, signature, [timestamp, nonce, body]);
}

interface SealedResource {
  algorithm?: string;
  ciphertext?: string;
  nonce?: string;
  associated_data?: string;
}

/** Opens an AEAD_AES_256_GCM resource; throws when it was tampered with. */
function openResource(apiV3Key: Buffer, r: SealedResource | undefined): unknown {
  if (r?.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce) throw new Error('not a sealed resource');
  const sealed = Buffer.from(r.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(r.nonce));
  decipher.setAAD(Buffer.from(r.associated_data ?? ''));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8'));
}

/** A verified notify's event type and its opened resource; null when anything is wrong. */
function openNotify(keys: NotifyKeys, headers: Headers, body: string, now: Date): { eventType: string; resource: unknown } | null {
  if (!verifySigned(keys, headers, body, now)) return null;
  try {
    const event = JSON.parse(body) as { event_type?: string; resource?: SealedResource };
    if (typeof event.event_type !== 'string') return null;
    return { eventType: event.event_type, resource: openResource(keys.apiV3Key, event.resource) };
  } catch {
    return null;
  }
}

/** A payment notify: checks the signature and freshness and opens the resource; null when anything is wrong. */
export function verifyNotify(keys: NotifyKeys, headers: Headers, body: string, now: Date): PaidTransaction | null {
  const opened = openNotify(keys, headers, body, now);
  if (opened?.eventType !== 'TRANSACTION.SUCCESS') return null;
  const tx = opened.resource as PaidTransaction;
  if (typeof tx?.out_trade_no !== 'string' || !Number.isSafeInteger(tx.amount?.total) || tx.trade_state !== 'SUCCESS') return null;
  return tx;
}

const REFUND_EVENTS = { 'REFUND.SUCCESS': 'SUCCESS', 'REFUND.ABNORMAL': 'ABNORMAL', 'REFUND.CLOSED': 'CLOSED' } as const;

/** A refund notify (REFUND.SUCCESS / ABNORMAL / CLOSED), verified and opened; null when anything is wrong. */
export function verifyRefundNotify(keys: NotifyKeys, headers: Headers, body: string, now: Date): RefundResource | null {
  const opened = openNotify(keys, headers, body, now);
  if (!opened || !(opened.eventType in REFUND_EVENTS)) return null;
  const r = opened.resource as RefundResource;
  if (typeof r?.out_refund_no !== 'string' || r.refund_status !== REFUND_EVENTS[opened.eventType as keyof typeof REFUND_EVENTS]) return null;
  return r;
}

/** The platform's side: a signed notify of an event with its sealed resource. */
export function signEvent(
  platform: PlatformKeys,
  event: { type: string; summary: string; originalType: string; resource: unknown },
  now: Date,
): { headers: Record<string, string>; body: string } {
  const resourceNonce = randomBytes(6).toString('hex'); // 12 characters, as the platform sends
  const cipher = createCipheriv('aes-256-gcm', platform.apiV3Key, Buffer.from(resourceNonce));
  cipher.setAAD(Buffer.from(event.originalType));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(event.resource), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: now.toISOString(),
    resource_type: 'encrypt-resource',
    event_type: event.type,
    summary: event.summary,
    resource: {
      original_type: event.originalType,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: sealed.toString('base64'),
      associated_data: event.originalType,
      nonce: resourceNonce,
    },
  });
  return { headers: { 'content-type': 'application/json', ...signedHeaders(platform, body, now) }, body };
}

/** The platform's side: a signed TRANSACTION.SUCCESS notify for a paid transaction. */
export function signNotify(platform: PlatformKeys, tx: PaidTransaction, now: Date): { headers: Record<string, string>; body: string } {
  return signEvent(platform, { type: 'TRANSACTION.SUCCESS', summary: '支付成功', originalType: 'transaction', resource: tx }, now);
}
