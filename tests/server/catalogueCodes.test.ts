/** Two admins save the same new code at once (docs/product.md §2.8): one hall, film or package
 * is made, every other save is told the code is taken, never a server error nor a save that
 * overwrites the first. On PostgreSQL the saves run side by side: without the catalogue's lock
 * (docs/architecture.md §9) a save's "is it taken" read misses the other's row. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffHall } from '../../src/domain/catalogueRules.ts';
import { MAIN_HALL, NIGHT_PACKAGE, STARS_FILM } from '../catalogue.fixtures.ts';
import { asAdmin, type Answer } from './asAdmin.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let post: Awaited<ReturnType<typeof asAdmin>>['post'];
let admin: string;

beforeAll(async () => {
  t = await makeApp({ captcha: 'off' });
  ({ token: admin, post } = await asAdmin(t));
});
afterAll(async () => {
  await t?.close();
});

/** Eight saves of `body` at once: one made, seven told `taken`. */
async function racedSaves(path: string, body: unknown, taken: string) {
  const answers: Answer[] = await Promise.all(Array.from({ length: 8 }, () => post(path, body)));
  expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.code !== 200).map((a) => a.msg)).toEqual(Array(7).fill(taken));
}

describe('the same new code saved by two admins at once', () => {
  it('makes one hall, one film and one package; the other saves are told the code is taken', async () => {
    await racedSaves('/staff/catalogue/halls', { ...MAIN_HALL, key: 'twin', name: { zh: '双子馆', en: 'Twin hall' } }, 'This hall code is taken');
    await racedSaves('/staff/catalogue/films', { ...STARS_FILM, key: 'twin' }, 'This film code is taken');
    const halls = (await t.call<StaffHall[]>('GET', '/staff/catalogue/halls', { token: admin })).data;
    const id = (key: string) => halls.find((h) => h.key === key)!.hallId;
    const pkg = { ...NIGHT_PACKAGE, key: 'twin', hallId: id('main'), cinemaId: id('cinema') };
    await racedSaves('/staff/catalogue/packages', pkg, 'This package code is taken');
  });
});
