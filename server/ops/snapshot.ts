/** A copy of a PGlite database folder taken while its server runs: PGlite's own `dumpDataDir`
 * (an uncompressed ustar of the folder's files), taken inside a transaction of the pool's one
 * connection to PGlite (server/db/db.ts openPglite), so that no other transaction is half-way
 * and no statement runs while the files are read: the copy is the database between two
 * transactions. Every transaction that was acknowledged before is in it. The server answers
 * its requests meanwhile, but their statements wait: about a second per 40 MB of folder on a
 * small machine (docs/operations.md §11). */
import type { PgliteSession } from '../db/pgliteThread.ts';
import type { Db } from '../db/db.ts';

export function pgliteSnapshot(db: Db & { raw: PgliteSession }): Promise<Uint8Array> {
  return db.tx(async () => new Uint8Array(await (await db.raw.dumpDataDir('none')).arrayBuffer()), 'setup');
}
