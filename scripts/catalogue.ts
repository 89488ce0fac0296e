/** The museum's catalogue as one JSON document (docs/operations.md §6):
 *
 *   npm run catalogue:export -- museum.json     (or to the screen without a file)
 *   npm run catalogue:import -- museum.json
 *
 * It opens the database the server's configuration names, as `npm run staff:create` does
 * (DATABASE_URL, or the PGlite folder DATA_DIR: stop the server first, a PGlite folder has one
 * owner). An import is checked whole before anything is written, then written in one
 * transaction; a refusal names the field by its path, or the line of a JSON error. Importing the
 * same document twice changes nothing. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readConfig } from '../server/config.ts';
import { migrate } from '../server/db/db.ts';
import { openConfiguredDb } from '../server/db/open.ts';
import { exportCatalogue } from '../server/catalogue/export.ts';
import { CatalogueRefusal, importCatalogue } from '../server/catalogue/import.ts';
import { parseJsonDocument } from '../server/catalogue/parse.ts';

async function main() {
  const [command, file] = process.argv.slice(2);
  if (command !== 'export' && command !== 'import') throw new Error('usage: npm run catalogue:export -- [file] | npm run catalogue:import -- <file>');
  if (command === 'import' && !file) throw new Error('usage: npm run catalogue:import -- <file>');
  // An import is read and checked before the database is opened: a refusal touches nothing.
  const doc = command === 'import' ? parseJsonDocument(readFileSync(file, 'utf8')) : null;
  if (doc && !doc.ok) throw new Error(`${file} is refused, nothing was written:\n  ${doc.problems.join('\n  ')}`);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const { db, where, unlock } = await openConfiguredDb(readConfig(process.env, root));
  try {
    await migrate(db);
    if (doc) {
      const report = await db.tx((q) => importCatalogue(q, doc.document, { now: new Date() }), 'setup');
      console.error(`imported ${file} into ${where}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged`);
    } else {
      const text = `${JSON.stringify(await db.tx((q) => exportCatalogue(q)), null, 2)}\n`;
      if (file) writeFileSync(file, text);
      else process.stdout.write(text);
      if (file) console.error(`exported the catalogue of ${where} to ${file}`);
    }
  } finally {
    await db.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof CatalogueRefusal ? `refused, nothing was written:\n  ${error.problems.join('\n  ')}` : error instanceof Error ? error.message : error,
  );
  process.exit(1);
});
