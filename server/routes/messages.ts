/** The message board (docs/product.md §2 message/*; paths are ours): a visitor or a team writes and reads
 * its own messages, the staff with the `reply` ability answer them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as answers from '../../src/domain/answers.ts';
import { idParam, messageBody, pageQuery, replyBody, staffMessagesQuery } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { ok } from '../http.ts';
import { addMessage, getMessage, listMessages, replyToMessage, staffMessage, staffMessages } from '../services/messages.ts';
import { account, answer, ownerOf } from './kit.ts';

const staffReply = { config: { auth: 'staff' as const, staffAbility: 'reply' as const } };

export const messageRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // A visitor's or a team's own messages ('any': either token; a team's through its owner user).
  app.post('/message/add', { schema: { body: messageBody, response: answer(answers.messageDetail) } }, async (req) =>
    ok(req, await addMessage(deps, await ownerOf(deps, req), req.body)),
  );
  app.get('/message/list', { schema: { querystring: pageQuery, response: answer(answers.messagePage) } }, async (req) =>
    ok(req, await listMessages(deps, await ownerOf(deps, req), req.query)),
  );
  app.get('/message/:id', { schema: { params: idParam, response: answer(answers.messageDetail) } }, async (req) =>
    ok(req, await getMessage(deps, await ownerOf(deps, req), req.params.id)),
  );

  app.get('/staff/messages', { ...staffReply, schema: { querystring: staffMessagesQuery, response: answer(answers.staffMessagePage) } }, async (req) =>
    ok(req, await staffMessages(deps, req.query)),
  );
  app.get('/staff/messages/:id', { ...staffReply, schema: { params: idParam, response: answer(answers.staffMessageDetail) } }, async (req) =>
    ok(req, await staffMessage(deps, req.params.id)),
  );
  app.post(
    '/staff/messages/:id/reply',
    { ...staffReply, schema: { params: idParam, body: replyBody, response: answer(answers.staffMessageDetail) } },
    async (req) => ok(req, await replyToMessage(deps, account(req).userId, req.params.id, req.body.body)),
  );
};
