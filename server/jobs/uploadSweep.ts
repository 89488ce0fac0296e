/** Uploads nobody used: registration uploads come before an account, so an abandoned form
 * leaves images behind. A day later, an image no team document or request points to is
 * deleted (the per-address cap keeps the day's pile small). */
import type { Db } from '../db/db.ts';
import type { Clock } from '../time.ts';
import { every, type JobOptions } from './every.ts';

export const UNUSED_UPLOAD_TTL_MS = 24 * 3600_000;

export async function runUploadSweep(db: Db, clock: Clock): Promise<number> {
  const rows = await db.query(
    `DELETE FROM uploads u WHERE u.created_at < $1
       AND NOT EXISTS (SELECT 1 FROM team_documents d WHERE d.upload_id = u.id)
       AND NOT EXISTS (SELECT 1 FROM team_requests r WHERE u.id IN (r.upload_id, r.upload2_id))
     RETURNING u.id`,
    [new Date(clock().getTime() - UNUSED_UPLOAD_TTL_MS)],
  );
  return rows.length;
}

export function startUploadSweepJob(db: Db, clock: Clock, intervalMs = 3600_000, options: JobOptions = {}) {
  return every('uploadSweep', () => runUploadSweep(db, clock), intervalMs, options);
}
