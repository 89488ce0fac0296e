/** Cart, order lifecycle, refunds, date changes, missed visits, invoices, short links.
 * (placeOrder itself, with its cart variants, is in routes/orders.ts.) */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { account, ownerOf } from './kit.ts';
import { rebookGroup } from '../services/groupRebook.ts';
import { clearCart, expireMyCart, getShoppingCart, removeCartLine } from '../services/cart.ts';
import { getGroupCart, removeGroupCartEntry } from '../services/groupCart.ts';
import { cancelOrder } from '../services/cancel.ts';
import { cancelCandidate } from '../services/waitingList.ts';
import { missedVisits } from '../services/missedVisits.ts';
import { orderByShortLink, popWindows, todayOrders, upcomingOrders } from '../services/orderViews.ts';
import { rebook } from '../services/rebook.ts';
import { refundCheckBlack, refundTickets } from '../services/refund.ts';
import { refundRules } from '../services/refundFacts.ts';
import { blockStatus } from '../services/blacklist.ts';
import { applyInvoice, getInvoice, invoiceableOrders, listInvoices } from '../services/invoices.ts';
import {
  cancelQuery,
  candidateCancelQuery,
  groupRebookBody,
  changeSeatsBody,
  idParam,
  invoiceApplyBody,
  pageQuery,
  rebookBody,
  shortLinkBody,
  ticketIdsBody,
} from '../../src/domain/contracts.ts';
import { changeOrderSeats } from '../services/seats.ts';
import * as answers from '../../src/domain/answers.ts';
import { answer } from './kit.ts';

const individual = { config: { auth: 'individual' as const } };
/** A visitor or a team, each on its own orders (ownerOf). */
const anyone = { config: { auth: 'any' as const } };

