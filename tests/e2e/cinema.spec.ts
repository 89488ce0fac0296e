/** A visitor books the dome cinema: picks a film, two seats on the map, loses one of them to
 * another buyer while the map is open, picks again, pays, and sees the seats on the ticket.
 * In zh and en at 375x667. */
import { expect, test } from '@playwright/test';
import { anotherBuyerTakes, toCinemaFilms } from './cinemaKit.ts';
import { loginByApi, mainlandId, newPhone, shot, solveSlider } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const TEXT = {
  zh: {
    films: '选择影片场次',
    details: '影片介绍',
    filmPage: '影片页面（可分享）',
    choose: '选座购票',
    next: '下一步',
    addVisitor: /添加参观人/,
    tooMany: '不能选择更多座位',
    moreSeats: '两侧还有座位，左右滑动查看',
    taken: (seat: string) => `${seat}已被他人选走，请重新选座`,
    confirmSeats: '确认选座',
    submit: '提交订单',
    pay: '立即支付',
    changeSeats: '更换座位',
    cashierPay: '确认支付',
    seat: (row: string, seat: string) => `${row}排${seat}座`,
  },
  en: {
    films: 'Choose a film',
    details: 'About the film',
    filmPage: "The film's page, to share",
    choose: 'Choose seats',
    next: 'Next',
    addVisitor: /Add a visitor/,
    tooMany: 'Cannot choose more seats',
    moreSeats: 'More seats on either side: swipe the map',
    taken: (seat: string) => `${seat} has just been taken: please choose again`,
    confirmSeats: 'Confirm seats',
    submit: 'Place order',
    pay: 'Pay now',
    changeSeats: 'Change seats',
    cashierPay: 'Pay',
    seat: (row: string, seat: string) => `Row ${row}, seat ${seat}`,
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`a visitor picks a film and seats, loses one to another buyer, picks again and pays (${lang})`, async ({ page }) => {
    const T = TEXT[lang];
    const row = lang === 'zh' ? 4 : 6;
    // The cinema's films of the day, each with its poster, and the film's page.
    const { date, hallId } = await toCinemaFilms(page, lang, T.films);
    const film = page.locator('.film').first();
    await expect(film.locator('img')).toHaveJSProperty('complete', true);
    expect(await film.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('picture .cinema-banner')).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, lang, '80-cinema-select');
    // The film's details pop up over the list; their page is one tap further (the link a film is shared by).
    await film.getByRole('button', { name: T.details }).click();
    const info = page.getByRole('dialog');
    await expect(info.locator('.film__text').first()).not.toBeEmpty();
    await expect(page).toHaveURL(/\/select\/cinemaSelect\/\d+$/);
    await shot(page, lang, '81-film-info');
    await info.getByRole('link', { name: T.filmPage }).click();
    await expect(page).toHaveURL(/\/select\/moveDetail\?/);
    await expect(page.locator('.film__text').first()).not.toBeEmpty();
    await shot(page, lang, '81-move-detail');
    await page.goBack();
    await page.locator('.film').first().getByRole('button', { name: T.choose }).click();

    // Two visitors.
    await expect(page).toHaveURL(/\/select\/cinemaAddAudience\/\d+$/);
    const scheduleId = Number(/cinemaAddAudience\/(\d+)/.exec(page.url())![1]);
    const visitor = (n: number) => page.locator('.visitor').nth(n);
    await visitor(0).locator('input').first().fill('张三');
    await visitor(0)
      .locator('input')
      .nth(1)
      .fill(mainlandId('1990-05-15', lang === 'zh' ? '301' : '302'));
    await page.getByRole('button', { name: T.addVisitor }).click();
    await visitor(1).locator('input').first().fill('李四');
    await visitor(1)
      .locator('input')
      .nth(1)
      .fill(mainlandId('1991-06-16', lang === 'zh' ? '303' : '304'));
    await page.getByRole('button', { name: T.next }).click();

    // The map: two seats, a third is one too many.
    await expect(page).toHaveURL(/\/select\/cinemaSelectSeat$/);
    const seat = (col: number) => page.locator(`[data-seat="${row}-${col}"]`);
    await expect(seat(3)).toBeVisible();
    await tapTarget(page.locator('.seat-zoom .btn').first());
    await noSidewaysScroll(page);
    // The hall is wider than the phone: the map says it scrolls, and fades at both edges.
    await expect(page.getByText(T.moreSeats)).toBeVisible();
    await expect(page.locator('.seat-frame')).toHaveClass(/seat-frame--more-left/);
    await expect(page.locator('.seat-frame')).toHaveClass(/seat-frame--more-right/);
    await shot(page, lang, '82-seat-map');
    await seat(3).click();
    await seat(4).click();
    await seat(5).click();
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: T.tooMany }));
    await expect(seat(5)).toHaveAttribute('aria-pressed', 'false');
    await shot(page, lang, '83-too-many');

    // Someone else takes seat 4 while the map is open: it turns sold without a reload.
    await anotherBuyerTakes(page, date, hallId, scheduleId, `${row}-4`);
    await expect(seat(4)).toHaveClass(/seat--sold/);
    // The refusal names the seat, as printed on the ticket.
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: T.taken(T.seat(String(row), '4')) }));
    await shot(page, lang, '84-seat-taken');
    await seat(5).click();
    await expect(page.getByTestId('seats-chosen')).toHaveText(`${T.seat(String(row), '3')} · ${T.seat(String(row), '5')}`);
    await page.getByRole('button', { name: T.confirmSeats }).click();

    // Review with the seats, slider, pay.
    await expect(page).toHaveURL(/\/select\/cinemaAddAudienceSure$/);
    await expect(page.getByTestId('review-seats')).toContainText(T.seat(String(row), '5'));
    await noSidewaysScroll(page);
    await shot(page, lang, '85-cinema-review');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);
    // Placing the order, then the payment page's own loads: give a busy machine time.
    await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
    const payOrder = page.url();

    // Before paying, one visitor moves from seat 5 to seat 6.
    await page.getByRole('link', { name: T.changeSeats }).click();
    await expect(page).toHaveURL(/\/select\/cinemaSelectSeatChange\?orderId=\d+$/);
    await expect(seat(5)).toHaveAttribute('aria-pressed', 'true');
    await seat(5).click();
    await seat(6).click();
    await shot(page, lang, '87-seat-change');
    await page.getByRole('button', { name: T.confirmSeats }).click();
    await expect(page).toHaveURL(payOrder);
    await expect(page.locator('main')).toContainText(T.seat(String(row), '6'));
    await page.getByRole('button', { name: T.pay }).click();
    await page.getByRole('button', { name: T.cashierPay, exact: true }).click();
    await expect(page).toHaveURL(/\/order\/paySuccess\/\d+$/);
    await expect(page.locator('.ticket-qr svg')).toHaveCount(2);
    await expect(page.locator('main')).toContainText(T.seat(String(row), '3'));
    await expect(page.locator('main')).toContainText(T.seat(String(row), '6'));
    await expect(page.locator('main')).not.toContainText(T.seat(String(row), '5'));
    await shot(page, lang, '86-cinema-paid');
  });
}

