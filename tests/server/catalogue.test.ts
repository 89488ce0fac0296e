/** The catalogue document (docs/operations.md §6): the demo museum is one, it comes back out of
 * the database as it went in, an import of the same document changes nothing, a price changed
 * by an import is for new orders only, and a wrong document is refused whole, each problem
 * named by where it is. Production starts with nothing of it. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, type Db } from '../../server/db/db.ts';
import { catalogueDocument, type CatalogueDocument } from '../../server/catalogue/document.ts';
import { exportCatalogue } from '../../server/catalogue/export.ts';
import { CatalogueRefusal, importCatalogue } from '../../server/catalogue/import.ts';
import { jsonErrorAt, parseJsonDocument } from '../../server/catalogue/parse.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { demoCatalogue } from '../../server/seed/demoCatalogue.ts';
import { OPEN_DAY, SEED_TIME } from './constants.ts';
import { makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';

const now = new Date(SEED_TIME);
let t: TestApp;
let empty: Db;
/** What the migrations alone write (defaults such as the seller's name on invoices). */
let migrated: CatalogueDocument;

beforeAll(async () => {
  [t, empty] = await Promise.all([makeApp({ captcha: 'off' }), openPglite()]);
  await migrate(empty);
  migrated = await empty.tx((q) => exportCatalogue(q));
});
afterAll(async () => {
  await Promise.all([t?.close(), empty?.close()]);
});

/** A document as it comes out of a database it was imported into: with what the migrations wrote. */
const withMigrated = (doc: CatalogueDocument): CatalogueDocument => ({
  ...doc,
  config: Object.fromEntries(Object.entries({ ...migrated.config, ...doc.config }).sort(([a], [b]) => a.localeCompare(b))),
  texts: Object.fromEntries(Object.entries({ ...migrated.texts, ...doc.texts }).sort(([a], [b]) => a.localeCompare(b))),
});

/** The demo document with `change` made to a copy. */
const changed = (change: (doc: CatalogueDocument) => void): CatalogueDocument => {
  const doc = structuredClone(demoCatalogue());
  change(doc);
  return doc;
};

describe('the catalogue document', () => {
  it('production writes nothing on an empty database beyond what its migrations do: no hall, price, film, template or account', async () => {
    expect(await seedIfEmpty(empty, () => now, 'production')).toBe(false);
    expect(await empty.tx((q) => exportCatalogue(q))).toEqual(migrated);
    expect(migrated).toMatchObject({ films: [], halls: [], packages: [] });
    const [counts] = await empty.query(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM staff_users) AS staff, (SELECT count(*)::int FROM hall_schedule) AS sessions`,
    );
    expect(counts).toEqual({ users: 0, staff: 0, sessions: 0 });
  });

  it('the demo museum is what a fresh demo exports', async () => {
    expect(await t.db.tx((q) => exportCatalogue(q))).toEqual(withMigrated(demoCatalogue()));
  });

  it('imported into an empty database it comes back out the same, and imported again it changes nothing', async () => {
    const doc = demoCatalogue();
    const first = await empty.tx((q) => importCatalogue(q, doc, { now }));
    expect(first).toMatchObject({ updated: 0, unchanged: 0 });
    expect(await empty.tx((q) => exportCatalogue(q))).toEqual(withMigrated(doc));
    expect(await empty.tx((q) => importCatalogue(q, doc, { now }))).toEqual({ created: 0, updated: 0, unchanged: first.created });
    // A template is left as it was, not stamped again.
    expect(await empty.query('SELECT DISTINCT updated_at FROM session_templates')).toEqual([{ updated_at: now }]);
  });

  it('a price changed by an import applies to new orders: the halls show it at once, an unpaid order keeps its amount', async () => {
    const main = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!;
    const token = await t.tokenFor('13700000001');
    const visitors = [{ name: '张三', birth: '1985-06-15', seq: '101', ticketPriceId: priceOf(main, 'adult') }];
    const placed = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: orderRequest(OPEN_DAY, main.hallId, main.scheduleTicketPoolVOS[0].hallScheduleId, visitors, null),
    });
    expect(placed).toMatchObject({ code: 200 });
    const amount = () => t.db.query('SELECT amount FROM orders WHERE id = $1', [placed.data.orderId]);
    expect(await amount()).toEqual([{ amount: 3000 }]);

    const doc = changed((d) => (d.halls.find((h) => h.key === 'main')!.prices.find((p) => p.kind === 'adult')!.price = 3200));
    expect(await t.db.tx((q) => importCatalogue(q, doc, { now }))).toMatchObject({ created: 0, updated: 1 });
    const adult = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!.scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === 'adult')!;
    expect(adult.price).toBe(3200);
    expect(await amount()).toEqual([{ amount: 3000 }]);
  });

  it('a wrong document is refused whole, each problem named by its path or its line', () => {
    expect(parseJsonDocument('{\n  "format": "museum-catalogue",\n  "version": ,\n}')).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^not JSON at line 3, column 14/)],
    });
    const wrong = changed((d) => {
      d.halls[0].prices[0].price = -1;
      d.halls[1].key = d.halls[0].key;
      d.halls[3].templates[0].sessions[0].film = 'noSuchFilm';
      d.halls[0].templates[0].sessions[1].end = '08:00';
      d.packages[0].cinema = 'main';
    });
    const parsed = parseJsonDocument(JSON.stringify(wrong));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^halls\[0\]\.prices\[0\]\.price: /),
        'halls[1].key: "main" comes twice',
        'halls[3].templates[0].sessions[0].film: no film "noSuchFilm" in films',
        'halls[0].templates[0].sessions[1].end: not after begin',
        'packages[0].cinema: no dome "main" in halls',
      ]),
    );
    expect(catalogueDocument.safeParse({ ...demoCatalogue(), version: 2 }).success).toBe(false);
  });

  it('a JSON error is found where JSON.parse fails, and valid JSON has none', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), fc.constantFrom('}', ']', ',', '"', '\\', ':', ' ', 'x', '1', '.'), (json, cut, inserted) => {
        expect(jsonErrorAt(json)).toBe(-1);
        const broken = json.slice(0, cut % (json.length + 1)) + inserted + json.slice(cut % (json.length + 1));
        let valid = true;
        try {
          JSON.parse(broken);
        } catch {
          valid = false;
        }
        expect(jsonErrorAt(broken) >= 0).toBe(!valid);
      }),
      { numRuns: 300 },
    );
  });

  it("a dome's seat map cannot take a seat sold for a session to come by import, and nothing of that document is written", async () => {
    // The demo's sessions to come have sold the first row's seats.
    const doc = changed((d) => {
      d.config.ocr_enable = '1';
      d.halls.find((h) => h.key === 'cinema')!.cinema!.rows[0] = 'XXXXXXXX_SSSSSSSS';
    });
    const refusal = await t.db.tx((q) => importCatalogue(q, doc, { now })).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(CatalogueRefusal);
    expect((refusal as CatalogueRefusal).problems).toEqual([
      expect.stringMatching(/^halls\[3\]\.cinema\.rows: The new seat map takes away or renumbers the seats of \d+ tickets .*row 1 seat 1: 2030-03-08 10:00/),
    ]);
    expect(await t.db.query(`SELECT value FROM sys_config WHERE key = 'ocr_enable'`)).toEqual([{ value: '0' }]);
  });
});
