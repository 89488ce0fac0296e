/** The calls of orders, payment, the cart, the order lifecycle and invoices (docs/product.md §7 "Orders"):
 * apart from calls.ts so the first screen does not load them. */

import { saveBlob } from './download.ts';
import { dropTickets, keepOrder, keepUpcoming } from './offlineTickets.ts';
import { inChatApp } from '../wechat/chatApp.ts';
import type {
  BlockStatus,
  CancelOrderResult,
  CartAddResult,
  CartConflict,
  CartLine,
  GroupOrderDetail,
  PayStart,
  InvoiceDetail,
  InvoicePdfLink,
  InvoiceRequest,
  InvoiceSummary,
  MissedVisitList,
  OrderDetail,
  OrderRating,
  OrderStatus,
  OrderSummary,
  Page,
  PlaceOrderRequest,
  PlaceOrderResult,
  PopWindow,
  PriceQuote,
  RebookRequest,
  RebookResult,
  RefundResult,
  RefundRisk,
  SeatTaken,
  ShoppingCart,
} from '../domain/types.ts';
import type { z } from 'zod';
import type {
  cancelQuery,
  cartAddBody,
  cartCheckoutBody,
  changeSeatsBody,
  directOrderBody,
  groupRebookBody,
  invoiceApplyBody,
  orderListQuery,
  pageQuery,
  priceRequest,
  ratingBody,
  rebookBody,
  shortLinkBody,
  ticketIdsBody,
} from '../domain/contracts.ts';
import type { RefundContext } from '../domain/refundRules.ts';
import { call, callRaw } from './client.ts';

/** What a route accepts (src/domain/contracts.ts): a call that drifts from its route is a type error. */
type In<S extends z.ZodType> = z.input<S>;

// Orders
/** Each ticket's price id and the coupon chosen for it (none: null). */
export const calculatePrice = (hallScheduleId: number, tickets: Array<{ ticketPriceId: number; coupon?: string | null }>) =>
  call<PriceQuote>('/config/orderRule/calculatePrice', {
    method: 'post',
    json: {
      hallScheduleId,
      ticketInfoList: tickets.map(({ ticketPriceId, coupon }) => ({ ticketPriceId, coupons: coupon ? [coupon] : [] })),
    } satisfies In<typeof priceRequest>,
    silent: true,
  });

/** 502 comes back as data: it means no order was created (docs/product.md §4). */
export const placeOrder = (request: PlaceOrderRequest) =>
  callRaw<PlaceOrderResult | null>('/config/orderRule/placeOrder', {
    method: 'post',
    json: request satisfies In<typeof directOrderBody>,
    silent: true,
  });

/** docs/product.md §7 risk switch (answer ours): whether the risk policy judges an action. */
export const getRiskSwitch = (key: 'placeOrder' | 'shoppingCart') =>
  call<{ key: string; enabled: boolean }>('/risk/getSwitch/ingore', { searchParams: { platform: 2, key }, anonymous: true, silent: true });

export const getUnpaidOrder = () => call<{ orderId: number | null; orderNumber: string | null }>('/config/orderRule/selectNotPayOrderByUserId');

/** cinemaSelectSeatChange: an unpaid order's new seats; 505 (a seat taken first) comes back as data. */
export const changeSeats = (orderId: number, seats: string[]) =>
  callRaw<SeatTaken | null>('/order/ticketInfo/changeSeats', {
    method: 'post',
    json: { orderId, seats } satisfies z.input<typeof changeSeatsBody>,
    silent: true,
  });

/** The answer passed on once the phone has kept what it needs of it (src/api/offlineTickets.ts). */
const keeping =
  <T>(keep: (answer: T) => void) =>
  (answer: T): T => (keep(answer), answer);

/** A visitor's own order; its tickets still to check are kept for a gate without signal. */
export const getOrder = (orderId: number) => call<OrderDetail>(`/order/OrderInfo/searchPersonOrder/${orderId}`).then(keeping(keepOrder));

