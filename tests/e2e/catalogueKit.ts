/** The museum's catalogue built in the staff console as an admin does (docs/product.md §2.8),
 * for a spec that needs a hall, its prices, a dome's seat map or a film on the way to its own
 * subject; and its sessions through the staff calls. catalogue.spec.ts and
 * catalogueDome.spec.ts look at the screens themselves. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays } from '../../src/domain/museumTime.ts';
import { data } from './orderKit.ts';

export const CATALOGUE_WORDS = {
  zh: {
    link: '场馆与票价',
    add: '新增场馆',
    key: '场馆代码（小写字母、数字）',
    nameZh: '名称（中文）',
    nameEn: '名称（英文）',
    kind: '类型',
    takesGroups: '接待团体',
    save: '保存',
    pricesButton: '票种票价',
    priceNameZh: '票种名称（中文）',
    priceNameEn: '票种名称（英文）',
    price: '价格（元）',
    newPrice: '新增票种',
    filmsButton: '影片',
    addFilm: '新增影片',
    filmKey: '影片代码（字母、数字）',
    filmZh: '片名（中文）',
    filmEn: '片名（英文）',
    duration: '片长（分钟）',
    back: '返回场馆列表',
  },
  en: {
    link: 'Halls and prices',
    add: 'Add a hall',
    key: 'Hall code (small letters, digits)',
    nameZh: 'Name (Chinese)',
    nameEn: 'Name (English)',
    kind: 'Kind',
    takesGroups: 'Takes groups',
    save: 'Save',
    pricesButton: 'Prices',
    priceNameZh: 'Ticket name (Chinese)',
    priceNameEn: 'Ticket name (English)',
    price: 'Price (yuan)',
    newPrice: 'Add a ticket type',
    filmsButton: 'Films',
    addFilm: 'Add a film',
    filmKey: 'Film code (letters, digits)',
    filmZh: 'Title (Chinese)',
    filmEn: 'Title (English)',
    duration: 'Running time (minutes)',
    back: 'Back to the halls',
  },
} as const;

type Lang = keyof typeof CATALOGUE_WORDS;
export interface NewHall {
  key: string;
  zh: string;
  en: string;
  /** A dome, with its seat map as a spreadsheet saves it (S seat, X blocked, _ or empty aisle). */
  seatCsv?: string;
  groups?: boolean;
}

/** On the halls screen: a new hall, saved. */
export async function addHall(page: Page, lang: Lang, hall: NewHall): Promise<void> {
  const T = CATALOGUE_WORDS[lang];
  await page.getByRole('button', { name: T.add }).click();
  await page.getByLabel(T.key).fill(hall.key);
  await page.getByLabel(T.nameZh).fill(hall.zh);
  await page.getByLabel(T.nameEn).fill(hall.en);
  if (hall.groups) await page.getByLabel(T.takesGroups).check();
  if (hall.seatCsv) {
    await page.getByLabel(T.kind).selectOption('dome');
    await page.locator('.seat-editor input[type=file]').setInputFiles({ name: 'seats.csv', mimeType: 'text/csv', buffer: Buffer.from(hall.seatCsv) });
  }
  await page.getByRole('button', { name: T.save, exact: true }).click();
  await expect(page.locator(`[data-hall="${hall.key}"]`)).toBeVisible();
}

/** On the halls screen: the hall's ticket types, each with its price typed in yuan; back to the halls. */
export async function addPrices(page: Page, lang: Lang, key: string, prices: Array<{ zh: string; en: string; yuan: string }>): Promise<void> {
  const T = CATALOGUE_WORDS[lang];
  await page.locator(`[data-hall="${key}"]`).getByRole('button', { name: T.pricesButton }).click();
  const form = page.locator('[data-price="new"]');
  for (const price of prices) {
    await form.getByLabel(T.priceNameZh).fill(price.zh);
    await form.getByLabel(T.priceNameEn).fill(price.en);
    await form.getByLabel(T.price).fill(price.yuan);
    await form.getByRole('button', { name: T.newPrice }).click();
    await expect(page.locator(`[data-price="${price.en}"]`)).toBeVisible();
  }
  await page.getByRole('button', { name: T.back, exact: true }).click();
  await expect(page.getByRole('button', { name: T.add })).toBeVisible();
}

