/** What the token check asks the database besides the signature, kept in memory: a token's
 * state (logged out; its account's version moved on since it was issued; its visitor account
 * cancelled or without a bound phone) and a staff account's role.
 *
 * The refused are few (tokens logged out and not yet expired; accounts whose version moved on;
 * visitor accounts cancelled or without a bound phone), so all of them are kept: loaded when the
 * change notices start arriving and again every LONG_TTL_MS, so a token seen for the first time
 * (a release-hour rush of buyers, each sending her first request) is judged without a query.
 * What the view cannot vouch for is asked of the database as before (and kept per token until a
 * notice drops it): a jti or an account named by a change notice since the view was read, and
 * an account newer than the view. Nothing is judged from memory while the notices are not
 * arriving. */
import { ACCOUNT_TABLE, type Account, type AccountKind } from './auth.ts';
import { LONG_TTL_MS, type Changes } from './changes.ts';
import type { Db } from './db/db.ts';
import type { StaffRole } from '../src/domain/staffRoles.ts';

export type TokenState = 'ok' | 'revoked' | 'unbound';

/** Each kind by its table, as its change notices name it. */
const KIND_OF = new Map<string, AccountKind>(Object.entries(ACCOUNT_TABLE).map(([kind, table]) => [table, kind as AccountKind]));

/** Everything refused, as read at one moment. */
interface RefusedView {
  revoked: Set<string>;
  /** Visitor accounts cancelled or without a bound phone. */
  accounts: Map<number, Exclude<TokenState, 'ok'>>;
  /** `kind:id` of every account whose version is not 0, and that version. */
  versions: Map<string, number>;
  /** The newest account of each kind when it was read: a newer one is not in it. */
  maxIds: Record<AccountKind, number>;
}

export function tokenChecks(db: Db, changes: Changes) {
  // Keyed `jti|kind|userId`; a logout drops its jti, an account's change its id (rare events:
  // a walk over the keys is cheap beside the queries it saves).
  const states = changes.memo<TokenState>('tokenStates', [], LONG_TTL_MS, 100_000);
  const roles = changes.memo<StaffRole | null>('staffRoles', ['staff_users'], LONG_TTL_MS, 10_000);
  let view: RefusedView | null = null;
  // What a notice named, by the number of the notice; a view read after it no longer needs it.
  const noticed = new Map<string, number>();
  let notices = 0;
  let reading: Promise<void> | null = null;

  const read = () => {
    reading ??= (async () => {
      const from = notices;
      try {
        const [revoked, accounts, versions, [max]] = [
          await db.query<{ jti: string }>('SELECT jti FROM revoked_tokens WHERE expires_at > $1', [changes.clock()]),
          await db.query<{ id: number; cancelled: boolean }>(
            'SELECT id, cancelled_at IS NOT NULL AS cancelled FROM users WHERE cancelled_at IS NOT NULL OR bind_status <> 1',
          ),
          await db.query<{ kind: AccountKind; id: number; version: number }>(
            `SELECT 'individual' AS kind, id, token_version AS version FROM users WHERE token_version <> 0
             UNION ALL SELECT 'team', id, token_version FROM teams WHERE token_version <> 0
             UNION ALL SELECT 'staff', id, token_version FROM staff_users WHERE token_version <> 0`,
          ),
          await db.query<Record<AccountKind, number | null>>(
            'SELECT (SELECT max(id) FROM users) AS individual, (SELECT max(id) FROM teams) AS team, (SELECT max(id) FROM staff_users) AS staff',
          ),
        ];
        if (!changes.live) return;
        view = {
          revoked: new Set(revoked.map((r) => r.jti)),
          accounts: new Map(accounts.map((a) => [a.id, a.cancelled ? 'revoked' : 'unbound'])),
          versions: new Map(versions.map((v) => [`${v.kind}:${v.id}`, v.version])),
          maxIds: { individual: max.individual ?? 0, team: max.team ?? 0, staff: max.staff ?? 0 },
        };
        for (const [key, n] of noticed) if (n <= from) noticed.delete(key);
      } catch {
        view = null; // asked of the database until the next read
      } finally {
        reading = null;
      }
    })();
    return reading;
  };
  if (changes.live) void read();
  const refresh = setInterval(() => changes.live && void read(), LONG_TTL_MS);
  refresh.unref();

  changes.subscribe((table, key) => {
    if (table === '*') {
      // The notices stopped or started again: what was read before is not trusted.
      view = null;
      noticed.clear();
      if (changes.live) void read();
      return;
    }
    if (key === null) return;
    if (table === 'revoked_tokens') {
      noticed.set(`jti:${key}`, ++notices);
      states.drop((k) => k.startsWith(`${key}|`));
    }
    const kind = KIND_OF.get(table);
    if (kind) {
      noticed.set(`${kind}:${key}`, ++notices);
      states.drop((k) => k.endsWith(`|${kind}|${key}`));
    }
  });

  /** The view's answer, or null when it cannot vouch for this token. */
  const fromView = (account: Account): TokenState | null => {
    if (!view || !changes.live || noticed.has(`jti:${account.jti}`)) return null;
    if (view.revoked.has(account.jti)) return 'revoked';
    const key = `${account.kind}:${account.userId}`;
    if (account.userId > view.maxIds[account.kind] || noticed.has(key)) return null;
    if ((view.versions.get(key) ?? 0) !== account.version) return 'revoked';
    if (account.kind !== 'individual') return 'ok';
    return view.accounts.get(account.userId) ?? 'ok';
  };

  return {
    state(account: Account): Promise<TokenState> {
      const known = fromView(account);
      if (known) return Promise.resolve(known);
      return states.get(`${account.jti}|${account.kind}|${account.userId}`, async () => {
        const { kind, userId, version } = account;
        const rows = await db.query<{ unbound: boolean }>(
          `SELECT false AS unbound FROM revoked_tokens WHERE jti = $1
           UNION ALL SELECT false FROM ${ACCOUNT_TABLE[kind]} WHERE id = $2 AND token_version <> $3
           UNION ALL SELECT cancelled_at IS NULL AS unbound FROM users WHERE $4 AND id = $2 AND (cancelled_at IS NOT NULL OR bind_status <> 1)`,
          [account.jti, userId, version, kind === 'individual'],
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
    close(): void {
      clearInterval(refresh);
    },
  };
}
