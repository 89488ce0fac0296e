/** Writes a catalogue document (document.ts) in the caller's transaction: what is new is
 * created, what differs is updated, what is the same is left alone, so importing the same
 * document twice changes nothing. Nothing is deleted: a hall, price or film the document leaves
 * out stays as it is, since tickets sold may depend on it. A price changed here applies to new
 * orders only: an order keeps the amount it was quoted. */
import type { Queryable, TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { lostSeats, lostSeatsText, paddedRows, seatsOfRows, type TakenSeat } from '../../src/domain/seatMap.ts';
import type { Text } from '../../src/domain/text.ts';
import type { FilmEdit } from '../../src/domain/films.ts';
import type { z } from 'zod';
import type { hallFields } from '../../src/domain/catalogueRules.ts';
import type { CatalogueDocument, CatalogueHall } from './document.ts';
import { museumDate } from '../time.ts';

type HallFields = z.output<typeof hallFields>;

export interface ImportReport {
  created: number;
  updated: number;
  unchanged: number;
}

/** A document that the database refuses as a whole (a seat map under sold sessions): each
 * problem as `path: message`, as document.ts's refusals are. */
export class CatalogueRefusal extends Error {
  /** `text`: the refusal in zh and en, where the console shows it (a seat map's lost seats). */
  constructor(
    readonly problems: string[],
    readonly text?: Text,
  ) {
    super(problems.join('; '));
  }
}

type Row = Record<string, unknown>;

/** Any fixed number: the lock of the catalogue's writers. */
const CATALOGUE_LOCK = 7_402_114;

/** Catalogue writers (an import, an admin saving a hall, film or package) run one after the
 * other: a code looked for by one and not found is not made by two at once (two admins saving
 * the same new code: the second is told it is taken, not let to overwrite the first's). */
export async function lockCatalogue(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [CATALOGUE_LOCK]);
}

/** One row found by `keys` in `table`: created, updated where a value differs, or left alone.
 * Tables and columns are this module's own names, never the document's. */
