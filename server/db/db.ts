/** One small database interface over PGlite (embedded, default) and PostgreSQL (`pg`). */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { PgliteSession } from './pgliteThread.ts';
import { logError } from '../logger.ts';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** The mark of the Queryable that db.tx hands its function: a row lock taken through it lasts
 * until the transaction ends. A real property, so the lock helper (db/locks.ts) refuses a
 * Queryable without it at run time too, whatever a cast said. */
export const IN_TX: unique symbol = Symbol('inside db.tx');

/** A Queryable inside a transaction: what a function that locks rows asks for. */
export interface TxQueryable extends Queryable {
  readonly [IN_TX]: true;
}

/** What a transaction of each kind may wait for a row lock, and run one statement, in ms (0: no
 * limit). Beyond them PostgreSQL cancels the statement (55P03, 57014), the transaction rolls
 * back and the caller answers "busy, try again" (TransientDbError): one stuck transaction costs
 * the others a refusal, not the release hour. Generous, so a busy machine is slower, not refused.
 * A job claims with SKIP LOCKED and may move many rows; setting up (migrations, the demo's
 * seed) waits for another instance's setup and may run long. */
export const TX_LIMITS = {
  request: { lockMs: 10_000, statementMs: 30_000 },
  job: { lockMs: 30_000, statementMs: 120_000 },
  setup: { lockMs: 0, statementMs: 0 },
} as const;
export type TxKind = keyof typeof TX_LIMITS;
export type TxLimits = Record<TxKind, { lockMs: number; statementMs: number }>;

export interface Db extends Queryable {
  /** Runs fn in one transaction of `kind` (TX_LIMITS, default a request's); commits when it
   * resolves, rolls back when it throws. */
  tx<T>(fn: (q: TxQueryable) => Promise<T>, kind?: TxKind): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'pg';
  /** Receives the database's change notices (NOTIFY on CHANGES_CHANNEL, migration 028):
   * `onNotice` with each payload, `onLive` with whether notices arrive (false while the listening
   * connection is lost: a cache must not serve then). Resolves to a function that stops. */
  listen?(onNotice: (payload: string) => void, onLive: (live: boolean) => void): Promise<() => Promise<void>>;
  /** The connection pool, for the operator's metrics (server/metrics/metrics.ts). */
  readonly pool?: PoolWatch;
}

/** A connection pool as it is now: on PGlite a pool of its one session, whose `waiting` is the
 * queue of everything waiting its turn. */
export interface PoolStats {
  max: number;
  /** Connections open, in use or idle. */
  total: number;
  idle: number;
  waiting: number;
}

export interface PoolWatch {
  stats(): PoolStats;
  /** Calls `listener` with the milliseconds each query or transaction waited for its connection
   * (also when none came in time); returns the function that stops. */
  onWait(listener: (ms: number) => void): () => void;
}

/** The channel of the change notices (migration 028_change_notices.sql). */
export const CHANGES_CHANNEL = 'museum_changes';

/** A transient database failure (serialization, deadlock, the database restarting or out of
 * reach): the caller may retry; no change was kept. The API answers "busy" for it. */
export class TransientDbError extends Error {}

/** Serialization, deadlock, lock timeout, statement timeout, the server shutting down, too many connections. */
const TRANSIENT_CODES = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03', '53300']);

/** The statement that opens a transaction of `kind`, its limits set in the same round trip. */
const begin = (limits: TxLimits, kind: TxKind) => {
  const { lockMs, statementMs } = limits[kind];
  return `BEGIN; SET LOCAL lock_timeout = ${lockMs}; SET LOCAL statement_timeout = ${statementMs}`;
};

/** A row lock outside a transaction ends with its own statement and guards nothing. */
const ROW_LOCK = /\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|KEY\s+SHARE|SHARE)\b/i;
function outsideTx(sql: string): string {
  if (ROW_LOCK.test(sql)) throw new Error(`a row lock outside a transaction guards nothing (lock inside db.tx): ${sql.slice(0, 80)}`);
  return sql;
}
/** Socket-level failures while PostgreSQL is down or restarting. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

function isTransient(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code))) return true;
  // pg's own words when a connection dies under a query or cannot be made in time; and
  // PostgreSQL's when a table changed its columns under a prepared statement (another instance's
  // migration): that connection is dropped, and the next one prepares the statement again.
  const text = String((error as Error | null)?.message ?? '');
  return /Connection terminated|connection timeout|Client has encountered a connection error|cached plan must not change result type/i.test(text);
}

/** The most statements a connection keeps prepared; any further text runs unnamed. */
const MOST_PREPARED = 2000;

