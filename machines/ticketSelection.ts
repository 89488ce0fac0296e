/** Ticket selection shared by the refund and the date-change machines (docs/product.md §5 "Refund and
 * change"). Which tickets can be ticked at all is asked of `checkRefund` itself (one ticket
 * at a time: does the rule on the ticket's state object?), so the machines never restate
 * which statuses are refundable. */
import { checkRefund, REFUND_RULES, type RefundContext, type RefundDraft } from '../src/domain/refundRules.ts';

export type RefundAction = RefundDraft['action'];

/** Tickets that may be ticked for `action`: the others are shown disabled. Per-ticket rules
 * that have a message of their own (school free, cinema) stay selectable, so that CONFIRM
 * shows the message instead of a silently disabled box. */
export function selectableTicketIds(rules: RefundContext, action: RefundAction): number[] {
  return rules.tickets
    .filter((t) => !checkRefund({ action, ticketIds: [t.ticketId] }, rules).some((v) => v.rule === REFUND_RULES.ticketState))
    .map((t) => t.ticketId);
}

/** `selected` with `ticketId` added or removed, in the order of the order's tickets (so the
 * same selection is always the same list). */
export function toggled(rules: RefundContext, selected: readonly number[], ticketId: number): number[] {
  const next = new Set(selected);
  if (next.has(ticketId)) next.delete(ticketId);
  else next.add(ticketId);
  return rules.tickets.map((t) => t.ticketId).filter((id) => next.has(id));
}

/** SELECT_ALL is the "select all" checkbox: all selectable tickets, or none when they are
 * all selected already. */
export function allToggled(rules: RefundContext, selected: readonly number[], action: RefundAction): number[] {
  const all = selectableTicketIds(rules, action);
  const chosen = new Set(selected);
  return all.every((id) => chosen.has(id)) && chosen.size === all.length ? [] : all;
}
