/** The packages an admin edits in the staff console (docs/product.md §2.8): listed with the halls
 * their parts may be of, made or changed, checked by src/domain/packageEdits.ts against what is
 * sold (read under the package's lock in the change's transaction), audited with what they
 * replaced. A part's price is a ticket_prices row only the package sells (migration 010); a change
 * writes it in place, as the price editor does: orders and tickets keep the amounts they were
 * quoted, so a new price is for new orders only. A part never moves to another hall once sold.
 * Stopping a package hides it from visitors (services/packages.ts reads only those on sale); its
 * rows stay. The parts' writes to ticket_prices send the change notice that drops the servers'
 * price caches at the commit (migration 028, server/changes.ts); packages themselves are read
 * fresh by every call (no cache to drop). */
import { otherNamesOf, PACKAGE_EDIT_TEXTS, packageRefusal, type PackageEdit, type PackageHall, type StaffPackages } from '../../src/domain/packageEdits.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import { lockCatalogue } from '../catalogue/import.ts';
import { audit } from './audit.ts';
import type { PackageRow } from './packages.ts';

interface PackageEditRow extends PackageRow {
  hall_id: number;
  cinema_id: number;
  admission: number;
  film: number;
  sold: number;
}

/** Each package with its parts' halls and prices, and its admission tickets sold, unpaid or
 * waiting (one per visitor; cancelled, refunded and expired ones are not). */
const PACKAGES = `SELECT k.*, a.hall_id, f.hall_id AS cinema_id, a.price AS admission, f.price AS film,
    (SELECT count(*)::int FROM tickets t WHERE t.price_id = k.admission_price_id
      AND t.status IN ('toBePaid', 'toBeChecked', 'checked', 'reserved', 'candidate')) AS sold
  FROM packages k JOIN ticket_prices a ON a.id = k.admission_price_id JOIN ticket_prices f ON f.id = k.film_price_id`;

const editOf = (p: PackageEditRow): PackageEdit => ({
  key: p.package_key,
  name: { zh: p.name_zh, en: p.name_en },
  intro: { zh: p.intro_zh, en: p.intro_en },
  hallId: p.hall_id,
  cinemaId: p.cinema_id,
  admission: p.admission,
  film: p.film,
  sort: p.sort,
  onSale: p.on_sale,
});

async function hallsOf(q: Queryable): Promise<PackageHall[]> {
  const rows = await q.query<{ id: number; name_zh: string; name_en: string; cinema: boolean; closed: boolean }>(
    'SELECT id, name_zh, name_en, cinema, closed FROM halls ORDER BY sort, id',
  );
  return rows.map((h) => ({ hallId: h.id, name: { zh: h.name_zh, en: h.name_en }, dome: h.cinema, closed: h.closed }));
}

/** Every package, stopped ones too, in the visitors' order; every hall, closed ones too. */
export async function staffPackages(deps: AppDeps): Promise<StaffPackages> {
  const rows = await deps.db.query<PackageEditRow>(`${PACKAGES} ORDER BY k.sort, k.id`);
  return { packages: rows.map((p) => ({ ...editOf(p), packageId: p.id, sold: p.sold })), halls: await hallsOf(deps.db) };
}

/** Creates a package (`packageId` null) or changes one; answers its id. */
export async function savePackage(deps: AppDeps, staffId: number, packageId: number | null, body: PackageEdit): Promise<{ packageId: number }> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    await lockCatalogue(q);
    // not lockRows: packages is no table of its order; a second editor's change waits here.
    const [locked] = packageId === null ? [] : await q.query<{ id: number }>('SELECT id FROM packages WHERE id = $1 FOR UPDATE', [packageId]);
    if (packageId !== null && !locked) throw fail(PACKAGE_EDIT_TEXTS.noPackage);
    const all = await q.query<PackageEditRow>(`${PACKAGES} ORDER BY k.id`);
    const row = all.find((p) => p.id === packageId);
    if (packageId === null && all.some((p) => p.package_key === body.key)) throw fail(PACKAGE_EDIT_TEXTS.keyTaken);
    const before = row ? editOf(row) : null;
    const others = otherNamesOf(
      all.map((p) => ({ packageId: p.id, name: { zh: p.name_zh } })),
      packageId,
    );
    const refused = packageRefusal(before, body, row?.sold ?? 0, await hallsOf(q), others);
    if (refused) throw fail(refused.text);

    const name = { zh: body.name.zh.trim(), en: body.name.en.trim() };
    // Each part is a price of its hall that only the package sells, named after the package.
    const part = async (priceId: number | undefined, hallId: number, price: number, zh: string, en: string) => {
      const values = [hallId, zh, en, price];
      const [{ id }] =
        priceId === undefined
          ? await q.query<{ id: number }>(
              `INSERT INTO ticket_prices (hall_id, name_zh, name_en, kind, price, package_only, sort) VALUES ($1, $2, $3, 'adult', $4, true, 99) RETURNING id`,
              values,
            )
          : await q.query<{ id: number }>('UPDATE ticket_prices SET hall_id = $1, name_zh = $2, name_en = $3, price = $4 WHERE id = $5 RETURNING id', [
              ...values,
              priceId,
            ]);
      return id;
    };
    const admission = await part(row?.admission_price_id, body.hallId, body.admission, `${name.zh}·入馆`, `${name.en}: admission`);
    const film = await part(row?.film_price_id, body.cinemaId, body.film, `${name.zh}·影片`, `${name.en}: film`);
    const values = [body.key, name.zh, name.en, body.intro.zh, body.intro.en, admission, film, body.sort, body.onSale];
    const [{ id }] = row
      ? await q.query<{ id: number }>(
          `UPDATE packages SET name_zh = $2, name_en = $3, intro_zh = $4, intro_en = $5, admission_price_id = $6, film_price_id = $7, sort = $8, on_sale = $9
            WHERE package_key = $1 RETURNING id`,
          values,
        )
      : await q.query<{ id: number }>(
          `INSERT INTO packages (package_key, name_zh, name_en, intro_zh, intro_en, admission_price_id, film_price_id, sort, on_sale)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
          values,
        );
    await audit(q, staffId, row ? 'updatePackage' : 'createPackage', `package:${body.key}`, { from: before, to: body }, now);
    return { packageId: id };
  });
}
