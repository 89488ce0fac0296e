/** The order screens serve both areas (docs/product.md §2: a visitor's and a team's order group): which
 * paths they link to (src/domain/paths.ts `orderPaths`) and which calls read the order are
 * chosen here once, from the area the app is in (the same choice that picks the token). */
import type { AnyOrder } from '../../domain/orderActions.ts';
import { getGroupOrder, getOrder, getPopWindows, getTodayOrders, getUpcomingOrders } from '../../api/orderCalls.ts';
import { currentKind, type AccountKind } from '../../api/session.ts';
import { orderPaths } from '../../domain/paths.ts';
import type { OrderDetail, PopWindow } from '../../domain/types.ts';

interface OrderCalls {
  /** searchPersonOrder, or searchTravelTeamOrder with the group part. */
  loadOrder: (orderId: number) => Promise<AnyOrder>;
  /** Today's orders with their QR codes (a visitor's only). */
  todayOrders: () => Promise<OrderDetail[]>;
  /** The notices of an order's status (a visitor's only). */
  notices: (orderId: number) => Promise<PopWindow[]>;
  /** The tickets of today and the coming days, kept on the phone for a gate without signal (a visitor's only). */
  keepTickets: () => Promise<OrderDetail[]>;
}

const none = async () => [];

export const ORDER_CALLS: Record<AccountKind, OrderCalls> = {
  individual: { loadOrder: getOrder, todayOrders: getTodayOrders, notices: getPopWindows, keepTickets: getUpcomingOrders },
  // Today's orders and the status notices are a visitor's routes: a team token would be refused.
  team: { loadOrder: getGroupOrder, todayOrders: none, notices: none, keepTickets: none },
};

/** One of a thing per area, made once (a machine provided with that area's calls). */
export function perArea<T>(make: (kind: AccountKind) => T): Record<AccountKind, T> {
  return { individual: make('individual'), team: make('team') };
}

export function orderArea() {
  const kind = currentKind();
  return { kind, paths: orderPaths(kind), calls: ORDER_CALLS[kind] };
}
