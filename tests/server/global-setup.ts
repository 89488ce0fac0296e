/** The `server` lane (PGlite). Migrates and seeds ONE PGlite template, dumps it to a tarball, and provides its path;
 * each test file loads its own copy (tests/server/helpers.ts). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openPglite } from '../../server/db/db.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { seedDemoAccounts } from '../../server/seed/accounts.ts';
import { SEED_TIME } from './constants.ts';
import './pg-lane.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'museum-pg-template-'));
  const file = path.join(dir, 'template.tar');
  const db = await openPglite();
  await migrate(db);
  await seedIfEmpty(db, () => new Date(SEED_TIME));
  await seedDemoAccounts(db, () => new Date(SEED_TIME));
  const raw = db.raw as { dumpDataDir(c?: 'none' | 'gzip' | 'auto'): Promise<Blob> };
  const dump = await raw.dumpDataDir('none');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgTemplate', file);
  project.provide('pgLane', null); // this is the PGlite lane (tests/server/pg-global-setup.ts is the other)
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
