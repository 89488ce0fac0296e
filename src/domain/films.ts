/** A dome's film as the museum's catalogue holds it (docs/product.md §2.8): its names, texts,
 * running time, the ages it suits and its poster. The catalogue document's import and the staff
 * console's film editor check it with these fields and rules; every refusal names its field. */
import { z } from 'zod';
import { catalogueAge, catalogueHtml, catalogueKey, catalogueLabel, shapeRefusal, type CatalogueRefusal } from './catalogueRules.ts';
import type { Text } from './text.ts';

/** The smallest poster the film list shows sharply, and the size an uploaded one is scaled into. */
export const POSTER_MIN = { width: 240, height: 320 };
export const POSTER_BOX = { width: 720, height: 1080 };

export const filmFields = z.strictObject({
  key: catalogueKey,
  name: catalogueLabel,
  synopsis: catalogueHtml,
  notes: catalogueHtml,
  durationMin: z.number().int().min(1).max(600),
  /** An image path on this site (public/, or an uploaded poster) or an https address. */
  poster: z.string().regex(/^(\/|https:\/\/)\S{1,500}$/, 'a path on this site or an https address'),
  ageMin: catalogueAge,
  ageMax: catalogueAge,
});
export type FilmEdit = z.output<typeof filmFields>;

/** A film as the console lists it: with its sessions of today or later. */
export const staffFilm = filmFields.extend({ filmId: z.number().int(), comingSessions: z.number().int() });
export const staffFilms = z.array(staffFilm);
export type StaffFilm = z.output<typeof staffFilm>;

export const posterAnswer = z.object({ poster: z.string(), width: z.number().int(), height: z.number().int() });

export const FILM_TEXTS = {
  ages: { zh: '适合年龄上限不能小于下限', en: 'The oldest age cannot be below the youngest' },
  keyTaken: { zh: '影片代码已被使用', en: 'This film code is taken' },
  keyFixed: { zh: '影片代码建立后不能修改', en: 'A film code cannot change once the film exists' },
  noFilm: { zh: '影片不存在', en: 'The film does not exist' },
  posterMissing: { zh: '请选择海报图片', en: 'Choose a poster image' },
  posterFormat: { zh: '海报须为 jpg、png 或 webp 图片', en: 'A poster is a jpg, png or webp image' },
  posterSmall: {
    zh: `海报至少 ${POSTER_MIN.width}×${POSTER_MIN.height} 像素`,
    en: `A poster is at least ${POSTER_MIN.width}×${POSTER_MIN.height} pixels`,
  },
} as const satisfies Record<string, Text>;

/** The first refusal of a new film (`before` null) or of a change, or null. */
export function filmRefusal(before: FilmEdit | null, after: FilmEdit): CatalogueRefusal | null {
  if (after.ageMin !== null && after.ageMax !== null && after.ageMin > after.ageMax) return { field: 'ageMax', text: FILM_TEXTS.ages };
  if (before && before.key !== after.key) return { field: 'key', text: FILM_TEXTS.keyFixed };
  return null;
}

/** A console draft as it is sent: its shape, then the rules. `posterChosen`: an image is picked
 * to upload, whose path the draft takes once it is uploaded. */
export function filmDraftRefusal(
  before: FilmEdit | null,
  draft: { poster?: unknown } & Record<string, unknown>,
  posterChosen: boolean,
): CatalogueRefusal | null {
  if (!posterChosen && !draft.poster) return { field: 'poster', text: FILM_TEXTS.posterMissing };
  const parsed = filmFields.safeParse(posterChosen ? { ...draft, poster: '/poster' } : draft);
  return parsed.success ? filmRefusal(before, parsed.data) : shapeRefusal(parsed.error);
}

/** A listed film as its editor starts from. */
export const filmEditOf = ({ filmId: _, comingSessions: __, ...film }: StaffFilm): FilmEdit => film;
