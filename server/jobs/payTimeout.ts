/** Pay timeout: cancels unpaid orders at their deadline and returns their stock, exactly once.
 * With a payment provider, its open payments of those orders are settled first (outside any
 * transaction): paid meanwhile → the order is paid, else closed at the platform. */
import { drain, every, type JobOptions } from './every.ts';
import type { Db } from '../db/db.ts';
import type { Clock } from '../time.ts';
import type { PaymentProvider } from '../providers/payment.ts';
import { cancelDueOrdersIn } from '../services/payDeadline.ts';
import { settleDuePayments } from '../services/payments.ts';

/** One run: claims due orders (FOR UPDATE SKIP LOCKED) in batches until none is left. Orders
 * whose platform could not be reached wait for the next run, their payment still open. */
export async function runPayTimeout(db: Db, clock: Clock, batch = 100, payment?: PaymentProvider): Promise<number> {
  const exceptOrderIds = payment ? (await settleDuePayments({ db, clock }, payment, batch)).unreachable : [];
  return drain(() => db.tx((q) => cancelDueOrdersIn(q, clock(), { limit: batch, exceptOrderIds }), 'job'), batch);
}

/** Runs every intervalMs; returns a stop function. */
export function startPayTimeoutJob(db: Db, clock: Clock, intervalMs = 5000, payment?: PaymentProvider, options: JobOptions = {}): () => Promise<void> {
  return every('payTimeout', () => runPayTimeout(db, clock, 100, payment), intervalMs, options);
}
