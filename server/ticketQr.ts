/** What a ticket's QR code says: `T1.<ticketId>.<nonce>.<signature>`, signed with an Ed25519
 * key derived from the token secret. The gate checks the signature before it reads the
 * database, so a forged or edited code is refused as such; the public key lets a gate check
 * it without the database during a short outage. The nonce is the ticket's random qr_code, so
 * a code is worth nothing without the row it was issued with. */
import { createPrivateKey, createPublicKey, hkdfSync, sign, verify, type KeyObject } from 'node:crypto';

const PREFIX = 'T1';
// PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410).
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

let keys: { privateKey: KeyObject; publicKey: KeyObject } | null = null;

/** Derives the signing key once per process from the token secret (buildApp calls it). */
export function initTicketQr(secret: Uint8Array): void {
  const seed = Buffer.from(hkdfSync('sha256', secret, 'museum-ticket-qr', 'ed25519 seed', 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
  keys = { privateKey, publicKey: createPublicKey(privateKey) };
}

function keyPair() {
  if (!keys) throw new Error('initTicketQr was not called');
  return keys;
}

/** The QR text of a ticket with its nonce (null: no QR yet, the ticket is unpaid). */
export function ticketQr(ticketId: number, nonce: string | null): string | null {
  if (!nonce) return null;
  const body = `${PREFIX}.${ticketId}.${nonce}`;
  return `${body}.${sign(null, Buffer.from(body), keyPair().privateKey).toString('base64url')}`;
}

/** The ticket a QR text names, when its signature is the museum's; null for anything else. */
export function readTicketQr(text: string): { ticketId: number; nonce: string } | null {
  const parts = text.trim().split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX || !/^\d{1,10}$/.test(parts[1]) || !/^[\w-]{8,64}$/.test(parts[2])) return null;
  const signature = Buffer.from(parts[3], 'base64url');
  // Exactly as issued: a signature with other padding bits, or stray characters, is an edit.
  if (signature.length !== 64 || signature.toString('base64url') !== parts[3]) return null;
  if (!verify(null, Buffer.from(parts.slice(0, 3).join('.')), keyPair().publicKey, signature)) return null;
  return { ticketId: Number(parts[1]), nonce: parts[2] };
}

/** The public key a gate checks codes with offline (SPKI, base64url). */
export function ticketQrPublicKey(): string {
  return keyPair().publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
}