async function put(q: Queryable, report: ImportReport, table: string, keys: Row, values: Row): Promise<number> {
  const keyNames = Object.keys(keys);
  const valueNames = Object.keys(values);
  const where = keyNames.map((k, i) => `${k} = $${i + 1}`).join(' AND ');
  const [found] = await q.query<Row & { id: number }>(`SELECT id, ${valueNames.join(', ')} FROM ${table} WHERE ${where}`, Object.values(keys));
  if (!found) {
    const all = { ...keys, ...values };
    const names = Object.keys(all);
    const [{ id }] = await q.query<{ id: number }>(
      `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      Object.values(all),
    );
    report.created++;
    return id;
  }
  const changed = valueNames.filter((k) => found[k] !== values[k]);
  if (changed.length === 0) {
    report.unchanged++;
    return found.id;
  }
  await q.query(`UPDATE ${table} SET ${changed.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [found.id, ...changed.map((k) => values[k])]);
  report.updated++;
  return found.id;
}

/** A key-value table (settings, texts): each entry created or updated where it differs. */
async function putEntries(q: Queryable, report: ImportReport, sql: string, entries: Row): Promise<void> {
  const rows = await q.query<{ outcome: 'created' | 'updated' }>(sql, [JSON.stringify(entries)]);
  const created = rows.filter((r) => r.outcome === 'created').length;
  report.created += created;
  report.updated += rows.length - created;
  report.unchanged += Object.keys(entries).length - rows.length;
}

/** The hall's seat map as the database holds it, in the document's notation. */
export async function seatRowsOf(q: Queryable, hallId: number): Promise<string[]> {
  const seats = await q.query<{ row_no: number; col_no: number; blocked: boolean }>(
    'SELECT row_no, col_no, blocked FROM hall_seats WHERE hall_id = $1 AND NOT removed ORDER BY row_no, col_no',
    [hallId],
  );
  const rows: string[][] = [];
  for (const s of seats) {
    const row = (rows[s.row_no - 1] ??= []);
    while (row.length < s.col_no - 1) row.push('_');
    row.push(s.blocked ? 'X' : 'S');
  }
  return paddedRows(Array.from(rows, (r) => (r ?? []).join('')));
}

/** The hall's seats sold or held for sessions of `today` or later, each with those sessions. */
export async function takenSeatsOf(q: Queryable, hallId: number, today: string): Promise<TakenSeat[]> {
  return q.query<TakenSeat>(
    `SELECT h.row_no AS row, h.col_no AS col, h.seat_label AS "seatLabel",
            array_agg(s.visit_date || ' ' || s.begin_time ORDER BY s.visit_date, s.begin_time) AS sessions
       FROM session_seats ss JOIN hall_schedule s ON s.id = ss.schedule_id JOIN hall_seats h ON h.id = ss.seat_id
      WHERE s.hall_id = $1 AND s.visit_date >= $2 AND ss.state <> 'free'
      GROUP BY h.row_no, h.col_no, h.seat_label ORDER BY 1, 2`,
    [hallId, today],
  );
}

/** A dome's new map, written by position so a seat that stays keeps its row: sessions of `today`
 * or later get the new map's seats (their sold and held ones may not be lost: refused), past
 * sessions keep theirs, and a position that became an aisle is deleted, or marked removed when
 * a session has it. The coming sessions are locked first, so no seat is taken meanwhile. */
async function putSeats(q: Queryable, report: ImportReport, hallId: number, hall: HallFields, at: string, today: string): Promise<void> {
  const wanted = paddedRows(hall.cinema?.rows ?? []);
  const held = await seatRowsOf(q, hallId);
  if (JSON.stringify(wanted) === JSON.stringify(held)) {
    if (hall.cinema) report.unchanged++;
    return;
  }
  const coming = (await q.query<{ id: number }>('SELECT id FROM hall_schedule WHERE hall_id = $1 AND visit_date >= $2', [hallId, today])).map((s) => s.id);
  await lockRows(q as TxQueryable, 'hall_schedule', { id: coming }, ['id']);
  const lost = lostSeats(wanted, await takenSeatsOf(q, hallId, today));
  if (lost.length > 0) {
    const text = lostSeatsText(lost);
    throw new CatalogueRefusal([`${at}.cinema.rows: ${text.en}`], text);
  }
  const seats = seatsOfRows(wanted);
  const stays = new Set(seats.map((s) => `${s.row}-${s.col}`));
  const gone = (await q.query<{ id: number; row_no: number; col_no: number }>('SELECT id, row_no, col_no FROM hall_seats WHERE hall_id = $1', [hallId]))
    .filter((s) => !stays.has(`${s.row_no}-${s.col_no}`))
    .map((s) => s.id);
  await q.query(
    `INSERT INTO hall_seats (hall_id, row_no, col_no, row_label, seat_label, blocked)
     SELECT $1, x.row, x.col, x."rowLabel", x."seatLabel", x.blocked
       FROM jsonb_to_recordset($2::jsonb) AS x(row int, col int, "rowLabel" text, "seatLabel" text, blocked boolean)
     ON CONFLICT (hall_id, row_no, col_no) DO UPDATE
       SET row_label = EXCLUDED.row_label, seat_label = EXCLUDED.seat_label, blocked = EXCLUDED.blocked, removed = false`,
    [hallId, JSON.stringify(seats)],
  );
  // Coming sessions: the free places that are no longer seats for sale go, the new seats come.
  await q.query(
    `DELETE FROM session_seats ss USING hall_seats h
      WHERE ss.seat_id = h.id AND ss.schedule_id = ANY($1::int[]) AND ss.state = 'free' AND (h.blocked OR h.id = ANY($2::int[]))`,
    [coming, gone],
  );
  await q.query('DELETE FROM hall_seats h WHERE h.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM session_seats ss WHERE ss.seat_id = h.id)', [gone]);
  await q.query('UPDATE hall_seats SET removed = true WHERE id = ANY($1::int[])', [gone]);
  await q.query(
    `INSERT INTO session_seats (schedule_id, seat_id)
     SELECT s.id, h.id FROM unnest($1::int[]) AS s(id) CROSS JOIN hall_seats h WHERE h.hall_id = $2 AND NOT h.blocked AND NOT h.removed
     ON CONFLICT DO NOTHING`,
    [coming, hallId],
  );
  await q.query('UPDATE hall_schedule s SET capacity = (SELECT count(*) FROM session_seats ss WHERE ss.schedule_id = s.id) WHERE s.id = ANY($1::int[])', [
    coming,
  ]);
  report[held.length ? 'updated' : 'created']++;
}

/** A hall's row (found by its key) and a dome's seats, created, updated where they differ, or
 * left alone; `extra` columns beside the document's (the console's `closed`). A seat map under
 * sessions to come may not lose their sold seats (CatalogueRefusal at `at`). The staff console's
 * hall editor writes through here too, so the two agree on what a hall's row is. */
export async function putHall(
  q: Queryable,
  report: ImportReport,
  h: HallFields,
  where: { sort: number; at: string; today: string },
  extra: Row = {},
): Promise<number> {
  const { sort, at, today } = where;
  const id = await put(
    q,
    report,
    'halls',
    { hall_key: h.key },
    {
      name_zh: h.name.zh,
      name_en: h.name.en,
      intro_zh: h.intro.zh,
      intro_en: h.intro.en,
      age_note_zh: h.ageNote?.zh ?? null,
      age_note_en: h.ageNote?.en ?? null,
      min_buyers: h.minBuyers,
      max_buyers: h.maxBuyers,
      min_age: h.minAge,
      child_age_min: h.childAgeMin,
      child_age_max: h.childAgeMax,
      needs_adult_and_child: h.needsAdultAndChild,
      sort,
      ...extra,
      cinema: h.cinema !== null,
      choose_mode: h.cinema?.chooseMode ?? 1,
      waiting_list: h.waitingList,
      group_max: h.groups?.max ?? 0,
      group_min: h.groups?.min ?? 16,
      school_only: h.groups?.schoolOnly ?? false,
      off_season_only: h.groups?.offSeasonOnly ?? false,
      school_free_daily: h.groups?.schoolFreeDaily ?? 0,
    },
  );
  await putSeats(q, report, id, h, at, today);
  return id;
}

/** A film's row (found by its key): created, updated where it differs, or left alone. The staff
 * console's film editor writes through here too. */
export const putFilm = (q: Queryable, report: ImportReport, f: FilmEdit): Promise<number> =>
  put(
    q,
    report,
    'films',
    { film_key: f.key },
    {
      name_zh: f.name.zh,
      name_en: f.name.en,
      synopsis_zh: f.synopsis.zh,
      synopsis_en: f.synopsis.en,
      notes_zh: f.notes.zh,
      notes_en: f.notes.en,
      duration_min: f.durationMin,
      poster: f.poster,
      age_min: f.ageMin,
      age_max: f.ageMax,
    },
  );

type Template = CatalogueHall['templates'][number];

/** A template's sessions as stored, for comparison with the document's. */
async function sessionsOf(q: Queryable, templateId: number): Promise<Template['sessions']> {
  return q.query(
    `SELECT t.begin_time AS begin, t.end_time AS end, t.capacity, f.film_key AS film
       FROM template_sessions t LEFT JOIN films f ON f.id = t.film_id WHERE t.template_id = $1 ORDER BY t.begin_time`,
    [templateId],
  );
}

async function putTemplate(q: Queryable, report: ImportReport, hallId: number, template: Template, rollForward: boolean | undefined, now: Date) {
  const sessions = [...template.sessions].sort((a, b) => a.begin.localeCompare(b.begin));
  const [found] = await q.query<{ id: number; roll_forward: boolean }>('SELECT id, roll_forward FROM session_templates WHERE hall_id = $1 AND name = $2', [
    hallId,
    template.name,
  ]);
  const same =
    found && (rollForward === undefined || found.roll_forward === rollForward) && JSON.stringify(await sessionsOf(q, found.id)) === JSON.stringify(sessions);
  if (same) {
    report.unchanged++;
    return;
  }
  const id = found
    ? (
        await q.query<{ id: number }>('UPDATE session_templates SET roll_forward = $2, updated_at = $3 WHERE id = $1 RETURNING id', [
          found.id,
          rollForward ?? found.roll_forward,
          now,
        ])
      )[0].id
    : (
        await q.query<{ id: number }>('INSERT INTO session_templates (hall_id, name, roll_forward, updated_at) VALUES ($1, $2, $3, $4) RETURNING id', [
          hallId,
          template.name,
          rollForward ?? false,
          now,
        ])
      )[0].id;
  await q.query('DELETE FROM template_sessions WHERE template_id = $1', [id]);
  await q.query(
    `INSERT INTO template_sessions (template_id, begin_time, end_time, capacity, film_id)
     SELECT $1, x.begin, x.end, x.capacity, (SELECT id FROM films WHERE film_key = x.film)
       FROM jsonb_to_recordset($2::jsonb) AS x(begin text, "end" text, capacity int, film text)`,
    [id, JSON.stringify(template.sessions)],
  );
  report[found ? 'updated' : 'created']++;
}

/** The templates of `hall` written for the hall `hallId` (a demo folder from before templates gets the demo's). */
export async function importTemplates(q: Queryable, hallId: number, hall: CatalogueHall, options: { now: Date; rollForward?: boolean }): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0 };
  for (const t of hall.templates) await putTemplate(q, report, hallId, t, options.rollForward, options.now);
  return report;
}

