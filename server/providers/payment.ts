/** Payment: the provider interface and the local cashier simulator (the default). The real
 * adapter (the chat app's JSAPI payment) arrives with the chat-app work; it will create a
 * prepay order and verify the notify callback with the same `verifyNotify` as here. */
import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { NotifyKeys } from './payNotify.ts';

export interface PaymentProvider {
  readonly name: 'sim';
  /** The URL the client opens to pay, in the payer's language. */
  payUrl(payId: string, lang: Lang): string;
  /** What the notify route verifies callbacks with. */
  readonly notifyKeys: NotifyKeys;
}

/** The simulator plays the payment platform: it holds the platform's private key and signs its notifies. */
export interface SimPayment extends PaymentProvider {
  readonly platform: { privateKey: KeyObject; serial: string; apiV3Key: Buffer };
}

/** The simulator's keys live in the settings table, so every instance on one database signs and verifies alike. */
async function simKeys(db: Queryable): Promise<{ privateKey: string; serial: string; apiV3Key: string }> {
  const read = async () =>
    (await db.query<{ value: string }>(`SELECT value FROM settings WHERE key = 'pay_sim_keys'`))[0]?.value;
  const stored = await read();
  if (stored) return JSON.parse(stored);
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys = {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    serial: randomBytes(20).toString('hex').toUpperCase(),
    apiV3Key: randomBytes(16).toString('hex'), // 32 characters, used as the 32-byte AES key like the vendor's
  };
  await db.query(`INSERT INTO settings (key, value) VALUES ('pay_sim_keys', $1) ON CONFLICT (key) DO NOTHING`, [JSON.stringify(keys)]);
  return JSON.parse((await read())!);
}

export async function simPayment(db: Queryable): Promise<SimPayment> {
  const k = await simKeys(db);
  const privateKey = createPrivateKey(k.privateKey);
  const apiV3Key = Buffer.from(k.apiV3Key, 'utf8');
  return {
    name: 'sim',
    payUrl: (payId, lang) => `/prod-api/pay/sim/cashier?payId=${encodeURIComponent(payId)}&lang=${lang}`,
    notifyKeys: { platformPublicKey: createPublicKey(privateKey), platformSerial: k.serial, apiV3Key },
    platform: { privateKey, serial: k.serial, apiV3Key },
  };
}
