/** PGlite on a thread of its own (server/db/pgliteThread.ts), as the server runs it: the same
 * statements, transactions, errors and change notices as in this thread; a dump that opens as the
 * database it was taken of; and, what it is for, this thread free while a statement runs. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, type Db } from '../../server/db/db.ts';
import type { PgliteSession } from '../../server/db/pgliteThread.ts';

let db: Db & { raw: PgliteSession };
const dir = mkdtempSync(path.join(tmpdir(), 'pglite-thread-'));

beforeAll(async () => {
  db = await openPglite({ dataDir: path.join(dir, 'data'), thread: true });
  await migrate(db);
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PGlite on its own thread', () => {
  it('answers statements and transactions as in this thread: a failed one rolled back, its error with its code', async () => {
    await db.query('CREATE TABLE jars (id int PRIMARY KEY, label text NOT NULL)');
    await db.tx(async (q) => {
      await q.query('INSERT INTO jars VALUES ($1, $2), ($3, $4)', [1, 'honey', 2, 'jam']);
    });
    const failed = db.tx(async (q) => {
      await q.query('INSERT INTO jars VALUES (3, $1)', ['tea']);
      await q.query('INSERT INTO jars VALUES (1, $1)', ['again']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT id, label FROM jars ORDER BY id')).toEqual([
      { id: 1, label: 'honey' },
      { id: 2, label: 'jam' },
    ]);
  });

  it("hands the change notices of a commit to the listener, none of a rollback's", async () => {
    const notices: string[] = [];
    const stop = await db.listen!(
      (payload) => notices.push(payload),
      () => undefined,
    );
    await db.tx(async (q) => void (await q.query("SELECT pg_notify('museum_changes', 'halls')")));
    await db
      .tx(async (q) => {
        await q.query("SELECT pg_notify('museum_changes', 'texts')");
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    await db.query('SELECT 1');
    await stop();
    expect(notices).toEqual(['halls']);
  });

  it('keeps this thread free while a statement runs', async () => {
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    // A statement that computes for a while inside the database (no wait: work, as a heavy
    // query does): on this thread no turn of the event loop could come until it ends.
    await db.query('SELECT count(*) FROM generate_series(1, 3000000)');
    running = false;
    expect(turns).toBeGreaterThan(10);
  });

  it('dumps the folder while it runs; the dump opens as the database it was taken of', async () => {
    const tar = await db.raw.dumpDataDir('none');
    const copy = await openPglite({ loadDataDir: tar });
    try {
      expect(await copy.query('SELECT label FROM jars ORDER BY id')).toEqual([{ label: 'honey' }, { label: 'jam' }]);
    } finally {
      await copy.close();
    }
  });
});
