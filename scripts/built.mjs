#!/usr/bin/env node
/** Runs one of the server's built bundles in this process: `node scripts/built.mjs <name> [args]`
 * runs dist-server/<name>.js with [args] (`npm run staff:create`, `catalogue:export`, ...). The
 * bundles are built first when missing or older than their sources, where the build's tools are
 * installed; a production install (`npm ci --omit=dev`) has none and runs what `npm run build`
 * made (docs/operations.md §4). Messages go to stderr: a command's own output may be a file. */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { isStale, SERVER_SOURCES } from './stale.mjs';

const canBuild = () => {
  try {
    createRequire(import.meta.url).resolve('esbuild');
    return true;
  } catch {
    return false;
  }
};

/** Builds the server's bundles when they are older than the sources and the build can run here. */
export async function serverBuilt() {
  if (!isStale('dist-server/main.js', SERVER_SOURCES)) return;
  if (!canBuild()) {
    if (existsSync('dist-server/main.js')) return;
    throw new Error('dist-server/ is missing: run `npm run build` where the dev dependencies are installed');
  }
  console.error('Building the server (dist-server/ is missing or older than the sources)...');
  const { buildServer } = await import('./build-server.mjs');
  await buildServer({ quiet: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const name = process.argv[2];
  if (!name) throw new Error('usage: node scripts/built.mjs <bundle> [args]');
  await serverBuilt();
  // The bundle reads its own arguments from argv[2] on, as when it runs alone.
  process.argv.splice(2, 1);
  await import(pathToFileURL(`dist-server/${name}.js`).href);
}
