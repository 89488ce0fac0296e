/** The database the configuration names: PostgreSQL (DATABASE_URL) or the PGlite folder,
 * locked against a second process. For the server and the operator's scripts. */
import { mkdirSync } from 'node:fs';
import type { ServerConfig } from '../config.ts';
import { openPg, openPglite, type Db } from './db.ts';
import { lockFolder } from './folderLock.ts';

export async function openConfiguredDb(config: ServerConfig): Promise<{ db: Db; where: string; unlock: () => void }> {
  if (config.databaseUrl) {
    return { db: await openPg(config.databaseUrl), where: 'PostgreSQL (DATABASE_URL)', unlock: () => undefined };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = lockFolder(config.dataDir);
  return { db: await openPglite({ dataDir: config.dataDir }), where: `PGlite at ${config.dataDir}`, unlock };
}
