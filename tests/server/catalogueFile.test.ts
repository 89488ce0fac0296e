/** The catalogue file in the staff console (docs/product.md §2.8): an admin downloads the museum's
 * catalogue, and sends a file back to be checked (nothing written) or imported (one transaction,
 * audited, on sale to visitors at once); a wrong file is refused with its line or field, in zh and
 * en, and nothing is written; only an admin may do either. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FINANCE } from '../../server/seed/accounts.ts';
import type { CatalogueDocument } from '../../server/catalogue/document.ts';
import type { HallPool } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { asAdmin } from './asAdmin.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let post: Awaited<ReturnType<typeof asAdmin>>['post'];

beforeAll(async () => {
  t = await makeApp();
  ({ token: admin, post } = await asAdmin(t));
});
afterAll(async () => {
  await t?.close();
});

const download = async (token = admin) => t.call<CatalogueDocument>('GET', '/staff/catalogue/file', { token });
const send = <T = unknown>(body: unknown, lang: 'zh' | 'en' = 'en', token = admin) => post<T>('/staff/catalogue/file', body, lang, token);
const adultPrice = async () => {
  const halls = (await t.call<HallPool[]>('GET', `/pool/ingore/getHall?queryDate=${OPEN_DAY}&openPerson=1&saleMode=1`)).data;
  return halls.find((h) => h.hallKey === 'main')!.scheduleTicketPoolVOS[0].priceTicketPoolVOS.find((p) => p.kind === 'adult')!.price;
};

describe('the catalogue file in the console', () => {
  it('is the document an import reads back: the same file changes nothing', async () => {
    const file = (await download()) as unknown as CatalogueDocument;
    expect(file.halls.map((h) => h.key)).toContain('main');
    const again = await send<{ created: number; updated: number; unchanged: number }>({ text: JSON.stringify(file) });
    expect(again.code, again.msg).toBe(200);
    expect(again.data).toMatchObject({ created: 0, updated: 0, checkOnly: false });
    expect(again.data.unchanged).toBeGreaterThan(0);
  });

  it('checked only, says what it would change and writes nothing; imported, visitors see it at once, audited', async () => {
    const file = (await download()) as unknown as CatalogueDocument;
    const main = file.halls.find((h) => h.key === 'main')!;
    const adult = main.prices.find((p) => p.kind === 'adult')!;
    const before = await adultPrice();
    adult.price = before + 500;
    const text = JSON.stringify(file);

    const checked = await send({ text, checkOnly: true });
    expect(checked).toMatchObject({ code: 200, data: { updated: 1, created: 0, checkOnly: true } });
    expect(await adultPrice()).toBe(before);

    const imported = await send({ text });
    expect(imported).toMatchObject({ code: 200, data: { updated: 1, checkOnly: false } });
    expect(await adultPrice()).toBe(before + 500);
    const [row] = await t.db.query<{ detail: { updated: number } }>(`SELECT detail FROM staff_audit WHERE action = 'importCatalogue' ORDER BY id DESC LIMIT 1`);
    expect(row.detail.updated).toBe(1);
  });

  it('refuses a file that is not JSON by its line and column, and a wrong field by its path, writing nothing', async () => {
    const before = await adultPrice();
    const broken = await send<{ problems: string[] }>({ text: '{\n  "format": "museum-catalogue",\n  "version": 1,,\n}' }, 'zh');
    expect(broken.code).toBe(500);
    expect(broken.msg).toBe('目录文件未导入，未做任何修改：');
    expect(broken.data.problems[0]).toMatch(/^not JSON at line 3, column 16/);

    const file = (await download()) as unknown as CatalogueDocument;
    const main = file.halls.findIndex((h) => h.key === 'main');
    const adult = file.halls[main].prices.findIndex((p) => p.kind === 'adult');
    file.halls[main].prices[adult].price = -1;
    const wrong = await send<{ problems: string[] }>({ text: JSON.stringify(file) });
    expect(wrong.msg).toBe('The catalogue file is refused; nothing was written:');
    expect(wrong.data.problems.join('\n')).toContain(`halls[${main}].prices[${adult}].price`);
    expect(await adultPrice()).toBe(before);
  });

  it('is an admin’s only: another role and a visitor are refused both ways', async () => {
    const finance = (await t.call('POST', '/staff/login', { body: DEMO_FINANCE })).data.token as string;
    const visitor = await t.tokenFor('13700000031');
    for (const token of [finance, visitor]) {
      expect((await download(token)).code).not.toBe(200);
      expect((await send({ text: '{}' }, 'en', token)).code).not.toBe(200);
    }
  });
});
