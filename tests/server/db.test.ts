import { HALLS } from '../../server/seed/museum.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';
import { migrate } from '../../server/db/db.ts';
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

  it('malformed JSON gets code 500 with a message, not a crash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/prod-api/ingore/sendMessage', payload: '{bad', headers: { 'content-type': 'application/json', language: 'en_us' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 500, msg: 'Invalid request parameters' });
  });

  it('non-API paths get the SPA fallback page (no dist here: a plain page)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/individualCustomers/select/selectDate' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/not built/);
  });
});
