/** The demo museum, seeded once (when there are no halls): its catalogue imported the way a
 * real museum's is (server/catalogue/import.ts), its templates rolling forward (14 days of
 * sessions, kept by the hourly job), its special days, demo visitor, content and coupons.
 * Production seeds nothing: the museum imports its own catalogue (docs/operations.md §6). */
import type { Db, Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { addDays, museumDate, museumInstant, weekday, type Clock } from '../time.ts';
import { DEMO_USER, HALLS, RELEASE_TIME, TEXTS } from './museum.ts';
import { BOOKING_DAYS } from '../../src/domain/limits.ts';
import { randomBytes } from 'node:crypto';
import { seedContent } from './content.ts';
import { seedDemoCoupons } from './coupons.ts';
import { newOrderNumber } from '../services/orders.ts';
import { rollForward } from '../services/sessionTemplates.ts';
import { lockDay, placeSessions } from '../services/makeSessions.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import { importCatalogue, importTemplates } from '../catalogue/import.ts';
import { demoCatalogue, demoHall } from './demoCatalogue.ts';

/** The demo visitor's party on the sold-out day: names and valid mainland IDs (Beijing, Dongcheng). */
const idOf = (birth: string, seq: string) => `110101${birth}${seq}` + gb11643CheckChar(`110101${birth}${seq}`);
const DEMO_FAMILY: Array<[string, string]> = [
  ['王建国', idOf('19800101', '111')],
  ['李秀英', idOf('19820202', '222')],
  ['王大明', idOf('19780303', '333')],
  ['赵丽华', idOf('19850404', '444')],
];

export async function seedIfEmpty(db: Db, clock: Clock, mode: 'demo' | 'production' = 'demo'): Promise<boolean> {
  if (mode === 'production') return false;
  const seeded = await db.tx(async (q) => {
    // Lock so two instances starting together do not both seed.
    await q.query(`INSERT INTO settings (key, value) VALUES ('seed', 'started') ON CONFLICT (key) DO NOTHING`);
    await lockRows(q, 'settings', { key: 'seed' }, ['value']);
    const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM halls');
    if (n > 0) return false;
    await seedBase(q, clock);
    await seedDemoCoupons(q, clock);
    const today = museumDate(clock());
    await ensureSchedules(q, today);
    await seedDayStates(q, clock, today);
    return true;
  }, 'setup');
  if (!seeded) {
    await db.tx(async (q) => {
      await seedMissingTemplates(q, clock());
      await ensureSchedules(q, museumDate(clock()));
    }, 'setup');
  }
  return seeded;
}

/** A demo data folder made before session templates (migration 017) has halls without one:
 * they get the demo's, so the demo keeps rolling its days forward. */
async function seedMissingTemplates(q: Queryable, now: Date) {
  const bare = await q.query<{ id: number; hall_key: string }>(
    'SELECT id, hall_key FROM halls h WHERE NOT EXISTS (SELECT 1 FROM session_templates t WHERE t.hall_id = h.id)',
  );
  for (const hall of bare) {
    const def = HALLS.find((h) => h.hallKey === hall.hall_key);
    if (def) await importTemplates(q, hall.id, demoHall(def), { now, rollForward: true });
  }
}

async function seedBase(q: Queryable, clock: Clock) {
  await importCatalogue(q, demoCatalogue(), { now: clock(), rollForward: true });
  await q.query(`INSERT INTO users (phone, user_name, user_type, bind_status, created_at) VALUES ($1, $2, 1, 1, $3) ON CONFLICT (phone) DO NOTHING`, [
    DEMO_USER.phone,
    DEMO_USER.name,
    clock(),
  ]);
  await seedContent(q, clock);
}

/** The demo's sessions of every day from today for BOOKING_DAYS days where missing: its templates
 * marked to roll forward, applied the one way sessions are made (services/makeSessions.ts). */
export async function ensureSchedules(q: TxQueryable, today: string): Promise<void> {
  await rollForward(q, today, BOOKING_DAYS);
}

/** The demo's special days: a Monday closure, a sold-out day, a stopped session, 2 days not yet released. */
async function seedDayStates(q: TxQueryable, clock: Clock, today: string) {
  const days = Array.from({ length: BOOKING_DAYS }, (_, i) => addDays(today, i));
  const closed = days.slice(1, 12).find((d) => weekday(d) === 1)!;
  const [closedZh, closedEn] = TEXTS.closed_reason;
  await q.query('UPDATE museum_days SET closed = true, reason_zh = $2, reason_en = $3 WHERE visit_date = $1', [closed, closedZh, closedEn]);
  const soldOut = days.slice(3, 12).find((d) => d !== closed)!;
  await q.query('UPDATE hall_schedule SET sold = capacity, sold_external = capacity WHERE visit_date = $1', [soldOut]);
  // The cinemas' seats of that day went at the ticket window.
  await q.query(`UPDATE session_seats SET state = 'sold' WHERE schedule_id IN (SELECT id FROM hall_schedule WHERE visit_date = $1)`, [soldOut]);
  await seedDemoTicketsOnFullDay(q, clock, soldOut);
  for (const back of [2, 6]) await seedDemoPastVisit(q, addDays(today, -back));
  const stoppedDay = days.slice(2, 12).find((d) => d !== closed && d !== soldOut)!;
  const [stopZh, stopEn] = TEXTS.stopped_reason;
  await q.query(
    `UPDATE hall_schedule SET stopped = true, stop_reason_zh = $2, stop_reason_en = $3
     WHERE visit_date = $1 AND begin_time = '12:00' AND hall_id = (SELECT id FROM halls WHERE hall_key = 'temporary')`,
    [stoppedDay, stopZh, stopEn],
  );
  for (const [i, d] of days.slice(-2).entries()) {
    // Released at RELEASE_TIME on the next days (the demo shows a release time).
    const releaseAt = museumInstant(addDays(today, i + 1), RELEASE_TIME);
    if (releaseAt > clock()) await q.query('UPDATE museum_days SET release_at = $2 WHERE visit_date = $1', [d, releaseAt]);
  }
}

/** On the sold-out day the demo visitor holds four paid tickets of the short-term hall's first
 * session (the rest went at the ticket window): refunding one of them fills that session's
 * waiting list, as the demo and the waiting-list e2e show. */
async function seedDemoTicketsOnFullDay(q: Queryable, clock: Clock, date: string) {
  const now = clock();
  const [user] = await q.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [DEMO_USER.phone]);
  const [s] = await q.query<{ id: number; hall_id: number }>(
    `SELECT s.id, s.hall_id FROM hall_schedule s JOIN halls h ON h.id = s.hall_id
      WHERE h.hall_key = 'temporary' AND s.visit_date = $1 ORDER BY s.begin_time LIMIT 1`,
    [date],
  );
  const price = await adultPrice(q, s.hall_id);
  await q.query('UPDATE hall_schedule SET sold_external = sold_external - $2 WHERE id = $1', [s.id, DEMO_FAMILY.length]);
  await seedDemoOrder(q, { userId: user.id, hallId: s.hall_id, scheduleId: s.id, date, price, visitors: DEMO_FAMILY, at: now, checkedAt: null });
}

