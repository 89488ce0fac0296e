/** The demo museum as a catalogue document (server/catalogue/document.ts): the demo seeds it
 * through the same import a real museum uses (docs/operations.md §6). */
import { CATALOGUE_FORMAT, CATALOGUE_VERSION, catalogueDocument, type CatalogueDocument } from '../catalogue/document.ts';
import { FILMS, PACKAGES } from './cinema.ts';
import { CONFIG, DEMO_TEMPLATE_NAME, HALLS, TEXTS, type SeedHall } from './museum.ts';

const pair = ([zh, en]: [string, string]) => ({ zh, en });

/** One demo hall as the document writes it. */
export function demoHall(h: SeedHall): CatalogueDocument['halls'][number] {
  return {
    key: h.hallKey,
    name: pair(h.name),
    intro: pair(h.intro),
    ageNote: h.ageNote ? pair(h.ageNote) : null,
    minBuyers: h.minBuyers,
    maxBuyers: h.maxBuyers,
    minAge: h.minAge,
    childAgeMin: h.childAgeMin,
    childAgeMax: h.childAgeMax,
    needsAdultAndChild: h.needsAdultAndChild,
    waitingList: h.waitingList ?? false,
    groups: h.groups
      ? {
          min: h.groups.min ?? 16,
          max: h.groups.max,
          schoolOnly: h.groups.schoolOnly ?? false,
          offSeasonOnly: h.groups.offSeasonOnly ?? false,
          schoolFreeDaily: h.groups.schoolFreeDaily ?? 0,
        }
      : null,
    cinema: h.cinema ? { chooseMode: h.cinema.chooseMode, rows: h.cinema.layout } : null,
    prices: h.prices.map((p) => ({ name: pair(p.name), kind: p.kind, price: p.price, ageMin: p.ageMin, ageMax: p.ageMax, free: p.free ?? false })),
    templates: [
      {
        name: DEMO_TEMPLATE_NAME,
        sessions: h.sessions.map(([begin, end, capacity], n) => ({ begin, end, capacity, film: h.cinema?.films[n] ?? null })),
      },
    ],
  };
}

export function demoCatalogue(): CatalogueDocument {
  return catalogueDocument.parse({
    format: CATALOGUE_FORMAT,
    version: CATALOGUE_VERSION,
    config: CONFIG,
    texts: Object.fromEntries(Object.entries(TEXTS).map(([name, text]) => [name, pair(text)])),
    films: FILMS.map((f) => ({
      key: f.key,
      name: pair(f.name),
      synopsis: pair(f.synopsis),
      notes: pair(f.notes),
      durationMin: f.durationMin,
      poster: f.poster,
      ageMin: f.ageMin,
      ageMax: f.ageMax,
    })),
    halls: HALLS.map(demoHall),
    packages: PACKAGES.map((p) => ({
      key: p.key,
      name: pair(p.name),
      intro: pair(p.intro),
      hall: p.hall,
      cinema: p.cinema,
      admission: p.admission,
      film: p.film,
    })),
  });
}
