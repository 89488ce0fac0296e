/** Payment: POST /pay/create (ours; SPEC: "Payment call paths: not shown") and the callbacks
 * the payment platform calls: the payment's notify (POST /pay/notify) and the refund's
 * (POST /pay/refundNotify), both verified with the provider's notifyKeys. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { BizError, langOf, ok } from '../http.ts';
import { ourOrigin } from '../origin.ts';
import { ownerOf } from './kit.ts';
import { markPaid, startPayment } from '../services/payments.ts';
import { verifyNotify, verifyRefundNotify } from '../providers/payNotify.ts';
import { applyRefundNotify } from '../services/refundSubmit.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

export const payRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // inChatApp: the page runs in the chat app's browser, where JSAPI pay opens (the client's word
  // decides only which way to pay; the amount and the payer's openid are the server's).
  const createBody = z.object({ orderId: dbId(), inChatApp: z.boolean().optional() });
  app.post('/pay/create', { config: { auth: 'any' }, schema: { body: createBody, response: answer(answers.payStart) } }, async (req) => {
    const { orderId, inChatApp } = req.body;
    const how = { inChatApp: inChatApp === true, lang: langOf(req), origin: ourOrigin(req, deps.config) };
    return ok(req, await startPayment(deps, await ownerOf(deps, req), orderId, how));
  });

  // The notify speaks the platform's protocol, not our envelope: 204 when taken, 4xx with
  // { code: 'FAIL' } otherwise (the platform then retries). Its signature covers the exact
  // bytes of the body, so this scope reads JSON as text.
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    raw.post('/pay/notify', { config: { auth: 'none' } }, async (req, reply) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const tx = verifyNotify(deps.providers.payment.notifyKeys, req.headers, body, deps.clock());
      if (!tx) return reply.code(401).send({ code: 'FAIL', message: 'signature verification failed' });
      try {
        await markPaid(deps, tx.out_trade_no, tx.amount.total, tx.transaction_id ?? null);
      } catch (error) {
        if (error instanceof BizError) return reply.code(404).send({ code: 'FAIL', message: 'unknown out_trade_no' });
        throw error;
      }
      return reply.code(204).send();
    });
    raw.post('/pay/refundNotify', { config: { auth: 'none' } }, async (req, reply) => {
      const body = typeof req.body === 'string' ? req.body : '';
      const refund = verifyRefundNotify(deps.providers.payment.notifyKeys, req.headers, body, deps.clock());
      if (!refund) return reply.code(401).send({ code: 'FAIL', message: 'signature verification failed' });
      if (!(await applyRefundNotify(deps, refund))) return reply.code(404).send({ code: 'FAIL', message: 'unknown out_refund_no' });
      return reply.code(204).send();
    });
    // Never a 200 for a notify we did not take: the platform retries on 5xx.
    raw.setErrorHandler((error, req, reply) => {
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) return reply.code(status).send({ code: 'FAIL', message: 'bad request' });
      req.log.error(error);
      return reply.code(500).send({ code: 'FAIL', message: 'temporarily unavailable' });
    });
  });
};
