/** What a visitor may do with an order in its current state (docs/product.md §2 "Order record and
 * detail: refund, change date, cancel, or request an invoice"). The server decides again on
 * each request; this only decides which buttons the detail screen offers. */
import type { GroupOrderDetail, OrderDetail } from './types.ts';

/** A visitor's order or a group's (searchTravelTeamOrder, with its group part). */
export type AnyOrder = OrderDetail | GroupOrderDetail;

/** A group's unpaid order that is paid at the museum's window (docs/product.md §4): never online. */
export function paysAtWindow(order: AnyOrder | null): boolean {
  return order !== null && order.status === 'toBePaid' && 'group' in order && order.group.payMethod === 'window';
}

export interface OrderActions {
  pay: boolean;
  cancel: boolean;
  refund: boolean;
  rebook: boolean;
  invoice: boolean;
  share: boolean;
}

export function orderActions(order: AnyOrder): OrderActions {
  const unpaid = order.status === 'toBePaid';
  // Refund and date change work on tickets still waiting at the gate.
  const valid = order.tickets.some((ticket) => ticket.status === 'toBeChecked');
  const paid = order.status === 'completed' || order.status === 'partlyRefunded' || order.status === 'changed';
  return {
    pay: unpaid && !paysAtWindow(order),
    cancel: unpaid,
    refund: valid,
    rebook: valid,
    invoice: paid,
    share: Boolean(order.shortLinkFlag),
  };
}
