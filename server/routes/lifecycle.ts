/** Cart, order lifecycle, refunds, date changes, missed visits, invoices, short links.
 * (placeOrder itself, with its cart variants, is in routes/orders.ts.) */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '../../src/domain/schemas.ts';
import type { AppDeps } from '../context.ts';
import { langOf, ok } from '../http.ts';
import { account } from './kit.ts';
import { clearCart, expireMyCart, getShoppingCart, removeCartLine } from '../services/cart.ts';
import { cancelOrder } from '../services/cancel.ts';
import { missedVisits } from '../services/missedVisits.ts';
import { orderByShortLink, popWindows, todayOrders } from '../services/orderViews.ts';
import { rebook } from '../services/rebook.ts';
import { refundCheckBlack, refundTickets } from '../services/refund.ts';
import { refundRules } from '../services/refundFacts.ts';
import { blockStatus } from '../services/blacklist.ts';
import { applyInvoice, getInvoice, invoiceableOrders, listInvoices } from '../services/invoices.ts';
import { cancelQuery, invoiceApplyBody, pageQuery, rebookBody, shortLinkBody, ticketIdsBody } from '../../src/domain/contracts.ts';

const individual = { config: { auth: 'individual' as const } };
const idParam = z.object({ id: dbId() });

export const lifecycleRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  // Cart
  app.get('/query/order/getShoppingCart', individual, async (req) => ok(req, await getShoppingCart(deps, account(req).userId, langOf(req))));
  app.delete('/order/ticketInfo/removeForShopping/:id', { ...individual, schema: { params: idParam } }, async (req) =>
    ok(req, await removeCartLine(deps, account(req).userId, req.params.id)),
  );
  app.delete('/order/ticketInfo/clearShopping', individual, async (req) => ok(req, await clearCart(deps, account(req).userId)));
  app.get('/order/ticketInfo/ticketInfoTimeOut', individual, async (req) => ok(req, await expireMyCart(deps, account(req).userId, langOf(req))));

  // Orders
  app.get('/order/OrderInfo/cancel', { ...individual, schema: { querystring: cancelQuery } }, async (req) =>
    ok(req, await cancelOrder(deps, account(req).userId, req.query)),
  );
  app.get('/order/v1/todayOrder', individual, async (req) => ok(req, await todayOrders(deps, account(req).userId, langOf(req))));
  app.get('/order/OrderInfo/popWindows/:id', { ...individual, schema: { params: idParam } }, async (req) =>
    ok(req, await popWindows(deps, account(req).userId, req.params.id, langOf(req))),
  );
  app.get('/order/OrderInfo/missedVisits', { ...individual, schema: { querystring: pageQuery } }, async (req) =>
    ok(req, await missedVisits(deps, account(req).userId, req.query, langOf(req))),
  );
  app.post('/ingore/getOrderDetailByShortUrl', { schema: { body: shortLinkBody } }, async (req) => ok(req, await orderByShortLink(deps, req.body, langOf(req))));

  // Refund, change, block status
  app.post('/order/refund/refundCheckBlack', { ...individual, schema: { body: ticketIdsBody } }, async (req) =>
    ok(req, await refundCheckBlack(deps, account(req).userId, req.body, langOf(req))),
  );
  app.get('/order/refund/rules/:id', { ...individual, schema: { params: idParam } }, async (req) =>
    ok(req, await refundRules(deps, account(req).userId, req.params.id)),
  );
  app.post('/order/refund/frontUserRefund', { ...individual, schema: { body: ticketIdsBody } }, async (req) =>
    ok(req, await refundTickets(deps, account(req).userId, req.body)),
  );
  app.post('/config/orderRule/rebook/person', { ...individual, schema: { body: rebookBody } }, async (req) =>
    ok(req, await rebook(deps, account(req).userId, req.body)),
  );
  app.post('/order/refund/blockLists', individual, async (req) =>
    ok(req, await blockStatus(deps.db, account(req).userId, deps.clock(), langOf(req))),
  );

  // Invoices
  app.post('/invoice/apply', { ...individual, schema: { body: invoiceApplyBody } }, async (req) =>
    ok(req, await applyInvoice(deps, account(req).userId, req.body, langOf(req))),
  );
  app.get('/invoice/list', { ...individual, schema: { querystring: pageQuery } }, async (req) =>
    ok(req, await listInvoices(deps, account(req).userId, req.query)),
  );
  app.get('/invoice/orders', individual, async (req) => ok(req, await invoiceableOrders(deps, account(req).userId, langOf(req))));
  app.get('/invoice/:id', { ...individual, schema: { params: idParam } }, async (req) => ok(req, await getInvoice(deps, account(req).userId, req.params.id)));
};
