/** The staff console's coupon batch calls (docs/product.md §2.10): the batches, a new one, one
 * stopped, and a batch's codes as a CSV file downloaded with the staff token. */
import type { z } from 'zod';
import type { couponBatchEdit, StaffCouponBatch } from '../domain/couponBatches.ts';
import { call } from './client.ts';
import { saveBlob } from './download.ts';
import { getToken } from './session.ts';

const staff = { as: 'staff' as const, silent: true };

export const getCouponBatches = () => call<StaffCouponBatch[]>('/staff/coupons/batches', staff);

export const createCouponBatch = (batch: z.input<typeof couponBatchEdit>) =>
  call<{ batchId: number }>('/staff/coupons/batches', { ...staff, method: 'post', json: batch });

export const stopCouponBatch = (batchId: number) => call<null>(`/staff/coupons/batches/${batchId}/stop`, { ...staff, method: 'post' });

export async function downloadBatchCsv(batchId: number, language: 'zh_cn' | 'en_us'): Promise<void> {
  const res = await fetch(`/prod-api/staff/coupons/batches/${batchId}/codes.csv`, {
    headers: { authorization: `Bearer ${getToken('staff') ?? ''}`, language },
  });
  if (!res.ok) throw new Error(res.statusText);
  saveBlob(await res.blob(), `coupons-${batchId}.csv`);
}
