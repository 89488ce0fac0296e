/** What the token check asks the database besides the signature, kept in memory (issue 17): a
 * token's state (logged out, its visitor account cancelled or without a bound phone) and a staff
 * account's role. A logout, a cancellation, a binding or a role change anywhere sends a change
 * notice (migration 028) that drops the entry at once on this instance and within the notice's
 * delivery on the others (server/changes.ts); an entry is asked again after LONG_TTL_MS at most,
 * and nothing is kept while the notices are not arriving. */
import type { Account } from './auth.ts';
import { LONG_TTL_MS, type Changes } from './changes.ts';
import type { Db } from './db/db.ts';
import type { StaffRole } from '../src/domain/staffRoles.ts';

export type TokenState = 'ok' | 'revoked' | 'unbound';

export function tokenChecks(db: Db, changes: Changes) {
  // Keyed `jti|kind|userId`; a logout drops its jti, an account's change its id (rare events:
  // a walk over the keys is cheap beside the queries it saves).
  const states = changes.memo<TokenState>([], LONG_TTL_MS, 100_000);
  const roles = changes.memo<StaffRole | null>(['staff_users'], LONG_TTL_MS, 10_000);
  changes.subscribe((table, key) => {
    if (key === null) return;
    if (table === 'revoked_tokens') states.drop((k) => k.startsWith(`${key}|`));
    if (table === 'users') states.drop((k) => k.endsWith(`|individual|${key}`));
  });
  return {
    state(account: Account): Promise<TokenState> {
      return states.get(`${account.jti}|${account.kind}|${account.userId}`, async () => {
        const rows = await db.query<{ unbound: boolean }>(
          `SELECT false AS unbound FROM revoked_tokens WHERE jti = $1
           UNION ALL SELECT cancelled_at IS NULL AS unbound FROM users WHERE $2 AND id = $3 AND (cancelled_at IS NOT NULL OR bind_status <> 1)`,
          [account.jti, account.kind === 'individual', account.userId],
        );
        if (rows.length === 0) return 'ok';
        return rows.every((r) => r.unbound) ? 'unbound' : 'revoked';
      });
    },
    /** Read per request before: a role changed by an admin applies to tokens already issued. */
    staffRole(staffId: number): Promise<StaffRole | null> {
      return roles.get(String(staffId), async () => {
        const [staff] = await db.query<{ role: StaffRole }>('SELECT role FROM staff_users WHERE id = $1', [staffId]);
        return staff?.role ?? null;
      });
    },
  };
}
