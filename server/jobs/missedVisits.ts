/** Missed visits: paid tickets never checked whose visit date has passed become 'expired'
 * (they count toward the blacklist, services/blacklist.ts). Idempotent; FOR UPDATE SKIP LOCKED. */
import type { Db } from '../db/db.ts';
import type { Clock } from '../time.ts';
import { runMissedVisits } from '../services/missedVisits.ts';
import { every, type JobOptions } from './every.ts';

export { runMissedVisits };

export function startMissedVisitsJob(db: Db, clock: Clock, intervalMs = 600_000, options: JobOptions = {}) {
  return every('missedVisits', () => runMissedVisits(db, clock), intervalMs, options);
}
