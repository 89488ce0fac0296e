import { HALLS } from '../../server/seed/museum.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLane, makeApp, type TestApp } from './helpers.ts';
import { PG_CONNECT } from './constants.ts';
import { migrate, openPg, TransientDbError, TX_LIMITS } from '../../server/db/db.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { teamTypeColumn } from '../../server/db/columns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

describe('database', () => {
  it('applies each migration once and seeds only when empty', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hall_schedule');
    expect(await seedIfEmpty(t.db, t.now)).toBe(false);
    const [{ n: m }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hall_schedule');
    expect(m).toBe(n);
    // A later day tops up sessions for the new last day only.
    t.advance(86400_000);
    await seedIfEmpty(t.db, t.now);
    const [{ n: k }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hall_schedule');
    expect(k).toBe(n + HALLS.reduce((sum, h) => sum + h.sessions.length, 0));
  });

  it('a demo folder from before session templates gets the demo templates back and keeps rolling forward', async () => {
    await t.db.query('DELETE FROM template_sessions');
    await t.db.query('DELETE FROM session_templates');
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hall_schedule');
    t.advance(86400_000);
    await seedIfEmpty(t.db, t.now);
    const [{ n: k }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM hall_schedule');
    expect(k).toBe(n + HALLS.reduce((sum, h) => sum + h.sessions.length, 0));
    const [{ n: templates }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM session_templates WHERE roll_forward');
    expect(templates).toBe(HALLS.length);
  });

  it('a transaction is seen whole at its commit or not at all, and a failed statement leaves the database answering', async () => {
    await t.db.query('CREATE TABLE scratch (id int PRIMARY KEY, day date, amount bigint)');
    let seenInside: unknown[] = [];
    let outside: Promise<unknown[]> | undefined;
    await t.db.tx(async (q) => {
      await q.query('INSERT INTO scratch VALUES ($1, $2, $3)', [1, '2026-11-25', 12]);
      outside = t.db.query('SELECT id FROM scratch ORDER BY id');
      seenInside = await q.query('SELECT id FROM scratch');
      await q.query('INSERT INTO scratch VALUES ($1, $2, $3)', [2, '2026-11-26', 13]);
    });
    expect(seenInside).toEqual([{ id: 1 }]);
    // A query from outside never sees half of it: nothing before the commit (PostgreSQL), or all of
    // it after the commit it waited for (PGlite's one session).
    expect([[], [{ id: 1 }, { id: 2 }]]).toContainEqual(await outside);
    // The same statement again with other values (a prepared statement on PGlite): each its own rows, typed as on PostgreSQL.
    expect(await t.db.query('SELECT day, amount FROM scratch WHERE id = $1', [1])).toEqual([{ day: '2026-11-25', amount: 12 }]);
    expect(await t.db.query('SELECT day, amount FROM scratch WHERE id = $1', [2])).toEqual([{ day: '2026-11-26', amount: 13 }]);
    await expect(
      t.db.tx(async (q) => {
        await q.query('INSERT INTO scratch VALUES ($1, $2, $3)', [3, '2026-11-27', 14]);
        await q.query('INSERT INTO scratch VALUES ($1, $2, $3)', [1, '2026-11-27', 14]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(t.db.query('INSERT INTO scratch VALUES ($1, $2, $3)', [2, '2026-11-27', 14])).rejects.toMatchObject({ code: '23505' });
    expect(await t.db.query<{ id: number }>('SELECT id FROM scratch ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('a table that changes its columns under a prepared statement (another instance migrating) costs one "busy", then reads the new columns', async () => {
    await t.db.query('CREATE TABLE scratch_columns (id int PRIMARY KEY)');
    await t.db.query('INSERT INTO scratch_columns VALUES (1)');
    const read = () => t.db.query('SELECT * FROM scratch_columns WHERE id = $1', [1]);
    expect(await read()).toEqual([{ id: 1 }]);
    await t.db.query("ALTER TABLE scratch_columns ADD COLUMN note text NOT NULL DEFAULT 'new'");
    await expect(read()).rejects.toBeInstanceOf(TransientDbError);
    expect(await read()).toEqual([{ id: 1, note: 'new' }]);
  });

  it('a row lock outside a transaction is refused: it would end with its own statement and guard nothing', async () => {
    await expect(t.db.query('SELECT id FROM halls WHERE id = $1 FOR UPDATE', [1])).rejects.toThrow(/outside a transaction/);
    await expect(t.db.query('SELECT id FROM halls ORDER BY id LIMIT 1 for no key update')).rejects.toThrow(/outside a transaction/);
    // Inside one, the same lock is taken, and a name that only contains the words is no lock.
    expect(await t.db.tx((q) => q.query<{ id: number }>('SELECT id FROM halls WHERE id = $1 FOR UPDATE', [1]))).toEqual([{ id: 1 }]);
    expect(await t.db.query(`SELECT 'wait FOR UPDATEs' AS note`)).toHaveLength(1);
  });

  it.skipIf(dbLane() !== 'pg')(
    'a transaction that waits on a row lock, or runs a statement, past its limit is cancelled as "busy", and nothing of it is kept',
    async () => {
      // A second instance whose requests may wait 100 ms for a lock and run a statement for 300 ms.
      const impatient = await openPg(t.databaseUrl!, { ...PG_CONNECT, txLimits: { ...TX_LIMITS, request: { lockMs: 100, statementMs: 300 } } });
      try {
        const [{ id, held }] = await t.db.query<{ id: number; held: number }>('SELECT id, held FROM hall_schedule ORDER BY id LIMIT 1');
        const intro = () => t.db.query('SELECT intro_zh FROM halls WHERE id = $1', [1]);
        const introBefore = await intro();
        let release!: () => void;
        const stuck = t.db.tx(async (q) => {
          await q.query('SELECT id FROM hall_schedule WHERE id = $1 FOR UPDATE', [id]);
          await new Promise<void>((resolve) => (release = resolve));
        });
        await expect.poll(() => release).toBeDefined();
        await expect(
          impatient.tx(async (q) => {
            await q.query(`UPDATE halls SET intro_zh = 'changed' WHERE id = $1`, [1]);
            await q.query('UPDATE hall_schedule SET held = held + 1 WHERE id = $1', [id]);
          }),
        ).rejects.toBeInstanceOf(TransientDbError);
        release();
        await stuck;
        expect(await intro()).toEqual(introBefore);
        // A statement that never ends by itself: only the 300 ms limit ends it (no wait on the clock here).
        await expect(impatient.tx((q) => q.query('SELECT pg_sleep(86400)'))).rejects.toBeInstanceOf(TransientDbError);
        // The lock free again, the same change goes through; the refused one left nothing.
        await impatient.tx((q) => q.query('UPDATE hall_schedule SET held = held + 1 WHERE id = $1', [id]));
        expect(await t.db.query('SELECT held FROM hall_schedule WHERE id = $1', [id])).toEqual([{ held: held + 1 }]);
        await impatient.tx((q) => q.query('UPDATE hall_schedule SET held = held - 1 WHERE id = $1', [id]));
      } finally {
        await impatient.close();
      }
    },
  );

  it('a closed-list column is read through its parser: a value the code does not know fails at the read, named', async () => {
    const [{ team_type }] = await t.db.query<{ team_type: unknown }>('SELECT 2 AS team_type');
    expect(teamTypeColumn(team_type)).toBe(2);
    expect(() => teamTypeColumn(9)).toThrow('teams.team_type holds 9, not one of 1, 2, 3, 4, 5');
    expect(() => teamTypeColumn('2')).toThrow(/teams.team_type/);
  });

  it('malformed JSON gets code 500 with a message, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/ingore/sendMessage',
      payload: '{bad',
      headers: { 'content-type': 'application/json', language: 'en_us' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 500, msg: 'Invalid request parameters' });
  });

  it('non-API paths get the SPA fallback page (no dist here: a plain page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/individualCustomers/select/selectDate' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/not built/);
  });
});
