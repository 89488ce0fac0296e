/** The visit rating (docs/product.md §1 "rate the system", paths ours): an order's owner, a
 * visitor or a team (through its owner user), reads its order's rating card and rates it once. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as answers from '../../src/domain/answers.ts';
import { idParam, ratingBody } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { orderRating, rateOrder } from '../services/ratings.ts';
import { answer, ownerOf } from './kit.ts';

export const ratingRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/order/rating/:id', { schema: { params: idParam, response: answer(answers.orderRating) } }, async (req) =>
    ok(req, await orderRating(deps, await ownerOf(deps, req), req.params.id, langOf(req))),
  );
  app.post('/order/rating', { schema: { body: ratingBody, response: answer(answers.orderRating) } }, async (req) =>
    ok(req, await rateOrder(deps, await ownerOf(deps, req), req.body, langOf(req))),
  );
};
