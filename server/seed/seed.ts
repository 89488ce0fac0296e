/** Seeds the museum once (when there are no halls): halls, prices, films, texts and each hall's
 * session template. In demo mode the templates roll forward (14 days of sessions, kept by the
 * hourly job) with the demo's special days; in production nothing makes sessions but the staff
 * applying templates (/staff/sessions). */
import type { Db, Queryable } from '../db/db.ts';
import { addDays, museumDate, museumInstant, weekday, type Clock } from '../time.ts';
import { CONFIG, DEMO_TEMPLATE_NAME, DEMO_USER, HALLS, RELEASE_TIME, TEXTS } from './museum.ts';
import { BOOKING_DAYS } from '../../src/domain/limits.ts';
import { randomBytes } from 'node:crypto';
import { seedContent } from './content.ts';
import { seedDemoCoupons } from './coupons.ts';
import { newOrderNumber } from '../services/orders.ts';
import { rollForward } from '../services/sessionTemplates.ts';
import { lockDay, placeSessions } from '../services/makeSessions.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import { FILMS, PACKAGES, seatsOf } from './cinema.ts';

/** The demo visitor's party on the sold-out day: names and valid mainland IDs (Beijing, Dongcheng). */
const idOf = (birth: string, seq: string) => `110101${birth}${seq}` + gb11643CheckChar(`110101${birth}${seq}`);
const DEMO_FAMILY: Array<[string, string]> = [
  ['王建国', idOf('19800101', '111')],
  ['李秀英', idOf('19820202', '222')],
  ['王大明', idOf('19780303', '333')],
  ['赵丽华', idOf('19850404', '444')],
];

export async function seedIfEmpty(db: Db, clock: Clock, mode: 'demo' | 'production' = 'demo'): Promise<boolean> {
  const seeded = await db.tx(async (q) => {
    // Lock so two instances starting together do not both seed.
    await q.query(`INSERT INTO settings (key, value) VALUES ('seed', 'started') ON CONFLICT (key) DO NOTHING`);
    await q.query(`SELECT value FROM settings WHERE key = 'seed' FOR UPDATE`);
    const [{ n }] = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM halls');
    if (n > 0) return false;
    await seedBase(q, clock, mode);
    if (mode === 'production') return true;
    await seedDemoCoupons(q, clock);
    const today = museumDate(clock());
    await ensureSchedules(q, today);
    await seedDayStates(q, clock, today);
    return true;
  }, 'setup');
  if (!seeded && mode === 'demo') {
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
    if (def) await seedTemplate(q, hall.id, def, true, now);
  }
}

/** Inserts `rows` into `table` in one statement (a start on a fresh folder runs the seed before
 * its first answer: one statement per row cost a second there). `columns` maps each column to
 * its SQL type; rows go in in their order, so serial ids follow it as they did row by row. */
async function insertRows(q: Queryable, table: string, columns: Record<string, string>, rows: Array<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns).join(', ');
  const defs = Object.entries(columns)
    .map(([c, t]) => `${c} ${t}`)
    .join(', ');
  await q.query(`INSERT INTO ${table} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS x(${defs})`, [JSON.stringify(rows)]);
}

