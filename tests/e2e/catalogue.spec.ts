/** The catalogue in the staff console ("Halls and prices", docs/product.md §2.8): an admin adds a
 * hall and two ticket types (a free ticket of an adult's kind is refused beside its field, where
 * the eye is), the hall gets a session, and a visitor's venue list shows the hall with both
 * prices. In zh and en, at 375x667 (each language its own hall: the server is shared). */
import { expect, test, type Page } from '@playwright/test';
import { loginByApi, newPhone, shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const TEXT = {
  zh: {
    link: '场馆与票价',
    add: '新增场馆',
    key: '场馆代码（小写字母、数字）',
    nameZh: '名称（中文）',
    nameEn: '名称（英文）',
    save: '保存',
    pricesButton: '票种票价',
    priceNameZh: '票种名称（中文）',
    priceNameEn: '票种名称（英文）',
    kind: '票种类别',
    price: '价格（元）',
    free: '免费儿童票（随成人）',
    newPrice: '新增票种',
    freeKind: '免费票须为儿童票',
    hall: { key: 'stars-zh', zh: '天象厅', en: 'Star hall' },
  },
  en: {
    link: 'Halls and prices',
    add: 'Add a hall',
    key: 'Hall code (small letters, digits)',
    nameZh: 'Name (Chinese)',
    nameEn: 'Name (English)',
    save: 'Save',
    pricesButton: 'Prices',
    priceNameZh: 'Ticket name (Chinese)',
    priceNameEn: 'Ticket name (English)',
    kind: 'Ticket kind',
    price: 'Price (yuan)',
    free: 'Free child ticket (with an adult)',
    newPrice: 'Add a ticket type',
    freeKind: 'A free ticket is a child ticket',
    hall: { key: 'stars-en', zh: '星空馆', en: 'Sky hall' },
  },
} as const;

/** A session on `date` for the hall `key`, from a template applied through the staff API. */
async function sessionOn(page: Page, key: string, date: string) {
  const login = await page.request.post('/prod-api/staff/login', { data: { username: 'staff', password: 'Museum2026' } });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const halls = (await (await page.request.get('/prod-api/staff/catalogue/halls', { headers })).json()).data as Array<{ hallId: number; key: string }>;
  const hallId = halls.find((h) => h.key === key)!.hallId;
  const saved = await page.request.post('/prod-api/staff/templates', {
    headers,
    data: { hallId, name: 'Evening', sessions: [{ beginTime: '18:00', endTime: '20:00', capacity: 30, filmId: null }] },
  });
  const templateId = (await saved.json()).data.templateId as number;
  const applied = await page.request.post('/prod-api/staff/templates/apply', {
    headers,
    data: { templateId, from: date, to: date, weekdays: [0, 1, 2, 3, 4, 5, 6], releaseAt: 'now' },
  });
  expect((await applied.json()).code).toBe(200);
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`an admin adds a hall with two ticket types, and a visitor sees them (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: T.link }).click();
    await expect(page).toHaveURL(/\/staff\/halls$/);
    const add = page.getByRole('button', { name: T.add });
    await tapTarget(add);
    await shot(page, lang, 'catalogue-01-halls');
    await add.click();

    await page.getByLabel(T.key).fill(T.hall.key);
    await page.getByLabel(T.nameZh).fill(T.hall.zh);
    await page.getByLabel(T.nameEn).fill(T.hall.en);
    await noSidewaysScroll(page);
    await shot(page, lang, 'catalogue-02-new-hall');
    await page.getByRole('button', { name: T.save, exact: true }).click();
    const card = page.locator(`[data-hall="${T.hall.key}"]`);
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: T.pricesButton }).click();
    const form = page.locator('[data-price="new"]');
    const price = async (zh: string, en: string, yuan: string, free = false) => {
      await form.getByLabel(T.priceNameZh).fill(zh);
      await form.getByLabel(T.priceNameEn).fill(en);
      await form.getByLabel(T.price).fill(yuan);
      if (free) await form.getByLabel(T.free).check();
      await form.getByRole('button', { name: T.newPrice }).click();
    };
    // A free ticket of an adult's kind: refused beside the kind, in view; nothing is sent.
    await price('赠票', 'Gift', '0', true);
    const refusal = form.getByRole('alert');
    await expect(refusal).toHaveText(T.freeKind);
    await whereTheEyeIs(page, refusal);
    await shot(page, lang, 'catalogue-03-refused');
    await form.getByLabel(T.free).uncheck();
    await price('成人票', 'Adult', '25');
    await expect(page.locator('[data-price="Adult"]')).toBeVisible();
    await price('学生票', 'Student', '12.50');
    await expect(page.locator('[data-price="Student"]')).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, lang, 'catalogue-04-prices');

    // The hall gets a session; a visitor's venue list shows it with both prices.
    const days = (await (await page.request.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
    const date = days.filter((d) => d.state === 'available')[1].date;
    await sessionOn(page, T.hall.key, date);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await loginByApi(page, newPhone());
    await page.goto(`/individualCustomers/select/selectVenues?date=${date}`);
    const hall = page.locator(`[data-hall="${T.hall.key}"]`);
    await expect(hall).toContainText(lang === 'zh' ? T.hall.zh : T.hall.en);
    await expect(hall).toContainText(lang === 'zh' ? '成人票' : 'Adult');
    await expect(hall).toContainText(lang === 'zh' ? '学生票' : 'Student');
    await expect(hall).toContainText('¥25');
    await expect(hall).toContainText('¥12.50');
    await hall.scrollIntoViewIfNeeded();
    await shot(page, lang, 'catalogue-05-visitor');
  });
}
