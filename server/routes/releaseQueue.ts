/** The release queue (docs/product.md §2.13): a visitor's check, entry and position reads, her
 * place's stream, and the staff's figures of a day's queue. The answers are src/domain/answers.ts
 * queueStatus and queueFigures. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../context.ts';
import { BizError, langOf, ok } from '../http.ts';
import * as answers from '../../src/domain/answers.ts';
import { queueDateQuery, queueEnterBody, queuePositionBody, queueStreamQuery, staffDayQuery } from '../../src/domain/contracts.ts';
import { QUEUE_TEXTS } from '../../src/domain/releaseQueue.ts';
import { enterQueue, placesNow, queueCheck, queueFigures, queuePosition, verifyTicket } from '../services/releaseQueue.ts';
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
  // The place's stream (server/queuePush.ts): EventSource sends no headers, so the signed queue
  // ticket (not a login) and the language come in the query; the ticket must be ours, unexpired
  // and of the day asked. Refused: the page reads its position every few seconds, as before.
  app.get('/queue/live', { config: { auth: 'none' }, schema: { querystring: queueStreamQuery } }, async (req, reply) => {
    const lang = req.query.lang ?? langOf(req);
    const refuse = (status: number, code: number, msg: string) => reply.code(status).send({ code, msg, data: null });
    const push = app.queuePush;
    const ticket = await verifyTicket(app.tokenSecret, req.query.ticket, deps.clock()).catch((e: BizError) => e);
    if (ticket instanceof BizError) return refuse(200, ticket.code, ticket.text[lang]);
    if (ticket.date !== req.query.date) return refuse(200, 500, QUEUE_TEXTS.streamDay[lang]);
    // A proxy tries another instance (deploy/museum.conf: http_503).
    if (push.full) return refuse(503, 503, QUEUE_TEXTS.streamsFull[lang]);
    const [first] = await placesNow(deps, ticket.date, [ticket]);
    if (push.full) return refuse(503, 503, QUEUE_TEXTS.streamsFull[lang]);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    res.write('retry: 3000\n\n');
    push.open(ticket.date, ticket.userId, ticket.place, res, first);
  });
  app.get(
    '/staff/queue',
    { config: { auth: 'staff', staffAbility: 'figures' }, schema: { querystring: staffDayQuery, response: answer(answers.queueFigures) } },
    async (req) => ok(req, await queueFigures(deps, req.query.date)),
  );
};
