#!/usr/bin/env node
/** `npm run bench:start`: how long `npm start` takes from its spawn to the first 200 of
 * getSysTime on a fresh data folder (migrations, the demo seed, providers, listen), the
 * median of 3 (`--runs N`), and how many processes it runs once up. The client is built
 * first so no run pays for a build. A figure, not a test: it exits 0 unless a start fails. */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** The processes under `pid` (itself included), from /proc. */
function tree(pid) {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [child, parent] of parents) {
      if (found.has(parent) && !found.has(child)) {
        found.add(child);
        grew = true;
      }
    }
  }
  return found.size;
}

async function oneStart() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const started = performance.now();
  // Its own process group, so the whole tree stops with it.
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'pglite') },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('no answer within 180 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/prod-api/config/orderRule/getSysTime`, { method: 'POST' });
        if (res.status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    return { ms, processes: tree(child.pid) };
  } finally {
    const exited = new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
    // The server shuts down on SIGTERM; give it its moment before its folder goes.
    await new Promise((r) => setTimeout(r, 300));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const results = [];
for (let i = 0; i < runs; i++) results.push(await oneStart());
const sorted = results.map((r) => r.ms).sort((a, b) => a - b);
const load = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
console.log(`npm start to the first getSysTime 200, fresh data folder: ${results.map((r) => (r.ms / 1000).toFixed(2)).join(', ')} s`);
console.log(
  `median ${(sorted[Math.floor(sorted.length / 2)] / 1000).toFixed(2)} s; processes once up: ${results.map((r) => r.processes).join(', ')}; load average ${load}`,
);
