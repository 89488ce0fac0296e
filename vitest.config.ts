import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { findPgBin } from './scripts/pg.ts';

const server = {
  include: ['tests/server/**/*.test.ts'],
  // Each file builds its own app on its own database, and the server keeps no state in its
  // modules that a test could leave behind: a worker imports the server once, not once a file.
  isolate: false,
  // Limits that catch a hang, not a slow machine: beside two CPU burners on 2 cores, tests took
  // 3 to 6 times as long as on an idle machine (a file's app built in a hook, 10 s a test).
  testTimeout: 120_000,
  hookTimeout: 180_000,
};

/** The PostgreSQL lane runs the same server tests on a throwaway PostgreSQL (scripts/pg.ts).
 * Off CI it is skipped, with a notice, when PG_LANE=off or PostgreSQL is not installed; on CI
 * (CI=true, or PG_LANE=required as .ci/run sets) it always runs, and missing binaries fail it. */
const ci = process.env.CI === 'true' || process.env.CI === '1' || process.env.PG_LANE === 'required';
const pgOff: string | null = ci ? null : process.env.PG_LANE === 'off' ? 'PG_LANE=off' : findPgBin() ? null : 'PostgreSQL is not installed';
process.env.PG_LANE_SKIPPED = pgOff ?? '';

export default defineConfig({
  test: {
    // Every core: vitest's default leaves one to itself, which on a 2-core machine ran each lane's
    // files one at a time (the server lanes took 350 and 230 s; 260 and 140 with both cores).
    maxWorkers: availableParallelism(),
    projects: [
      // Generous timeouts: a test may wait for a condition, never lose a race with a busy machine.
      // Unit and machine tests share a worker's modules (isolate: false): importing them again
      // for each file was four fifths of these lanes' time. A test that changes a global puts it back.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], setupFiles: ['tests/unit/setup.ts'], testTimeout: 60_000, isolate: false } },
      { test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], testTimeout: 60_000, isolate: false } },
      { test: { name: 'server', ...server, globalSetup: ['tests/server/global-setup.ts'] } },
      pgOff
        ? { test: { name: 'server-pg', include: ['tests/server/pg-lane-off.ts'] } }
        : { test: { name: 'server-pg', ...server, globalSetup: ['tests/server/pg-global-setup.ts'], hookTimeout: 240_000 } },
    ],
  },
});
