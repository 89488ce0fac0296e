#!/usr/bin/env node
/** `npm run size`: what a production install weighs, and that it runs. Installs this project's
 * locked dependencies without the dev ones (`npm ci --omit=dev`) into a folder of its own, prints
 * the MB on disk and the largest packages, checks that every package the built server imports
 * is there, then starts the built server on it and asks for the calendar. Fails over the budget
 * (docs/operations.md §4). Needs `npm run build` first, and the npm registry. */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BUDGET_MB = 250;
const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'dist-server/main.js')) || !existsSync(path.join(root, 'dist/index.html'))) {
  throw new Error('run `npm run build` first');
}

/** Bytes of the files under `dir`, as the disk holds them (4 KiB blocks). */
function bytesOn(dir) {
  let sum = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) sum += bytesOn(at);
    else if (entry.isFile()) sum += statSync(at).blocks * 512;
  }
  return sum;
}
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

const dir = mkdtempSync(path.join(tmpdir(), 'museum-size-'));
try {
  for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(root, file), path.join(dir, file));
  const started = Date.now();
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const modules = path.join(dir, 'node_modules');
  const total = bytesOn(modules);
  const packages = readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(path.join(modules, name)).map((sub) => `${name}/${sub}`) : [name]))
    .map((name) => ({ name, bytes: bytesOn(path.join(modules, name)) }))
    .sort((a, b) => b.bytes - a.bytes);
  console.log(
    `npm ci --omit=dev: ${mb(total)} MB in node_modules, ${packages.length} packages, ${((Date.now() - started) / 1000).toFixed(0)} s (budget ${BUDGET_MB} MB)`,
  );
  for (const p of packages.slice(0, 8)) console.log(`  ${mb(p.bytes).padStart(6)} MB  ${p.name}`);

  // Every package the bundles import is installed (the face and OCR engines are optional: loaded
  // by name when a museum turns them on, docs/operations.md §4).
  const bundles = readdirSync(path.join(root, 'dist-server')).filter((f) => f.endsWith('.js'));
  const imported = new Set();
  for (const bundle of bundles) {
    const text = readFileSync(path.join(root, 'dist-server', bundle), 'utf8');
    for (const [, spec] of text.matchAll(/(?:\bfrom|\bimport\()\s*["']([^"'./][^"']*)["']/g)) {
      if (!spec.startsWith('node:')) imported.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
    }
  }
  const missing = [...imported].filter((name) => !existsSync(path.join(modules, name, 'package.json')));
  console.log(`the built server imports ${imported.size} packages: ${missing.length ? `MISSING ${missing.join(', ')}` : 'all installed'}`);

  // The built server on that install answers.
  // Copies, not links: a link's target would resolve the packages from this project's own install.
  for (const built of ['dist', 'dist-server']) cpSync(path.join(root, built), path.join(dir, built), { recursive: true });
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dir, 'data'), NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let days = 0;
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
      if (ready?.ok) break;
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the built server did not become ready on the production install');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const calendar = await (await fetch(`http://127.0.0.1:${port}/prod-api/pool/ingore/getCalendar`)).json();
    days = calendar.data?.length ?? 0;
  } finally {
    server.kill('SIGTERM');
  }
  console.log(`the built server on it: ready, the calendar has ${days} days`);
  if (missing.length || days === 0 || total > BUDGET_MB * 1024 * 1024) process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
