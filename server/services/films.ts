/** The dome's films an admin edits in the staff console (docs/product.md §2.8): listed with their
 * sessions to come, made or changed through the catalogue import's own writer
 * (server/catalogue/import.ts putFilm), checked by src/domain/films.ts, audited with what they
 * replaced. A poster is uploaded on its own first: read by its bytes (the header, then decoded
 * under the pixel limit), refused when it is no jpg, png or webp or too small, scaled into
 * POSTER_BOX as a JPEG, and served to visitors by an unguessable path. Films are read fresh by
 * every call (no cache to drop). */
import { randomBytes } from 'node:crypto';
import { FILM_TEXTS, filmRefusal, POSTER_BOX, POSTER_MIN, type FilmEdit, type StaffFilm } from '../../src/domain/films.ts';
import { IMAGE_MAX_BYTES } from '../../src/domain/limits.ts';
import { UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';
import { lockCatalogue, putFilm } from '../catalogue/import.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { imageHeader, outsideImage } from '../images.ts';
import { museumDate } from '../time.ts';
import { audit } from './audit.ts';
import type { FilmRow } from './cinema.ts';
import { UPLOAD_TEXTS } from './uploads.ts';

/** Where visitors load an uploaded poster (the public route of server/routes/pool.ts). */
export const POSTER_PATH = '/prod-api/films/posters/';

const filmEditOf = (f: FilmRow & { film_key: string }): FilmEdit => ({
  key: f.film_key,
  name: { zh: f.name_zh, en: f.name_en },
  synopsis: { zh: f.synopsis_zh, en: f.synopsis_en },
  notes: { zh: f.notes_zh, en: f.notes_en },
  durationMin: f.duration_min,
  poster: f.poster,
  ageMin: f.age_min,
  ageMax: f.age_max,
});

export async function staffFilms(deps: AppDeps): Promise<StaffFilm[]> {
  const rows = await deps.db.query<FilmRow & { film_key: string; coming: number }>(
    `SELECT f.*, (SELECT count(*)::int FROM hall_schedule s WHERE s.film_id = f.id AND s.visit_date >= $1) AS coming FROM films f ORDER BY f.id`,
    [museumDate(deps.clock())],
  );
  return rows.map((f) => ({ ...filmEditOf(f), filmId: f.id, comingSessions: f.coming }));
}

/** Creates a film (`filmId` null) or changes one; answers its id. */
export async function saveFilm(deps: AppDeps, staffId: number, filmId: number | null, body: FilmEdit): Promise<{ filmId: number }> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    await lockCatalogue(q);
    const [row] =
      filmId === null
        ? await q.query<FilmRow & { film_key: string }>('SELECT * FROM films WHERE film_key = $1', [body.key])
        : await q.query<FilmRow & { film_key: string }>('SELECT * FROM films WHERE id = $1 FOR UPDATE', [filmId]); // not lockRows: films is no table of its order
    if (filmId === null && row) throw fail(FILM_TEXTS.keyTaken);
    if (filmId !== null && !row) throw fail(FILM_TEXTS.noFilm);
    const before = row ? filmEditOf(row) : null;
    const refused = filmRefusal(before, body);
    if (refused) throw fail(refused.text);
    const id = await putFilm(q, { created: 0, updated: 0, unchanged: 0 }, body);
    await audit(q, staffId, before ? 'updateFilm' : 'createFilm', `film:${body.key}`, { from: before, to: body }, now);
    return { filmId: id };
  });
}

const POSTER_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A poster's bytes: checked, scaled, kept; answers the path a film's `poster` takes. */
export async function savePoster(deps: AppDeps, staffId: number, bytes: Buffer): Promise<{ poster: string; width: number; height: number }> {
  if (bytes.length === 0) throw fail(UPLOAD_TEXTS.missing);
  if (bytes.length > IMAGE_MAX_BYTES) throw fail(UPLOAD_MESSAGES.size);
  const meta = await imageHeader(bytes);
  if (!meta?.format || !POSTER_FORMATS.has(meta.format) || !meta.width || !meta.height) throw fail(FILM_TEXTS.posterFormat);
  // A photo's orientation tag turns it upright first, so the size is the poster's as seen.
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];
  if (width < POSTER_MIN.width || height < POSTER_MIN.height) throw fail(FILM_TEXTS.posterSmall);
  const scaled = await outsideImage(bytes)
    .rotate()
    .resize({ ...POSTER_BOX, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  // A header that reads but pixels that do not (a cut-off file) is no image either.
  if (!scaled) throw fail(FILM_TEXTS.posterFormat);
  const token = randomBytes(18).toString('base64url');
  await deps.db.query('INSERT INTO film_posters (token, mime, width, height, bytes, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    token,
    'image/jpeg',
    scaled.info.width,
    scaled.info.height,
    scaled.data,
    staffId,
    deps.clock(),
  ]);
  return { poster: `${POSTER_PATH}${token}.jpg`, width: scaled.info.width, height: scaled.info.height };
}

/** An uploaded poster's bytes, or null. */
export async function posterBytes(deps: AppDeps, token: string): Promise<{ mime: string; bytes: Buffer } | null> {
  const [row] = await deps.db.query<{ mime: string; bytes: Buffer }>('SELECT mime, bytes FROM film_posters WHERE token = $1', [token]);
  return row ?? null;
}
