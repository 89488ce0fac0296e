/** The museum's catalogue as one JSON document (docs/operations.md §6): its settings and texts,
 * films, halls with their booking rules, seat maps, ticket types and session templates, and
 * packages. `npm run catalogue:export` writes it and `npm run catalogue:import` reads it; the demo
 * museum is one (server/seed/demoCatalogue.ts), so the demo and a real museum go through the same
 * import. Checked whole before anything is written; a refusal names the field by its path. */
import { z } from 'zod';
import { hallKey } from '../../src/domain/answers.ts';
import { filmFields } from '../../src/domain/films.ts';
import { catalogueCount, catalogueKey, catalogueHtml, catalogueLabel, hallFields, priceFields } from '../../src/domain/catalogueRules.ts';

export const CATALOGUE_FORMAT = 'museum-catalogue';
export const CATALOGUE_VERSION = 1;

const key = catalogueKey;
const label = catalogueLabel;
const html = catalogueHtml;
const time = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'HH:mm');
const count = catalogueCount;

/** A film: the same fields the staff console's film editor checks (src/domain/films.ts). */
export const catalogueFilm = filmFields;

/** A hall's ticket type: the same fields the staff console's editor checks (src/domain/catalogueRules.ts). */
export const cataloguePrice = priceFields;

const templateSession = z.strictObject({
  begin: time,
  end: time,
  /** A dome's sessions seat its seats: 0 there. */
  capacity: count(100_000),
  /** A dome's session shows a film of this document, by key. */
  film: key.nullable(),
});

/** A hall: its name and booking rules as the staff console's editor checks them
 * (src/domain/catalogueRules.ts), its prices and its session templates. */
export const catalogueHall = hallFields.extend({
  prices: z.array(cataloguePrice).min(1).max(30),
  /** Named days of sessions the staff apply to days (docs/product.md §2.5). */
  templates: z.array(z.strictObject({ name: z.string().trim().min(1).max(30), sessions: z.array(templateSession).min(1).max(48) })).max(20),
});

export const cataloguePackage = z.strictObject({
  key,
  name: label,
  intro: html,
  /** The exhibition hall and the dome of the package, by key. */
  hall: hallKey,
  cinema: hallKey,
  /** The two parts' prices, fen. */
  admission: count(10_000_000),
  film: count(10_000_000),
  /** Offered to visitors (a file without it: on sale). */
  onSale: z.boolean().default(true),
});

export const catalogueDocument = z
  .strictObject({
    format: z.literal(CATALOGUE_FORMAT),
    version: z.literal(CATALOGUE_VERSION),
    /** Configuration keys and their values (docs/product.md §3.8). */
    config: z.record(z.string().max(60), z.string().max(2000)),
    /** Named texts, HTML (docs/product.md §1.3). */
    texts: z.record(z.string().max(60), html),
    films: z.array(catalogueFilm).max(200),
    halls: z.array(catalogueHall).max(50),
    packages: z.array(cataloguePackage).max(50),
  })
  .superRefine((doc, ctx) => {
    const issue = (path: PropertyKey[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const once = (keys: string[], where: string) => keys.forEach((k, i) => keys.indexOf(k) !== i && issue([where, i, 'key'], `"${k}" comes twice`));
    once(
      doc.films.map((f) => f.key),
      'films',
    );
    once(
      doc.halls.map((h) => h.key),
      'halls',
    );
    once(
      doc.packages.map((p) => p.key),
      'packages',
    );
    const films = new Set(doc.films.map((f) => f.key));
    const halls = new Map(doc.halls.map((h) => [h.key, h]));
    doc.halls.forEach((h, i) => {
      if (h.minBuyers > h.maxBuyers) issue(['halls', i, 'maxBuyers'], 'less than minBuyers');
      if (h.groups && h.groups.min > h.groups.max) issue(['halls', i, 'groups', 'max'], 'less than groups.min');
      h.templates.forEach((t, j) => {
        if (h.templates.findIndex((o) => o.name === t.name) !== j) issue(['halls', i, 'templates', j, 'name'], `"${t.name}" comes twice`);
        t.sessions.forEach((s, k) => {
          const at = ['halls', i, 'templates', j, 'sessions', k];
          if (s.begin >= s.end) issue([...at, 'end'], 'not after begin');
          if (t.sessions.findIndex((o) => o.begin === s.begin) !== k) issue([...at, 'begin'], `two sessions begin at ${s.begin}`);
          if (h.cinema && s.film === null) issue([...at, 'film'], "a dome's session shows a film");
          if (!h.cinema && s.film !== null) issue([...at, 'film'], 'only a dome shows films');
          if (s.film !== null && !films.has(s.film)) issue([...at, 'film'], `no film "${s.film}" in films`);
        });
      });
      h.prices.forEach((p, j) => {
        if (p.ageMin !== null && p.ageMax !== null && p.ageMin > p.ageMax) issue(['halls', i, 'prices', j, 'ageMax'], 'less than ageMin');
        if (h.prices.findIndex((o) => o.name.zh === p.name.zh) !== j) issue(['halls', i, 'prices', j, 'name', 'zh'], `"${p.name.zh}" comes twice`);
      });
    });
    doc.packages.forEach((p, i) => {
      if (halls.get(p.hall)?.cinema !== null) issue(['packages', i, 'hall'], `no exhibition hall "${p.hall}" in halls`);
      if (!halls.get(p.cinema)?.cinema) issue(['packages', i, 'cinema'], `no dome "${p.cinema}" in halls`);
    });
  });

export type CatalogueDocument = z.output<typeof catalogueDocument>;
export type CatalogueHall = z.output<typeof catalogueHall>;

/** Why a document was refused: the first problems, each as `path: message` (halls[2].prices[0].price: ...). */
export function refusalOf(error: z.ZodError): string[] {
  return error.issues.slice(0, 10).map((i) => {
    const path = i.path.map((p, n) => (typeof p === 'number' ? `[${p}]` : `${n ? '.' : ''}${String(p)}`)).join('');
    return `${path || '(document)'}: ${i.message}`;
  });
}
