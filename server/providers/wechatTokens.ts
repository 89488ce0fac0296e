/** The chat app's short-lived credentials (access token, JS-SDK ticket), cached in the database
 * (`wechat_tokens`, migration 027) until shortly before they expire, shared by every instance.
 *
 * The vendor counts each fetch against a small daily quota, and a new access token retires the
 * old one, so a refresh happens once however many ask at a time: requests of one instance share
 * one promise, and instances share a lease row (`lease:<name>`), taken with a conditional upsert.
 * Whoever does not hold it waits for the value to appear. No transaction stays open across the
 * vendor's HTTP call (on PGlite one would stop the whole server for up to its timeout). A vendor
 * failure is written down for a few seconds (`failed:<name>`), so the instances waiting on the
 * lease, and the requests after them, give up at once instead of each asking the vendor again. */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import type { Clock } from '../time.ts';
import { processLog } from '../logger.ts';

/** A vendor that did not give us what we asked: its code (or HTTP status, or 'timeout') and what it means. */
export class WechatVendorError extends Error {
  /** Told the operator already. */
  logged = false;
  constructor(
    readonly reason: string,
    message: string,
    /** How long nobody asks again for this value. */
    readonly backoffMs = 15_000,
  ) {
    super(message);
  }
}

export interface Fresh {
  value: string;
  /** Seconds, as the vendor says (`expires_in`). */
  expiresIn: number;
}

/** Taken this long before the vendor's expiry, so no signature leaves with a ticket about to die. */
const EARLY_S = 300;
/** A lease longer than a refresh can take (two vendor calls and their timeouts); a crashed holder's lapses. */
const LEASE_MS = 60_000;
/** How long (real time) a request waits for another instance's refresh before giving up. */
const WAIT_MS = 30_000;
const POLL_MS = 100;

export interface TokenCache {
  /** The cached value of `name`, or a fresh one from `refresh` (once for everyone asking). */
  get(name: string, refresh: () => Promise<Fresh>): Promise<string>;
  /** Forgets `value` of `name` (the vendor refused it), unless it was replaced meanwhile. */
  invalidate(name: string, value: string): Promise<void>;
}

export function tokenCache(db: Queryable, clock: Clock, options: { waitMs?: number; log?: (line: string) => void } = {}): TokenCache {
  const log = options.log ?? ((line: string) => processLog.warn(line));
  const holder = randomBytes(8).toString('hex');
  const inflight = new Map<string, Promise<string>>();
  /** What this instance last read, to spare the database a read per signature. */
  const memory = new Map<string, { value: string; until: number }>();
  const waitMs = options.waitMs ?? WAIT_MS;

  const read = async (name: string) => {
    const [row] = await db.query<{ value: string; expires_at: Date }>('SELECT value, expires_at FROM wechat_tokens WHERE name = $1 AND expires_at > $2', [
      name,
      clock(),
    ]);
    return row ?? null;
  };

  const write = (name: string, value: string, until: Date) =>
    db.query(
      `INSERT INTO wechat_tokens (name, value, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
      [name, value, until],
    );

  /** The lease of `name`'s refresh: taken when free or lapsed; true when it is now ours. */
  const lease = async (name: string) => {
    const now = clock();
    const taken = await db.query(
      `INSERT INTO wechat_tokens (name, value, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
       WHERE wechat_tokens.expires_at <= $4
       RETURNING 1`,
      [`lease:${name}`, holder, new Date(now.getTime() + LEASE_MS), now],
    );
    return taken.length === 1;
  };

  async function obtain(name: string, refresh: () => Promise<Fresh>): Promise<string> {
    const giveUp = Date.now() + waitMs;
    for (;;) {
      const row = await read(name);
      if (row) {
        memory.set(name, { value: row.value, until: row.expires_at.getTime() });
        return row.value;
      }
      const failed = await read(`failed:${name}`);
      if (failed) throw new WechatVendorError('recent', `${failed.value} (not asked again until ${failed.expires_at.toISOString()})`);
      if (await lease(name)) {
        try {
          // Another instance may have finished between our read and our lease.
          const again = await read(name);
          if (again) {
            memory.set(name, { value: again.value, until: again.expires_at.getTime() });
            return again.value;
          }
          let fresh: Fresh;
          try {
            fresh = await refresh();
          } catch (error) {
            const backoff = error instanceof WechatVendorError ? error.backoffMs : 15_000;
            // The operator's line, once per failure (a ticket's refresh fails with its token's).
            if (!(error instanceof WechatVendorError && error.logged)) log(`[wechat] cannot refresh ${name}: ${(error as Error).message}`);
            if (error instanceof WechatVendorError) error.logged = true;
            await write(`failed:${name}`, String((error as Error).message).slice(0, 500), new Date(clock().getTime() + backoff));
            throw error;
          }
          const seconds = fresh.expiresIn > 2 * EARLY_S ? fresh.expiresIn - EARLY_S : Math.floor(fresh.expiresIn / 2);
          const until = new Date(clock().getTime() + seconds * 1000);
          await write(name, fresh.value, until);
          await db.query(`DELETE FROM wechat_tokens WHERE name = $1`, [`failed:${name}`]);
          memory.set(name, { value: fresh.value, until: until.getTime() });
          return fresh.value;
        } finally {
          await db.query('DELETE FROM wechat_tokens WHERE name = $1 AND value = $2', [`lease:${name}`, holder]).catch(() => undefined);
        }
      }
      if (Date.now() > giveUp) throw new WechatVendorError('wait', `gave up waiting ${waitMs} ms for another instance's refresh of ${name}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  return {
    async get(name, refresh) {
      const known = memory.get(name);
      if (known && known.until > clock().getTime()) return known.value;
      let pending = inflight.get(name);
      if (!pending) {
        pending = obtain(name, refresh).finally(() => inflight.delete(name));
        inflight.set(name, pending);
      }
      return pending;
    },
    async invalidate(name, value) {
      memory.delete(name);
      await db.query('DELETE FROM wechat_tokens WHERE name = $1 AND value = $2', [name, value]);
    },
  };
}
