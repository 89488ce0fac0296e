/** What the pay screen says after the chat app's JSAPI pay returns (its answer is the payer's
 * gesture, not the money: only the server's order status says paid). */
import type { Text } from './text.ts';

export const PAY_MESSAGES = {
  cancelled: { zh: '您已取消支付，可再次点击支付', en: 'You cancelled the payment; tap Pay now to try again' },
  failed: { zh: '支付未成功，请重试或稍后再付', en: 'The payment did not go through; please try again or pay a little later' },
  /** The chat app said paid but the server has not heard from the platform yet. */
  unconfirmed: {
    zh: '支付结果确认中，请稍后刷新订单；请勿重复支付',
    en: 'We are still confirming your payment; refresh the order in a moment and do not pay twice',
  },
} satisfies Record<string, Text>;
