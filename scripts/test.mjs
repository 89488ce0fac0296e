#!/usr/bin/env node
/** `npm test`: every check, in order, stopping at the first failure; then a table of the lanes,
 * what each counted and its time (also in reports/lanes/summary.md). Steps that need nothing
 * built run side by side, their output printed as each ends. Test
 * counts come from the runners' JSON reports (reports/lanes/<lane>.json); the machine lane's
 * generated paths, which replay a machine against itself, are counted apart from its outcome
 * checks and the unit tests. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const LANES = 'reports/lanes';
const vitest = (lane, ...projects) => [
  'npx',
  ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${LANES}/${lane}.json`],
  { count: 'vitest' },
];
const playwright = (lane) => [
  'npx',
  ['playwright', 'test', '--reporter=list,json'],
  { count: 'playwright', env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${LANES}/${lane}.json` } },
];

/** The stages, in order; the steps of a stage run at the same time. */
const stages = [
  // The steps that need nothing built, side by side: the checks use a core each, the unit lane both.
  [
    ['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
    ['lint', 'npx', ['eslint', '.']],
    ['format', 'npx', ['prettier', '--check', '.']],
    ['unit and machine paths', ...vitest('unit-machines', 'unit', 'machines')],
    ['build', 'npm', ['run', 'build']],
  ],
  [['server', ...vitest('server', 'server')]],
  // The same server tests on a throwaway PostgreSQL (scripts/pg.ts); off CI it is skipped, with a
  // notice, when PostgreSQL is not installed or PG_LANE=off (vitest.config.ts).
  [['server on PostgreSQL', ...vitest('server-pg', 'server-pg')]],
  [['first-screen budget', 'node', ['scripts/budget.mjs']]],
  // The journeys (project e2e) and the machines' generated paths in Chromium (project paths) in
  // one run: one set of servers, and no worker idle while the other lane's last test ends.
  [['browser end-to-end and paths', ...playwright('browser')]],
];

/** What a vitest JSON report counted: tests, and for the machine lane its generated paths apart. */
function vitestCounts(file) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const tests = report.testResults.flatMap((f) => f.assertionResults.map((t) => ({ file: f.name, ...t })));
  const passed = tests.filter((t) => t.status === 'passed');
  // tests/machines/pathSuite.ts names the block of a machine's generated paths "<name>: generated paths".
  const paths = passed.filter((t) => t.ancestorTitles.some((title) => title.endsWith(': generated paths')) && / \[(cover|shortest|simple)\] /.test(t.title));
  const failed = tests.filter((t) => t.status === 'failed').length;
  const parts = [`${passed.length} passed`];
  if (paths.length) parts.push(`of which ${paths.length} generated paths, ${passed.length - paths.length} checks and unit tests`);
  if (failed) parts.push(`${failed} failed`);
  const skipped = tests.length - passed.length - failed;
  if (skipped) parts.push(`${skipped} skipped`);
  return parts.join(', ');
}

/** What a Playwright JSON report counted, project by project ("e2e: 86 passed; paths: 43 passed"). */
function playwrightCounts(file) {
  const byProject = new Map();
  const walk = (suite) => {
    for (const child of suite.suites ?? []) walk(child);
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const counts = byProject.get(test.projectName) ?? { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
        counts[test.status] += 1;
        byProject.set(test.projectName, counts);
      }
    }
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites) walk(suite);
  return [...byProject]
    .map(([project, counts]) => {
      const parts = [`${counts.expected} passed`];
      if (counts.unexpected) parts.push(`${counts.unexpected} failed`);
      if (counts.flaky) parts.push(`${counts.flaky} flaky`);
      if (counts.skipped) parts.push(`${counts.skipped} skipped`);
      return `${project}: ${parts.join(', ')}`;
    })
    .join('; ');
}

function countsOf(options) {
  const file = options?.count === 'vitest' ? options.file : options?.env?.PLAYWRIGHT_JSON_OUTPUT_NAME;
  if (!file || !existsSync(file)) return '';
  try {
    return options.count === 'vitest' ? vitestCounts(file) : playwrightCounts(file);
  } catch {
    return '(no report)';
  }
}

/** Runs one step: its output straight through when it runs alone, else held and printed when it ends. */
function runStep([name, command, args, options], alone) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options?.env } });
  const held = [];
  child.stdout?.on('data', (chunk) => held.push(chunk));
  child.stderr?.on('data', (chunk) => held.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      const seconds = (Date.now() - started) / 1000;
      if (!alone) process.stdout.write(`\n=== ${name}: output\n${Buffer.concat(held).toString()}`);
      const ok = status === 0;
      console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
      const file = args.find((a) => a.startsWith('--outputFile.json='))?.split('=')[1];
      resolve({ name, ok, status: status ?? 1, seconds, tests: countsOf({ ...options, file }) });
    });
  });
}

const only = process.argv.slice(2);
const rows = [];
rmSync(LANES, { recursive: true, force: true });
mkdirSync(LANES, { recursive: true });
let failedStep = null;
const allStarted = Date.now();
for (const stage of stages) {
  const steps = stage.filter(([name]) => !only.length || only.some((word) => name.includes(word)));
  const results = await Promise.all(steps.map((step) => runStep(step, steps.length === 1)));
  rows.push(...results);
  const failed = results.find((r) => !r.ok);
  if (failed) {
    failedStep = failed.status;
    break;
  }
}

// Wall time: steps that ran side by side count once.
const total = (Date.now() - allStarted) / 1000;
const table = [
  '| lane | result | tests | seconds |',
  '|---|---|---|---:|',
  ...rows.map((r) => `| ${r.name} | ${r.ok ? 'ok' : 'FAILED'} | ${r.tests} | ${r.seconds.toFixed(1)} |`),
  `| all | ${failedStep === null ? 'ok' : 'FAILED'} | | ${total.toFixed(1)} |`,
].join('\n');
writeFileSync(`${LANES}/summary.md`, `${table}\n`);
console.log(`\n${table}\n\nsteps: ${rows.filter((r) => r.ok).length} passed, ${failedStep === null ? 0 : 1} failed`);
if (failedStep !== null) process.exit(failedStep);
