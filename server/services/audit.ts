/** The staff audit: every staff action, who did it and when, written in the
 * action's own transaction so an action that rolls back leaves no entry. */
import type { Queryable } from '../db/db.ts';

export async function audit(q: Queryable, staffId: number, action: string, subject: string, detail: Record<string, unknown> | null, at: Date): Promise<void> {
  await q.query('INSERT INTO staff_audit (staff_id, action, subject, detail, at) VALUES ($1, $2, $3, $4, $5)', [
    staffId,
    action,
    subject,
    detail ? JSON.stringify(detail) : null,
    at,
  ]);
}
