/** Payment: POST /pay/create (ours; SPEC: "Payment call paths: not shown") and the notify
 * callback the payment platform calls (POST /pay/notify, verified like the vendor's). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { BizError, langOf, ok } from '../http.ts';
import { ownerOf } from './kit.ts';
import { createPayment, markPaid } from '../services/payments.ts';
import { verifyNotify } from '../providers/payNotify.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

export const payRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const createBody = z.object({ orderId: dbId() });
  app.post('/pay/create', { config: { auth: 'any' }, schema: { body: createBody, response: answer(answers.payStart) } }, async (req) => {
    const { orderId } = req.body;
    const { payId } = await createPayment(deps, await ownerOf(deps, req), orderId);
    return ok(req, { payUrl: deps.providers.payment.payUrl(payId, langOf(req)) });
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
        await markPaid(deps, tx.out_trade_no, tx.amount.total);
      } catch (error) {
        if (error instanceof BizError) return reply.code(404).send({ code: 'FAIL', message: 'unknown out_trade_no' });
        throw error;
      }
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
