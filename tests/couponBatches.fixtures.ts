/** One coupon batch, as the console sends it, for the batch rules' and the server's tests: ¥5 off
 * a ticket from the seed's today (2030-03-05) to the end of April. */
import type { CouponBatchEdit } from '../src/domain/couponBatches.ts';

export const FIVE_OFF: CouponBatchEdit = {
  name: { zh: '开馆立减5元', en: '¥5 off, opening week' },
  kind: 'amount',
  amount: 500,
  count: 3,
  validFrom: '2030-03-05',
  validTo: '2030-04-30',
};
