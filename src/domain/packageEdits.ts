/** A package as an admin edits it in the staff console (docs/product.md §2.8): its code, names and
 * intro, the exhibition hall whose admission it includes and the dome whose film it includes, the
 * two parts' prices in fen, its place in the list and whether it is on sale. The console checks a
 * draft with these rules before it sends it, the server again with the same ones; every refusal
 * names its field, in zh and en. A part's new price is for new orders: an order keeps the amounts
 * it was quoted. */
import { z } from 'zod';
import { catalogueCount, catalogueHtml, catalogueKey, catalogueLabel, CATALOGUE_TEXTS, shapeRefusal, type CatalogueRefusal } from './catalogueRules.ts';
import { fill, type Text } from './text.ts';

export const packageEdit = z.strictObject({
  key: catalogueKey,
  name: catalogueLabel,
  intro: catalogueHtml,
  /** The exhibition hall whose admission it includes. */
  hallId: z.number().int().min(1),
  /** The dome whose film it includes. */
  cinemaId: z.number().int().min(1),
  /** The admission part's price, fen. */
  admission: catalogueCount(10_000_000),
  /** The film part's price, fen. */
  film: catalogueCount(10_000_000),
  sort: z.number().int().min(0).max(999),
  /** Off: visitors are no longer offered it; what is sold stays as it is. */
  onSale: z.boolean(),
});
export type PackageEdit = z.output<typeof packageEdit>;

/** A hall a part may be of, as the editor offers them. */
export const packageHall = z.strictObject({
  hallId: z.number().int(),
  name: z.strictObject({ zh: z.string(), en: z.string() }),
  dome: z.boolean(),
  closed: z.boolean(),
});
export type PackageHall = z.output<typeof packageHall>;

/** A package as the console lists it, with its tickets sold or awaiting payment (one per visitor). */
export const staffPackage = packageEdit.extend({ packageId: z.number().int(), sold: z.number().int() });
export const staffPackages = z.strictObject({ packages: z.array(staffPackage), halls: z.array(packageHall) });
export type StaffPackage = z.output<typeof staffPackage>;
export type StaffPackages = z.output<typeof staffPackages>;

export const PACKAGE_EDIT_TEXTS = {
  keyTaken: { zh: '套票代码已被使用', en: 'This package code is taken' },
  keyFixed: { zh: '套票代码建立后不能修改', en: 'A package code cannot change once the package exists' },
  noPackage: { zh: '套票不存在', en: 'The package does not exist' },
  nameTaken: { zh: '已有同名套票', en: 'A package of this name exists' },
  admissionHall: { zh: '入馆部分须为展馆，不能是球幕影院', en: 'The admission part is of an exhibition hall, not a dome cinema' },
  filmHall: { zh: '影片部分须为球幕影院', en: 'The film part is of a dome cinema' },
  hallClosed: { zh: '该场馆已关闭：在售的套票不能包含它', en: 'This hall is closed: a package on sale cannot include it' },
  hallsSold: {
    zh: '此套票已售出或待支付 {n} 份，场馆不能再改：请停售此套票，另建新套票',
    en: '{n} of this package are sold or awaiting payment: its halls cannot change. Stop selling it and add a new package instead',
  },
} as const satisfies Record<string, Text>;

/** The first refusal of a new package (`before` null) or of a change, or null. `sold`: its tickets
 * sold or awaiting payment; `halls`: every hall; `others`: the other packages' zh names. */
export function packageRefusal(
  before: PackageEdit | null,
  after: PackageEdit,
  sold: number,
  halls: readonly PackageHall[],
  others: readonly string[],
): CatalogueRefusal | null {
  if (before && before.key !== after.key) return { field: 'key', text: PACKAGE_EDIT_TEXTS.keyFixed };
  if (others.includes(after.name.zh.trim())) return { field: 'name.zh', text: PACKAGE_EDIT_TEXTS.nameTaken };
  const hall = halls.find((h) => h.hallId === after.hallId);
  const cinema = halls.find((h) => h.hallId === after.cinemaId);
  if (!hall) return { field: 'hallId', text: CATALOGUE_TEXTS.noHall };
  if (hall.dome) return { field: 'hallId', text: PACKAGE_EDIT_TEXTS.admissionHall };
  if (!cinema) return { field: 'cinemaId', text: CATALOGUE_TEXTS.noHall };
  if (!cinema.dome) return { field: 'cinemaId', text: PACKAGE_EDIT_TEXTS.filmHall };
  // The sold tickets' part prices belong to their halls: a part never moves under them.
  if (before && sold > 0 && (before.hallId !== after.hallId || before.cinemaId !== after.cinemaId)) {
    return { field: before.hallId !== after.hallId ? 'hallId' : 'cinemaId', text: fill(PACKAGE_EDIT_TEXTS.hallsSold, { n: sold }) };
  }
  if (after.onSale && hall.closed) return { field: 'hallId', text: PACKAGE_EDIT_TEXTS.hallClosed };
  if (after.onSale && cinema.closed) return { field: 'cinemaId', text: PACKAGE_EDIT_TEXTS.hallClosed };
  return null;
}

/** A console draft as it is sent: its shape (the server's schema), then the rules. */
export function packageDraftRefusal(
  before: PackageEdit | null,
  draft: unknown,
  sold: number,
  halls: readonly PackageHall[],
  others: readonly string[],
): CatalogueRefusal | null {
  const parsed = packageEdit.safeParse(draft);
  return parsed.success ? packageRefusal(before, parsed.data, sold, halls, others) : shapeRefusal(parsed.error);
}

/** A listed package as its editor starts from. */
export const packageEditOf = ({ packageId: _, sold: __, ...edit }: StaffPackage): PackageEdit => edit;

/** The other packages' zh names, which a package's may not repeat. */
export const otherNamesOf = (packages: ReadonlyArray<{ packageId: number; name: { zh: string } }>, packageId: number | null) =>
  packages.filter((p) => p.packageId !== packageId).map((p) => p.name.zh.trim());
