/** The visit rating and the first-order tips, in zh and en at 375x667. The demo visitor's past
 * visits (seeded: two of her family let in at the gate, 2 and 6 days before the demo started)
 * each get rated in one language: the card refuses a rating without stars where the eye is, takes
 * stars by tap and by the arrow keys, a comment, and turns read-only; the staff's day of that visit
 * shows the hall's averages. A new visitor with no order sees the first-order tips on the review
 * screen, once. */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, museumDate } from '../../src/domain/museumTime.ts';
import type { OrderRating, OrderSummary, Page as ListPage } from '../../src/domain/types.ts';
import { demoLogin, loginByApi, newPhone, reviewOneAdult, shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const TEXT = {
  zh: {
    title: '评价本次参观',
    visit: '参观体验',
    booking: '购票体验',
    star: (n: number) => `${n} 星（满分 5 星）`,
    send: '提交评价',
    noStars: '请为参观体验选择 1-5 星',
    yours: '您的评价',
    comment: '讲解员很耐心，孩子很喜欢。',
    ratings: '观众评价',
    main: '主展厅',
    next: '下一步',
    firstOrder: '首次下单提示',
    firstOrderText: '首次下单请仔细核对',
    gotIt: '我知道了',
  },
  en: {
    title: 'Rate your visit',
    visit: 'The visit',
    booking: 'The booking',
    star: (n: number) => `${n} of 5 stars`,
    send: 'Send rating',
    noStars: 'Please give the visit 1 to 5 stars',
    yours: 'Your rating',
    comment: 'The guide was patient and the children loved the robots.',
    ratings: 'Visitor ratings',
    main: 'Main exhibition hall',
    next: 'Next',
    firstOrder: 'Your first order',
    firstOrderText: 'On your first order',
    gotIt: 'Got it',
  },
} as const;

// One demo login for both languages: a code per phone per minute.
test.describe.configure({ mode: 'serial' });
let demoToken = '';

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  demoToken = await demoLogin(api);
  await api.dispose();
});

/** A past visit of the demo visitor not rated yet, and the server's today. */
async function unratedPastVisit(request: APIRequestContext): Promise<{ order: OrderSummary; today: string }> {
  const headers = { authorization: `Bearer ${demoToken}` };
  const now = (await (await request.post('/prod-api/config/orderRule/getSysTime', { headers })).json()).data.now as number;
  const today = museumDate(new Date(now));
  const list = (await (await request.get('/prod-api/order/v1/list?pageNum=1&pageSize=50', { headers })).json()).data as ListPage<OrderSummary>;
  for (const order of list.rows.filter((o) => o.visitDate < today)) {
    const card = (await (await request.get(`/prod-api/order/rating/${order.orderId}`, { headers })).json()).data as OrderRating;
    if (card.rateable) return { order, today };
  }
  throw new Error('no past visit left to rate');
}

async function asDemo(page: Page, lang: 'zh' | 'en', baseURL: string) {
  await useLanguage(page, lang);
  await page.context().addCookies([{ name: 'ticket_token_individual', value: encodeURIComponent(demoToken), url: baseURL }]);
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];

  test(`a past visit is rated once from its order's detail, and the staff see the day's averages (${lang})`, async ({ page, baseURL }) => {
    await asDemo(page, lang, baseURL!);
    const { order, today } = await unratedPastVisit(page.request);
    await page.goto(`/individualCustomers/order/orderDetail/${order.orderId}`);
    const card = page.getByTestId('rating');
    await expect(card.getByText(T.title)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shot(page, lang, '140-rating-card');

    // No stars yet: refused, in sight.
    await card.getByRole('button', { name: T.send }).click();
    await whereTheEyeIs(page, card.getByText(T.noStars));
    await shot(page, lang, '141-rating-refused');

    // The visit by tap; the booking by keyboard (a radio group: arrows move the choice).
    const visit = card.getByRole('group', { name: T.visit });
    const booking = card.getByRole('group', { name: T.booking });
    for (const star of await visit.locator('label.star').all()) await tapTarget(star);
    await visit.getByRole('radio', { name: T.star(5) }).check();
    await booking.getByRole('radio', { name: T.star(1) }).focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(booking.getByRole('radio', { name: T.star(4) })).toBeChecked();
    await expect(card.getByText(T.noStars)).toHaveCount(0);
    await card.locator('textarea').fill(T.comment);
    await noSidewaysScroll(page);
    await shot(page, lang, '142-rating-filled');
    await tapTarget(card.getByRole('button', { name: T.send }));
    await card.getByRole('button', { name: T.send }).click();

    // Read-only now, and after a reload.
    await expect(card.getByText(T.yours, { exact: true })).toBeVisible();
    await expect(card.getByRole('img', { name: T.star(5) })).toBeVisible();
    await expect(card.getByRole('img', { name: T.star(4) })).toBeVisible();
    await expect(card.getByText(T.comment)).toBeVisible();
    await expect(card.locator('input, textarea')).toHaveCount(0);
    await noWordBrokenMidWord(card);
    await card.scrollIntoViewIfNeeded();
    await shot(page, lang, '143-rating-given');
    await page.reload();
    await expect(page.getByTestId('rating').getByText(T.yours, { exact: true })).toBeVisible();

    // The staff's day of that visit: the main hall's averages.
    await staffLogin(page, lang);
    await expect(page).toHaveURL(/\/staff$/);
    await page.goto('/staff/day');
    await expect(page.getByTestId('day-date')).toHaveText(today);
    const back = Math.round((Date.parse(today) - Date.parse(order.visitDate)) / 86_400_000);
    for (let i = 0; i < back; i++) await page.getByRole('button', { name: lang === 'zh' ? '前一天' : 'The day before' }).click();
    await expect(page.getByTestId('day-date')).toHaveText(addDays(today, -back));
    const ratings = page.getByTestId('day-ratings');
    await expect(ratings.getByText(T.ratings)).toBeVisible();
    await expect(ratings.getByText(T.main)).toBeVisible();
    await expect(ratings).toContainText('5.0');
    await ratings.scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await noWordBrokenMidWord(ratings);
    await shot(page, lang, '144-staff-day-ratings');
  });

  test.describe(() => {
    // A device that has not read the tips yet (the config starts others as one that has).
    test.use({ storageState: { cookies: [], origins: [] } });
    test(`a visitor with no order yet reads the first-order tips once before ordering (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await loginByApi(page, newPhone());
      await reviewOneAdult(page, '林一', T.next);
      const tips = page.getByRole('dialog', { name: T.firstOrder });
      await expect(tips).toContainText(T.firstOrderText);
      await tapTarget(tips.getByRole('button', { name: T.gotIt }));
      await noSidewaysScroll(page);
      await noWordBrokenMidWord(tips);
      await shot(page, lang, '145-first-order-tips');
      await tips.getByRole('button', { name: T.gotIt }).click();
      await expect(tips).toHaveCount(0);
      // Once: back and forth to the review screen, it does not come again.
      await page.goBack();
      await page.getByRole('button', { name: T.next }).click();
      await expect(page).toHaveURL(/\/select\/addAudienceSure$/);
      // The screen has asked what it asks (the tips come with its answers): no tips this time.
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('dialog', { name: T.firstOrder })).toHaveCount(0);
    });
  });
}