/** A team's group order: the order with its group part (pay method, leader, grades, teachers, ticket lines). */
export const getGroupOrder = (orderId: number) => call<GroupOrderDetail>(`/order/OrderInfo/searchTravelTeamOrder/${orderId}`);

export const getOrderStatus = (orderId: number) =>
  call<{ status: OrderStatus; payDeadline: number | null }>('/order/OrderInfo/getOrderStatusForTimeOut', {
    searchParams: { orderId },
  });

export const getOrders = (status: OrderStatus | '', pageNum: number, pageSize = 10) =>
  call<Page<OrderSummary>>('/order/OrderInfo/getOrderInfoByStatus', {
    searchParams: { status, pageNum, pageSize } satisfies In<typeof orderListQuery>,
  });

// Payment (SPEC: "Payment call paths: not shown"; ours, served by the payment provider)
/** In the chat app the answer is the JSAPI pay's parameters; elsewhere a cashier page. */
export const createPayment = (orderId: number) => call<PayStart>('/pay/create', { method: 'post', json: { orderId, inChatApp: inChatApp() }, silent: true });

// Cart (placeOrder with poolFlag 1 adds to the cart; with cartTicketIds it pays cart lines as one order)

/** Code 600 of addToCart: the cart holds another date (data CartConflict); ask to empty it. */
export const CART_OTHER_DATE_CODE = 600;

/** Adds the visitors of a request to the cart (no captcha): stock is held until the deadline. */
export const addToCart = (request: PlaceOrderRequest) =>
  callRaw<CartAddResult | CartConflict | null>('/config/orderRule/placeOrder', {
    method: 'post',
    json: { ...request, poolFlag: 1 } satisfies In<typeof cartAddBody>,
    silent: true,
  });

export const getShoppingCart = () => call<ShoppingCart>('/query/order/getShoppingCart');

export const removeCartLine = (cartTicketId: number) => call<null>(`/order/ticketInfo/removeForShopping/${cartTicketId}`, { method: 'delete' });

/** Empties the cart (held and expired lines). */
export const clearShoppingCart = () => call<{ removed: number }>('/order/ticketInfo/clearShopping', { method: 'delete' });

/** Expires the caller's due lines now; returns the lines that expired by this call. */
export const expireCartLines = () => call<CartLine[]>('/order/ticketInfo/ticketInfoTimeOut', { silent: true });

/** Pays the selected cart lines as ONE order; 502 comes back as data, as for placeOrder. */
export const checkoutCart = (cartTicketIds: number[], captchaToken: string) =>
  callRaw<PlaceOrderResult | null>('/config/orderRule/placeOrder', {
    method: 'post',
    json: { poolFlag: 0, cartTicketIds, captchaToken } satisfies In<typeof cartCheckoutBody>,
    silent: true,
  });

// Order lifecycle
export const cancelOrder = (orderNumber: string) =>
  call<CancelOrderResult>('/order/OrderInfo/cancel', { searchParams: { orderNumber } satisfies In<typeof cancelQuery> });

export const getTodayOrders = () => call<OrderDetail[]>('/order/v1/todayOrder').then(keeping((orders) => orders.forEach(keepOrder)));

/** The visitor's orders with tickets still to check, today and the coming days: what the phone
 * keeps for a gate without signal (docs/product.md §2.12). Silent: offline, the kept ones show. */
export const getUpcomingOrders = () => call<OrderDetail[]>('/order/v1/upcomingOrders', { silent: true }).then(keeping<OrderDetail[]>(keepUpcoming));

// The visit rating (ours: docs/product.md §1 "rate the system")
export const getRating = (orderId: number) => call<OrderRating>(`/order/rating/${orderId}`, { silent: true });
export const rateOrder = (rating: In<typeof ratingBody>) =>
  call<OrderRating>('/order/rating', { method: 'post', json: rating satisfies In<typeof ratingBody>, silent: true });

