/** One process per PGlite folder. PGlite is an embedded database: two processes on one folder
 * each believe they own it, and then oversell and lose acknowledged orders. The first process
 * writes its pid and start time into `<folder>/server.lock` (created atomically, both included); a
 * second one finds that process alive and refuses to start. A lock left by a killed process is
 * taken over at once: its pid is gone, or is a zombie not yet reaped by its parent (npm's orphaned
 * child, after a kill -9), or belongs to another process that started later with the same pid. */
import { existsSync, linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class FolderLockedError extends Error {}

interface Holder {
  pid: number;
  /** The process's start time as Linux counts it (clock ticks since boot); '' elsewhere. */
  started: string;
}

/** A process's state letter and start time, from Linux's /proc; null when it does not exist. */
function procStat(pid: number): { state: string; started: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (command) ": the state is field 3, the start time field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], started: fields[19] };
  } catch {
    return null;
  }
}

const hasProc = existsSync('/proc/self/stat');
const myStart = (hasProc && procStat(process.pid)?.started) || '';

function alive({ pid, started }: Holder): boolean {
  if (hasProc) {
    const stat = procStat(pid);
    return stat !== null && stat.state !== 'Z' && stat.state !== 'X' && (started === '' || stat.started === started);
  }
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
      writeFileSync(mine, `${process.pid} ${myStart}`);
      try {
        linkSync(mine, file);
      } finally {
        rmSync(mine, { force: true });
      }
      return () => {
        // Only our own lock: never a successor's.
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder !== null && holder.pid !== process.pid && alive(holder)) {
      throw new FolderLockedError(
        `the database folder ${dir} is in use by another server (pid ${holder.pid}). ` +
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

/** The live process that holds the folder (this one included), or null: nobody, or a holder gone. */
export function folderHolder(dir: string): number | null {
  const holder = readHolder(path.join(dir, 'server.lock'));
  return holder !== null && alive(holder) ? holder.pid : null;
}

function readHolder(file: string): Holder | null {
  try {
    const [pidText, started = ''] = readFileSync(file, 'utf8').trim().split(' ');
    const pid = Number(pidText);
    return Number.isSafeInteger(pid) && pid > 0 ? { pid, started } : null;
  } catch {
    return null;
  }
}
