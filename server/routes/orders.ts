/** docs/product.md §7 "Orders" (individual). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { account, invalidInput, ownerOf } from './kit.ts';
import { groupSetting, placeGroupOrder } from '../services/groupOrders.ts';
import { addToCart, checkoutCart } from '../services/cart.ts';
import { addGroupToCart, checkoutGroupCart } from '../services/groupCart.ts';
import { calculatePrice } from '../services/orders.ts';
import { placeOrder } from '../services/placeOrder.ts';
import { refuseCoupons } from '../services/coupons.ts';
import { groupOrderDetail, listOrders, orderDetail, orderStatus, unpaidOrder } from '../services/orderQueries.ts';
import { groupOrderBody, groupSettingQuery, idParam, orderListQuery, placeOrderBody, priceRequest } from '../../src/domain/contracts.ts';
import { placePackageOrder } from '../services/packages.ts';
import { queueGate } from '../services/releaseQueue.ts';
import { measureOrder } from '../services/queueSurge.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';
import type { PlaceOrderResult } from '../../src/domain/types.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { OrderKind } from '../metrics/metrics.ts';
import { refusalReason } from '../metrics/refusals.ts';

const individual = { config: { auth: 'individual' as const } };
const team = { config: { auth: 'team' as const } };
/** A visitor or a team: each reaches its own orders only (ownerOf). */
const anyone = { config: { auth: 'any' as const } };

export const orderRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post('/config/orderRule/calculatePrice', { schema: { body: priceRequest, response: answer(answers.priceQuote) } }, async (req) =>
    ok(req, await calculatePrice(deps, account(req), req.body, langOf(req))),
  );

  /** One path, many uses: a team's group order, cart add (groupOrderBody) or cart checkout, and
   * a visitor's package, cart checkout, cart add or direct order (placeOrderBody). Each kind is
   * refused the other's. */
  const orderBody = z.union([...placeOrderBody.options, groupOrderBody]);
  /** An order's answer counted for the operator (docs/operations.md §10): placed, or refused
   * for a reason; the risk policy's "not now" (no order) is a refusal too. */
  const counted = async (kind: OrderKind, place: Promise<PlaceOrderResult>): Promise<PlaceOrderResult> => {
    try {
      const placed = await place;
      if (placed.orderId === null) app.metrics.orderRefused(kind, 'risk');
      else app.metrics.orderPlaced(kind);
      return placed;
    } catch (error) {
      app.metrics.orderRefused(kind, refusalReason(error));
      throw error;
    }
  };
  app.post('/config/orderRule/placeOrder', { ...anyone, schema: { body: orderBody, response: answer(answers.placeOrderAnswer) } }, async (req) => {
    const body = req.body;
    const who = account(req);
    if (who.kind === 'team') {
      if ('cartTicketIds' in body) return ok(req, await counted('groupCart', checkoutGroupCart(deps, who.userId, body, langOf(req))));
      if (!('orderAdditionInfo' in body)) throw invalidInput('orderAdditionInfo');
      if (body.poolFlag === 1) return ok(req, await addGroupToCart(deps, who.userId, body));
      return ok(req, await counted('group', placeGroupOrder(deps, who.userId, body, langOf(req))));
    }
    if ('orderAdditionInfo' in body) throw invalidInput('ticketInfoList');
    const userId = who.userId;
    // While the day's release queue is open, only an admitted visitor orders it, and her order's
    // time is what the admissions follow (docs/product.md §2.13).
    const date = 'date' in body ? body.date : null;
    const begun = deps.clock();
    const admitted = date ? await queueGate(deps, userId, date, begun) : null;
    const started = performance.now();
    try {
      return ok(req, await visitorOrder(body, userId, langOf(req)));
    } finally {
      // A refusal is an answer too: her admission is used, and its time counts.
      await admitted?.(performance.now() - started);
      // Every order of a day is timed for the surge room, by the server's clock (a test moves it).
      const ended = deps.clock();
      if (date) await measureOrder(deps, date, ended.getTime() - begun.getTime(), ended);
    }
  });
  const visitorOrder = (body: z.output<typeof placeOrderBody>, userId: number, lang: Lang) => {
    if ('packageId' in body) return counted('package', placePackageOrder(deps, userId, body, lang));
    if ('cartTicketIds' in body) return counted('cart', checkoutCart(deps, userId, body, lang));
    if (body.poolFlag === 1) {
      refuseCoupons(body.ticketInfoList);
      return addToCart(deps, userId, body, lang);
    }
    return counted(body.isCandidateOrder === 1 ? 'waitingList' : 'individual', placeOrder(deps, userId, body, lang));
  };

  app.get('/config/orderRule/selectNotPayOrderByUserId', { ...anyone, schema: { response: answer(answers.unpaidOrder) } }, async (req) =>
    ok(req, await unpaidOrder(deps, await ownerOf(deps, req))),
  );

  app.get('/order/OrderInfo/searchPersonOrder/:id', { ...individual, schema: { params: idParam, response: answer(answers.orderDetail) } }, async (req) =>
    ok(req, await orderDetail(deps, account(req).userId, req.params.id, langOf(req))),
  );
  app.get('/order/OrderInfo/searchTravelTeamOrder/:id', { ...team, schema: { params: idParam, response: answer(answers.groupOrderDetail) } }, async (req) =>
    ok(req, await groupOrderDetail(deps, await ownerOf(deps, req), req.params.id, langOf(req))),
  );
  app.get(
    '/config/orderRule/getSchoolFreeTicket',
    { ...team, schema: { querystring: groupSettingQuery, response: answer(answers.groupSetting) } },
    async (req) => ok(req, await groupSetting(deps, account(req).userId, req.query.hallId, req.query.useDate, langOf(req))),
  );

  const orderIdQuery = z.object({ orderId: dbId() });
  app.get(
    '/order/OrderInfo/getOrderStatusForTimeOut',
    { ...anyone, schema: { querystring: orderIdQuery, response: answer(answers.orderStatusAnswer) } },
    async (req) => ok(req, await orderStatus(deps, await ownerOf(deps, req), req.query.orderId)),
  );

  // The order list under both of the spec's paths (the order record's, and the v1 list the
  // first-order tips ask: "has this account any order?").
  for (const path of ['/order/OrderInfo/getOrderInfoByStatus', '/order/v1/list']) {
    app.get(path, { ...anyone, schema: { querystring: orderListQuery, response: answer(answers.orderPage) } }, async (req) =>
      ok(req, await listOrders(deps, await ownerOf(deps, req), req.query, langOf(req))),
    );
  }
};
