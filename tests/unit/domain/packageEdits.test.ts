/** A package's draft in the console (docs/product.md §2.8): its shape, its fixed code, a name of
 * its own, an exhibition hall and a dome, open halls while on sale, halls kept once sold. */
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TEXTS } from '../../../src/domain/catalogueRules.ts';
import { otherNamesOf, PACKAGE_EDIT_TEXTS, packageDraftRefusal, packageRefusal, type PackageHall } from '../../../src/domain/packageEdits.ts';
import { NIGHT_PACKAGE } from '../../catalogue.fixtures.ts';

const hall = (hallId: number, dome: boolean, closed = false): PackageHall => ({ hallId, name: { zh: `馆${hallId}`, en: `Hall ${hallId}` }, dome, closed });
const HALLS = [hall(1, false), hall(2, false), hall(3, true), hall(4, true), hall(5, false, true), hall(6, true, true)];
const NIGHT = NIGHT_PACKAGE;

describe('a package draft', () => {
  it.each([
    [NIGHT, { ...NIGHT, key: 'day' }, 0, 'key', PACKAGE_EDIT_TEXTS.keyFixed],
    [null, { ...NIGHT, name: { zh: ' 日游 ', en: 'Day' } }, 0, 'name.zh', PACKAGE_EDIT_TEXTS.nameTaken],
    [null, { ...NIGHT, hallId: 9 }, 0, 'hallId', CATALOGUE_TEXTS.noHall],
    [null, { ...NIGHT, hallId: 4 }, 0, 'hallId', PACKAGE_EDIT_TEXTS.admissionHall],
    [null, { ...NIGHT, cinemaId: 9 }, 0, 'cinemaId', CATALOGUE_TEXTS.noHall],
    [null, { ...NIGHT, cinemaId: 2 }, 0, 'cinemaId', PACKAGE_EDIT_TEXTS.filmHall],
    [null, { ...NIGHT, hallId: 5 }, 0, 'hallId', PACKAGE_EDIT_TEXTS.hallClosed],
    [null, { ...NIGHT, cinemaId: 6 }, 0, 'cinemaId', PACKAGE_EDIT_TEXTS.hallClosed],
    [NIGHT, { ...NIGHT, hallId: 2 }, 3, 'hallId', { zh: expect.stringContaining('已售出或待支付 3 份'), en: expect.stringMatching(/^3 of this package/) }],
    [NIGHT, { ...NIGHT, cinemaId: 4 }, 1, 'cinemaId', { zh: expect.stringContaining('1 份'), en: expect.stringMatching(/^1 of this package/) }],
  ])('%#: refused beside %s', (before, draft, sold, field, text) => {
    expect(packageDraftRefusal(before, draft, sold, HALLS, ['日游'])).toEqual({ field, text });
  });

  it('names the field of a wrong shape', () => {
    expect(packageDraftRefusal(null, { ...NIGHT, admission: null }, 0, HALLS, [])?.field).toBe('admission');
    expect(packageDraftRefusal(null, { ...NIGHT, film: -1 }, 0, HALLS, [])?.field).toBe('film');
    expect(packageDraftRefusal(null, { ...NIGHT, name: { zh: '', en: 'x' } }, 0, HALLS, [])?.field).toBe('name.zh');
    expect(packageDraftRefusal(null, { ...NIGHT, key: '1x' }, 0, HALLS, [])?.field).toBe('key');
  });

  it('takes a new price of a sold package, a stopped package of a closed hall, and new halls while nothing is sold', () => {
    expect(packageRefusal(NIGHT, { ...NIGHT, admission: 9900, film: 0 }, 5, HALLS, [])).toBeNull();
    expect(packageRefusal(NIGHT, { ...NIGHT, onSale: false }, 5, HALLS, [])).toBeNull();
    expect(packageRefusal(null, { ...NIGHT, hallId: 5, cinemaId: 6, onSale: false }, 0, HALLS, [])).toBeNull();
    expect(packageRefusal(NIGHT, { ...NIGHT, hallId: 2, cinemaId: 4 }, 0, HALLS, [])).toBeNull();
  });

  it("a package's own name is no other's", () => {
    const listed = [
      { packageId: 1, name: { zh: '夜游套票 ' } },
      { packageId: 2, name: { zh: '日游' } },
    ];
    expect(otherNamesOf(listed, 1)).toEqual(['日游']);
    expect(otherNamesOf(listed, null)).toEqual(['夜游套票', '日游']);
    expect(packageRefusal(NIGHT, NIGHT, 0, HALLS, otherNamesOf(listed, 1))).toBeNull();
  });
});