/** A Db over a `pg` pool, and the set that gets the change notices its own connections' sessions
 * send: they arrive with the COMMIT's answer, so this instance's caches are dropped before the
 * write's promise resolves. The pool hands a new connection out only once it listens (onConnect
 * is awaited). Each query text with parameters is planned once per connection (a named
 * statement), not at every call: on PGlite planning ran in WebAssembly on the server's own thread
 * and was half of a sale's database time (a sale's transaction 1.45 ms, prepared 0.75 ms); on
 * PostgreSQL the release-hour rush answered about a tenth faster. */
function poolDb(
  kind: Db['kind'],
  pgModule: Pg,
  options: import('pg').PoolConfig,
  limits: TxLimits = TX_LIMITS,
): { db: Db; ownNotices: Set<(payload: string) => void> } {
  const ownNotices = new Set<(payload: string) => void>();
  const names = new Map<string, string>();
  const statement = (text: string, values: unknown[] = []): import('pg').QueryConfig => {
    if (values.length === 0) return { text, values };
    let name = names.get(text);
    if (name === undefined && names.size < MOST_PREPARED) names.set(text, (name = `s${names.size}`));
    return { name, text, values };
  };
  const pool = new pgModule.Pool({
    ...options,
    onConnect: async (client) => {
      // A checked-out client emits 'error' too when its server goes away; its query rejects as well.
      client.on('error', () => undefined);
      client.on('notification', (n) => {
        if (n.processId === (client as unknown as { processID: number }).processID && n.channel === CHANGES_CHANNEL)
          for (const f of ownNotices) f(n.payload ?? '');
      });
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    },
  });
  // An idle client whose server went away (PostgreSQL restarting) emits 'error' on the pool;
  // without a listener that kills the process. The pool drops the client and makes new ones
  // when the database is back, so noting it is enough.
  pool.on('error', (error) => logError(`[db] idle connection lost: ${error.message}`));
  const waitListeners = new Set<(ms: number) => void>();
  const watch: PoolWatch = {
    stats: () => ({ max: options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait(listener) {
      waitListeners.add(listener);
      return () => void waitListeners.delete(listener);
    },
  };
  /** `fn` on a pooled connection; a transient failure, getting one or using it, becomes a
   * TransientDbError. A connection that failed in transit is destroyed, not handed to the next
   * caller; a statement's own error (a constraint, a refusal) leaves it in the pool. */
  const onClient = async <T>(fn: (client: import('pg').PoolClient) => Promise<T>): Promise<T> => {
    let client: import('pg').PoolClient | undefined;
    let broken = false;
    const asked = performance.now();
    try {
      try {
        client = await pool.connect();
      } finally {
        for (const f of waitListeners) f(performance.now() - asked);
      }
      return await fn(client);
    } catch (error) {
      if (!isTransient(error)) throw error;
      broken = true;
      throw new TransientDbError(String(error));
    } finally {
      client?.release(broken);
    }
  };
  const db: Db = {
    kind,
    pool: watch,
    query: <T>(sql: string, params?: unknown[]) => onClient(async (client) => (await client.query(statement(outsideTx(sql), params))).rows as T[]),
    tx: <T>(fn: (q: TxQueryable) => Promise<T>, kind: TxKind = 'request') =>
      onClient(async (client) => {
        await client.query(begin(limits, kind));
        try {
          const result = await fn({
            [IN_TX]: true,
            async query<R>(sql: string, params?: unknown[]) {
              return (await client.query(statement(sql, params))).rows as R[];
            },
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    async close() {
      await pool.end();
    },
  };
  return { db, ownNotices };
}

/** PGlite driven by `pg` over its wire protocol (db/pgliteWire.ts) through a pool of its one
 * session: the same client, statements, types and errors as PostgreSQL, and one call into PGlite
 * per statement. `thread`: the PGlite on a thread of its own (db/pgliteThread.ts), as the server
 * runs it; else in this thread (tests, the operator's commands). `raw`: the PGlite itself (its
 * folder dumped, closed). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; thread?: boolean } = {}): Promise<Db & { raw: PgliteSession }> {
  const [{ PGlite }, { PgliteStream }, { openPgliteThread }, pgModule] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pgliteWire.ts'),
    import('./pgliteThread.ts'),
    loadPg(),
  ]);
  const where = {
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  let pglite: PgliteSession;
  if (options.thread) pglite = await openPgliteThread(where);
  else {
    const here = new PGlite(where);
    await here.waitReady;
    pglite = here;
  }
  // One session: a transaction holds it, and every other query waits its turn, as long as it takes.
  // The startup message must name PGlite's own user and database (any other ends PGlite).
  const { db, ownNotices } = poolDb('pglite', pgModule, {
    stream: () => new PgliteStream(pglite),
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
  });
  return {
    ...db,
    raw: pglite,
    async close() {
      await db.close();
      if (!pglite.closed) await pglite.close();
    },
    // One session owns the database: its own notices are everyone's, and they come with each
    // commit's answer, before the committing query's promise resolves.
    async listen(onNotice, onLive) {
      ownNotices.add(onNotice);
      onLive(true);
      return async () => void ownNotices.delete(onNotice);
    },
  };
}

type Pg = typeof import('pg').default;

/** `pg`, with dates and timestamps as the app reads them: `date` stays text ('YYYY-MM-DD'),
 * bigint a number, timestamptz a Date. */
async function loadPg(): Promise<Pg> {
  const { default: pgModule } = await import('pg');
  pgModule.types.setTypeParser(1082, (v: string) => v);
  pgModule.types.setTypeParser(20, (v: string) => Number(v));
  return pgModule;
}

/** How long a request waits for a connection (a new one, or a free one of the pool's ten) before
 * it is answered "busy". */
const CONNECT_MS = 5000;

/** PostgreSQL at `connectionString`. Tests pass `txLimits` other than TX_LIMITS when a lock wait
 * must end sooner, and a longer `connectMs` so that a slow machine is not taken for a down one. */
export async function openPg(connectionString: string, options: { txLimits?: TxLimits; connectMs?: number } = {}): Promise<Db> {
  const pgModule = await loadPg();
  const connectionTimeoutMillis = options.connectMs ?? CONNECT_MS;
  const { db, ownNotices } = poolDb('pg', pgModule, { connectionString, max: 10, connectionTimeoutMillis }, options.txLimits);
  return {
    ...db,
    // A connection of its own for everyone's notices; lost, it is made again every second, and
    // meanwhile onLive(false) tells the caches that notices may be missing.
    async listen(onNotice, onLive) {
      let client: InstanceType<typeof pgModule.Client> | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const lost = (c: InstanceType<typeof pgModule.Client>) => {
        if (client !== c) return;
        client = null;
        onLive(false);
        c.end().catch(() => undefined);
        if (!stopped) retry = setTimeout(() => void connect(), 1000);
      };
      const connect = async () => {
        const c = new pgModule.Client({ connectionString, connectionTimeoutMillis });
        c.on('notification', (n) => n.channel === CHANGES_CHANNEL && onNotice(n.payload ?? ''));
        c.on('error', () => lost(c));
        c.on('end', () => lost(c));
        try {
          await c.connect();
          await c.query(`LISTEN ${CHANGES_CHANNEL}`);
          if (stopped) return void (await c.end());
          client = c;
          onLive(true);
        } catch {
          c.removeAllListeners('end');
          c.on('error', () => undefined);
          await c.end().catch(() => undefined);
          if (!stopped) retry = setTimeout(() => void connect(), 1000);
        }
      };
      ownNotices.add(onNotice);
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        ownNotices.delete(onNotice);
        const c = client;
        client = null;
        if (c) {
          c.removeAllListeners('end');
          await c.end().catch(() => undefined);
        }
      };
    },
  };
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any fixed number: the advisory lock every instance's migration takes. */
const MIGRATION_LOCK = 7_402_113;

/** The migrations this build has, in the order they apply. */
export async function migrationNames(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
}

/** Applies every migrations/NNN_name.sql once, in order, in one transaction under a database
 * lock: instances starting together wait for the first one and then find nothing to do. */
export async function migrate(db: Db): Promise<string[]> {
  const files = await migrationNames();
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      for (const statement of splitSql(sql)) await q.query(statement);
      applied.push(file);
    }
    return applied;
  }, 'setup');
}

/** The statements of a migration: split at a `;` that ends a line, except inside a `$$` body
 * (a function's statements). */
function splitSql(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  sql
    .replace(/--.*$/gm, '')
    .split('$$')
    .forEach((part, i) => {
      if (i % 2 === 1) {
        current += `$$${part}$$`;
        return;
      }
      const pieces = part.split(/;\s*(?:\n|$)/);
      current += pieces[0];
      for (const piece of pieces.slice(1)) {
        statements.push(current);
        current = piece;
      }
    });
  statements.push(current);
  return statements.map((s) => s.trim()).filter(Boolean);
}
