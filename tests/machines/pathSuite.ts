/** The path tests every machine gets: one test per generated path (of one or more path
 * models of the same machine), then the coverage test over all of them, then the QA
 * catalogue (docs/qa/): written with QA_WRITE=1 (`npm run qa:paths`), otherwise compared. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueOf, cataloguePaths, diagramOf, QA_DIR } from './catalogue.ts';
import { coverageOf, describePath, generatePaths, runPath, type PathModel, type RunResult } from './paths.ts';

export function pathSuite(name: string, models: PathModel[]): void {
  const machine = models[0].machine;
  const runs = models.flatMap((model) => generatePaths(model).map((path) => ({ model, path })));
  const results = new Map<number, RunResult>();
  const resultOf = async (i: number) => {
    if (!results.has(i)) results.set(i, await runPath(runs[i].model, runs[i].path));
    return results.get(i)!;
  };

  describe(`${name}: generated paths`, () => {
    it('the graph yields paths', () => {
      expect(runs.length).toBeGreaterThan(0);
      for (const model of models) expect(model.machine).toBe(machine);
    });

    runs.forEach(({ model, path }, i) => {
      it(`${model.name} [${path.generator}] ${describePath(path)}`, async () => {
        await resultOf(i);
      });
    });

    it('covers every state and every transition', async () => {
      for (const i of runs.keys()) await resultOf(i);
      const coverage = coverageOf(name, machine, [...results.values()]);
      const counts = models
        .flatMap((m) => m.generators.map((g) => `${m.name} ${g} ${runs.filter((r) => r.model === m && r.path.generator === g).length}`))
        .join(', ');
      console.log(`${coverage.line} (${runs.length} paths: ${counts})`);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });

    it(`the QA catalogue (${QA_DIR}/${name}.md, .mmd) is current`, async () => {
      const entries = [];
      for (const [i, run] of runs.entries()) if (cataloguePaths([run]).length) entries.push({ ...run, result: await resultOf(i) });
      const files = {
        [`${QA_DIR}/${name}.md`]: catalogueOf(name, machine, entries, runs.length - entries.length),
        [`${QA_DIR}/${name}.mmd`]: diagramOf(machine),
      };
      for (const [file, text] of Object.entries(files)) {
        if (process.env.QA_WRITE === '1') {
          mkdirSync(QA_DIR, { recursive: true });
          writeFileSync(file, text);
        } else {
          const stale = !existsSync(file) || readFileSync(file, 'utf8') !== text;
          expect(stale, `${file} is stale: run npm run qa:paths`).toBe(false);
        }
      }
    });
  });
}