/** A visit the demo visitor made before the demo started: the main hall's first session of a past
 * day, two of the family let in at the gate, so the order's detail offers its rating card (the
 * rating e2e rates one in each language). */
async function seedDemoPastVisit(q: TxQueryable, date: string) {
  const [user] = await q.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [DEMO_USER.phone]);
  const [hall] = await q.query<{ id: number }>(`SELECT id FROM halls WHERE hall_key = 'main'`);
  const [begin, end, capacity] = HALLS.find((h) => h.hallKey === 'main')!.sessions[0];
  await lockDay(q, date);
  await placeSessions(q, hall.id, date, [{ beginTime: begin, endTime: end, capacity, filmId: null }]);
  const [s] = await q.query<{ id: number }>('SELECT id FROM hall_schedule WHERE hall_id = $1 AND visit_date = $2 AND begin_time = $3', [hall.id, date, begin]);
  const price = await adultPrice(q, hall.id);
  const visitors = DEMO_FAMILY.slice(0, 2);
  await q.query('UPDATE hall_schedule SET sold = sold + $2 WHERE id = $1', [s.id, visitors.length]);
  const at = museumInstant(addDays(date, -1), '20:30');
  await seedDemoOrder(q, { userId: user.id, hallId: hall.id, scheduleId: s.id, date, price, visitors, at, checkedAt: museumInstant(date, begin) });
}

type AdultPrice = { id: number; name_zh: string; name_en: string; price: number };

const adultPrice = async (q: Queryable, hallId: number): Promise<AdultPrice> =>
  (
    await q.query<AdultPrice>(
      `SELECT id, name_zh, name_en, price FROM ticket_prices WHERE hall_id = $1 AND kind = 'adult' AND NOT package_only ORDER BY sort LIMIT 1`,
      [hallId],
    )
  )[0];

/** A paid order of the demo visitor with a ticket per visitor: to be checked, or let in at `checkedAt`. */
async function seedDemoOrder(
  q: Queryable,
  o: {
    userId: number;
    hallId: number;
    scheduleId: number;
    date: string;
    price: AdultPrice;
    visitors: Array<[string, string]>;
    at: Date;
    checkedAt: Date | null;
  },
) {
  const [order] = await q.query<{ id: number }>(
    `INSERT INTO orders (order_number, user_id, hall_id, schedule_id, visit_date, status, amount, ticket_num, created_at, pay_time, short_link_flag)
     VALUES ($1, $2, $3, $4, $5, 'completed', $6, $7, $8, $8, $9) RETURNING id`,
    [
      newOrderNumber(o.at),
      o.userId,
      o.hallId,
      o.scheduleId,
      o.date,
      o.price.price * o.visitors.length,
      o.visitors.length,
      o.at,
      randomBytes(18).toString('base64url'),
    ],
  );
  for (const [name, certificate] of o.visitors) {
    await q.query(
      `INSERT INTO tickets (order_id, price_id, user_name, certificate_type, certificate_info, ticket_name_zh, ticket_name_en, price, status, schedule_id, qr_code, checked_at)
       VALUES ($1, $2, $3, '1', $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        order.id,
        o.price.id,
        name,
        certificate,
        o.price.name_zh,
        o.price.name_en,
        o.price.price,
        o.checkedAt ? 'checked' : 'toBeChecked',
        o.scheduleId,
        randomBytes(24).toString('base64url'),
        o.checkedAt,
      ],
    );
  }
}
