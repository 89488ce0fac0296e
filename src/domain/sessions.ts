/** Whether a session can be chosen (docs/product.md §3 disabled/disabledText, §4 session states):
 * one rule for the venue screen's radio list, the purchase machine's guard and the server. */
import type { CalendarDay, HallPool, SchedulePool } from './types.ts';
import type { Text } from './text.ts';

/** Whether a day of the calendar can be booked. */
export function isDayBookable(calendar: readonly CalendarDay[], date: string): boolean {
  return calendar.some((day) => day.date === date && day.state === 'available');
}

export function isSessionSelectable(hall: HallPool, session: SchedulePool): boolean {
  return !hall.disabled && isSessionOpen(session);
}

/** A session on sale with tickets left, whatever its hall (a package's parts). */
export function isSessionOpen(session: SchedulePool): boolean {
  return !session.disabled && session.state === 'available' && session.ticketPool > 0;
}

/** docs/product.md §8 "Order not paid in time". */
export const ORDER_NOT_PAID_IN_TIME: Text = { zh: '订单未在规定时间内支付', en: 'Order not paid in time' };
