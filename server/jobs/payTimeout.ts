/** Pay timeout: cancels unpaid orders at their deadline and returns their stock, exactly once. */
import { drain, every } from './every.ts';
import type { Db } from '../db/db.ts';
import type { Clock } from '../time.ts';
import { cancelDueOrdersIn } from '../services/payDeadline.ts';

/** One run: claims due orders (FOR UPDATE SKIP LOCKED) in batches until none is left. */
export function runPayTimeout(db: Db, clock: Clock, batch = 100): Promise<number> {
  return drain(() => db.tx((q) => cancelDueOrdersIn(q, clock(), { limit: batch })), batch);
}

/** Runs every intervalMs; returns a stop function. */
export function startPayTimeoutJob(db: Db, clock: Clock, intervalMs = 5000, log: (msg: string) => void = console.error): () => Promise<void> {
  return every('payTimeout', () => runPayTimeout(db, clock), intervalMs, log);
}