for (const lang of ['zh', 'en'] as const) {
  test(`a visitor buys the exhibition and dome film package (${lang})`, async ({ page }) => {
    const T = TEXT[lang];
    const P =
      lang === 'zh'
        ? { buy: '购买套票', name: '张三', unpaid: '您有未支付的订单', payUnpaid: '去支付' }
        : { buy: 'Buy the package', name: '张三', unpaid: 'You have an unpaid order', payUnpaid: 'Pay now' };
    await useLanguage(page, lang);
    await loginByApi(page, newPhone());
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await page.goto('/individualCustomers/select/selectDate');
    await page.locator('.day--available').nth(1).click();
    await page.getByRole('link', { name: P.buy }).click();
    await expect(page).toHaveURL(/\/select\/packageAddSure\?id=\d+&date=/);

    // Nothing chosen yet: the refusal says what is missing, where the eye is.
    await page.getByRole('button', { name: T.submit }).click();
    await whereTheEyeIs(page, page.getByRole('alert'));
    await page.locator('.session:not(.session--off)').first().click();
    await page.locator('.sessions').nth(1).locator('.session:not(.session--off)').last().click();
    const visitor = page.locator('.visitor').first();
    await visitor.locator('input').first().fill(P.name);
    await visitor
      .locator('input')
      .nth(1)
      .fill(mainlandId('1992-07-07', lang === 'zh' ? '311' : '312'));
    await page.getByRole('checkbox').check();
    await noSidewaysScroll(page);
    await shot(page, lang, '88-package');
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);
    // Placing the order, then the payment page's own loads: give a busy machine time.
    await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
    const payOrder = page.url();

    // While it is unpaid, choosing a film asks to pay it first.
    await page.goto('/individualCustomers/select/selectDate');
    await page.locator('.day--available').nth(1).click();
    await page.locator('[data-hall="cinema"]').getByRole('link', { name: T.films }).click();
    await page.locator('.film').first().getByRole('button', { name: T.choose }).click();
    await expect(page.locator('.rv-dialog')).toContainText(P.unpaid);
    await shot(page, lang, '90-cinema-unpaid');
    await page.locator('.rv-dialog').getByRole('button', { name: P.payUnpaid }).click();
    await expect(page).toHaveURL(payOrder);
    // The prompt's own "Pay now" fades out after it led here: press the page's.
    await expect(page.locator('.rv-dialog')).toBeHidden();

    await page.getByRole('button', { name: T.pay }).click();
    await page.getByRole('button', { name: T.cashierPay, exact: true }).click();
    await expect(page).toHaveURL(/\/order\/paySuccess\/\d+$/);
    // Two tickets: admission, and the film with its seat.
    await expect(page.locator('.ticket-qr svg')).toHaveCount(2);
    await expect(page.locator('main')).toContainText(lang === 'zh' ? /\d+排\d+座/ : /Row \d+, seat \d+/);
    await shot(page, lang, '89-package-paid');
  });
}
