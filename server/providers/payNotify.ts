/** The payment notify callback in the chat app's payment API v3 format, both ends:
 * - `verifyNotify` is what our notify route runs: the RSA-SHA256 signature over
 *   "timestamp\nnonce\nbody\n" with the platform's public key, a timestamp within 5 minutes,
 *   then the AEAD_AES_256_GCM resource opened with the merchant's API v3 key;
 * - `signNotify` is what the payment platform does; only the simulator uses it.
 * The real adapter (chat-app JSAPI payment) verifies with the same function and the platform
 * certificate's public key. */
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, randomUUID, type KeyObject } from 'node:crypto';

export const NOTIFY_HEADERS = {
  timestamp: 'wechatpay-timestamp',
  nonce: 'wechatpay-nonce',
  signature: 'wechatpay-signature',
  serial: 'wechatpay-serial',
  signatureType: 'wechatpay-signature-type',
} as const;

const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';
/** How old (or how far ahead) a notify's timestamp may be: older ones are replays. */
const MAX_SKEW_S = 300;

/** The decrypted `transaction` resource (the fields we use). */
export interface PaidTransaction {
  out_trade_no: string;
  transaction_id: string;
  trade_state: string;
  amount: { total: number; currency: string };
}

export interface NotifyKeys {
  /** The platform certificate's public key (verifies) and its serial number. */
  platformPublicKey: KeyObject;
  platformSerial: string;
  /** The merchant's 32-byte API v3 key (decrypts the resource). */
  apiV3Key: Buffer;
}

const message = (timestamp: string, nonce: string, body: string) => `${timestamp}\n${nonce}\n${body}\n`;

/** Checks the signature and freshness and opens the resource; null when anything is wrong. */
export function verifyNotify(keys: NotifyKeys, headers: Record<string, string | string[] | undefined>, body: string, now: Date): PaidTransaction | null {
  const h = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  const timestamp = h(NOTIFY_HEADERS.timestamp);
  const nonce = h(NOTIFY_HEADERS.nonce);
  const signature = h(NOTIFY_HEADERS.signature);
  if (!timestamp || !nonce || !signature || !/^\d{1,12}$/.test(timestamp)) return null;
  if (h(NOTIFY_HEADERS.serial) !== keys.platformSerial) return null;
  const type = h(NOTIFY_HEADERS.signatureType);
  if (type !== undefined && type !== SIGNATURE_TYPE) return null;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > MAX_SKEW_S) return null;
  const verifier = createVerify('RSA-SHA256');
  verifier.update(message(timestamp, nonce, body));
  if (!verifier.verify(keys.platformPublicKey, signature, 'base64')) return null;
  try {
    const event = JSON.parse(body) as { event_type?: string; resource?: { algorithm?: string; ciphertext?: string; nonce?: string; associated_data?: string } };
    const r = event.resource;
    if (event.event_type !== 'TRANSACTION.SUCCESS' || r?.algorithm !== 'AEAD_AES_256_GCM' || !r.ciphertext || !r.nonce) return null;
    const sealed = Buffer.from(r.ciphertext, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keys.apiV3Key, Buffer.from(r.nonce));
    decipher.setAAD(Buffer.from(r.associated_data ?? ''));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
    const tx = JSON.parse(plain) as PaidTransaction;
    if (typeof tx.out_trade_no !== 'string' || !Number.isSafeInteger(tx.amount?.total) || tx.trade_state !== 'SUCCESS') return null;
    return tx;
  } catch {
    return null;
  }
}

/** The platform's side: a signed TRANSACTION.SUCCESS notify for a paid transaction. */
export function signNotify(
  platform: { privateKey: KeyObject; serial: string; apiV3Key: Buffer },
  tx: PaidTransaction,
  now: Date,
): { headers: Record<string, string>; body: string } {
  const nonce = randomBytes(16).toString('hex');
  const resourceNonce = randomBytes(6).toString('hex'); // 12 characters, as the platform sends
  const cipher = createCipheriv('aes-256-gcm', platform.apiV3Key, Buffer.from(resourceNonce));
  cipher.setAAD(Buffer.from('transaction'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(tx), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: now.toISOString(),
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), associated_data: 'transaction', nonce: resourceNonce },
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signer = createSign('RSA-SHA256');
  signer.update(message(timestamp, nonce, body));
  return {
    headers: {
      'content-type': 'application/json',
      [NOTIFY_HEADERS.timestamp]: timestamp,
      [NOTIFY_HEADERS.nonce]: nonce,
      [NOTIFY_HEADERS.signature]: signer.sign(platform.privateKey, 'base64'),
      [NOTIFY_HEADERS.serial]: platform.serial,
      [NOTIFY_HEADERS.signatureType]: SIGNATURE_TYPE,
    },
    body,
  };
}
