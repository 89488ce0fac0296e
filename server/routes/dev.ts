/** Dev endpoints of the simulators (registered only when the console SMS provider is selected). */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';
import { parse } from './kit.ts';

export const devRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const outboxQuery = z.object({ phone: z.string().max(20).optional() });
  app.get('/dev/sms/outbox', async (req) => {
    const { phone } = parse(outboxQuery, req.query);
    return ok(req, deps.providers.sms.outbox?.(phone) ?? []);
  });
};
