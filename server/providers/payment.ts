/** Payment: the local cashier simulator (default). A real adapter (the chat app's JSAPI
 * payment) would create a prepay order and verify the signed notify callback. */
export interface PaymentProvider {
  readonly name: 'sim';
  /** The URL the client opens to pay. */
  payUrl(payId: string): string;
}

export function simPayment(): PaymentProvider {
  return {
    name: 'sim',
    payUrl: (payId) => `/prod-api/pay/sim/cashier?payId=${encodeURIComponent(payId)}`,
  };
}
