/** The catalogue file in the staff console (docs/product.md §2.8): an admin downloads it, or sends
 * one back to be checked and imported. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueFileBody, catalogueFileProblems, catalogueFileReport } from '../../src/domain/catalogueFile.ts';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';
import { catalogueFile, importCatalogueFile } from '../services/catalogueFile.ts';
import { account, answer } from './kit.ts';

const operate = { config: { auth: 'staff' as const, staffAbility: 'operate' as const } };

export const catalogueFileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/staff/catalogue/file', operate, async (_req, reply) =>
    reply
      // Not application/json: the console's client reads that as an answer's envelope, not a file.
      .type('application/octet-stream')
      .header('content-disposition', 'attachment; filename="museum-catalogue.json"')
      .send(await catalogueFile(deps)),
  );
  app.post(
    '/staff/catalogue/file',
    { ...operate, schema: { body: catalogueFileBody, response: answer(z.union([catalogueFileReport, catalogueFileProblems])) } },
    async (req) => ok(req, await importCatalogueFile(deps, account(req).userId, req.body.text, req.body.checkOnly)),
  );
};
