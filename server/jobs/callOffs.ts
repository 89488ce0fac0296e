/** Call-offs: settles each order of a called-off session once (services/callOff.ts). Claims rows
 * with FOR UPDATE SKIP LOCKED and a lease, so several instances share the work, and a round
 * that died (a crash, a kill) leaves its orders to whoever runs after the lease runs out. */
import { drain, every, type JobOptions } from './every.ts';
import type { AppDeps } from '../context.ts';
import { runCallOffRound } from '../services/callOff.ts';

/** One run: every due order of every call-off, in batches. */
export function runCallOffs(deps: AppDeps, batch = 20, log?: (msg: string) => void): Promise<number> {
  return drain(() => runCallOffRound(deps, { limit: batch, log }), batch);
}

export function startCallOffJob(deps: AppDeps, intervalMs = 5000, options: JobOptions = {}): () => Promise<void> {
  return every('callOffs', () => runCallOffs(deps, 20, options.log), intervalMs, options);
}