export const lifecycleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Cart
  // A visitor's cart holds visitors; a team's, whole groups (services/groupCart.ts).
  app.get('/query/order/getShoppingCart', { ...anyone, schema: { response: answer(z.union([answers.shoppingCart, answers.groupCart])) } }, async (req) => {
    const who = account(req);
    return ok(req, who.kind === 'team' ? await getGroupCart(deps, who.userId, langOf(req)) : await getShoppingCart(deps, who.userId, langOf(req)));
  });
  // cinemaSelectSeatChange: other seats for an unpaid cinema order, a visitor's or a group's (505 when one was taken first).
  app.post(
    '/order/ticketInfo/changeSeats',
    { ...anyone, schema: { body: changeSeatsBody, response: answer(z.union([z.null(), answers.seatTaken])) } },
    async (req) => {
      const owner = await ownerOf(deps, req);
      await deps.db.tx((q) => changeOrderSeats(q, owner, req.body.orderId, req.body.seats, deps.clock()));
      return ok(req, null);
    },
  );
  app.delete('/order/ticketInfo/removeForShopping/:id', { ...anyone, schema: { params: idParam, response: answer(z.null()) } }, async (req) => {
    const who = account(req);
    return ok(req, who.kind === 'team' ? await removeGroupCartEntry(deps, who.userId, req.params.id) : await removeCartLine(deps, who.userId, req.params.id));
  });
  app.delete('/order/ticketInfo/clearShopping', { ...individual, schema: { response: answer(answers.cartCleared) } }, async (req) =>
    ok(req, await clearCart(deps, account(req).userId)),
  );
  app.get('/order/ticketInfo/ticketInfoTimeOut', { ...individual, schema: { response: answer(z.array(answers.cartLine)) } }, async (req) =>
    ok(req, await expireMyCart(deps, account(req).userId, langOf(req))),
  );

  // Orders
  app.get('/order/OrderInfo/cancel', { ...anyone, schema: { querystring: cancelQuery, response: answer(answers.cancelOrderResult) } }, async (req) =>
    ok(req, await cancelOrder(deps, await ownerOf(deps, req), req.query)),
  );
  app.post(
    '/order/refund/candidateOrderCancelPerson',
    { ...individual, schema: { querystring: candidateCancelQuery, response: answer(answers.cancelOrderResult) } },
    async (req) => ok(req, await cancelCandidate(deps, account(req).userId, req.query.orderId)),
  );
  app.get('/order/v1/todayOrder', { ...individual, schema: { response: answer(z.array(answers.orderDetail)) } }, async (req) =>
    ok(req, await todayOrders(deps, account(req).userId, langOf(req))),
  );
  // The tickets the phone keeps for the gate without signal (docs/product.md §2.12).
  app.get('/order/v1/upcomingOrders', { ...individual, schema: { response: answer(z.array(answers.orderDetail)) } }, async (req) =>
    ok(req, await upcomingOrders(deps, account(req).userId, langOf(req))),
  );
  app.get('/order/OrderInfo/popWindows/:id', { ...individual, schema: { params: idParam, response: answer(z.array(answers.popWindow)) } }, async (req) =>
    ok(req, await popWindows(deps, account(req).userId, req.params.id, langOf(req))),
  );
  // blackOrderList: a visitor's missed visits with the blacklist, a team's (its freezing is its account state).
  app.get('/order/OrderInfo/missedVisits', { ...anyone, schema: { querystring: pageQuery, response: answer(answers.missedVisitList) } }, async (req) =>
    ok(req, await missedVisits(deps, await ownerOf(deps, req), req.query, langOf(req), account(req).kind === 'team')),
  );
  app.post('/ingore/getOrderDetailByShortUrl', { schema: { body: shortLinkBody, response: answer(answers.orderDetail) } }, async (req) =>
    ok(req, await orderByShortLink(deps, req.body, langOf(req))),
  );

  // Refund, change, block status
  app.post('/order/refund/refundCheckBlack', { ...anyone, schema: { body: ticketIdsBody, response: answer(answers.refundRisk) } }, async (req) =>
    ok(req, await refundCheckBlack(deps, await ownerOf(deps, req), req.body, langOf(req), account(req).kind === 'team')),
  );
  app.get('/order/refund/rules/:id', { ...anyone, schema: { params: idParam, response: answer(answers.refundFacts) } }, async (req) =>
    ok(req, await refundRules(deps, await ownerOf(deps, req), req.params.id)),
  );
  app.post('/order/refund/frontUserRefund', { ...anyone, schema: { body: ticketIdsBody, response: answer(answers.refundResult) } }, async (req) =>
    ok(req, await refundTickets(deps, await ownerOf(deps, req), req.body)),
  );
  app.post('/config/orderRule/rebook/person', { ...individual, schema: { body: rebookBody, response: answer(answers.rebookResult) } }, async (req) =>
    ok(req, await rebook(deps, account(req).userId, req.body)),
  );
  app.post(
    '/config/orderRule/rebook/group',
    { config: { auth: 'team' }, schema: { body: groupRebookBody, response: answer(answers.rebookResult) } },
    async (req) => ok(req, await rebookGroup(deps, account(req).userId, req.body)),
  );
  app.post('/order/refund/blockLists', { ...individual, schema: { response: answer(answers.blockStatus) } }, async (req) =>
    ok(req, await blockStatus(deps.db, account(req).userId, deps.clock(), langOf(req))),
  );

  // Invoices
  app.post('/invoice/apply', { ...individual, schema: { body: invoiceApplyBody, response: answer(answers.invoiceDetail) } }, async (req) =>
    ok(req, await applyInvoice(deps, account(req).userId, req.body, langOf(req))),
  );
  app.get('/invoice/list', { ...individual, schema: { querystring: pageQuery, response: answer(answers.invoicePage) } }, async (req) =>
    ok(req, await listInvoices(deps, account(req).userId, req.query)),
  );
  app.get('/invoice/orders', { ...individual, schema: { response: answer(z.array(answers.orderSummary)) } }, async (req) =>
    ok(req, await invoiceableOrders(deps, account(req).userId, langOf(req))),
  );
  app.get('/invoice/:id', { ...individual, schema: { params: idParam, response: answer(answers.invoiceDetail) } }, async (req) =>
    ok(req, await getInvoice(deps, account(req).userId, req.params.id)),
  );
};
