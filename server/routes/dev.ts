/** The SMS simulator's outbox, for the demo only: registered when the console SMS provider is
 * selected and the server is not in production mode, and it answers for one phone at a time. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';

import { checkPhone } from '../../src/domain/fields.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

export const devRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const outboxQuery = z.object({ phone: text().max(20).refine((phone) => checkPhone(phone) === null) });
  app.get('/dev/sms/outbox', { config: { auth: 'none' }, schema: { querystring: outboxQuery, response: answer(answers.smsOutbox) } }, async (req) => {
    const { phone } = req.query;
    return ok(req, deps.providers.sms.outbox?.(phone) ?? []);
  });
};
