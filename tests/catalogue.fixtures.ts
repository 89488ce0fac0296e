/** A hall, a ticket type, a film and a package as the catalogue editor takes them (docs/product.md §2.8), for the
 * rules', the machine's and the server's tests to vary from. */
import type { HallEdit, PriceEdit } from '../src/domain/catalogueRules.ts';
import type { FilmEdit } from '../src/domain/films.ts';
import type { PackageEdit } from '../src/domain/packageEdits.ts';

export const MAIN_HALL: HallEdit = {
  key: 'main',
  name: { zh: '主展厅', en: 'Main hall' },
  intro: { zh: '', en: '' },
  ageNote: null,
  minBuyers: 1,
  maxBuyers: 5,
  minAge: null,
  childAgeMin: 0,
  childAgeMax: 6,
  needsAdultAndChild: false,
  waitingList: true,
  groups: null,
  cinema: null,
  sort: 0,
  closed: false,
  freeChildPerAdult: null,
  offSeasonMonths: null,
};

export const ADULT_PRICE: PriceEdit = {
  name: { zh: '成人票', en: 'Adult' },
  kind: 'adult',
  price: 3000,
  ageMin: 18,
  ageMax: null,
  free: false,
  sort: 0,
  validFrom: null,
  validTo: null,
};

export const STARS_FILM: FilmEdit = {
  key: 'stars',
  name: { zh: '星河漫游', en: 'Among the Stars' },
  synopsis: { zh: '<p>银河系之旅</p>', en: '<p>A journey through the galaxy</p>' },
  notes: { zh: '', en: '' },
  durationMin: 35,
  poster: '/films/universe.svg',
  ageMin: 6,
  ageMax: null,
};

/** A package of hall 1's admission and dome 3's film (the rules' and the machine's halls). */
export const NIGHT_PACKAGE: PackageEdit = {
  key: 'night',
  name: { zh: '夜游套票', en: 'Night package' },
  intro: { zh: '', en: '' },
  hallId: 1,
  cinemaId: 3,
  admission: 3000,
  film: 2500,
  sort: 0,
  onSale: true,
};
