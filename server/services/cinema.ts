/** The dome cinemas' reads (docs/product.md §7 "Pool, calendar and seats"): a hall's film sessions of a
 * day, a session's seat map, its prices, and the seats that never sell. */
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { BlockedSeat, CinemaSession, Film, HallPool, PricePool, SeatMap } from '../../src/domain/types.ts';
import { hallPools, loadHalls, loadPrices, pricePoolOf } from './pool.ts';

export const CINEMA_TEXTS = {
  notACinema: { zh: '该场馆不是影院', en: 'This venue is not a cinema' },
  noSession: { zh: '场次不存在', en: 'The session does not exist' },
} satisfies Record<string, Text>;

export interface FilmRow {
  id: number;
  name_zh: string;
  name_en: string;
  synopsis_zh: string;
  synopsis_en: string;
  notes_zh: string;
  notes_en: string;
  duration_min: number;
  poster: string;
  age_min: number | null;
  age_max: number | null;
}

const filmOf = (f: FilmRow, lang: Lang): Film => ({
  filmId: f.id,
  name: lang === 'en' ? f.name_en : f.name_zh,
  synopsis: lang === 'en' ? f.synopsis_en : f.synopsis_zh,
  notes: lang === 'en' ? f.notes_en : f.notes_zh,
  durationMin: f.duration_min,
  poster: f.poster,
  ageMin: f.age_min,
  ageMax: f.age_max,
});

async function cinemaHall(q: Queryable, hallId: number) {
  const hall = (await loadHalls(q)).find((h) => h.id === hallId);
  if (!hall?.cinema) throw fail(CINEMA_TEXTS.notACinema);
  return hall;
}

/** The films of a day's sessions, by session id. */
export async function filmsOn(q: Queryable, date: string, lang: Lang): Promise<Map<number, Film>> {
  const rows = await q.query<FilmRow & { schedule_id: number }>(
    'SELECT f.*, s.id AS schedule_id FROM hall_schedule s JOIN films f ON f.id = s.film_id WHERE s.visit_date = $1',
    [date],
  );
  return new Map(rows.map((f) => [f.schedule_id, filmOf(f, lang)]));
}

/** A cinema's sessions of the day (from the day's pool) with their films. */
export const withFilms = (pool: HallPool, films: Map<number, Film>): CinemaSession[] =>
  pool.scheduleTicketPoolVOS.map((s) => ({ ...s, film: films.get(s.hallScheduleId) ?? null }));

/** getScheduleByHallId: the day's sessions of one cinema, with their state and film. */
export async function cinemaSessions(q: Queryable, hallId: number, date: string, now: Date, lang: Lang): Promise<CinemaSession[]> {
  await cinemaHall(q, hallId);
  const pool = (await hallPools(q, date, now, lang)).find((h) => h.hallId === hallId)!;
  return withFilms(pool, await filmsOn(q, date, lang));
}

/** getSeatByScheduleId: every seat of the hall, blocked ones as not available, held and sold as sold. */
export async function seatMap(q: Queryable, scheduleId: number): Promise<SeatMap> {
  const [session] = await q.query<{ hall_id: number; choose_mode: 1 | 2 | 3 }>(
    'SELECT s.hall_id, h.choose_mode FROM hall_schedule s JOIN halls h ON h.id = s.hall_id WHERE s.id = $1 AND h.cinema',
    [scheduleId],
  );
  if (!session) throw fail(CINEMA_TEXTS.noSession);
  const seats = await q.query<{ row: number; col: number; row_label: string; seat_label: string; blocked: boolean; state: string | null }>(
    `SELECT h.row_no AS row, h.col_no AS col, h.row_label, h.seat_label, h.blocked, ss.state
       FROM hall_seats h LEFT JOIN session_seats ss ON ss.seat_id = h.id AND ss.schedule_id = $2
      WHERE h.hall_id = $1 AND (NOT h.removed OR ss.state IS NOT NULL) ORDER BY h.row_no, h.col_no`,
    [session.hall_id, scheduleId],
  );
  return {
    hallScheduleId: scheduleId,
    chooseMode: session.choose_mode,
    rows: Math.max(...seats.map((s) => s.row)),
    cols: Math.max(...seats.map((s) => s.col)),
    seats: seats.map((s) => ({
      row: s.row,
      col: s.col,
      rowLabel: s.row_label,
      seatLabel: s.seat_label,
      state: s.blocked || s.state === null ? 'notAvailable' : s.state === 'free' ? 'available' : 'sold',
    })),
  };
}

/** getPriceByScheduleId: the session's ticket types and prices. */
export async function sessionPrices(q: Queryable, hallId: number, scheduleId: number, lang: Lang): Promise<PricePool[]> {
  const [s] = await q.query('SELECT 1 FROM hall_schedule WHERE id = $1 AND hall_id = $2', [scheduleId, hallId]);
  if (!s) throw fail(CINEMA_TEXTS.noSession);
  return (await loadPrices(q, hallId)).map((p) => pricePoolOf(p, lang));
}

/** getBlock */
export async function blockedSeats(q: Queryable): Promise<BlockedSeat[]> {
  return q.query<BlockedSeat>(
    'SELECT hall_id AS "hallId", row_no AS row, col_no AS col, row_label AS "rowLabel", seat_label AS "seatLabel" FROM hall_seats WHERE blocked AND NOT removed ORDER BY hall_id, row_no, col_no',
  );
}
