/** The account's record of its own changes (`account_audit`): what changed and when, written in
 * the transaction of the change; kept, anonymised, after a cancellation (docs/demo.md section 2). */
import type { Queryable } from '../db/db.ts';

export type AccountAction = 'changePhone' | 'bindEmail' | 'unbindEmail' | 'cancel' | 'bindPhone' | 'unbindWechat' | 'mergeWechat';

export async function accountAudit(q: Queryable, userId: number, action: AccountAction, detail: Record<string, unknown> | null, at: Date): Promise<void> {
  await q.query('INSERT INTO account_audit (user_id, action, detail, at) VALUES ($1, $2, $3, $4)', [
    userId,
    action,
    detail ? JSON.stringify(detail) : null,
    at,
  ]);
}
