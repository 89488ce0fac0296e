/** The demo's coupons (demo mode only, like the other demo accounts): three batches with printed
 * codes to bind, listed in docs/demo.md section 1. The demo visitor already holds one expired coupon, so her
 * "expired" tab is not empty. */
import type { Queryable } from '../db/db.ts';
import { addDays, museumDate, type Clock } from '../time.ts';
import { DEMO_USER } from './museum.ts';

export const DEMO_COUPONS = {
  /** ¥10 off an adult ticket of any hall, valid 60 days. */
  tenOff: ['TEN-2026-A1', 'TEN-2026-A2', 'TEN-2026-A3', 'TEN-2026-A4', 'TEN-2026-A5', 'TEN-2026-A6', 'TEN-2026-A7', 'TEN-2026-A8'],
  /** A free ticket of any kind in the main exhibition hall, valid 30 days. */
  freeMain: ['FREE-MAIN-B1', 'FREE-MAIN-B2', 'FREE-MAIN-B3', 'FREE-MAIN-B4', 'FREE-MAIN-B5', 'FREE-MAIN-B6'],
  /** ¥5 off, ended yesterday: binding refuses them as expired (the first is the demo visitor's). */
  expired: ['OLD-2025-C1', 'OLD-2025-C2', 'OLD-2025-C3'],
} as const;

export async function seedDemoCoupons(q: Queryable, clock: Clock): Promise<void> {
  const now = clock();
  const today = museumDate(now);
  const batch = async (
    name: [string, string],
    kind: 'amount' | 'free',
    amount: number,
    hallKeys: string[] | null,
    kinds: string[] | null,
    from: string,
    to: string,
    codes: readonly string[],
  ) => {
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO coupon_batches (name_zh, name_en, kind, amount, hall_ids, price_kinds, valid_from, valid_to, created_at)
       VALUES ($1, $2, $3, $4, (SELECT array_agg(id ORDER BY id) FROM halls WHERE hall_key = ANY($5::text[])), $6::text[], $7, $8, $9) RETURNING id`,
      [name[0], name[1], kind, amount, hallKeys ?? [], kinds, from, to, now],
    );
    await q.query('INSERT INTO coupons (batch_id, code) SELECT $1, unnest($2::text[])', [id, codes]);
  };
  await batch(['成人票立减10元', '¥10 off an adult ticket'], 'amount', 1000, null, ['adult'], addDays(today, -30), addDays(today, 60), DEMO_COUPONS.tenOff);
  await batch(['常设展厅免费票', 'Free main hall ticket'], 'free', 0, ['main'], null, addDays(today, -1), addDays(today, 30), DEMO_COUPONS.freeMain);
  await batch(['新春立减5元', 'New year ¥5 off'], 'amount', 500, null, null, addDays(today, -60), addDays(today, -1), DEMO_COUPONS.expired);
  await q.query(`UPDATE coupons SET user_id = (SELECT id FROM users WHERE phone = $2), bound_at = $3 WHERE code = $1`, [
    DEMO_COUPONS.expired[0],
    DEMO_USER.phone,
    now,
  ]);
}
