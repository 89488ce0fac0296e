/** Window payers (docs/product.md §4): a group that chose to pay by cash, bank card or cheque pays at the
 * museum's window by the end of the day two days before the visit; the staff take the money
 * against the order number. After that day the pay-timeout job cancels the order. */
import { randomBytes } from 'node:crypto';
import { lockRows } from '../db/locks.ts';
import { audit } from './audit.ts';
import type { z } from 'zod';
import type { windowPaymentBody } from '../../src/domain/contracts.ts';
import { checkOrderNumber } from '../../src/domain/fields.ts';
import type { Text } from '../../src/domain/text.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { WindowOrder } from '../../src/domain/types.ts';
import { windowPayLastDay } from '../../src/domain/groupRules.ts';
import { asOf, ORDER_SELECT, summary, type OrderRow } from './orderQueries.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { cancelDueOrdersIn } from './payDeadline.ts';
import { completeOrder } from './payments.ts';

export const WINDOW_TEXTS = {
  notWindow: { zh: '该订单不是窗口支付订单', en: 'This order is not paid at the window' },
} satisfies Record<string, Text>;

/** What the cashier sees before taking the money: whose order, where and when, how much, and
 * whether it can still be paid at the window. */
export async function windowOrder(deps: AppDeps, orderNumberInput: string, lang: Lang): Promise<WindowOrder> {
  const orderNumber = orderNumberInput.trim().toUpperCase();
  const bad = checkOrderNumber(orderNumber);
  if (bad) throw fail(bad);
  const [o] = await deps.db.query<OrderRow & { pay_method: string }>(`${ORDER_SELECT} WHERE o.order_number = $1`, [orderNumber]);
  if (!o) throw fail(ORDER_TEXTS.orderNotFound);
  if (o.pay_method !== 'window') throw fail(WINDOW_TEXTS.notWindow);
  const [team] = await deps.db.query<{ team_name: string }>('SELECT team_name FROM teams WHERE user_id = $1', [o.user_id]);
  const now = asOf(o, deps.clock());
  return {
    ...summary(now, lang),
    teamName: team?.team_name ?? '',
    windowPayLastDay: windowPayLastDay(o.visit_date),
    payable: now.status === 'toBePaid',
  };
}

export async function takeWindowPayment(deps: AppDeps, staffId: number, body: z.output<typeof windowPaymentBody>) {
  const orderNumber = body.orderNumber.trim().toUpperCase();
  const bad = checkOrderNumber(orderNumber);
  if (bad) throw fail(bad);
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    const [o] = await lockRows(q, 'orders', { order_number: orderNumber }, ['id', 'amount', 'pay_method']);
    if (!o) throw fail(ORDER_TEXTS.orderNotFound);
    if (o.pay_method !== 'window') throw fail(WINDOW_TEXTS.notWindow);
    // Past its last day, the order is cancelled now rather than paid.
    await cancelDueOrdersIn(q, now, { orderId: o.id });
    if (!(await completeOrder(q, o.id, now))) throw fail(ORDER_TEXTS.notPayable);
    await q.query(
      `INSERT INTO payments (pay_id, order_id, amount, status, created_at, paid_at, method, taken_by) VALUES ($1, $2, $3, 'paid', $4, $4, $5, $6)`,
      [`window-${randomBytes(12).toString('base64url')}`, o.id, o.amount, now, body.method, staffId],
    );
    await audit(q, staffId, 'takePayment', `order:${orderNumber}`, { amount: o.amount, method: body.method }, now);
    return { orderId: o.id, status: 'completed' as const };
  });
}
