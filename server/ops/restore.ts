/** `npm run restore` (docs/operations.md §11). PGlite: a backup unpacked into DATA_DIR, which must
 * be new or empty (or, with `replace`, its files are moved aside first, never deleted) and held by
 * no server (the folder lock); then opened once, which recovers it as PostgreSQL recovers after a
 * crash, and read back: the orders it holds and the migrations the next start will apply (an
 * older backup is migrated forward by the server's start, under its lock). PostgreSQL:
 * pg_restore into an empty database. */
import { mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import { migrationNames, openPg, openPglite, type Db } from '../db/db.ts';
import { lockFolder } from '../db/folderLock.ts';
import { writeDataDir } from '../db/unpack.ts';
import { checkArchive } from './backup.ts';
import { serverOwnFile } from './opsFile.ts';
import { pgRestore } from './pgTools.ts';

export interface RestoreResult {
  where: string;
  orders: number;
  /** Migrations of this build the backup lacks: the next start applies them. */
  pending: string[];
  /** Migrations in the backup this build does not know: it was taken by a newer build. */
  unknown: string[];
  /** Where a replaced folder's files went (`replace`), or null. */
  movedAside: string | null;
}

export async function restoreBackup(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  file: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  if (config.databaseUrl) return restorePg(config.databaseUrl, file);
  const dir = path.resolve(config.dataDir);
  const entries = checkArchive(readFileSync(file)).filter((e) => !serverOwnFile(e.name));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Refused while a server holds the folder: it would go on writing over the restored files.
  const unlock = lockFolder(dir);
  try {
    const present = readdirSync(dir).filter((name) => !serverOwnFile(name));
    let movedAside: string | null = null;
    if (present.length > 0) {
      if (!options.replace) {
        throw new Error(
          `${dir} is not empty (${present.length} entries): restore into a new DATA_DIR, ` +
            'or pass --replace to move its files aside (into a folder beside it) first',
        );
      }
      movedAside = `${dir}.replaced-${(options.now ?? new Date()).toISOString().replace(/[-:.]/g, '')}`;
      mkdirSync(movedAside, { mode: 0o700 });
      for (const name of present) renameSync(path.join(dir, name), path.join(movedAside, name));
    }
    writeDataDir(entries, dir);
    const db = await openPglite({ dataDir: dir });
    try {
      return { where: `PGlite at ${dir}`, ...(await contents(db)), movedAside };
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

/** What a restored database holds, read back: its orders and its migrations beside this build's. */
async function contents(db: Db): Promise<Pick<RestoreResult, 'orders' | 'pending' | 'unknown'>> {
  const [{ orders }] = await db.query<{ orders: number }>('SELECT count(*)::int AS orders FROM orders');
  const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const known = await migrationNames();
  return { orders, pending: known.filter((m) => !applied.has(m)), unknown: [...applied].filter((m) => !known.includes(m)).sort() };
}

async function restorePg(databaseUrl: string, file: string): Promise<RestoreResult> {
  const db = await openPg(databaseUrl);
  try {
    const [{ tables }] = await db.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (tables > 0) throw new Error(`the database of DATABASE_URL has ${tables} tables: restore into an empty one (createdb museum_restored)`);
    await pgRestore(databaseUrl, file);
    return { where: 'PostgreSQL (DATABASE_URL)', ...(await contents(db)), movedAside: null };
  } finally {
    await db.close();
  }
}
