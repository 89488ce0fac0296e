/** Frequent visitors (docs/product.md §2 personalCenter/topContacts, editAudienceInformation) for visitors
 * and teams alike: each token reaches its own account's list only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as answers from '../../src/domain/answers.ts';
import { contactBody, idParam } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';
import { deleteContact, getContact, listContacts, saveContact } from '../services/contacts.ts';
import { account, answer } from './kit.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const mine = { config: { auth: 'any' as const } };
  app.get('/system/topContacts', { ...mine, schema: { response: answer(answers.contacts) } }, async (req) => ok(req, await listContacts(deps, account(req))));
  app.post('/system/topContacts', { ...mine, schema: { body: contactBody, response: answer(answers.contact) } }, async (req) =>
    ok(req, await saveContact(deps, account(req), null, req.body)),
  );
  app.get('/system/topContacts/:id', { ...mine, schema: { params: idParam, response: answer(answers.contact) } }, async (req) =>
    ok(req, await getContact(deps, account(req), req.params.id)),
  );
  app.post('/system/topContacts/:id', { ...mine, schema: { params: idParam, body: contactBody, response: answer(answers.contact) } }, async (req) =>
    ok(req, await saveContact(deps, account(req), req.params.id, req.body)),
  );
  app.delete('/system/topContacts/:id', { ...mine, schema: { params: idParam, response: answer(z.null()) } }, async (req) =>
    ok(req, await deleteContact(deps, account(req), req.params.id)),
  );
};
