/** The catalogue an admin edits in the staff console (docs/product.md §2.8): the halls with their
 * booking rules, and each hall's ticket types and prices. Every draft is checked by
 * src/domain/catalogueRules.ts (what the console checked before sending it), against what is
 * sold, read under the hall's lock in the change's transaction; a hall is written through the
 * catalogue import's own writer (server/catalogue/import.ts). Nothing is deleted: a hall closes, a
 * price gets a last day. A price's new amount is for new orders: orders and tickets keep the
 * amounts they were quoted. Each change is audited with what it replaced; the halls' and prices'
 * change notices drop the servers' caches at its commit (server/changes.ts). */
import {
  CATALOGUE_TEXTS,
  hallRefusal,
  NOTHING_SOLD,
  priceRefusal,
  type HallEdit,
  type HallFacts,
  type PriceEdit,
  type StaffHall,
  type StaffPrice,
} from '../../src/domain/catalogueRules.ts';
import { readSeatMapCsv } from '../../src/domain/seatMap.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { museumDate } from '../time.ts';
import { CatalogueRefusal, lockCatalogue, putHall, seatRowsOf, takenSeatsOf } from '../catalogue/import.ts';
import { audit } from './audit.ts';
import { hallRules, type HallRow, type PriceRow } from './pool.ts';

type PriceRowAll = PriceRow & { sort: number; package_only: boolean };

/** A hall's row as the editor holds it. */
async function hallEditOf(q: Queryable, h: HallRow & { sort: number }): Promise<HallEdit> {
  // The visitor's booking rules are read as every sale reads them; the editor adds the rest.
  const { hallId: _id, hallKey, ...rules } = hallRules(h);
  return {
    key: hallKey,
    ...rules,
    intro: { zh: h.intro_zh, en: h.intro_en },
    ageNote: h.age_note_zh === null ? null : { zh: h.age_note_zh, en: h.age_note_en ?? h.age_note_zh },
    waitingList: h.waiting_list,
    groups:
      h.group_max > 0
        ? { min: h.group_min, max: h.group_max, schoolOnly: h.school_only, offSeasonOnly: h.off_season_only, schoolFreeDaily: h.school_free_daily }
        : null,
    cinema: h.cinema ? { chooseMode: h.choose_mode, rows: await seatRowsOf(q, h.id) } : null,
    sort: h.sort,
    closed: h.closed,
    freeChildPerAdult: h.free_child_per_adult,
    offSeasonMonths: h.off_season_months === null ? null : h.off_season_months.split(',').map(Number),
  };
}

/** What is sold in the hall, as of `today` (catalogueRules.HallFacts). */
async function hallFactsOf(q: Queryable, hallId: number, today: string): Promise<HallFacts> {
  const [facts] = await q.query<Omit<HallFacts, 'takenSeats'>>(
    `SELECT (SELECT count(*)::int FROM hall_schedule WHERE hall_id = $1) AS sessions,
            (SELECT count(*)::int FROM tickets t JOIN orders o ON o.id = t.order_id
              WHERE o.hall_id = $1 AND o.visit_date >= $2 AND t.status IN ('toBePaid', 'toBeChecked', 'reserved', 'candidate')) AS "upcomingTickets",
            (SELECT count(*)::int FROM orders WHERE hall_id = $1 AND is_candidate AND status IN ('toBePaid', 'standingBy')) AS "standingBy",
            (SELECT count(*)::int FROM orders WHERE hall_id = $1 AND visit_date >= $2 AND group_info IS NOT NULL AND status IN ('toBePaid', 'completed')) AS "groupOrders",
            (SELECT coalesce(max(used), 0)::int FROM school_free_used WHERE hall_id = $1 AND visit_date >= $2) AS "schoolFreeUsed"`,
    [hallId, today],
  );
  return { ...facts, takenSeats: await takenSeatsOf(q, hallId, today) };
}

/** Every hall, closed ones too, in the museum's order, with what is sold in each. */
export async function staffHalls(deps: AppDeps): Promise<StaffHall[]> {
  const today = museumDate(deps.clock());
  const rows = await deps.db.query<HallRow & { sort: number }>('SELECT * FROM halls ORDER BY sort, id');
  const out: StaffHall[] = [];
  for (const h of rows) out.push({ ...(await hallEditOf(deps.db, h)), hallId: h.id, facts: await hallFactsOf(deps.db, h.id, today) });
  return out;
}

/** Creates a hall (`hallId` null) or changes one; answers its id. */
export async function saveHall(deps: AppDeps, staffId: number, hallId: number | null, body: HallEdit): Promise<{ hallId: number }> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    await lockCatalogue(q);
    let before: HallEdit | null = null;
    let facts: HallFacts | null = null;
    if (hallId !== null) {
      const [row] = (await lockRows(q, 'halls', { id: hallId }, ['id'])).length
        ? await q.query<HallRow & { sort: number }>('SELECT * FROM halls WHERE id = $1', [hallId])
        : [];
      if (!row) throw fail(CATALOGUE_TEXTS.noHall);
      before = await hallEditOf(q, row);
      facts = await hallFactsOf(q, hallId, museumDate(now));
    } else {
      const [taken] = await q.query('SELECT 1 FROM halls WHERE hall_key = $1', [body.key]);
      if (taken) throw fail(CATALOGUE_TEXTS.keyTaken);
    }
    const refused = hallRefusal(before, body, facts ?? NOTHING_SOLD);
    if (refused) throw fail(refused.text);
    let id: number;
    try {
      id = await putHall(
        q,
        { created: 0, updated: 0, unchanged: 0 },
        body,
        { sort: body.sort, at: 'hall', today: museumDate(now) },
        {
          closed: body.closed,
          free_child_per_adult: body.freeChildPerAdult,
          off_season_months: body.offSeasonMonths === null ? null : [...new Set(body.offSeasonMonths)].sort((a, b) => a - b).join(','),
        },
      );
    } catch (error) {
      // The writer checks the seats sold again under the sessions' locks (a seat taken since).
      if (error instanceof CatalogueRefusal && error.text) throw fail(error.text);
      throw error;
    }
    await audit(q, staffId, hallId === null ? 'createHall' : 'updateHall', `hall:${body.key}`, { from: before, to: body }, now);
    return { hallId: id };
  });
}

