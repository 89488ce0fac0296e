/** The one way the services lock rows, as pretix's `lock_objects`: rows of one table, chosen by
 * column values, locked FOR UPDATE in the table's key order (keys deduplicated and sorted), so
 * two transactions that lock the same rows never wait on each other in a circle; only inside a
 * transaction (TxQueryable, checked at run time too); a lock waited on past the transaction's
 * `lock_timeout` (TX_LIMITS) ends the transaction as a TransientDbError, the API's "busy, try
 * again". Between tables, the order of LOCK_ORDER below, which docs/architecture.md §9 explains. */
import { IN_TX, type Queryable, type TxQueryable } from './db.ts';
import type { TeamRequestKind } from '../../src/domain/team.ts';
import type { OrderStatus, TicketStatus } from '../../src/domain/types.ts';
import type { DayRow, HallRow, ScheduleRow } from '../services/pool.ts';

/** The columns of each lockable table (those of pool.ts's row types, or else those the services
 * read under a lock), with their types as `pg` reads them (server/db/db.ts: bigint a number). */
interface Rows {
  settings: { key: string; value: string };
  sys_config: { key: string; value: string };
  texts: { name: string; zh: string; en: string };
  museum_days: DayRow;
  halls: HallRow & { sort: number };
  team_requests: { id: number; team_id: number; kind: TeamRequestKind; state: string };
  teams: { id: number; team_type: number; review_state: string; team_name: string };
  uploads: { id: number; token: string; face_checked_by: number | null; bytes: Buffer };
  users: { id: number; phone: string | null; bind_status: number; cancelled_at: Date | null; missed_visits: string[] };
  orders: {
    id: number;
    order_number: string;
    user_id: number;
    schedule_id: number;
    visit_date: string;
    status: OrderStatus;
    amount: number;
    refunded_amount: number;
    ticket_num: number;
    pay_time: Date | null;
    pay_method: string;
    is_candidate: boolean;
  };
  payments: { pay_id: string; order_id: number; amount: number; status: string };
  refunds: { id: number; status: string; settled_at: Date | null };
  cart_lines: { id: number; user_id: number; schedule_id: number; status: string };
  group_cart: { id: number; user_id: number; schedule_id: number; status: string };
  tickets: { id: number; order_id: number; schedule_id: number; status: TicketStatus };
  hall_schedule: ScheduleRow & { called_off: boolean };
  school_free_used: { hall_id: number; visit_date: string; used: number };
}

/** The global lock order: a transaction that locks rows of two of these tables locks the earlier
 * table's first (docs/architecture.md §9), and each table's rows in the order of its key. */
export const LOCK_ORDER = {
  settings: ['key'],
  sys_config: ['key'],
  texts: ['name'],
  museum_days: ['visit_date'],
  halls: ['id'],
  team_requests: ['id'],
  teams: ['id'],
  uploads: ['id'],
  users: ['id'],
  orders: ['id'],
  payments: ['pay_id'],
  refunds: ['id'],
  cart_lines: ['id'],
  group_cart: ['id'],
  tickets: ['id'],
  hall_schedule: ['id'],
  school_free_used: ['hall_id', 'visit_date'],
} as const satisfies { [T in keyof Rows]: ReadonlyArray<keyof Rows[T]> };

export type LockTable = keyof Rows;
type Column<T extends LockTable> = keyof Rows[T] & string;

/** Which rows: per column, one value, several (any of them), or null (the column is null). */
export type LockMatch<T extends LockTable> = { [C in Column<T>]?: Rows[T][C] | readonly NonNullable<Rows[T][C]>[] };

/** Locks the rows of `table` that match every column of `match` (FOR UPDATE, in key order:
 * PostgreSQL locks the rows as the ORDER BY hands them over) and answers their `columns`, in that
 * order. A list in `match` is deduplicated and sorted (the caller's order changes nothing), and
 * an empty one locks nothing. */
export async function lockRows<T extends LockTable, C extends Column<T>>(
  q: TxQueryable,
  table: T,
  match: LockMatch<T>,
  columns: readonly C[],
): Promise<Array<Pick<Rows[T], C>>> {
  if ((q as Partial<TxQueryable>)[IN_TX] !== true) {
    throw new Error(`lockRows(${table}): a row lock outside a transaction guards nothing (lock inside db.tx)`);
  }
  const where: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of Object.entries(match) as Array<[string, unknown]>) {
    if (value === undefined) continue;
    if (value === null) {
      where.push(`${name(column)} IS NULL`);
    } else if (Array.isArray(value)) {
      if (value.length === 0) return [];
      params.push(sortedUnique(value));
      where.push(`${name(column)} = ANY($${params.length})`);
    } else {
      params.push(value);
      where.push(`${name(column)} = $${params.length}`);
    }
  }
  if (where.length === 0) throw new Error(`lockRows(${table}): which rows? (match names no column)`);
  const order = LOCK_ORDER[table].map(name).join(', ');
  const sql = `SELECT ${columns.map(name).join(', ')} FROM ${name(table)} WHERE ${where.join(' AND ')} ORDER BY ${order} FOR UPDATE`;
  return (q as Queryable).query<Pick<Rows[T], C>>(sql, params);
}

/** A table's or column's name as SQL: the types only let names of Rows through; this refuses
 * anything else a cast may have let in. */
function name(identifier: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(identifier)) throw new Error(`lockRows: not a name: ${identifier}`);
  return identifier;
}

function sortedUnique(values: readonly unknown[]): unknown[] {
  return [...new Set(values)].sort((a, b) => (a === b ? 0 : (a as number | string) < (b as number | string) ? -1 : 1));
}
