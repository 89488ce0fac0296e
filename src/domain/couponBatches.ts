/** Coupon batches an admin makes in the staff console (docs/product.md §2.10): how many
 * redemption codes, what each is worth (fen off one ticket, or a free ticket) and the museum days
 * it can be used. The console checks a draft with these rules before it sends it; the server
 * checks it again with the same ones. A batch is never deleted: it is stopped, and its codes not
 * yet spent are refused from then on. Every refusal names its field, in zh and en. */
import { z } from 'zod';
import { catalogueLabel } from './catalogueRules.ts';
import { shapeRefusal, type DraftRefusal } from './draftRefusal.ts';
import type { Text } from './text.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/** The most codes one batch prints: a spreadsheet's worth, made in one transaction. */
export const BATCH_COUNT_MAX = 5000;

export const couponBatchEdit = z.strictObject({
  name: catalogueLabel,
  kind: z.enum(['amount', 'free']),
  /** fen off one ticket; 0 for a free ticket. */
  amount: z.number().int().min(0).max(10_000_000),
  count: z.number().int().min(1).max(BATCH_COUNT_MAX),
  validFrom: day,
  validTo: day,
});
export type CouponBatchEdit = z.output<typeof couponBatchEdit>;

/** A batch as the console lists it: its terms and what became of its codes. */
export const staffCouponBatch = couponBatchEdit.extend({
  batchId: z.number().int(),
  /** Codes bound to a visitor's account, and spent on a ticket. */
  bound: z.number().int(),
  used: z.number().int(),
  stopped: z.boolean(),
  createdAt: z.string(),
});
export const staffCouponBatches = z.array(staffCouponBatch);
export type StaffCouponBatch = z.output<typeof staffCouponBatch>;

export type BatchRefusal = DraftRefusal;

export const BATCH_TEXTS = {
  amountNeeded: { zh: '请填写优惠金额（大于 0）', en: 'Enter the value off a ticket (more than 0)' },
  freeAmount: { zh: '免费票券不设金额', en: 'A free-ticket coupon has no value to enter' },
  validDays: { zh: '有效期止不能早于有效期起', en: 'The last day cannot be before the first day' },
  pastDays: { zh: '有效期止不能早于今天', en: 'The last day cannot be before today' },
  stopped: { zh: '该批次已停用', en: 'This batch is already stopped' },
  noBatch: { zh: '批次不存在', en: 'The batch does not exist' },
} as const satisfies Record<string, Text>;

/** What a batch may be on `today` (a museum date): a value for an amount coupon, none for a free
 * ticket, and days that are not over. */
export function batchRefusal(b: CouponBatchEdit, today: string): BatchRefusal | null {
  if (b.kind === 'amount' && b.amount === 0) return { field: 'amount', text: BATCH_TEXTS.amountNeeded };
  if (b.kind === 'free' && b.amount !== 0) return { field: 'amount', text: BATCH_TEXTS.freeAmount };
  if (b.validFrom > b.validTo) return { field: 'validTo', text: BATCH_TEXTS.validDays };
  if (b.validTo < today) return { field: 'validTo', text: BATCH_TEXTS.pastDays };
  return null;
}

/** A draft as it is sent: its shape (the server's schema), then the rules. */
export function batchDraftRefusal(draft: unknown, today: string): BatchRefusal | null {
  const parsed = couponBatchEdit.safeParse(draft);
  return parsed.success ? batchRefusal(parsed.data, today) : shapeRefusal(parsed.error, { amount: [1, 10_000_000], count: [1, BATCH_COUNT_MAX] });
}

/** The letters of a code: no 0/O, 1/I/L, so a code read aloud or off paper is typed right. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Three groups of four: 31^12 (about 2^59) codes, guessed only by luck under the binding
 * throttle (server/services/coupons.ts), and well within COUPON_CODE_MAX. */
export const CODE_GROUPS = 3;
export const CODE_GROUP_LENGTH = 4;
