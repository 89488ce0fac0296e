/** One process per PGlite folder. PGlite is an embedded database: two processes on one folder
 * each believe they own it, and then oversell and lose acknowledged orders. The first process
 * writes its pid into `<folder>/server.lock` (created atomically, pid included); a second one finds a live
 * pid there and refuses to start. A lock left by a killed process (its pid is gone) is taken over. */
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class FolderLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock; returns the release function. Throws FolderLockedError when a live process holds it. */
export function lockFolder(dir: string): () => void {
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Written aside, then linked into place: the lock never exists without its pid.
      const mine = `${file}.${process.pid}`;
      writeFileSync(mine, String(process.pid));
      try {
        linkSync(mine, file);
      } finally {
        rmSync(mine, { force: true });
      }
      return () => {
        // Only our own lock: never a successor's.
        if (readPid(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(file);
    if (holder !== null && holder !== process.pid && alive(holder)) {
      throw new FolderLockedError(
        `the database folder ${dir} is in use by another server (pid ${holder}). ` +
          'Stop that one, or give this one its own DATA_DIR (or use PostgreSQL with DATABASE_URL to run several).',
      );
    }
    // Stale (its process is gone) or unreadable: move it aside atomically; of two processes doing
    // this at once only one rename succeeds, and both then race fairly for the exclusive create.
    try {
      renameSync(file, `${file}.stale-${process.pid}`);
      rmSync(`${file}.stale-${process.pid}`, { force: true });
    } catch {
      // Someone else moved it first.
    }
  }
  throw new FolderLockedError(`could not lock the database folder ${dir}`);
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
