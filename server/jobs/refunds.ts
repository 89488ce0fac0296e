/** Refunds: submits the recorded refunds the provider has not taken yet and asks about those it
 * is processing (services/refundSubmit.ts). Claims rows with FOR UPDATE SKIP LOCKED and a lease,
 * so several instances share the work and never send one refund twice. */
import { drain, every, type JobOptions } from './every.ts';
import type { AppDeps } from '../context.ts';
import { submitRefunds } from '../services/refundSubmit.ts';

/** One run: every due refund, in batches. */
export function runRefunds(deps: AppDeps, batch = 20, log?: (msg: string) => void): Promise<number> {
  return drain(() => submitRefunds(deps, { limit: batch, log }), batch);
}

export function startRefundJob(deps: AppDeps, intervalMs = 5000, options: JobOptions = {}): () => Promise<void> {
  return every('refunds', () => runRefunds(deps, 20, options.log), intervalMs, options);
}
