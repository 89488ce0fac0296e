/** The refusals every kind of order shares, in zh and en: read by the order, payment, refund and
 * invoice services alike, so they live apart from any of them. */
import { ORDER_MESSAGES } from '../../src/domain/orderRules.ts';
import type { Text } from '../../src/domain/text.ts';

export const ORDER_TEXTS = {
  unpaid: { zh: '您有未支付的订单，请先支付或取消', en: 'You have an unpaid order; please pay or cancel it first' },
  soldOut: ORDER_MESSAGES.soldOut,
  notSelectable: ORDER_MESSAGES.notSelectable,
  captcha: { zh: '安全验证已失效，请重新验证', en: 'The security check has expired; please verify again' },
  orderNotFound: { zh: '订单不存在', en: 'The order does not exist' },
  notPayable: { zh: '订单已关闭或已支付，无法支付', en: 'This order is closed or already paid and cannot be paid' },
} satisfies Record<string, Text>;
