/** SPEC §7 "Orders" (individual). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { account } from './kit.ts';
import { addToCart, checkoutCart } from '../services/cart.ts';
import { calculatePrice, placeOrder } from '../services/orders.ts';
import { listOrders, orderDetail, orderStatus, unpaidOrder } from '../services/orderQueries.ts';
import { idParam, orderListQuery, placeOrderBody, priceRequest } from '../../src/domain/contracts.ts';
import { placePackageOrder } from '../services/packages.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

const individual = { config: { auth: 'individual' as const } };

export const orderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/config/orderRule/calculatePrice', { schema: { body: priceRequest, response: answer(answers.priceQuote) } }, async (req) => ok(req, await calculatePrice(deps, req.body, langOf(req))));

  /** One path, three uses (placeOrderBody): a cart checkout, a cart add, a direct order. */
  app.post('/config/orderRule/placeOrder', { ...individual, schema: { body: placeOrderBody, response: answer(answers.placeOrderAnswer) } }, async (req) => {
    const body = req.body;
    const userId = account(req).userId;
    if ('packageId' in body) return ok(req, await placePackageOrder(deps, userId, body, langOf(req)));
    if ('cartTicketIds' in body) return ok(req, await checkoutCart(deps, userId, body, langOf(req)));
    if (body.poolFlag === 1) return ok(req, await addToCart(deps, userId, body, langOf(req)));
    return ok(req, await placeOrder(deps, userId, body, langOf(req)));
  });

  app.get('/config/orderRule/selectNotPayOrderByUserId', { ...individual, schema: { response: answer(answers.unpaidOrder) } }, async (req) => ok(req, await unpaidOrder(deps, account(req).userId)));

  app.get('/order/OrderInfo/searchPersonOrder/:id', { ...individual, schema: { params: idParam, response: answer(answers.orderDetail) } }, async (req) =>
    ok(req, await orderDetail(deps, account(req).userId, req.params.id, langOf(req))),
  );

  const orderIdQuery = z.object({ orderId: dbId() });
  app.get('/order/OrderInfo/getOrderStatusForTimeOut', { ...individual, schema: { querystring: orderIdQuery, response: answer(answers.orderStatusAnswer) } }, async (req) =>
    ok(req, await orderStatus(deps, account(req).userId, req.query.orderId)),
  );

  app.get('/order/OrderInfo/getOrderInfoByStatus', { ...individual, schema: { querystring: orderListQuery, response: answer(answers.orderPage) } }, async (req) =>
    ok(req, await listOrders(deps, account(req).userId, req.query, langOf(req))),
  );
};
