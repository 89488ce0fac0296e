import { HALLS } from '../../server/seed/museum.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';
import { migrate, TransientDbError } from '../../server/db/db.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';

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
