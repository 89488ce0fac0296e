/** A film's draft in the console (docs/product.md §2.8): its shape, its ages, its fixed code, a poster. */
import { describe, expect, it } from 'vitest';
import { FILM_TEXTS, filmDraftRefusal } from '../../../src/domain/films.ts';
import { STARS_FILM } from '../../catalogue.fixtures.ts';

const FILM = STARS_FILM;

describe('a film draft', () => {
  it.each([
    [null, { ...FILM, ageMin: 12, ageMax: 6 }, false, 'ageMax', FILM_TEXTS.ages],
    [FILM, { ...FILM, key: 'moon' }, false, 'key', FILM_TEXTS.keyFixed],
    [null, { ...FILM, poster: '' }, false, 'poster', FILM_TEXTS.posterMissing],
  ])('%#: refused beside %s', (before, draft, chosen, field, text) => {
    expect(filmDraftRefusal(before, draft, chosen)).toEqual({ field, text });
  });

  it('names the field of a wrong shape, and takes a new film whose poster is picked to upload', () => {
    expect(filmDraftRefusal(null, { ...FILM, durationMin: null }, false)?.field).toBe('durationMin');
    expect(filmDraftRefusal(null, { ...FILM, poster: 'javascript:x' }, false)?.field).toBe('poster');
    expect(filmDraftRefusal(null, { ...FILM, poster: '' }, true)).toBeNull();
    expect(filmDraftRefusal(FILM, { ...FILM, durationMin: 40 }, false)).toBeNull();
  });
});
