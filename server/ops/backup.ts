/** `npm run backup` (docs/operations.md §11). PGlite: while a server holds the folder, its copy
 * is asked of that server (`POST /ops/backup`, server/routes/ops.ts), which takes it between two
 * transactions; with no server, the folder is locked, opened and copied here. Either way a
 * gzipped tar of the database folder, checked whole before it takes its name. PostgreSQL:
 * pg_dump's custom format. The file holds every visitor's personal data: it is written readable
 * by its owner only. */
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ServerConfig } from '../config.ts';
import { openPglite } from '../db/db.ts';
import { folderHolder, lockFolder } from '../db/folderLock.ts';
import { readTar } from '../db/unpack.ts';
import { readOps } from './opsFile.ts';
import { pgDump } from './pgTools.ts';
import { pgliteSnapshot } from './snapshot.ts';

export interface BackupResult {
  file: string;
  bytes: number;
  /** How it was taken: from the running server, from the stopped folder, or by pg_dump. */
  how: 'running server' | 'stopped folder' | 'pg_dump';
  /** From the running server: how long its statements waited while the copy was taken (ms). */
  snapshotMs?: number;
}

/** The default file name: the kind and the time, e.g. museum-20301105-0300.tar.gz. */
export function backupName(config: Pick<ServerConfig, 'databaseUrl'>, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 13);
  return `museum-${stamp}${config.databaseUrl ? '.dump' : '.tar.gz'}`;
}

export async function takeBackup(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>, file: string): Promise<BackupResult> {
  file = path.resolve(file);
  if (existsSync(file)) throw new Error(`${file} exists already: give the backup a new name`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  // Created for its owner only, before a byte of it is written.
  writeFileSync(partial, '', { mode: 0o600 });
  try {
    let taken: Pick<BackupResult, 'how' | 'snapshotMs'>;
    if (config.databaseUrl) {
      await pgDump(config.databaseUrl, partial);
      taken = { how: 'pg_dump' };
    } else {
      taken = await pgliteBackup(config.dataDir, partial);
      checkArchive(readFileSync(partial));
    }
    renameSync(partial, file);
    return { file, bytes: readFileSync(file).byteLength, ...taken };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

async function pgliteBackup(dataDir: string, out: string): Promise<Pick<BackupResult, 'how' | 'snapshotMs'>> {
  const holder = folderHolder(dataDir);
  if (holder !== null) {
    const ops = readOps(dataDir);
    if (!ops || ops.pid !== holder) {
      throw new Error(
        `the server (pid ${holder}) holds ${dataDir} but has not published its backup address (${dataDir}/ops.json): ` +
          'it is still starting, or an older build. Wait for it to listen, or stop it and run the backup again',
      );
    }
    const answer = await fetch(`${ops.url}/ops/backup`, { method: 'POST', headers: { authorization: `Bearer ${ops.token}` } }).catch((error: Error) => {
      throw new Error(`cannot reach the server (pid ${holder}) at ${ops.url}: ${String(error.cause ?? error.message)}`);
    });
    if (answer.status !== 200 || answer.headers.get('content-type') !== 'application/gzip' || !answer.body) {
      throw new Error(`the server at ${ops.url} refused the backup: HTTP ${answer.status} ${await answer.text()}`);
    }
    await pipeline(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream), createWriteStream(out, { flags: 'a' }));
    return { how: 'running server', snapshotMs: Number(answer.headers.get('x-backup-snapshot-ms')) };
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} holds no database (no PG_VERSION): is DATA_DIR right?`);
  // No server: this process holds the folder while it copies it (a server starting meanwhile is refused).
  const unlock = lockFolder(dataDir);
  try {
    const db = await openPglite({ dataDir });
    try {
      writeFileSync(out, gzipSync(await pgliteSnapshot(db)));
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
  return { how: 'stopped folder' };
}

/** A backup that arrived whole: gzip's own check (its length and CRC at the end) and a database folder in the tar. */
export function checkArchive(gzipped: Uint8Array): ReturnType<typeof readTar> {
  let entries: ReturnType<typeof readTar>;
  try {
    entries = readTar(gunzipSync(gzipped));
  } catch (error) {
    throw new Error(`not a whole backup (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  if (!entries.some((e) => e.name === 'PG_VERSION')) throw new Error('not a PGlite backup: the archive holds no PG_VERSION');
  return entries;
}