async function seedBase(q: Queryable, clock: Clock, mode: 'demo' | 'production') {
  await q.query(`INSERT INTO sys_config (key, value) SELECT key, value FROM jsonb_each_text($1::jsonb) ON CONFLICT (key) DO NOTHING`, [JSON.stringify(CONFIG)]);
  await q.query(`INSERT INTO texts (name, zh, en) SELECT key, value->>0, value->>1 FROM jsonb_each($1::jsonb) ON CONFLICT (name) DO NOTHING`, [
    JSON.stringify(TEXTS),
  ]);
  await insertRows(
    q,
    'films',
    {
      film_key: 'text',
      name_zh: 'text',
      name_en: 'text',
      synopsis_zh: 'text',
      synopsis_en: 'text',
      notes_zh: 'text',
      notes_en: 'text',
      duration_min: 'int',
      poster: 'text',
      age_min: 'int',
      age_max: 'int',
    },
    FILMS.map((f) => ({
      film_key: f.key,
      name_zh: f.name[0],
      name_en: f.name[1],
      synopsis_zh: f.synopsis[0],
      synopsis_en: f.synopsis[1],
      notes_zh: f.notes[0],
      notes_en: f.notes[1],
      duration_min: f.durationMin,
      poster: f.poster,
      age_min: f.ageMin,
      age_max: f.ageMax,
    })),
  );
  let sort = 0;
  for (const h of HALLS) {
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO halls (hall_key, name_zh, name_en, intro_zh, intro_en, age_note_zh, age_note_en, min_buyers, max_buyers,
         min_age, child_age_min, child_age_max, needs_adult_and_child, sort, cinema, choose_mode, waiting_list,
         group_max, group_min, school_only, off_season_only, school_free_daily)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22) RETURNING id`,
      [
        h.hallKey,
        h.name[0],
        h.name[1],
        h.intro[0],
        h.intro[1],
        h.ageNote?.[0] ?? null,
        h.ageNote?.[1] ?? null,
        h.minBuyers,
        h.maxBuyers,
        h.minAge,
        h.childAgeMin,
        h.childAgeMax,
        h.needsAdultAndChild,
        sort++,
        h.cinema !== undefined,
        h.cinema?.chooseMode ?? 1,
        h.waitingList ?? false,
        h.groups?.max ?? 0,
        h.groups?.min ?? 16,
        h.groups?.schoolOnly ?? false,
        h.groups?.offSeasonOnly ?? false,
        h.groups?.schoolFreeDaily ?? 0,
      ],
    );
    await insertRows(
      q,
      'hall_seats',
      { hall_id: 'int', row_no: 'int', col_no: 'int', row_label: 'text', seat_label: 'text', blocked: 'boolean' },
      (h.cinema ? seatsOf(h.cinema.layout) : []).map((seat) => ({
        hall_id: id,
        row_no: seat.rowNo,
        col_no: seat.colNo,
        row_label: seat.rowLabel,
        seat_label: seat.seatLabel,
        blocked: seat.blocked,
      })),
    );
    await seedTemplate(q, id, h, mode === 'demo', clock());
    await insertRows(
      q,
      'ticket_prices',
      { hall_id: 'int', name_zh: 'text', name_en: 'text', kind: 'text', price: 'int', age_min: 'int', age_max: 'int', is_child_free: 'boolean', sort: 'int' },
      h.prices.map((p, psort) => ({
        hall_id: id,
        name_zh: p.name[0],
        name_en: p.name[1],
        kind: p.kind,
        price: p.price,
        age_min: p.ageMin,
        age_max: p.ageMax,
        is_child_free: p.free ?? false,
        sort: psort,
      })),
    );
  }
  for (const [sortKey, p] of PACKAGES.entries()) {
    // Each part is a price of its hall that only the package sells.
    const part = async (hallKey: string, price: number, name: [string, string]) =>
      (
        await q.query<{ id: number }>(
          `INSERT INTO ticket_prices (hall_id, name_zh, name_en, kind, price, package_only, sort)
           VALUES ((SELECT id FROM halls WHERE hall_key = $1), $2, $3, 'adult', $4, true, 99) RETURNING id`,
          [hallKey, name[0], name[1], price],
        )
      )[0].id;
    const admission = await part(p.hall, p.admission, [`${p.name[0]}·入馆`, `${p.name[1]}: admission`]);
    const film = await part(p.cinema, p.film, [`${p.name[0]}·影片`, `${p.name[1]}: film`]);
    await q.query(
      `INSERT INTO packages (package_key, name_zh, name_en, intro_zh, intro_en, admission_price_id, film_price_id, sort) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [p.key, p.name[0], p.name[1], p.intro[0], p.intro[1], admission, film, sortKey],
    );
  }
  await q.query(`INSERT INTO users (phone, user_name, user_type, bind_status, created_at) VALUES ($1, $2, 1, 1, $3) ON CONFLICT (phone) DO NOTHING`, [
    DEMO_USER.phone,
    DEMO_USER.name,
    clock(),
  ]);
  await seedContent(q, clock);
}

/** A hall's day of sessions as the demo runs it, its template; marked to roll forward in demo mode. */
async function seedTemplate(q: Queryable, hallId: number, h: (typeof HALLS)[number], rollForward: boolean, now: Date) {
  const [{ id }] = await q.query<{ id: number }>(
    'INSERT INTO session_templates (hall_id, name, roll_forward, updated_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [hallId, DEMO_TEMPLATE_NAME, rollForward, now],
  );
  await q.query(
    `INSERT INTO template_sessions (template_id, begin_time, end_time, capacity, film_id)
     SELECT $1, x.begin_time, x.end_time, x.capacity, (SELECT id FROM films WHERE film_key = x.film_key)
       FROM jsonb_to_recordset($2::jsonb) AS x(begin_time text, end_time text, capacity int, film_key text)`,
    [id, JSON.stringify(h.sessions.map(([begin, end, capacity], n) => ({ begin_time: begin, end_time: end, capacity, film_key: h.cinema?.films[n] ?? null })))],
  );
}

/** The demo's sessions of every day from today for BOOKING_DAYS days where missing: its templates
 * marked to roll forward, applied the one way sessions are made (services/makeSessions.ts). */
export async function ensureSchedules(q: Queryable, today: string): Promise<void> {
  await rollForward(q, today, BOOKING_DAYS);
}

/** The demo's special days: a Monday closure, a sold-out day, a stopped session, 2 days not yet released. */
async function seedDayStates(q: Queryable, clock: Clock, today: string) {
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
async function seedDemoPastVisit(q: Queryable, date: string) {
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
