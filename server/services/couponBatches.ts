/** Coupon batches an admin makes in the staff console (docs/product.md §2.10): a batch's terms
 * checked by src/domain/couponBatches.ts (what the console checked before sending it), its codes
 * drawn from the operating system's random source (never a counter: a code must not tell the
 * next one), written in the batch's transaction; its codes as a CSV; a batch stopped. Each
 * change is audited. Coupons are read fresh by every binding and order (no cache to drop). */
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import {
  BATCH_TEXTS,
  batchRefusal,
  CODE_ALPHABET,
  CODE_GROUP_LENGTH,
  CODE_GROUPS,
  type CouponBatchEdit,
  type StaffCouponBatch,
} from '../../src/domain/couponBatches.ts';
import { couponState } from '../../src/domain/coupons.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { museumDate } from '../time.ts';
import { audit } from './audit.ts';

/** One redemption code, every letter drawn uniformly (randomInt is unbiased). */
export function newCouponCode(): string {
  const group = () => Array.from({ length: CODE_GROUP_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return Array.from({ length: CODE_GROUPS }, group).join('-');
}

/** Writes `count` new codes of the batch. A code already taken (by any batch, the demo's
 * printed ones included) is skipped by the unique index and drawn again. */
async function printCodes(q: Queryable, batchId: number, count: number): Promise<void> {
  let left = count;
  while (left > 0) {
    const codes = Array.from({ length: left }, newCouponCode);
    const made = await q.query('INSERT INTO coupons (batch_id, code) SELECT $1, unnest($2::text[]) ON CONFLICT (code) DO NOTHING RETURNING id', [
      batchId,
      codes,
    ]);
    left -= made.length;
  }
}

interface BatchRow {
  id: number;
  name_zh: string;
  name_en: string;
  kind: 'amount' | 'free';
  amount: number;
  valid_from: string;
  valid_to: string;
  stopped_at: Date | null;
  created_at: Date;
  count: number;
  bound: number;
  used: number;
}

/** Every batch, newest first, with what became of its codes. */
export async function listBatches(deps: AppDeps): Promise<StaffCouponBatch[]> {
  const rows = await deps.db.query<BatchRow>(
    `SELECT b.id, b.name_zh, b.name_en, b.kind, b.amount, b.valid_from, b.valid_to, b.stopped_at, b.created_at,
            count(c.id)::int AS count, count(c.user_id)::int AS bound, count(c.order_id)::int AS used
       FROM coupon_batches b LEFT JOIN coupons c ON c.batch_id = b.id GROUP BY b.id ORDER BY b.created_at DESC, b.id DESC`,
  );
  return rows.map((r) => ({
    batchId: r.id,
    name: { zh: r.name_zh, en: r.name_en },
    kind: r.kind,
    amount: r.amount,
    count: r.count,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    bound: r.bound,
    used: r.used,
    stopped: r.stopped_at !== null,
    createdAt: r.created_at.toISOString(),
  }));
}

/** A new batch and its codes; answers its id. */
export async function createBatch(deps: AppDeps, staffId: number, body: CouponBatchEdit): Promise<{ batchId: number }> {
  const now = deps.clock();
  const refused = batchRefusal(body, museumDate(now));
  if (refused) throw fail(refused.text);
  return deps.db.tx(async (q) => {
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO coupon_batches (name_zh, name_en, kind, amount, valid_from, valid_to, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [body.name.zh.trim(), body.name.en.trim(), body.kind, body.amount, body.validFrom, body.validTo, now, staffId],
    );
    await printCodes(q, id, body.count);
    await audit(q, staffId, 'createCouponBatch', `couponBatch:${id}`, { to: body }, now);
    return { batchId: id };
  });
}

/** Stops a batch: its codes not yet spent are refused from now on (spent ones stay spent). */
export async function stopBatch(deps: AppDeps, staffId: number, batchId: number): Promise<null> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    // A conditional update: of two stops at once, one stops it and the other is told so.
    const stopped = await q.query('UPDATE coupon_batches SET stopped_at = $2 WHERE id = $1 AND stopped_at IS NULL RETURNING id', [batchId, now]);
    if (stopped.length === 0) {
      const [exists] = await q.query('SELECT 1 FROM coupon_batches WHERE id = $1', [batchId]);
      throw fail(exists ? BATCH_TEXTS.stopped : BATCH_TEXTS.noBatch);
    }
    await audit(q, staffId, 'stopCouponBatch', `couponBatch:${batchId}`, null, now);
  });
  return null;
}

const CSV_HEAD = { zh: '兑换码,状态,已绑定', en: 'code,state,bound' };
const STATE_NAMES = {
  valid: { zh: '可用', en: 'valid' },
  used: { zh: '已使用', en: 'used' },
  expired: { zh: '已失效', en: 'expired' },
};

/** The batch's codes to print or hand out, one a line with its state (codes are letters, digits
 * and hyphens: nothing a spreadsheet would run). */
export async function batchCsv(deps: AppDeps, batchId: number, lang: Lang): Promise<string> {
  const now = deps.clock();
  const [batch] = await deps.db.query<{ valid_to: string; stopped: boolean }>(
    'SELECT valid_to, stopped_at IS NOT NULL AS stopped FROM coupon_batches WHERE id = $1',
    [batchId],
  );
  if (!batch) throw fail(BATCH_TEXTS.noBatch, 404);
  const codes = await deps.db.query<{ code: string; bound: boolean; used: boolean }>(
    'SELECT code, user_id IS NOT NULL AS bound, order_id IS NOT NULL AS used FROM coupons WHERE batch_id = $1 ORDER BY id',
    [batchId],
  );
  const today = museumDate(now);
  const lines = codes.map((c) => {
    const state = couponState({ used: c.used, validTo: batch.valid_to, stopped: batch.stopped }, today);
    return [c.code, STATE_NAMES[state][lang], c.bound ? 1 : 0].join(',');
  });
  return `\uFEFF${CSV_HEAD[lang]}\n${lines.join('\n')}\n`;
}
