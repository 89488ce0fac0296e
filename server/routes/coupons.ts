/** Coupons (docs/product.md §7 helpers: bindCoupon, getCoupon): a visitor's own, never a team's or the
 * staff's (their tokens are refused by the auth hook: `individual`). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as answers from '../../src/domain/answers.ts';
import { bindCouponBody } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { bindCoupon, listCoupons } from '../services/coupons.ts';
import { account, answer, clientIp } from './kit.ts';

export const couponRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const visitor = { config: { auth: 'individual' as const } };
  app.post('/coupon/bindCoupon', { ...visitor, schema: { body: bindCouponBody, response: answer(answers.coupon) } }, async (req) =>
    ok(req, await bindCoupon(deps, account(req).userId, req.body.code, clientIp(req), langOf(req))),
  );
  app.get('/coupon/getCoupon', { ...visitor, schema: { response: answer(answers.couponLists) } }, async (req) =>
    ok(req, await listCoupons(deps, account(req).userId, langOf(req))),
  );
};
