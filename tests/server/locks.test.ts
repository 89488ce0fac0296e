/** The lock helper (server/db/locks.ts, docs/architecture.md §9): rows locked in key order
 * whatever order the caller names them, typed; refused outside a transaction; a lock waited on
 * past the transaction's limit answered "busy". On PGlite and PostgreSQL (the waits: PostgreSQL
 * only, PGlite has one session). */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { openPg, TransientDbError, TX_LIMITS, type Db, type TxQueryable } from '../../server/db/db.ts';
import { lockRows } from '../../server/db/locks.ts';
import { PG_CONNECT } from './constants.ts';
import { dbLane, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let a: number;
let b: number;
beforeAll(async () => {
  t = await makeApp();
  [a, b] = (await t.db.query<{ id: number }>('SELECT id FROM halls ORDER BY id LIMIT 2')).map((h) => h.id);
});
afterAll(async () => {
  await t?.close();
});

/** Whether a session waits for a row lock of halls now. */
async function waitsOnHalls(db: Db): Promise<boolean> {
  const [row] = await db.query<{ waiting: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                     AND query LIKE '%FROM halls WHERE%') AS waiting`,
  );
  return row.waiting;
}

describe('lockRows', () => {
  it('answers the rows in key order, each once, with the columns asked for, typed', async () => {
    const rows = await t.db.tx((q) => lockRows(q, 'halls', { id: [b, a, b] }, ['id', 'hall_key']));
    expectTypeOf(rows).toEqualTypeOf<Array<{ id: number; hall_key: string }>>();
    expect(rows.map((r) => r.id)).toEqual([a, b]);
    expect(typeof rows[0].hall_key).toBe('string');
    // Several columns, a null, one value; an empty list locks nothing and asks nothing.
    const [hall] = await t.db.tx((q) => lockRows(q, 'halls', { id: a, hall_key: rows[0].hall_key }, ['cinema']));
    expectTypeOf(hall).toEqualTypeOf<{ cinema: boolean }>();
    expect(typeof hall.cinema).toBe('boolean');
    expect(await t.db.tx((q) => lockRows(q, 'users', { id: [], cancelled_at: null }, ['id']))).toEqual([]);
    expect(await t.db.tx((q) => lockRows(q, 'school_free_used', { hall_id: a, visit_date: ['2099-01-02', '2099-01-01'] }, ['used']))).toEqual([]);
  });

  it('refuses to lock outside a transaction: such a lock would end with its statement and guard nothing', async () => {
    // @ts-expect-error the Db itself is no transaction's Queryable
    await expect(lockRows(t.db, 'halls', { id: [a] }, ['id'])).rejects.toThrow(/outside a transaction/);
    // Nor one that only claims to be one.
    await expect(lockRows({ query: t.db.query } as unknown as TxQueryable, 'halls', { id: [a] }, ['id'])).rejects.toThrow(/outside a transaction/);
  });

  it.skipIf(dbLane() !== 'pg')('two transactions locking {a, b} and {b, a} at once both complete: each takes a first', async () => {
    let releaseFirst!: () => void;
    const firstHoldsA = t.db.tx(async (q) => {
      await lockRows(q, 'halls', { id: [a] }, ['id']);
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      // Had the second taken b before waiting on a, this would wait on it in a circle (a deadlock).
      return lockRows(q, 'halls', { id: [b] }, ['id']);
    });
    await expect.poll(() => releaseFirst).toBeDefined();
    const second = t.db.tx((q) => lockRows(q, 'halls', { id: [b, a] }, ['id']));
    try {
      await expect.poll(() => waitsOnHalls(t.db)).toBe(true);
    } finally {
      releaseFirst();
    }
    expect((await firstHoldsA).map((r) => r.id)).toEqual([b]);
    expect((await second).map((r) => r.id)).toEqual([a, b]);
    // And many at once, in both orders: none is cancelled as a deadlock.
    const pairs = Array.from({ length: 20 }, (_, i) =>
      t.db.tx(async (q) => {
        const rows = await lockRows(q, 'halls', { id: i % 2 ? [a, b] : [b, a] }, ['id']);
        await q.query('UPDATE halls SET sort = sort WHERE id = ANY($1::int[])', [[a, b]]);
        return rows.length;
      }),
    );
    expect(await Promise.all(pairs)).toEqual(Array(20).fill(2));
  });

  it.skipIf(dbLane() !== 'pg')('a lock waited on past the transaction\'s limit ends it as "busy, try again"', async () => {
    const impatient = await openPg(t.databaseUrl!, { ...PG_CONNECT, txLimits: { ...TX_LIMITS, request: { lockMs: 100, statementMs: 10_000 } } });
    try {
      let release!: () => void;
      const holder = t.db.tx(async (q) => {
        await lockRows(q, 'halls', { id: [b] }, ['id']);
        await new Promise<void>((resolve) => (release = resolve));
      });
      await expect.poll(() => release).toBeDefined();
      try {
        await expect(impatient.tx((q) => lockRows(q, 'halls', { id: [a, b] }, ['id']))).rejects.toBeInstanceOf(TransientDbError);
      } finally {
        release();
      }
      await holder;
      expect((await impatient.tx((q) => lockRows(q, 'halls', { id: [a, b] }, ['id']))).map((r) => r.id)).toEqual([a, b]);
    } finally {
      await impatient.close();
    }
  });
});
