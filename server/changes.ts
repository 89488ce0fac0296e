/** Short in-memory caches of what many requests read and few change (the calendar, the halls of
 * a day, the settings, the token check's revocations), dropped by the database's change notices
 * (migration 028: a trigger NOTIFYs at the commit of any write to a table they read).
 *
 * Freshness: on the instance that wrote, the cache is dropped before the write's promise
 * resolves (PGlite delivers at commit; on PostgreSQL each pooled connection hands on its own
 * session's notices, which come with the COMMIT's answer). Other instances on the same database
 * drop it when the notice reaches their listening connection (normally within a millisecond or
 * two). While that connection is lost, nothing is served from a cache; when it is back every
 * cache starts empty. A database without notices (`Db.listen` missing) is never cached. */
import type { Db } from './db/db.ts';
import type { Clock } from './time.ts';

type Notice = (table: string, key: string | null) => void;

export class Changes {
  /** Whether notices arrive: caches serve only then. */
  live = false;
  private readonly subscribers = new Set<Notice>();
  /** Every cache made here, for the metrics' counts of hits and misses. */
  readonly memos: Memo<unknown>[] = [];
  private stop: (() => Promise<void>) | null = null;

  constructor(readonly clock: Clock) {}

  /** Listens on `db` when it can; without it the caches stay off. */
  async watch(db: Db): Promise<void> {
    if (!db.listen) return;
    this.stop = await db.listen(
      (payload) => {
        const at = payload.indexOf(':');
        this.notify(at < 0 ? payload : payload.slice(0, at), at < 0 ? null : payload.slice(at + 1));
      },
      (live) => {
        this.live = live;
        // Notices may have been missed while it was lost: nothing kept from before is trusted.
        this.notify('*', null);
      },
    );
  }

  async close(): Promise<void> {
    this.live = false;
    await this.stop?.();
    this.stop = null;
  }

  notify(table: string, key: string | null): void {
    for (const s of this.subscribers) s(table, key);
  }

  subscribe(s: Notice): () => void {
    this.subscribers.add(s);
    return () => this.subscribers.delete(s);
  }

  /** A cache of answers by key, each kept `ttlMs` (by the app's clock and by real time, whichever
   * runs out first) unless a write to one of `tables` comes first. `name`: what the metrics call it. */
  memo<T>(name: string, tables: readonly string[], ttlMs: number, maxEntries = 1000): Memo<T> {
    const memo = new Memo<T>(name, this, tables, ttlMs, maxEntries);
    this.memos.push(memo as Memo<unknown>);
    return memo;
  }
}

interface Entry<T> {
  value: Promise<T>;
  clockAt: number;
  realAt: number;
  /** Whether the load has answered (a failed one is dropped). */
  arrived: boolean;
}

export class Memo<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Lookups answered from the cache, loaded, and loaded because notices were lost (no cache). */
  hits = 0;
  misses = 0;
  off = 0;

  constructor(
    readonly name: string,
    private readonly changes: Changes,
    tables: readonly string[],
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    changes.subscribe((table) => {
      if (table === '*' || tables.includes(table)) this.entries.clear();
    });
  }

  /** The cached answer for `key`, or `load()`'s (shared by the requests that come while it loads;
   * a notice during the load drops it for those that come after). `own`: a caller that must not
   * wait for another's load, such as one inside a transaction (on PGlite's one connection that
   * load may be queued behind this very transaction): it takes an answer that has arrived, or
   * loads its own, which the next callers then share. */
  get(key: string, load: () => Promise<T>, own = false): Promise<T> {
    if (!this.changes.live) {
      this.off++;
      return load();
    }
    const e = this.entries.get(key);
    if (e && this.fresh(e) && (e.arrived || !own)) {
      this.hits++;
      return e.value;
    }
    this.misses++;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const entry: Entry<T> = { value: load(), clockAt: this.changes.clock().getTime(), realAt: performance.now(), arrived: false };
    this.entries.set(key, entry);
    entry.value.then(
      () => void (entry.arrived = true),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  private fresh(e: Entry<T>): boolean {
    const clockAt = this.changes.clock().getTime();
    return clockAt >= e.clockAt && clockAt - e.clockAt < this.ttlMs && performance.now() - e.realAt < this.ttlMs;
  }

  /** Forgets what `matches` (a key's own notice). */
  drop(matches: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (matches(key)) this.entries.delete(key);
  }
}

/** Each app's change watcher, by its database handle (buildApp starts it, app.close stops it). */
const watchers = new WeakMap<Db, Changes>();

export async function watchChanges(db: Db, clock: Clock): Promise<Changes> {
  const changes = new Changes(clock);
  await changes.watch(db);
  watchers.set(db, changes);
  return changes;
}

/** The watcher of `db`; one that never serves from a cache when none was started. */
export function changesOf(db: Db, clock: Clock): Changes {
  let changes = watchers.get(db);
  if (!changes) {
    changes = new Changes(clock);
    watchers.set(db, changes);
  }
  return changes;
}

/** How long the calendar and the halls of a day are kept at most (they also change with time:
 * a release hour, a session's end). */
export const READ_TTL_MS = 1000;
/** A safety bound on settings and token checks, kept otherwise until a notice drops them. */
export const LONG_TTL_MS = 60_000;

/** What the calendar and the halls read. */
export const POOL_TABLES = ['hall_schedule', 'museum_days', 'halls', 'ticket_prices', 'sys_config', 'texts', 'orders'] as const;
export const SETTINGS_TABLES = ['sys_config', 'texts'] as const;
