/** A sliding-window throttle over recorded wrong tries (a login code, a coupon's redemption
 * code): at most `wrong` tries in `windowMs`. */
import type { Queryable } from '../db/db.ts';

export interface ThrottleRule {
  wrong: number;
  windowMs: number;
}

/** Milliseconds until one more try is allowed (0: now): free again when the oldest of the last
 * `wrong` tries matching `where` (on `table`'s `column`, `at` by default) leaves the window. */
export async function throttleWait(
  q: Queryable,
  table: string,
  where: string,
  params: unknown[],
  rule: ThrottleRule,
  now: Date,
  column = 'at',
): Promise<number> {
  const n = params.length;
  const rows = await q.query<{ at: Date }>(
    `SELECT ${column} AS at FROM ${table} WHERE ${where} AND ${column} > $${n + 1} ORDER BY ${column} DESC LIMIT $${n + 2}`,
    [...params, new Date(now.getTime() - rule.windowMs), rule.wrong],
  );
  return rows.length < rule.wrong ? 0 : rows[rule.wrong - 1].at.getTime() + rule.windowMs - now.getTime();
}
