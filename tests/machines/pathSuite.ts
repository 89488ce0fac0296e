/** The path tests every machine gets: one test per generated path (of one or more path
 * models of the same machine), then the coverage test over all of them. */
import { describe, expect, it } from 'vitest';
import { coverageOf, describePath, generatePaths, runPath, type PathModel, type RunResult } from './paths.ts';

export function pathSuite(name: string, models: PathModel[]): void {
  const machine = models[0].machine;
  const runs = models.flatMap((model) => generatePaths(model).map((path) => ({ model, path })));
  const results = new Map<number, RunResult>();

  describe(`${name}: generated paths`, () => {
    it('the graph yields paths', () => {
      expect(runs.length).toBeGreaterThan(0);
      for (const model of models) expect(model.machine).toBe(machine);
    });

    runs.forEach(({ model, path }, i) => {
      it(`${model.name} [${path.generator}] ${describePath(path)}`, async () => {
        results.set(i, await runPath(model, path));
      });
    });

    it('covers every state and every transition', async () => {
      for (const [i, { model, path }] of runs.entries()) {
        if (!results.has(i)) results.set(i, await runPath(model, path));
      }
      const coverage = coverageOf(name, machine, [...results.values()]);
      const counts = models
        .flatMap((m) => m.generators.map((g) => `${m.name} ${g} ${runs.filter((r) => r.model === m && r.path.generator === g).length}`))
        .join(', ');
      console.log(`${coverage.line} (${runs.length} paths: ${counts})`);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });
  });
}