/** A poster as a museum's designer sends it: a large plain picture, scaled down when uploaded. */
export const posterPng = () =>
  sharp({ create: { width: 900, height: 1350, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

/** On the halls screen: a film with a poster (a plain picture, as a museum's would be scaled). */
export async function addFilm(page: Page, lang: Lang, film: { key: string; zh: string; en: string; minutes: number }): Promise<void> {
  const T = CATALOGUE_WORDS[lang];
  await page.getByRole('button', { name: T.filmsButton, exact: true }).click();
  const form = page.locator('[data-film="new"]');
  await form.getByLabel(T.filmKey).fill(film.key);
  await form.getByLabel(T.filmZh).fill(film.zh);
  await form.getByLabel(T.filmEn).fill(film.en);
  await form.getByLabel(T.duration).fill(String(film.minutes));
  await form.locator('input[type=file]').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: await posterPng() });
  await expect(form.locator('img')).toBeVisible();
  await form.getByRole('button', { name: T.addFilm }).click();
  await expect(page.locator(`[data-film="${film.key}"]`)).toBeVisible();
}

/** The staff calls as `username` (the demo's password, or the one given). */
export async function staffCalls(api: APIRequestContext, username = 'staff', password = 'Museum2026') {
  const login = await (await api.post('/prod-api/staff/login', { data: { username, password } })).json();
  expect(login.code, login.msg).toBe(200);
  const headers = { authorization: `Bearer ${login.data.token}` };
  return {
    get: <T>(path: string) => api.get(`/prod-api${path}`, { headers }).then((r) => data<T>(r)),
    post: <T>(path: string, body: unknown) => api.post(`/prod-api${path}`, { headers, data: body }).then((r) => data<T>(r)),
  };
}

/** A session of the hall `key` on each of `days` days from `from`, on sale now, from a template
 * (a dome's shows `film`, its Chinese title); answers the first day that has it (a closed day has
 * none) and its id. On a lane's shared server keep to one day the calendar already sells: a day
 * opened by a new hall alone would be "available" to every other spec looking for the main hall. */
export async function sessionsFrom(
  api: APIRequestContext,
  key: string,
  from: string,
  { film, days = 1 }: { film?: string; days?: number } = {},
): Promise<{ date: string; hallScheduleId: number }> {
  const staff = await staffCalls(api);
  const hallId = (await staff.get<Array<{ hallId: number; key: string }>>('/staff/catalogue/halls')).find((h) => h.key === key)!.hallId;
  const templates = await staff.get<{ halls: Array<{ hallId: number; films: Array<{ filmId: number; name: string }> }> }>('/staff/templates');
  const filmId = film ? templates.halls.find((h) => h.hallId === hallId)!.films.find((f) => f.name === film)!.filmId : null;
  const { templateId } = await staff.post<{ templateId: number }>('/staff/templates', {
    hallId,
    name: `Sessions ${key}`,
    sessions: [{ beginTime: '18:00', endTime: '19:00', capacity: film ? 0 : 30, filmId }],
  });
  await staff.post('/staff/templates/apply', { templateId, from, to: addDays(from, days - 1), weekdays: [0, 1, 2, 3, 4, 5, 6], releaseAt: 'now' });
  for (let date = from; date <= addDays(from, days - 1); date = addDays(date, 1)) {
    const halls = (await (await api.get(`/prod-api/pool/ingore/getHall?queryDate=${date}&openPerson=1&saleMode=1`)).json()).data as Array<{
      hallKey: string;
      scheduleTicketPoolVOS: Array<{ hallScheduleId: number }>;
    }> | null;
    const session = halls?.find((h) => h.hallKey === key)?.scheduleTicketPoolVOS[0];
    if (session) return { date, hallScheduleId: session.hallScheduleId };
  }
  throw new Error(`no day of ${days} from ${from} has a session of ${key}`);
}
