/** The `server-pg` lane: starts a throwaway PostgreSQL (scripts/pg.ts), migrates and seeds ONE
 * template database, and provides where it is; each makeApp() in tests/server/helpers.ts then
 * gets its own `CREATE DATABASE ... TEMPLATE museum_template` and opens it with `pg`. */
import type { TestProject } from 'vitest/node';
import { migrate, openPg } from '../../server/db/db.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { seedDemoAccounts } from '../../server/seed/accounts.ts';
import { findPgBin, PG_MISSING, startPostgres } from '../../scripts/pg.ts';
import { PG_CONNECT, SEED_TIME } from './constants.ts';
import './pg-lane.ts';

export const PG_TEMPLATE = 'museum_template';

export default async function setup(project: TestProject) {
  if (!findPgBin()) {
    // vitest.config.ts replaces this lane by a skip notice off CI; here we are in CI (or forced).
    throw new Error(`[server-pg] ${PG_MISSING} CI=true: the PostgreSQL lane is required.`);
  }
  const started = Date.now();
  const server = await startPostgres();
  try {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: server.url() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    const db = await openPg(server.url(PG_TEMPLATE), PG_CONNECT);
    await migrate(db);
    await seedIfEmpty(db, () => new Date(SEED_TIME));
    await seedDemoAccounts(db, () => new Date(SEED_TIME));
    await db.close(); // a template must have no connections when it is copied
  } catch (error) {
    server.stop();
    throw error;
  }
  console.log(`[server-pg] PostgreSQL on 127.0.0.1:${server.port} (${server.binDir}), template ready in ${Date.now() - started} ms`);
  project.provide('pgLane', { adminUrl: server.url(), urlPrefix: server.url(''), template: PG_TEMPLATE });
  return () => server.stop();
}