/** Writes `doc` (checked by catalogueDocument) in the caller's transaction. `rollForward` marks
 * the templates the demo applies to its booking window by itself (demo mode only). */
export async function importCatalogue(q: Queryable, doc: CatalogueDocument, options: { now: Date; rollForward?: boolean }): Promise<ImportReport> {
  const report: ImportReport = { created: 0, updated: 0, unchanged: 0 };
  await lockCatalogue(q);
  await putEntries(
    q,
    report,
    `INSERT INTO sys_config (key, value) SELECT key, value FROM jsonb_each_text($1::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value WHERE sys_config.value IS DISTINCT FROM EXCLUDED.value
     RETURNING CASE WHEN xmax = 0 THEN 'created' ELSE 'updated' END AS outcome`,
    doc.config,
  );
  await putEntries(
    q,
    report,
    `INSERT INTO texts (name, zh, en) SELECT key, value->>'zh', value->>'en' FROM jsonb_each($1::jsonb)
     ON CONFLICT (name) DO UPDATE SET zh = EXCLUDED.zh, en = EXCLUDED.en
       WHERE (texts.zh, texts.en) IS DISTINCT FROM (EXCLUDED.zh, EXCLUDED.en)
     RETURNING CASE WHEN xmax = 0 THEN 'created' ELSE 'updated' END AS outcome`,
    doc.texts,
  );
  for (const f of doc.films) await putFilm(q, report, f);
  const hallIds = new Map<string, number>();
  for (const [sort, h] of doc.halls.entries()) {
    const id = await putHall(q, report, h, { sort, at: `halls[${sort}]`, today: museumDate(options.now) });
    hallIds.set(h.key, id);
    for (const t of h.templates) await putTemplate(q, report, id, t, options.rollForward, options.now);
    for (const [psort, p] of h.prices.entries()) {
      await put(
        q,
        report,
        'ticket_prices',
        { hall_id: id, name_zh: p.name.zh, package_only: false },
        { name_en: p.name.en, kind: p.kind, price: p.price, age_min: p.ageMin, age_max: p.ageMax, is_child_free: p.free, sort: psort },
      );
    }
  }
  for (const [sort, p] of doc.packages.entries()) {
    const [found] = await q.query<{ admission_price_id: number; film_price_id: number }>(
      'SELECT admission_price_id, film_price_id FROM packages WHERE package_key = $1',
      [p.key],
    );
    // Each part is a price of its hall that only the package sells.
    const part = (priceId: number | undefined, hall: string, price: number, zh: string, en: string) =>
      put(q, report, 'ticket_prices', priceId === undefined ? { hall_id: hallIds.get(hall)!, name_zh: zh, package_only: true } : { id: priceId }, {
        hall_id: hallIds.get(hall)!,
        name_zh: zh,
        name_en: en,
        kind: 'adult',
        price,
        package_only: true,
        sort: 99,
      });
    const admission = await part(found?.admission_price_id, p.hall, p.admission, `${p.name.zh}·入馆`, `${p.name.en}: admission`);
    const film = await part(found?.film_price_id, p.cinema, p.film, `${p.name.zh}·影片`, `${p.name.en}: film`);
    await put(
      q,
      report,
      'packages',
      { package_key: p.key },
      {
        name_zh: p.name.zh,
        name_en: p.name.en,
        intro_zh: p.intro.zh,
        intro_en: p.intro.en,
        admission_price_id: admission,
        film_price_id: film,
        sort,
        on_sale: p.onSale,
      },
    );
  }
  return report;
}