/** A dome's seat map from a museum's CSV (src/domain/seatMap.ts), read whole before anything is
 * written, then saved as the hall editor saves it: the same rules, the same audit. */
export async function importSeatMap(deps: AppDeps, staffId: number, hallId: number, csv: string): Promise<{ hallId: number }> {
  const read = readSeatMapCsv(csv);
  if (!read.ok) throw fail(read.text);
  const [row] = await deps.db.query<HallRow & { sort: number }>('SELECT * FROM halls WHERE id = $1', [hallId]);
  if (!row) throw fail(CATALOGUE_TEXTS.noHall);
  const hall = await hallEditOf(deps.db, row);
  if (!hall.cinema) throw fail(CATALOGUE_TEXTS.notADome);
  return saveHall(deps, staffId, hallId, { ...hall, cinema: { ...hall.cinema, rows: read.rows } });
}

const priceEditOf = (p: PriceRowAll): PriceEdit => ({
  name: { zh: p.name_zh, en: p.name_en },
  kind: p.kind,
  price: p.price,
  ageMin: p.age_min,
  ageMax: p.age_max,
  free: p.is_child_free,
  sort: p.sort,
  validFrom: p.valid_from,
  validTo: p.valid_to,
});

/** Tickets of a price that are sold, unpaid or waiting (not cancelled, refunded or expired). */
const SOLD = `SELECT count(*)::int AS n FROM tickets WHERE price_id = $1 AND status IN ('toBePaid', 'toBeChecked', 'checked', 'reserved', 'candidate')`;

/** A hall's own ticket types (not a package's parts), retired ones too, each with its sold tickets. */
export async function staffPrices(deps: AppDeps, hallId: number): Promise<StaffPrice[]> {
  const [hall] = await deps.db.query('SELECT 1 FROM halls WHERE id = $1', [hallId]);
  if (!hall) throw fail(CATALOGUE_TEXTS.noHall);
  const rows = await deps.db.query<PriceRowAll & { sold: number }>(
    `SELECT p.*, (${SOLD.replace('$1', 'p.id')}) AS sold FROM ticket_prices p WHERE p.hall_id = $1 AND NOT p.package_only ORDER BY p.sort, p.id`,
    [hallId],
  );
  return rows.map((p) => ({ ...priceEditOf(p), ticketPriceId: p.id, soldTickets: p.sold }));
}

/** Creates a ticket type of `hallId` (`priceId` null) or changes one of its; answers its id. */
export async function savePrice(deps: AppDeps, staffId: number, hallId: number, priceId: number | null, body: PriceEdit): Promise<{ ticketPriceId: number }> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    const [hall] = await lockRows(q, 'halls', { id: hallId }, ['hall_key']);
    if (!hall) throw fail(CATALOGUE_TEXTS.noHall);
    const siblings = await q.query<PriceRowAll>('SELECT * FROM ticket_prices WHERE hall_id = $1 AND NOT package_only', [hallId]);
    const row = priceId === null ? undefined : siblings.find((p) => p.id === priceId);
    if (priceId !== null && !row) throw fail(CATALOGUE_TEXTS.noPrice);
    const before = row ? priceEditOf(row) : null;
    const sold = row ? (await q.query<{ n: number }>(SOLD, [row.id]))[0].n : 0;
    const others = siblings.filter((p) => p.id !== priceId).map((p) => p.name_zh);
    const refused = priceRefusal(before, body, sold, others);
    if (refused) throw fail(refused.text);
    const values = [
      body.name.zh.trim(),
      body.name.en.trim(),
      body.kind,
      body.price,
      body.ageMin,
      body.ageMax,
      body.free,
      body.sort,
      body.validFrom,
      body.validTo,
    ];
    const [{ id }] = row
      ? await q.query<{ id: number }>(
          `UPDATE ticket_prices SET name_zh = $2, name_en = $3, kind = $4, price = $5, age_min = $6, age_max = $7, is_child_free = $8, sort = $9,
             valid_from = $10, valid_to = $11 WHERE id = $1 RETURNING id`,
          [row.id, ...values],
        )
      : await q.query<{ id: number }>(
          `INSERT INTO ticket_prices (hall_id, name_zh, name_en, kind, price, age_min, age_max, is_child_free, sort, valid_from, valid_to)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [hallId, ...values],
        );
    await audit(q, staffId, row ? 'updatePrice' : 'createPrice', `price:${id}`, { hall: hall.hall_key, from: before, to: body }, now);
    return { ticketPriceId: id };
  });
}
