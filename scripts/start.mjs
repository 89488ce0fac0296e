#!/usr/bin/env node
/** `npm start`: builds the H5 and the server when either is missing or older than its sources,
 * then runs the built server in this same process (embedded PGlite unless DATABASE_URL is
 * set): npm, its shell and one node, no transpiler at run time. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { serverBuilt } from './built.mjs';
import { isStale } from './stale.mjs';

const CLIENT = ['src', 'machines', 'public', 'index.html', 'vite.config.ts'];

// A production install has no vite: it serves the dist/ that `npm run build` made.
if (isStale('dist/index.html', CLIENT) && (existsSync('node_modules/vite/bin/vite.js') || !existsSync('dist/index.html'))) {
  console.log('Building the H5 client (dist/ is missing or older than the sources)...');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await serverBuilt();
await import(pathToFileURL('dist-server/main.js').href);
