/** docs/qa/README.md lists every machine's catalogue page with its coverage: written with
 * QA_WRITE=1 (after the pages, by `npm run qa:paths`), otherwise compared. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { indexOf, QA_DIR } from './catalogue.ts';

it(`the QA index (${QA_DIR}/README.md) is current`, () => {
  const pages = readdirSync(QA_DIR)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort();
  const rows = pages.map((file) => {
    const text = readFileSync(`${QA_DIR}/${file}`, 'utf8');
    const cell = (row: string) => {
      const m = new RegExp(`^\\| ${row} \\| (\\d+) \\| (\\d+)`, 'm').exec(text);
      return m ? `${m[1]}/${m[2]}` : '?';
    };
    const paths = Number(/^\| paths \| (\d+)/m.exec(text)?.[1] ?? 0);
    return { name: file.replace(/\.md$/, ''), states: cell('states'), transitions: cell('transitions'), paths };
  });
  const index = indexOf(rows);
  const file = `${QA_DIR}/README.md`;
  if (process.env.QA_WRITE === '1') writeFileSync(file, index);
  else expect(existsSync(file) && readFileSync(file, 'utf8') === index, `${file} is stale: run npm run qa:paths`).toBe(true);
});
