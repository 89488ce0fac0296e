#!/usr/bin/env node
/** `npm start`: builds the H5 and the server when either is missing or older than its sources,
 * then runs the built server in this same process (embedded PGlite unless DATABASE_URL is
 * set): npm, its shell and one node, no transpiler at run time. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const CLIENT = ['src', 'machines', 'public', 'index.html', 'vite.config.ts'];
const SERVER = ['server', 'src', 'scripts/build-server.mjs'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

if (builtAt('dist/index.html') < Math.max(...CLIENT.map(newest))) {
  console.log('Building the H5 client (dist/ is missing or older than the sources)...');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (builtAt('dist-server/main.js') < Math.max(...SERVER.map(newest))) {
  console.log('Building the server (dist-server/ is missing or older than the sources)...');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer({ quiet: true });
}

await import(pathToFileURL('dist-server/main.js').href);
