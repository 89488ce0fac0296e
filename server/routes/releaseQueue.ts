/** The release queue (docs/product.md §2.13): a visitor's check, entry and position reads, and
 * the staff's figures of a day's queue. The answers are src/domain/answers.ts queueStatus and
 * queueFigures. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import * as answers from '../../src/domain/answers.ts';
import { queueDateQuery, queueEnterBody, queuePositionBody, staffDayQuery } from '../../src/domain/contracts.ts';
import { enterQueue, queueCheck, queueFigures, queuePosition } from '../services/releaseQueue.ts';
import { account, answer } from './kit.ts';

export const releaseQueueRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const individual = { config: { auth: 'individual' as const } };
  app.get('/queue/check', { ...individual, schema: { querystring: queueDateQuery, response: answer(answers.queueStatus) } }, async (req) =>
    ok(req, await queueCheck(deps, app.tokenSecret, account(req).userId, req.query.date)),
  );
  app.post('/queue/enter', { ...individual, schema: { body: queueEnterBody, response: answer(answers.queueStatus) } }, async (req) =>
    ok(req, await enterQueue(deps, app.tokenSecret, account(req).userId, req.body, langOf(req))),
  );
  app.post('/queue/position', { ...individual, schema: { body: queuePositionBody, response: answer(answers.queueStatus) } }, async (req) =>
    ok(req, await queuePosition(deps, app.tokenSecret, account(req).userId, req.body.ticket)),
  );
  app.get(
    '/staff/queue',
    { config: { auth: 'staff', staffAbility: 'figures' }, schema: { querystring: staffDayQuery, response: answer(answers.queueFigures) } },
    async (req) => ok(req, await queueFigures(deps, req.query.date)),
  );
};
