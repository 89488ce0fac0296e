/** The path tests every machine gets: one test per generated path (of one or more path
 * models of the same machine), then the coverage test over all of them, then the QA
 * catalogue (docs/qa/: the page, the Mermaid diagram and its drawing): written with
 * QA_WRITE=1 (`npm run qa:paths`), otherwise compared. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueOf, diagramOf, inCatalogue, QA_DIR, sourceMark, svgOf } from './catalogue.ts';
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

    it(`the QA catalogue (${QA_DIR}/${name}.md, .mmd, .svg) is current`, async () => {
      const entries = [];
      for (const [i, run] of runs.entries()) if (inCatalogue(run.path)) entries.push({ ...run, result: await resultOf(i) });
      const diagram = diagramOf(machine);
      const files = {
        [`${QA_DIR}/${name}.md`]: catalogueOf(name, machine, entries, runs.length - entries.length),
        [`${QA_DIR}/${name}.mmd`]: diagram,
      };
      const svg = `${QA_DIR}/${name}.svg`;
      if (process.env.QA_WRITE === '1') {
        mkdirSync(QA_DIR, { recursive: true });
        for (const [file, text] of Object.entries(files)) writeFileSync(file, text);
        writeFileSync(svg, await svgOf(diagram));
        return;
      }
      for (const [file, text] of Object.entries(files)) {
        const stale = !existsSync(file) || readFileSync(file, 'utf8') !== text;
        expect(stale, `${file} is stale: run npm run qa:paths`).toBe(false);
      }
      // The drawing records the diagram it was drawn from.
      expect(existsSync(svg) && readFileSync(svg, 'utf8').includes(sourceMark(diagram)), `${svg} is stale: run npm run qa:paths`).toBe(true);
    });
  });
}
