/** Backup and restore of the database the server's configuration names (docs/operations.md §11):
 *
 *   npm run backup -- [file]                       PGlite: a gzipped tar, from the running server
 *                                                  or the stopped folder; PostgreSQL: pg_dump -Fc
 *   npm run restore -- <file> [--replace]          into a new or empty DATA_DIR (PGlite), or an
 *                                                  empty database (DATABASE_URL); then start the server
 *
 * Messages go to stderr. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/config.ts';
import { backupName, takeBackup } from '../server/ops/backup.ts';
import { restoreBackup } from '../server/ops/restore.ts';

async function main() {
  const [command, ...args] = process.argv.slice(2);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const config = readConfig(process.env, root);
  if (command === 'take') {
    const file = args[0] ?? backupName(config);
    const done = await takeBackup(config, file);
    const paused = done.snapshotMs === undefined ? '' : `; the server's statements waited ${done.snapshotMs} ms for the copy`;
    console.error(
      `backup of ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`} (${done.how}) written to ${done.file}: ${mb(done.bytes)}${paused}`,
    );
    console.error('It holds personal data (phones, names, certificate numbers): keep it encrypted, where only the operators can read it.');
    return;
  }
  const file = args.find((a) => !a.startsWith('--'));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--replace');
  if (command !== 'restore' || !file || unknown.length) throw new Error('usage: npm run backup -- [file] | npm run restore -- <file> [--replace]');
  const done = await restoreBackup(config, file, { replace: args.includes('--replace') });
  if (done.movedAside) console.error(`the folder's previous files were moved to ${done.movedAside}`);
  console.error(`restored ${file} into ${done.where}: ${done.orders} orders`);
  if (done.pending.length)
    console.error(`the backup is older than this build: the server applies ${done.pending.length} migrations when it starts (${done.pending.join(', ')})`);
  if (done.unknown.length) {
    console.error(
      `WARNING: the backup was taken by a newer build (migrations unknown here: ${done.unknown.join(', ')}): start it with that build or a newer one`,
    );
  }
  console.error('Now start the server on it.');
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
