/** Cart expiry: held cart lines and group cart entries past their deadline become 'expired'
 * and give their held stock back, exactly once (guarded by their status; rows claimed FOR
 * UPDATE SKIP LOCKED). */
import type { Db } from '../db/db.ts';
import type { Clock } from '../time.ts';
import { expireDueCartLinesIn } from '../services/cart.ts';
import { expireDueGroupCartIn } from '../services/groupCart.ts';
import { drain, every, type JobOptions } from './every.ts';

/** One run with the given clock: claims due lines in batches until none is left. */
export async function runCartExpiry(db: Db, clock: Clock, batch = 200): Promise<number> {
  const lines = await drain(async () => (await db.tx((q) => expireDueCartLinesIn(q, clock(), { limit: batch }), 'job')).length, batch);
  const groups = await drain(async () => (await db.tx((q) => expireDueGroupCartIn(q, clock(), { limit: batch }), 'job')).length, batch);
  return lines + groups;
}

export function startCartExpiryJob(db: Db, clock: Clock, intervalMs = 5000, options: JobOptions = {}) {
  return every('cartExpiry', () => runCartExpiry(db, clock), intervalMs, options);
}
