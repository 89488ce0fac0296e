/** Missed visits and the blacklist (docs/product.md §5 account rules): a paid ticket never checked by
 * the end of its visit date becomes 'expired' (a missed visit). An account with at least
 * `black_list_missed_visits` (3) missed visits whose visit date lies within the last
 * `black_list_window_days` (180) days is blacklisted: it cannot order or add to the cart.
 * The status is computed from the visit dates the account keeps (`users.missed_visits`, written
 * by the missed-visits job with the tickets it marks), so it lifts by itself as visits age out and
 * follows a change of the settings at once. One missed visit = one order with expired tickets on
 * one visit date. */
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { addDays, museumDate } from '../time.ts';
import { fill, type Lang, type Text } from '../../src/domain/text.ts';
import type { BlockStatus } from '../../src/domain/types.ts';
import { getConfig } from './settings.ts';

export const BLACKLIST_TEXTS = {
  blocked: { zh: '账户异常，无法预约：请联系客服', en: 'Account abnormal, cannot book: please contact service' },
  statusBlocked: {
    zh: '您近{days}天内有{n}次预约未到馆，账户已被限制预约，{until}起恢复。如有疑问请联系客服。',
    en: 'You missed {n} booked visits in the last {days} days: booking is blocked until {until}. Please contact service with any questions.',
  },
  statusWarn: {
    zh: '您近{days}天内有{n}次预约未到馆，累计{limit}次将无法预约。',
    en: 'You missed {n} booked visit(s) in the last {days} days; at {limit} your account cannot book.',
  },
  statusOk: { zh: '账户状态正常', en: 'Your account is in good standing' },
} satisfies Record<string, Text>;

const int = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v.trim()) ? Number(v.trim()) : fallback);

export interface BlockFacts {
  blacklisted: boolean;
  missedVisits: number;
  limit: number;
  windowDays: number;
  until: string | null;
  windowStart: string;
}

/** The blacklist's verdict on an account's missed visits (visit dates, most recent first). */
export function blockFactsOf(missed: readonly string[], config: Readonly<Record<string, string>>, now: Date): BlockFacts {
  const limit = Math.max(1, int(config.black_list_missed_visits, 3));
  const windowDays = int(config.black_list_window_days, 180);
  const windowStart = addDays(museumDate(now), -windowDays);
  const visits = missed.filter((date) => date >= windowStart);
  const blacklisted = visits.length >= limit;
  // The limit-th most recent missed visit leaves the window windowDays + 1 days after it.
  const until = blacklisted ? addDays(visits[limit - 1], windowDays + 1) : null;
  return { blacklisted, missedVisits: visits.length, limit, windowDays, until, windowStart };
}

export async function blockFacts(q: Queryable, userId: number, now: Date): Promise<BlockFacts> {
  const [user] = await q.query<{ missed_visits: string[] }>('SELECT missed_visits FROM users WHERE id = $1', [userId]);
  return blockFactsOf(user?.missed_visits ?? [], await getConfig(q), now);
}

/** Writes the missed visits of the accounts owning `ticketIds` again from their expired tickets
 * (the missed-visits job, in the transaction that marked them). The accounts are locked first, in
 * id order: the count then runs in a statement of its own, which sees what another instance's job
 * committed for the same account while this one waited. */
export async function recordMissedVisits(q: TxQueryable, ticketIds: number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  const of = await q.query<{ user_id: number }>('SELECT DISTINCT o.user_id FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.id = ANY($1::int[])', [
    ticketIds,
  ]);
  const owners = await lockRows(q, 'users', { id: of.map((o) => o.user_id) }, ['id']);
  await q.query(
    `UPDATE users u SET missed_visits = coalesce(
       (SELECT array_agg(v.visit_date ORDER BY v.visit_date DESC)
          FROM (SELECT DISTINCT o.id, s.visit_date FROM tickets t JOIN orders o ON o.id = t.order_id JOIN hall_schedule s ON s.id = t.schedule_id
                 WHERE o.user_id = u.id AND t.status = 'expired') v), '{}')
     WHERE u.id = ANY($1::int[])`,
    [owners.map((o) => o.id)],
  );
}

export function blockMessage(f: BlockFacts): Text {
  if (f.blacklisted) return fill(BLACKLIST_TEXTS.statusBlocked, { days: f.windowDays, n: f.missedVisits, until: f.until ?? '' });
  if (f.missedVisits > 0) return fill(BLACKLIST_TEXTS.statusWarn, { days: f.windowDays, n: f.missedVisits, limit: f.limit });
  return BLACKLIST_TEXTS.statusOk;
}

export async function blockStatus(q: Queryable, userId: number, now: Date, lang: Lang): Promise<BlockStatus> {
  const f = await blockFacts(q, userId, now);
  return {
    blacklisted: f.blacklisted,
    missedVisits: f.missedVisits,
    limit: f.limit,
    windowDays: f.windowDays,
    until: f.until,
    message: blockMessage(f)[lang],
  };
}

/** Refuses a blacklisted account (placeOrder, cart add and checkout, with the account's row). */
export function refuseBlocked(missed: readonly string[], config: Readonly<Record<string, string>>, now: Date): void {
  if (blockFactsOf(missed, config, now).blacklisted) throw fail(BLACKLIST_TEXTS.blocked);
}
