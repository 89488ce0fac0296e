/** The database the configuration names: PostgreSQL (DATABASE_URL) or the PGlite folder,
 * locked against a second process. For the server and the operator's scripts. */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import { openPg, openPglite, type Db } from './db.ts';
import { lockFolder } from './folderLock.ts';
import { unpackTemplate } from './unpack.ts';
import { pgliteSnapshot } from '../ops/snapshot.ts';
import { faultText, folderFault, storageFault, type StorageFault } from './storageFault.ts';

/** The data folder cannot hold a database: read-only, or its disk full (said in the operator's words). */
export class DataFolderError extends Error {}

/** The migrated database folder the build packed for the installed PGlite
 * (scripts/build-server.mjs), or null: PGlite's own initdb then makes one (seconds on a small machine). */
function pgliteTemplate(root: string): Buffer | null {
  try {
    const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
    const file = path.join(root, 'dist-server', `pglite-${version}.tar.gz`);
    return existsSync(file) ? readFileSync(file) : null;
  } catch {
    return null;
  }
}

/** `root`: the project, where a fresh PGlite folder finds the build's template. `thread`: PGlite
 * on a thread of its own, as the server runs it (docs/architecture.md §5). `snapshot`: on PGlite, a
 * copy of the folder taken while the database is in use (the backup, docs/operations.md §11). */
export async function openConfiguredDb(
  config: ServerConfig,
  root?: string,
  { thread = false }: { thread?: boolean } = {},
): Promise<{ db: Db; where: string; unlock: () => void; snapshot?: () => Promise<Uint8Array> }> {
  if (config.databaseUrl) {
    return { db: await openPg(config.databaseUrl), where: 'PostgreSQL (DATABASE_URL)', unlock: () => undefined };
  }
  const { dataDir } = config;
  named(dataDir, () => mkdirSync(dataDir, { recursive: true }));
  // Said before anything is written: PGlite itself only says it "failed to initialize properly".
  if (folderFault(dataDir) === 'read-only') throw folderError(dataDir, 'read-only');
  const unlock = named(dataDir, () => lockFolder(dataDir));
  try {
    // A folder without a database yet starts from the template.
    const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
    const template = fresh && root ? pgliteTemplate(root) : null;
    if (template) named(dataDir, () => unpackTemplate(template, dataDir));
    const db = await openPglite({ dataDir, thread }).catch((error: unknown) => {
      const fault = storageFault(error) ?? folderFault(dataDir);
      throw fault ? folderError(dataDir, fault) : error;
    });
    return { db, where: `PGlite at ${dataDir}`, unlock, snapshot: () => pgliteSnapshot(db) };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** `step`'s result; a storage fault of `dir` in it becomes a DataFolderError that names it. */
function named<T>(dir: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    const fault = storageFault(error);
    throw fault ? folderError(dir, fault) : error;
  }
}

const folderError = (dir: string, fault: StorageFault) => new DataFolderError(faultText(fault, `the data folder ${dir}`));
