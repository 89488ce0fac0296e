/** Coupons (docs/product.md §7 bindCoupon, getCoupon): the logged-in visitor's own. */
import type { z } from 'zod';
import type { bindCouponBody } from '../domain/contracts.ts';
import type { CouponLists, CouponView } from '../domain/types.ts';
import { call } from './client.ts';

export const getCoupons = (silent = false) => call<CouponLists>('/coupon/getCoupon', { silent });

export const bindCoupon = (code: string) =>
  call<CouponView>('/coupon/bindCoupon', { method: 'post', json: { code } satisfies z.input<typeof bindCouponBody>, silent: true });
