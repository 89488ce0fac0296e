/** A dome cinema built in the staff console (docs/product.md §2.8): an admin adds a dome, imports
 * its seat map from a spreadsheet's CSV (a wrong cell is refused by its line and cell, where the
 * eye is), blocks a seat on the grid, saves; adds a film with a poster (refused without one);
 * the dome gets a price and a session of that film; and a visitor sees the film with its poster
 * and the seat map as drawn. In zh and en, at 375x667 and at desktop width (each
 * language its own dome: the server is shared). */
import { expect, test, type Page } from '@playwright/test';
import { CATALOGUE_WORDS, posterPng, sessionsFrom, staffCalls } from './catalogueKit.ts';
import { fillFirstVisitor } from './cinemaKit.ts';
import { loginByApi, newPhone, shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const TEXT = {
  zh: {
    ...CATALOGUE_WORDS.zh,
    importCsv: '导入 CSV',
    badCell: '第 2 行第 4 格“Q”无效：只能填 S（座位）、X（不售座位）或 _（过道，也可留空）',
    cell: (row: number, col: number, what: string) => `第 ${row} 排第 ${col} 格：${what}`,
    seat: '座位',
    aisle: '过道',
    blocked: '不售座位',
    size: '3 排 × 5 格，10 个可售座位',
    films: '选择影片场次',
    choose: '选座购票',
    next: '下一步',
    dome: { key: 'dome-zh', zh: '新球幕', en: 'New dome' },
    choosePoster: '选择海报',
    noPoster: '请选择海报图片',
    film: { key: 'aurora-zh', zh: '极光之夜', en: 'Aurora Night' },
  },
  en: {
    ...CATALOGUE_WORDS.en,
    importCsv: 'Import a CSV',
    badCell: 'Line 2, cell 4: "Q" is not S (seat), X (blocked seat) or _ (aisle; an empty cell is an aisle too)',
    cell: (row: number, col: number, what: string) => `Row ${row}, place ${col}: ${what}`,
    seat: 'Seat',
    aisle: 'Aisle',
    blocked: 'Blocked seat',
    size: '3 rows × 5 places, 10 seats for sale',
    films: 'Choose a film',
    choose: 'Choose seats',
    next: 'Next',
    dome: { key: 'dome-en', zh: '球幕二', en: 'Second dome' },
    choosePoster: 'Choose a poster',
    noPoster: 'Choose a poster image',
    film: { key: 'aurora-en', zh: '北极光', en: 'Northern Lights' },
  },
} as const;

/** As a museum's spreadsheet saves it: a BOM, CRLF, an empty cell for an aisle. */
const GOOD = '\uFEFFS,S,,S,S\r\nS,S,_,S,S\r\nX,S,_,S,S\r\n';
const BAD = 'S,S,_,S,S\nS,S,_,Q,S\n';

/** The dome gets an adult price (staff API) and a session of the film `film` (its Chinese title) from `from`. */
async function priceAndFilmSession(page: Page, key: string, film: string, from: string): Promise<string> {
  const staff = await staffCalls(page.request);
  const hallId = (await staff.get<Array<{ hallId: number; key: string }>>('/staff/catalogue/halls')).find((h) => h.key === key)!.hallId;
  await staff.post(`/staff/catalogue/halls/${hallId}/prices`, {
    name: { zh: '成人票', en: 'Adult' },
    kind: 'adult',
    price: 3000,
    ageMin: null,
    ageMax: null,
    free: false,
    sort: 0,
    validFrom: null,
    validTo: null,
  });
  return (await sessionsFrom(page.request, key, from, { film })).date;
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`an admin imports a dome's seat map from a CSV, and a visitor's map shows it (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: T.link }).click();
    await page.getByRole('button', { name: T.add }).click();
    await page.getByLabel(T.key).fill(T.dome.key);
    await page.getByLabel(T.nameZh).fill(T.dome.zh);
    await page.getByLabel(T.nameEn).fill(T.dome.en);
    await page.getByLabel(T.kind).selectOption('dome');
    const grid = page.getByTestId('seat-grid');
    await expect(grid).toBeVisible();

    // A wrong cell: refused by its line and cell, in view; the grid is left as it was.
    const file = page.locator('.seat-editor input[type=file]');
    await file.setInputFiles({ name: 'seats.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD) });
    const refusal = page.locator('.seat-editor').getByRole('alert');
    await expect(refusal).toHaveText(T.badCell);
    await whereTheEyeIs(page, refusal);
    await expect(grid.locator('tr')).toHaveCount(3);
    await expect(grid.locator('tr').first().locator('button')).toHaveCount(9);
    await shot(page, lang, 'catalogue-10-seat-csv-refused');

    // The spreadsheet's map, then a tap twice turns row 1's first seat into a blocked seat.
    await file.setInputFiles({ name: 'seats.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD) });
    await expect(refusal).toHaveCount(0);
    await expect(grid.locator('tr')).toHaveCount(3);
    await expect(grid.locator('tr').first().locator('button')).toHaveCount(5);
    const first = grid.getByRole('button', { name: T.cell(1, 1, T.seat) });
    await tapTarget(first);
    await first.click();
    await grid.getByRole('button', { name: T.cell(1, 1, T.aisle) }).click();
    await expect(grid.getByRole('button', { name: T.cell(1, 1, T.blocked) })).toBeVisible();
    await expect(page.getByText(T.size)).toBeVisible();
    await noSidewaysScroll(page);
    await grid.scrollIntoViewIfNeeded();
    await shot(page, lang, 'catalogue-11-seat-grid');
    await page.setViewportSize({ width: 1280, height: 800 });
    await grid.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `reports/screens/${lang}-catalogue-12-seat-grid-desktop.png`, animations: 'disabled', scale: 'css' });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.getByRole('button', { name: T.save, exact: true }).click();
    await expect(page.locator(`[data-hall="${T.dome.key}"]`)).toBeVisible();

    // A film: without a poster refused beside it; with one, listed with the poster scaled.
    await page.getByRole('button', { name: T.filmsButton, exact: true }).click();
    const form = page.locator('[data-film="new"]');
    await form.getByLabel(T.filmKey).fill(T.film.key);
    await form.getByLabel(T.filmZh).fill(T.film.zh);
    await form.getByLabel(T.filmEn).fill(T.film.en);
    await form.getByLabel(T.duration).fill('38');
    await form.getByRole('button', { name: T.addFilm }).click();
    const noPoster = form.getByRole('alert');
    await expect(noPoster).toHaveText(T.noPoster);
    await whereTheEyeIs(page, noPoster);
    await shot(page, lang, 'catalogue-14-film-refused');
    await form.locator('input[type=file]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await posterPng() });
    await expect(form.locator('img')).toBeVisible();
    await form.getByRole('button', { name: T.addFilm }).click();
    const made = page.locator(`[data-film="${T.film.key}"]`);
    await expect(made).toBeVisible();
    await made.locator('summary').click();
    await expect(made.locator('img')).toHaveJSProperty('naturalWidth', 720);
    await noSidewaysScroll(page);
    await shot(page, lang, 'catalogue-15-film');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `reports/screens/${lang}-catalogue-16-film-desktop.png`, animations: 'disabled', scale: 'css' });
    await page.setViewportSize({ width: 375, height: 667 });

    // A price and a film session; the visitor picks the film and sees the map as drawn.
    const days = (await (await page.request.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
    const date = await priceAndFilmSession(page, T.dome.key, T.film.zh, days.filter((d) => d.state === 'available')[1].date);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await loginByApi(page, newPhone());
    await page.goto('/individualCustomers/select/selectDate');
    await page.locator(`[data-date="${date}"]`).click();
    await page.locator(`[data-hall="${T.dome.key}"]`).getByRole('link', { name: T.films }).click();
    const film = page.locator('.film').first();
    await expect(film).toContainText(lang === 'zh' ? T.film.zh : T.film.en);
    await expect(film.locator('img')).toHaveJSProperty('naturalWidth', 720);
    await shot(page, lang, 'catalogue-17-visitor-film');
    await film.getByRole('button', { name: T.choose }).click();
    await expect(page).toHaveURL(/\/select\/cinemaAddAudience\/\d+$/);
    await fillFirstVisitor(page, lang === 'zh' ? '311' : '312');
    await page.getByRole('button', { name: T.next }).click();
    await expect(page).toHaveURL(/\/select\/cinemaSelectSeat$/);
    const seat = (number: string) => page.locator(`[data-seat="${number}"]`);
    await expect(seat('1-2')).toHaveClass(/seat--available/);
    await expect(seat('1-1')).toHaveClass(/seat--notAvailable/);
    await expect(seat('3-1')).toHaveClass(/seat--notAvailable/);
    await expect(seat('1-3')).toHaveCount(0);
    await expect(seat('1-4')).toHaveAttribute('aria-label', new RegExp(lang === 'zh' ? '1排3座' : 'Row 1, seat 3'));
    await expect(page.locator('[data-seat].seat--available')).toHaveCount(10);
    await shot(page, lang, 'catalogue-13-visitor-seat-map');
  });
}
