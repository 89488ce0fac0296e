/** The catalogue file from the staff console (docs/product.md §2.8): the same checks and the
 * same writer as `npm run catalogue:import` (docs/operations.md §6), in one transaction, audited.
 * A file checked only is written and rolled back: what it would do is counted by the writer
 * itself, and nothing stays. The halls' and prices' change notices drop the caches at commit. */
import { CATALOGUE_FILE_TEXTS, type CatalogueFileReport } from '../../src/domain/catalogueFile.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { exportCatalogue } from '../catalogue/export.ts';
import { CatalogueRefusal, importCatalogue, type ImportReport } from '../catalogue/import.ts';
import { parseJsonDocument } from '../catalogue/parse.ts';
import { audit } from './audit.ts';

/** Thrown inside the transaction to roll a check back with its report. */
class CheckedOnly extends Error {
  constructor(readonly report: ImportReport) {
    super('checked only');
  }
}

const refused = (problems: string[]) => fail(CATALOGUE_FILE_TEXTS.refused, 500, { problems });

export async function importCatalogueFile(deps: AppDeps, staffId: number, text: string, checkOnly: boolean): Promise<CatalogueFileReport> {
  const parsed = parseJsonDocument(text);
  if (!parsed.ok) throw refused(parsed.problems);
  try {
    const report = await deps.db.tx(async (q) => {
      const done = await importCatalogue(q, parsed.document, { now: deps.clock() });
      if (checkOnly) throw new CheckedOnly(done);
      await audit(q, staffId, 'importCatalogue', 'catalogue', { ...done }, deps.clock());
      return done;
    }, 'job');
    return { ...report, checkOnly: false };
  } catch (error) {
    if (error instanceof CheckedOnly) return { ...error.report, checkOnly: true };
    if (error instanceof CatalogueRefusal) throw refused(error.problems);
    throw error;
  }
}

/** The catalogue as the file an import reads back. */
export async function catalogueFile(deps: AppDeps): Promise<string> {
  return `${JSON.stringify(await deps.db.tx((q) => exportCatalogue(q)), null, 2)}\n`;
}
