/** The staff console's catalogue calls (docs/product.md §2.8): the halls, a hall saved, its
 * ticket types and prices, one saved; the domes' films; the packages. Each body is checked by the server's schemas
 * (src/domain/catalogueRules.ts) and by the rules the editor checked before sending it. */
import type { z } from 'zod';
import type { hallEdit, priceEdit, StaffHall, StaffPrice } from '../domain/catalogueRules.ts';
import type { StaffFilm } from '../domain/films.ts';
import type { packageEdit, StaffPackages } from '../domain/packageEdits.ts';
import { call } from './client.ts';

type In<S extends z.ZodType> = z.input<S>;
const staff = { as: 'staff' as const, silent: true };

export const getCatalogueHalls = () => call<StaffHall[]>('/staff/catalogue/halls', staff);

/** A new hall (`hallId` null) or a change of one. */
export const saveCatalogueHall = (hallId: number | null, hall: In<typeof hallEdit>) =>
  call<{ hallId: number }>(hallId === null ? '/staff/catalogue/halls' : `/staff/catalogue/halls/${hallId}`, { ...staff, method: 'post', json: hall });

export const getCataloguePrices = (hallId: number) => call<StaffPrice[]>(`/staff/catalogue/halls/${hallId}/prices`, staff);

/** A new ticket type of the hall (`priceId` null) or a change of one. */
export const saveCataloguePrice = (hallId: number, priceId: number | null, price: In<typeof priceEdit>) =>
  call<{ ticketPriceId: number }>(priceId === null ? `/staff/catalogue/halls/${hallId}/prices` : `/staff/catalogue/halls/${hallId}/prices/${priceId}`, {
    ...staff,
    method: 'post',
    json: price,
  });

export const getCatalogueFilms = () => call<StaffFilm[]>('/staff/catalogue/films', staff);

/** A new film (`filmId` null) or a change of one; a poster picked is uploaded first and its path
 * goes into the film. */
export async function saveCatalogueFilm(filmId: number | null, film: Record<string, unknown>, poster: Blob | null) {
  if (poster) {
    const body = new FormData();
    body.append('file', poster, 'poster');
    film = { ...film, poster: (await call<{ poster: string }>('/staff/catalogue/films/poster', { ...staff, method: 'post', body })).poster };
  }
  return call<{ filmId: number }>(filmId === null ? '/staff/catalogue/films' : `/staff/catalogue/films/${filmId}`, { ...staff, method: 'post', json: film });
}

/** The packages, stopped ones too, and the halls their parts may be of. */
export const getCataloguePackages = () => call<StaffPackages>('/staff/catalogue/packages', staff);

/** A new package (`packageId` null) or a change of one. */
export const saveCataloguePackage = (packageId: number | null, pkg: In<typeof packageEdit>) =>
  call<{ packageId: number }>(packageId === null ? '/staff/catalogue/packages' : `/staff/catalogue/packages/${packageId}`, {
    ...staff,
    method: 'post',
    json: pkg,
  });
