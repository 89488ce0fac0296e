/** One small database interface over PGlite (embedded, default) and PostgreSQL (`pg`). */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction; commits when it resolves, rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'pg';
}

/** A transient database failure (serialization, deadlock): the caller may retry; no change was kept. */
export class TransientDbError extends Error {}

const TRANSIENT_CODES = new Set(['40001', '40P01', '55P03']);

function isTransient(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return typeof code === 'string' && TRANSIENT_CODES.has(code);
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Db & { raw: unknown }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pg.waitReady;
  return {
    kind: 'pglite',
    raw: pg,
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await pg.query<T>(sql, params as unknown[]);
      return r.rows;
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      try {
        return await pg.transaction(async (t) =>
          fn({
            async query<R>(sql: string, params: unknown[] = []) {
              return (await t.query<R>(sql, params as unknown[])).rows;
            },
          }),
        );
      } catch (error) {
        if (isTransient(error)) throw new TransientDbError(String(error));
        throw error;
      }
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}

export async function openPg(connectionString: string): Promise<Db> {
  const { default: pgModule } = await import('pg');
  // Dates and timestamps: keep `date` as text ('YYYY-MM-DD'); timestamptz parses to Date.
  pgModule.types.setTypeParser(1082, (v: string) => v);
  pgModule.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pgModule.Pool({ connectionString, max: 10 });
  return {
    kind: 'pg',
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await pool.query(sql, params as unknown[]);
      return r.rows as T[];
    },
    async tx<T>(fn: (q: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async query<R>(sql: string, params: unknown[] = []) {
            return (await client.query(sql, params as unknown[])).rows as R[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (isTransient(error)) throw new TransientDbError(String(error));
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies every migrations/NNN_name.sql once, in order. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.tx(async (q) => {
      // Another instance may be migrating too: the primary key makes the second one fail and roll back.
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      for (const statement of splitSql(sql)) await q.query(statement);
    });
    applied.push(file);
  }
  return applied;
}

function splitSql(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter(Boolean);
}
