/** The demo's roll-forward: keeps BOOKING_DAYS days of sessions ahead (idempotent) from the
 * templates marked to roll forward, for a demo that runs for days. Started in demo mode only:
 * in production sessions come from the staff's applied templates alone. */
import type { Db } from '../db/db.ts';
import type { Clock } from '../time.ts';
import { museumDate } from '../time.ts';
import { ensureSchedules } from '../seed/seed.ts';
import { every, type JobOptions } from './every.ts';

export function startScheduleJob(db: Db, clock: Clock, intervalMs = 3600_000, options: JobOptions = {}): () => Promise<void> {
  return every('schedules', () => db.tx((q) => ensureSchedules(q, museumDate(clock())), 'job'), intervalMs, options);
}