/** How many orders the account has placed, whatever became of them (the first-order tips). */
export const countOrders = async () =>
  (await call<Page<OrderSummary>>('/order/v1/list', { searchParams: { pageNum: 1, pageSize: 1 } satisfies In<typeof orderListQuery>, silent: true })).total;

export const getPopWindows = (orderId: number) => call<PopWindow[]>(`/order/OrderInfo/popWindows/${orderId}`);

export const getOrderByShortLink = (shortLinkFlag: string) =>
  call<OrderDetail>('/ingore/getOrderDetailByShortUrl', { method: 'post', json: { shortLinkFlag } satisfies In<typeof shortLinkBody>, anonymous: true });

// Refund and date change
export const refundCheckBlack = (ticketIds: number[]) =>
  call<RefundRisk>('/order/refund/refundCheckBlack', { method: 'post', json: { ticketIds } satisfies In<typeof ticketIdsBody> });

// A refunded or moved ticket leaves the phone's kept tickets at once (the order's next answer adds a moved one back).
export const refundTickets = (ticketIds: number[]) =>
  call<RefundResult>('/order/refund/frontUserRefund', { method: 'post', json: { ticketIds } satisfies In<typeof ticketIdsBody> }).then(
    keeping(() => dropTickets(ticketIds)),
  );

export const rebookTickets = (request: RebookRequest) =>
  call<RebookResult>('/config/orderRule/rebook/person', { method: 'post', json: request satisfies In<typeof rebookBody> }).then(
    keeping(() => dropTickets(request.ticketIds)),
  );

/** The whole group to a session of the same hall on another day (team token). */
export const rebookGroup = (orderId: number, hallScheduleId: number) =>
  call<RebookResult>('/config/orderRule/rebook/group', { method: 'post', json: { orderId, hallScheduleId } satisfies In<typeof groupRebookBody> });

// Missed visits and the blacklist
export const getMissedVisits = (pageNum = 1, pageSize = 10) =>
  call<MissedVisitList>('/order/OrderInfo/missedVisits', { searchParams: { pageNum, pageSize } satisfies In<typeof pageQuery> });

export const getBlockStatus = () => call<BlockStatus>('/order/refund/blockLists', { method: 'post' });

// Invoices (SPEC: paths not shown; ours)
export const applyInvoice = (request: InvoiceRequest) =>
  call<InvoiceDetail>('/invoice/apply', { method: 'post', json: request satisfies In<typeof invoiceApplyBody> });

export const getInvoices = (pageNum = 1, pageSize = 10) =>
  call<Page<InvoiceSummary>>('/invoice/list', { searchParams: { pageNum, pageSize } satisfies In<typeof pageQuery> });

export const getInvoice = (invoiceId: number) => call<InvoiceDetail>(`/invoice/${invoiceId}`);

/** An issued invoice's PDF. In the chat app's browser, which saves no file a page built, a
 * signed link the page opens (the browser shows the PDF, to keep or forward); elsewhere the
 * file fetched with the token and saved under its number. */
export async function downloadInvoicePdf(invoiceId: number, invoiceNumber: string): Promise<void> {
  if (inChatApp()) {
    const link = await call<InvoicePdfLink>(`/invoice/${invoiceId}/pdfLink`);
    window.location.assign(link.url);
    return;
  }
  saveBlob(await call<Blob>(`/invoice/${invoiceId}/pdf`, { file: true }), `invoice-${invoiceNumber}.pdf`);
}

/** Paid orders with an amount to invoice and no invoice yet (chooseOrder). */
export const getInvoiceableOrders = () => call<OrderSummary[]>('/invoice/orders');

/** What the refund and date-change rules need to know of an order's tickets (RefundContext),
 * from the server: the ticket list does not carry hall, kind, age or flags. */
export const getRefundRules = (orderId: number) => call<RefundContext>(`/order/refund/rules/${orderId}`);
