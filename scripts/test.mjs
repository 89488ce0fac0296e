#!/usr/bin/env node
/** `npm test`: every check, in order, stopping at the first failure. */
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['lint', 'npx', ['eslint', '.']],
  ['unit and machine paths', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'machines']],
  ['server', 'npx', ['vitest', 'run', '--project', 'server']],
  // The same server tests on a throwaway PostgreSQL (scripts/pg.ts); off CI it is skipped, with a
  // notice, when PostgreSQL is not installed or PG_LANE=off (vitest.config.ts).
  ['server on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server-pg']],
  ['build', 'npm', ['run', 'build']],
  ['first-screen budget', 'node', ['scripts/budget.mjs']],
  ['browser end-to-end', 'npx', ['playwright', 'test', '--project', 'e2e']],
  // The machines' generated paths (their browser models) in Chromium against the real server.
  ['browser paths', 'npx', ['playwright', 'test', '--project', 'paths']],
];

const only = process.argv.slice(2);
let passed = 0;
for (const [name, command, args] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit' });
  console.log(`=== ${name}: ${run.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (run.status !== 0) {
    console.log(`\nsteps: ${passed} passed, 1 failed`);
    process.exit(run.status ?? 1);
  }
  passed++;
}
console.log(`\nsteps: ${passed} passed, 0 failed`);
