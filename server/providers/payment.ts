/** Payment: the local cashier simulator (default). A real adapter (the chat app's JSAPI
 * payment) would create a prepay order and verify the signed notify callback. */
import type { Lang } from '../../src/domain/text.ts';

export interface PaymentProvider {
  readonly name: 'sim';
  /** The URL the client opens to pay, in the payer's language. */
  payUrl(payId: string, lang: Lang): string;
}

export function simPayment(): PaymentProvider {
  return {
    name: 'sim',
    payUrl: (payId, lang) => `/prod-api/pay/sim/cashier?payId=${encodeURIComponent(payId)}&lang=${lang}`,
  };
}
