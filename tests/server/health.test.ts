/** Health for a proxy (docs/operations.md §8): alive, and ready while the database answers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as unknown, cache: res.headers['cache-control'] };
  };

  it('says it is alive and ready, stored by no cache', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ready' }, cache: 'no-store' });
  });

  it('is not ready once its database no longer answers, though still alive', async () => {
    const query = t.db.query;
    t.db.query = () => Promise.reject(new Error('Connection terminated unexpectedly'));
    try {
      expect(await get('/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'unreachable' } });
      expect((await get('/healthz')).status).toBe(200);
    } finally {
      t.db.query = query;
    }
  });
});
