/** The demo's test doors, never mounted in production (server/app.ts): the SMS simulator's
 * outbox, registered when the console SMS provider is selected, answering for one phone at a
 * time; and, with DEV_CLOCK=1, moving the demo's clock forward (server/devClock.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';

import { checkPhone } from '../../src/domain/fields.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

export const devRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { outbox } = deps.providers.sms;
  if (outbox) {
    const outboxQuery = z.object({
      phone: text()
        .max(20)
        .refine((phone) => checkPhone(phone) === null),
    });
    app.get('/dev/sms/outbox', { config: { auth: 'none' }, schema: { querystring: outboxQuery, response: answer(answers.smsOutbox) } }, async (req) =>
      ok(req, outbox(req.query.phone)),
    );
  }

  const { devClock } = deps;
  if (devClock) {
    const advanceBody = z.object({ ms: z.number().int().min(1).max(86_400_000) });
    app.post('/dev/clock/advance', { config: { auth: 'none' }, schema: { body: advanceBody, response: answer(answers.serverTime) } }, async (req) => {
      devClock.advance(req.body.ms);
      return ok(req, { now: deps.clock().getTime() });
    });
  }
};
