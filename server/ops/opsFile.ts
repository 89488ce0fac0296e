/** How `npm run backup` finds the server that holds a PGlite folder: once listening, the server
 * writes `<DATA_DIR>/ops.json` (its own address and a random operations token made at its start,
 * readable by the folder's owner only) and removes it when it stops. Reading the token needs
 * what copying the database's files needs, the data folder, so the backup endpoint gives nobody
 * more than they had (docs/operations.md §11). */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const OPS_FILE = 'ops.json';

const opsSchema = z.object({ pid: z.number().int(), url: z.url(), token: z.string().min(32) });
export type OpsAddress = z.infer<typeof opsSchema>;

/** Files of the folder that are the running server's, not the database's: a backup's restore
 * leaves them out (the lock and the address of a server that is not the restored one's). */
export function serverOwnFile(name: string): boolean {
  return name === OPS_FILE || name === 'server.lock' || name.startsWith('server.lock.') || name.startsWith(`${OPS_FILE}.`);
}

/** Writes the server's address and token (written aside, then renamed: never read half-written);
 * returns the function that removes it. */
export function publishOps(dataDir: string, address: Omit<OpsAddress, 'pid'>): () => void {
  const file = path.join(dataDir, OPS_FILE);
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, JSON.stringify({ pid: process.pid, ...address }), { mode: 0o600 });
  renameSync(aside, file);
  return () => {
    if (readOps(dataDir)?.pid === process.pid) rmSync(file, { force: true });
  };
}

/** The published address, or null (none, or not one a server wrote). */
export function readOps(dataDir: string): OpsAddress | null {
  try {
    const parsed = opsSchema.safeParse(JSON.parse(readFileSync(path.join(dataDir, OPS_FILE), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
