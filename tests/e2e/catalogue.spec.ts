/** The catalogue in the staff console ("Halls and prices", docs/product.md §2.8): an admin adds a
 * hall and two ticket types (a free ticket of an adult's kind is refused beside its field, where
 * the eye is), the hall gets a session, and a visitor's venue list shows the hall with both
 * prices. In zh and en, at 375x667 (each language its own hall: the server is shared). */
import { expect, test } from '@playwright/test';
import { CATALOGUE_WORDS, sessionsFrom } from './catalogueKit.ts';
import { loginByApi, newPhone, shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const TEXT = {
  zh: {
    ...CATALOGUE_WORDS.zh,
    free: '免费儿童票（随成人）',
    freeKind: '免费票须为儿童票',
    hall: { key: 'stars-zh', zh: '天象厅', en: 'Star hall' },
  },
  en: {
    ...CATALOGUE_WORDS.en,
    free: 'Free child ticket (with an adult)',
    freeKind: 'A free ticket is a child ticket',
    hall: { key: 'stars-en', zh: '星空馆', en: 'Sky hall' },
  },
} as const;

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
    await sessionsFrom(page.request, T.hall.key, date);
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
