/** The museum's catalogue as the database holds it, as a document (document.ts) that
 * importCatalogue writes back unchanged. */
import type { Queryable } from '../db/db.ts';
import { CATALOGUE_FORMAT, CATALOGUE_VERSION, catalogueDocument, type CatalogueDocument } from './document.ts';
import { seatRowsOf } from './import.ts';
import type { FilmRow } from '../services/cinema.ts';
import { hallRules, type HallRow, type PriceRow } from '../services/pool.ts';

const pair = (zh: string, en: string) => ({ zh, en });

/** A hall's party and age rules, as the sale reads them. */
const ageAndPartyRules = (h: HallRow) => {
  const { minBuyers, maxBuyers, minAge, childAgeMin, childAgeMax, needsAdultAndChild } = hallRules(h);
  return { minBuyers, maxBuyers, minAge, childAgeMin, childAgeMax, needsAdultAndChild };
};

/** Read through the document's schema like an import (the rows' types are the services' own,
 * taken on trust from the query): a value the database holds that the document cannot (a
 * column edited by hand) fails here, named by its path. */
export async function exportCatalogue(q: Queryable): Promise<CatalogueDocument> {
  const config = await q.query<{ key: string; value: string }>('SELECT key, value FROM sys_config ORDER BY key');
  const texts = await q.query<{ name: string; zh: string; en: string }>('SELECT name, zh, en FROM texts ORDER BY name');
  const films = await q.query<FilmRow & { film_key: string }>('SELECT * FROM films ORDER BY id');
  const hallRows = await q.query<HallRow>('SELECT * FROM halls ORDER BY sort, id');
  const prices = await q.query<PriceRow>('SELECT * FROM ticket_prices WHERE NOT package_only ORDER BY sort, id');
  const templates = await q.query<{ hall_id: number; name: string; sessions: unknown[] }>(
    `SELECT t.hall_id, t.name,
            (SELECT coalesce(jsonb_agg(jsonb_build_object('begin', s.begin_time, 'end', s.end_time, 'capacity', s.capacity, 'film', f.film_key) ORDER BY s.begin_time), '[]')
               FROM template_sessions s LEFT JOIN films f ON f.id = s.film_id WHERE s.template_id = t.id) AS sessions
       FROM session_templates t ORDER BY t.id`,
  );
  const packages = await q.query<{
    package_key: string;
    name_zh: string;
    name_en: string;
    intro_zh: string;
    intro_en: string;
    hall: string;
    cinema: string;
    admission: number;
    film: number;
    on_sale: boolean;
  }>(
    `SELECT p.on_sale, p.package_key, p.name_zh, p.name_en, p.intro_zh, p.intro_en, ha.hall_key AS hall, hf.hall_key AS cinema, a.price AS admission, f.price AS film
       FROM packages p JOIN ticket_prices a ON a.id = p.admission_price_id JOIN ticket_prices f ON f.id = p.film_price_id
       JOIN halls ha ON ha.id = a.hall_id JOIN halls hf ON hf.id = f.hall_id ORDER BY p.sort, p.id`,
  );
  const halls = [];
  for (const h of hallRows) halls.push({ ...h, rows: h.cinema ? await seatRowsOf(q, h.id) : [] });
  return catalogueDocument.parse({
    format: CATALOGUE_FORMAT,
    version: CATALOGUE_VERSION,
    config: Object.fromEntries(config.map((c) => [c.key, c.value])),
    texts: Object.fromEntries(texts.map((t) => [t.name, pair(t.zh, t.en)])),
    films: films.map((f) => ({
      key: f.film_key,
      name: pair(f.name_zh, f.name_en),
      synopsis: pair(f.synopsis_zh, f.synopsis_en),
      notes: pair(f.notes_zh, f.notes_en),
      durationMin: f.duration_min,
      poster: f.poster,
      ageMin: f.age_min,
      ageMax: f.age_max,
    })),
    halls: halls.map((h) => ({
      key: h.hall_key,
      name: pair(h.name_zh, h.name_en),
      intro: pair(h.intro_zh, h.intro_en),
      ageNote: h.age_note_zh === null || h.age_note_en === null ? null : pair(h.age_note_zh, h.age_note_en),
      ...ageAndPartyRules(h),
      waitingList: h.waiting_list,
      groups:
        h.group_max > 0
          ? { min: h.group_min, max: h.group_max, schoolOnly: h.school_only, offSeasonOnly: h.off_season_only, schoolFreeDaily: h.school_free_daily }
          : null,
      cinema: h.cinema ? { chooseMode: h.choose_mode, rows: h.rows } : null,
      prices: prices
        .filter((p) => p.hall_id === h.id)
        .map((p) => ({ name: pair(p.name_zh, p.name_en), kind: p.kind, price: p.price, ageMin: p.age_min, ageMax: p.age_max, free: p.is_child_free })),
      templates: templates.filter((t) => t.hall_id === h.id).map((t) => ({ name: t.name, sessions: t.sessions })),
    })),
    packages: packages.map((p) => ({
      key: p.package_key,
      name: pair(p.name_zh, p.name_en),
      intro: pair(p.intro_zh, p.intro_en),
      hall: p.hall,
      cinema: p.cinema,
      admission: p.admission,
      film: p.film,
      onSale: p.on_sale,
    })),
  });
}
