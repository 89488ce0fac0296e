/** Pay timeout: cancels unpaid orders at their deadline and returns their stock, exactly once. */
import { every } from './every.ts';
import type { Db } from '../db/db.ts';
import type { Clock } from '../time.ts';
import { cancelDueOrdersIn } from '../services/payDeadline.ts';

/** One run: claims due orders (FOR UPDATE SKIP LOCKED) in batches until none is left. */
export async function runPayTimeout(db: Db, clock: Clock, batch = 100): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.tx((q) => cancelDueOrdersIn(q, clock(), { limit: batch }));
    total += n;
    if (n < batch) return total;
  }
}

/** Runs every intervalMs; returns a stop function. */
export function startPayTimeoutJob(db: Db, clock: Clock, intervalMs = 5000, log: (msg: string) => void = console.error): () => Promise<void> {
  return every('payTimeout', () => runPayTimeout(db, clock), intervalMs, log);
}
