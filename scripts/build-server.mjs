#!/usr/bin/env node
/** The server as production runs it (`npm run build`): server/main.ts and everything it imports
 * bundled by esbuild into dist-server/main.js, and the operator's commands beside it
 * (node_modules stay outside, resolved from the project as before); the migrations' .sql files
 * beside them (server/db/db.ts reads them next to itself); and a PGlite database folder with the
 * migrations applied, packed (`pglite-<version>.tar.gz`, without the template databases nothing
 * here uses): a fresh DATA_DIR is unpacked from it instead of PGlite's own initdb and the
 * migrations, seconds on a small machine (server/db/open.ts, server/db/unpack.ts; migrate() then
 * finds them applied). Packed again only when PGlite or a migration changes.
 * `node scripts/build-server.mjs` alone rebuilds only this. */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const OUT = 'dist-server';

/** What is built, each into its own file of OUT: the server, the worker pool's thread (the server
 * starts dist-server/worker.js beside itself: server/workers/workPool.ts), the database's thread
 * (dist-server/pglite-thread.js: server/db/pgliteThread.ts), and the operator's
 * commands (staff accounts, the catalogue, backups), so that a production install (no tsx, no esbuild) runs them as built JavaScript
 * (scripts/built.mjs). */
export const ENTRIES = {
  main: 'server/main.ts',
  worker: 'server/workers/tasks.ts',
  'pglite-thread': 'server/db/pgliteThread.worker.ts',
  'staff-create': 'scripts/staff-create.ts',
  catalogue: 'scripts/catalogue.ts',
  backup: 'scripts/backup.ts',
};

/** The PGlite template's file name for the installed PGlite (a new version packs a new one). */
export const templateName = (root = '.') =>
  `pglite-${JSON.parse(readFileSync(`${root}/node_modules/@electric-sql/pglite/package.json`, 'utf8')).version}.tar.gz`;

/** How the template is made; changed, every build packs it again. */
const TEMPLATE_FORMAT = 'migrated, without template0/template1';

/** What the template holds: the PGlite version, how it is made and every migration's text. */
function templateKey() {
  const hash = createHash('sha256').update(templateName()).update(TEMPLATE_FORMAT);
  for (const file of readdirSync('server/db/migrations').sort()) hash.update(file).update(readFileSync(`server/db/migrations/${file}`));
  return hash.digest('hex');
}

/** A database in memory, migrated by the server's own migrate(), packed. */
async function packTemplate() {
  const helper = `${OUT}/template-db.mjs`;
  await build({
    entryPoints: ['server/db/db.ts'],
    outfile: helper,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  try {
    const { openPglite, migrate } = await import(pathToFileURL(helper).href);
    const db = await openPglite();
    await migrate(db);
    // The server uses the `postgres` database only. initdb's template0 and template1 are 600 of
    // the folder's 1,300 files, and on a small machine each file a fresh start creates costs
    // about half a millisecond before the first answer. Dropped the way PostgreSQL allows
    // (CREATE DATABASE, which would need them, is not something PGlite's one database does).
    await db.query(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    await db.query('DROP DATABASE template0');
    await db.query('DROP DATABASE template1');
    const packed = Buffer.from(await (await db.raw.dumpDataDir('gzip')).arrayBuffer());
    await db.close();
    return packed;
  } finally {
    rmSync(helper, { force: true });
  }
}

export async function buildServer({ quiet = false } = {}) {
  const started = performance.now();
  const template = `${OUT}/${templateName()}`;
  const key = templateKey();
  const kept = existsSync(template) && existsSync(`${template}.key`) && readFileSync(`${template}.key`, 'utf8') === key ? readFileSync(template) : null;
  rmSync(OUT, { recursive: true, force: true });
  await build({
    entryPoints: ENTRIES,
    outdir: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: quiet ? 'warning' : 'info',
  });
  mkdirSync(`${OUT}/migrations`);
  cpSync('server/db/migrations', `${OUT}/migrations`, { recursive: true });
  writeFileSync(template, kept ?? (await packTemplate()));
  writeFileSync(`${template}.key`, key);
  if (!quiet) console.log(`server built into ${OUT}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
