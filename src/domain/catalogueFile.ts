/** The catalogue file in the staff console (docs/product.md §2.8): the museum's whole catalogue as
 * the one JSON document `npm run catalogue:export` writes (docs/operations.md §6), downloaded, or
 * sent back to be checked whole and then imported in one transaction. */
import { z } from 'zod';
import type { Text } from './text.ts';

/** What the console sends: the file's text as read, and whether only to check it. */
export const catalogueFileBody = z.object({
  text: z.string().min(1).max(900_000),
  checkOnly: z.boolean().default(false),
});

/** What an import did (or, checked only, would do): rows created, updated, left alone. */
export const catalogueFileReport = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  checkOnly: z.boolean(),
});
export type CatalogueFileReport = z.infer<typeof catalogueFileReport>;

/** A refusal's `data`: each problem as the document's own path and what is wrong there
 * (`halls[2].prices[0].price: ...`, or a JSON error's line and column). The paths are the file's
 * keys, which are English in either language. */
export const catalogueFileProblems = z.object({ problems: z.array(z.string()) });

export const CATALOGUE_FILE_TEXTS = {
  refused: { zh: '目录文件未导入，未做任何修改：', en: 'The catalogue file is refused; nothing was written:' },
} satisfies Record<string, Text>;
