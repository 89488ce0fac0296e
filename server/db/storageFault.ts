/** A database or data folder that cannot be written: the disk full, or the folder read-only (a
 * disk the kernel remounted read-only after errors, a volume mounted so, a PostgreSQL standby).
 * The log names it as such (docs/operations.md §7), not as an unknown error, so that the operator
 * frees space or fixes the mount instead of reading a stack. */
import { accessSync, constants, statfsSync } from 'node:fs';

export type StorageFault = 'disk full' | 'read-only';

/** PostgreSQL's disk_full (PGlite's too), and the system's "no space" and "over quota". */
const DISK_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);
/** A read-only file system; read_only_sql_transaction, what a standby answers a write. */
const READ_ONLY_CODES = new Set(['EROFS', '25006']);

/** The storage fault behind `error`, by its code or, where a database wraps the system's error
 * (`could not write to file "...": Read-only file system`), by the system's words. */
export function storageFault(error: unknown): StorageFault | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (DISK_FULL_CODES.has(code)) return 'disk full';
    if (READ_ONLY_CODES.has(code)) return 'read-only';
  }
  const text = String((error as Error | null)?.message ?? '');
  if (/No space left on device|Disk quota exceeded/i.test(text)) return 'disk full';
  if (/Read-only file system/i.test(text)) return 'read-only';
  return null;
}

/** Below this a database cannot be opened: PGlite writes its checkpoint and WAL at the start. */
const LEAST_FREE_BYTES = 16 * 1024 * 1024;

/** What is wrong with the folder `dir` for a database, if anything: not writable, or its disk
 * (nearly) full. For a start that failed, to say why in words an operator acts on. */
export function folderFault(dir: string): StorageFault | null {
  try {
    accessSync(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') return 'read-only';
  }
  return freeBytes(dir) < LEAST_FREE_BYTES ? 'disk full' : null;
}

/** The bytes an unprivileged process may still write on the disk of `dir` (the metrics' gauge). */
export function freeBytes(dir: string): number {
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
}

/** The operator's words for a fault of the folder or disk at `where`. */
export function faultText(fault: StorageFault, where: string): string {
  return fault === 'disk full'
    ? `the disk of ${where} is full: free some space (old backups, logs), then start again`
    : `${where} is read-only: check the mount (a disk with errors is remounted read-only) and that this user may write there`;
}
