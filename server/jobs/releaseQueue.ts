/** The release queue's admissions (services/releaseQueue.ts admitRound), on one instance at a
 * time: each round first takes or renews the lease row `releaseQueue` (migration 046), a
 * conditional upsert; an instance that does not hold it skips the round, and a holder that died
 * leaves the admissions to whoever takes the lease after it runs out. */
import { randomBytes } from 'node:crypto';
import { every, type JobOptions } from './every.ts';
import type { AppDeps } from '../context.ts';
import { admitRound } from '../services/releaseQueue.ts';

/** Longer than a few rounds: one slow round does not hand the lease over. */
const LEASE_MS = 10_000;

/** Takes the lease of `name` for `holder` when it is free, lapsed or already the holder's. */
export async function takeLease(deps: AppDeps, name: string, holder: string, ms = LEASE_MS): Promise<boolean> {
  const now = deps.clock();
  const rows = await deps.db.query(
    `INSERT INTO job_leases (name, holder, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
     WHERE job_leases.holder = excluded.holder OR job_leases.expires_at <= $4
     RETURNING 1`,
    [name, holder, new Date(now.getTime() + ms), now],
  );
  return rows.length === 1;
}

/** One round as `holder`: the admissions if the lease is ours, else nothing (-1). */
export async function runReleaseQueue(deps: AppDeps, holder: string): Promise<number> {
  if (!(await takeLease(deps, 'releaseQueue', holder))) return -1;
  return admitRound(deps);
}

export function startReleaseQueueJob(deps: AppDeps, intervalMs = 1000, options: JobOptions = {}): () => Promise<void> {
  const holder = randomBytes(8).toString('hex');
  return every('releaseQueue', () => runReleaseQueue(deps, holder), intervalMs, options);
}
