/** A school books a class visit (docs/product.md §2 team select screens, §3 group order, §5 group rules):
 * the demo school logs in, picks a day and the main hall, fills in its leader, 2 grades of 40
 * pupils and 5 teachers, sees its free tickets and the price, pays (online in zh; in en at the
 * museum's window, where the cashier takes the money in the staff console), and moves the
 * visit to another day. In zh and en, at 375x667; screenshots in reports/screens. */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_AGENCY, DEMO_SCHOOL } from '../../server/seed/accounts.ts';
import { fill, mainlandId, shot, solveSlider } from './helpers.ts';
import { agencyDraftToAudience } from './agencyDraft.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';
import { loginTeam } from './teamKit.ts';

const TEXT = {
  zh: {
    next: '下一步',
    name: '姓名',
    number: '证件号码',
    phone: '手机号码',
    gradeName: '年级名称',
    boys: '男生',
    girls: '女生',
    total: '总人数',
    beijing: '京籍',
    other: '非京籍',
    gradeTwo: '二年级',
    gradeRule: '“二年级”的京籍与非京籍学生之和应等于总人数',
    addTeacher: '添加教师',
    nameRule: '领队：',
    people: '团体共 86 人',
    submit: '提交订单',
    pay: '立即支付',
    cashierPay: '确认支付',
    payWindow: '到馆窗口支付（现金、银行卡、支票）',
    changeDate: '改签',
    confirmChange: '确认改签',
  },
  en: {
    next: 'Next',
    name: 'Name',
    number: 'Certificate number',
    phone: 'Mobile',
    gradeName: 'Grade name',
    boys: 'Boys',
    girls: 'Girls',
    total: 'Total',
    beijing: 'Beijing',
    other: 'Other',
    gradeTwo: 'Grade Two',
    gradeRule: 'Beijing and other pupils of "Grade Two" must add up to its count',
    addTeacher: 'Add a teacher',
    nameRule: 'Leader:',
    people: '86 people in the group',
    submit: 'Place the order',
    pay: 'Pay now',
    cashierPay: 'Pay',
    payWindow: "Pay at the museum's window (cash, bank card or cheque)",
    changeDate: 'Change date',
    confirmChange: 'Confirm change',
  },
} as const;

/** Fills a field of the card `card` by its label. */
async function fillIn(page: Page, card: ReturnType<Page['locator']>, label: string, value: string) {
  const exact = new RegExp(`^${label}$`);
  await card
    .locator('.rv-field')
    .filter({ has: page.locator('.rv-field__label', { hasText: exact }) })
    .locator('input')
    .fill(value);
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`a school books 2 grades of 40 with 5 teachers and a leader, pays, and moves the visit (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    // The status pop-ups are the subject of team.spec.ts.
    await page.addInitScript(() => sessionStorage.setItem('teamNoticesSeen', '1'));
    await loginTeam(page, DEMO_SCHOOL);
    await page.goto('/team/select/selectDate');
    await expect(page.getByTestId('team-state')).toBeVisible();
    const day = page.locator('[data-testid="group-calendar"] .day--available').nth(lang === 'zh' ? 1 : 3);
    await day.click();
    await expect(page).toHaveURL(/\/team\/select\/selectVenues\?date=/);
    await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
    await noSidewaysScroll(page);
    await shot(page, lang, '80-group-venues');
    await page.getByRole('button', { name: T.next }).click();

    // The leader: a refusal under its field, then filled in.
    await expect(page).toHaveURL(/\/team\/select\/addLeader$/);
    await page.getByRole('button', { name: T.next }).click();
    await expect(page.locator('.rv-field__error-message').first()).toBeVisible();
    await fill(page, T.name, '王建国');
    await fill(page, T.number, mainlandId('1980-03-04', '101'));
    await fill(page, T.phone, '13800138000');
    // The draft is kept on the device: a reload (or a login on the way) loses nothing.
    await page.reload();
    await expect(page).toHaveURL(/\/team\/select\/addLeader$/);
    await expect(page.locator('.rv-field').filter({ hasText: T.phone }).locator('input')).toHaveValue('13800138000');
    await shot(page, lang, '81-group-leader');
    await page.getByRole('button', { name: T.next }).click();

    // The pupils by grade, each total counted from boys and girls: Beijing and other pupils
    // that do not add up to it are refused where the eye is.
    await expect(page).toHaveURL(/\/team\/select\/addAudience$/);
    const grades = page.locator('.grade');
    for (const [i, counts] of [
      [0, { boys: '20', girls: '20', beijing: '40', other: '0' }],
      [1, { boys: '21', girls: '19', beijing: '30', other: '11' }],
    ] as const) {
      for (const [field, value] of Object.entries(counts)) await fillIn(page, grades.nth(i), T[field as keyof typeof counts], value);
    }
    await page.getByRole('button', { name: T.next }).click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toHaveText(T.gradeRule);
    await whereTheEyeIs(page, refusal);
    await noWordBrokenMidWord(refusal);
    await expect(grades.nth(1).getByTestId('grade-total')).toHaveText(`${T.total}40`);
    await fillIn(page, grades.nth(1), T.other, '10');
    await noSidewaysScroll(page);
    await shot(page, lang, '82-group-pupils');
    await page.getByRole('button', { name: T.next }).click();

    // Five teachers.
    await expect(page).toHaveURL(/\/team\/select\/addTeachers$/);
    for (let i = 1; i < 5; i++) await page.getByRole('button', { name: T.addTeacher }).click();
    const teachers = page.locator('section[aria-label]').filter({ has: page.locator('.rv-field') });
    for (let i = 0; i < 5; i++) {
      await fillIn(page, teachers.nth(i), T.name, `李${'一二三四五'[i]}老师`.slice(0, 3));
      await fillIn(page, teachers.nth(i), T.number, mainlandId('1985-01-01', `20${i}`));
    }
    await tapTarget(page.getByRole('radio').first());
    await shot(page, lang, '83-group-teachers');
    await page.getByRole('button', { name: T.next }).click();

    // The summary: 80 free pupils, the leader and 4 teachers free, one teacher pays ¥30.
    await expect(page).toHaveURL(/\/team\/select\/addAudienceSure$/);
    const quote = page.getByTestId('group-quote');
    await expect(quote).toContainText(T.people);
    await expect(page.locator('.footer-bar__sum')).toContainText('¥30');
    await noSidewaysScroll(page);
    await noWordBrokenMidWord(quote);
    await shot(page, lang, '84-group-sure');
    if (lang === 'en') await page.getByRole('radio', { name: T.payWindow }).check();
    await page.locator('.agreement input').check();
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);
    await expect(page).toHaveURL(/\/team\/order\/payOrder\/\d+$/);
    const orderId = page.url().match(/payOrder\/(\d+)/)![1];
    await shot(page, lang, '85-group-pay');
    if (lang === 'zh') {
      // Paid online through the cashier; the order is the team's.
      await page.getByRole('button', { name: T.pay }).click();
      await page.getByRole('button', { name: T.cashierPay, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/team/order/paySuccess/${orderId}$`));
    } else {
      // Told where and by when to pay, with the number to show; no online pay button.
      await expect(page.getByRole('button', { name: T.pay })).toHaveCount(0);
      const orderNumber = (await page.locator('.mono').first().innerText()).trim();
      // The museum's cashier looks the order up and takes the money.
      await page.goto('/staff/login');
      await fill(page, 'Username', 'staff');
      await page.locator('input[type=password]').fill('Museum2026');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByRole('link', { name: 'Window payments' }).click();
      await fill(page, 'Order number', orderNumber);
      await page.getByRole('button', { name: 'Find the order' }).click();
      await expect(page.getByTestId('window-order')).toContainText('¥30');
      await page.getByRole('radio', { name: 'Cheque' }).click();
      await shot(page, lang, '89-staff-window-payment');
      await page.getByRole('button', { name: 'Take ¥30' }).click();
      await expect(page.getByRole('status')).toContainText('Paid');
      await noSidewaysScroll(page);
    }

    // The whole group moves to another day.
    await page.goto(`/team/order/orderDetail/${orderId}`);
    await expect(page.getByText(T.gradeTwo).first()).toBeVisible();
    await shot(page, lang, '86-group-detail');
    await page.getByRole('link', { name: T.changeDate }).click();
    await expect(page).toHaveURL(/\/team\/order\/ticketChangesDate/);
    const newDay = page.locator('.day--available').nth(lang === 'zh' ? 5 : 6);
    const newDate = (await newDay.getAttribute('data-date'))!;
    await newDay.click();
    await page.locator('.session:not([disabled])').first().click();
    await noSidewaysScroll(page);
    await shot(page, lang, '87-group-change-date');
    await page.getByRole('button', { name: T.confirmChange }).click();
    await expect(page).toHaveURL(new RegExp(`/team/order/orderDetail/${orderId}$`));
    await expect(page.getByText(newDate).first()).toBeVisible();
    await shot(page, lang, '88-group-moved');
  });
}

const AGENCY_TEXT = {
  zh: {
    chooseSeats: '自行选座',
    confirmSeats: '确认选座',
    films: '选择影片场次',
    choose: '选择该场次',
    visitors: '游客人数（不含领队）',
    leaderFree: '领队申请免费票',
    seats: '下单时由影院为全团集中安排',
    people: '团体共 31 人',
  },
  en: {
    chooseSeats: 'Choose the seats yourself',
    confirmSeats: 'Confirm seats',
    films: 'Choose a film',
    choose: 'Choose this session',
    visitors: 'Visitors (without the leader)',
    leaderFree: 'Free ticket for the tour leader',
    seats: 'The cinema seats the group together',
    people: '31 people in the group',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = { ...TEXT[lang], ...AGENCY_TEXT[lang] };
  test(`a travel agency takes 30 visitors to a dome film, its tour leader free, seated together (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('teamNoticesSeen', '1'));
    await loginTeam(page, DEMO_AGENCY);
    await page.goto('/team/select/selectDate');
    await page
      .locator('[data-testid="group-calendar"] .day--available')
      .nth(lang === 'zh' ? 2 : 4)
      .click();
    await page.locator('[data-hall="cinema"]').getByRole('link', { name: T.films }).click();
    await expect(page).toHaveURL(/\/team\/select\/cinemaSelect\/\d+$/);
    await noSidewaysScroll(page);
    await shot(page, lang, '90-group-films');
    await page.getByRole('button', { name: T.choose }).first().click();
    await expect(page).toHaveURL(/\/team\/select\/cinemaAddLeader$/);
    await fill(page, T.name, '赵导游');
    await fill(page, T.number, mainlandId('1979-05-06', '301'));
    await fill(page, T.phone, '13900139001');
    await page.getByRole('button', { name: T.next }).click();
    await expect(page).toHaveURL(/\/team\/select\/cinemaAddAudience$/);
    await fill(page, T.visitors, '30');
    await page.getByText(T.leaderFree).click();
    await page.getByRole('button', { name: T.next }).click();
    await expect(page).toHaveURL(/\/team\/select\/cinemaAddAudienceSure$/);
    await expect(page.getByTestId('group-quote')).toContainText(T.people);
    await expect(page.getByText(T.seats)).toBeVisible();
    await expect(page.locator('.footer-bar__sum')).toContainText('¥1200');
    await shot(page, lang, '91-group-film-sure');
    if (lang === 'en') {
      // The agency chooses its own 31 seats on the map instead.
      await page.getByRole('button', { name: T.chooseSeats }).click();
      await expect(page).toHaveURL(/\/team\/select\/cinemaSelectSeat$/);
      const free = page.locator('.seat-grid .seat--available');
      for (let i = 0; i < 31; i++) await free.first().click();
      await noSidewaysScroll(page);
      await shot(page, lang, '93-group-seats');
      await page.getByRole('button', { name: T.confirmSeats }).click();
      await expect(page).toHaveURL(/\/team\/select\/cinemaAddAudienceSure$/);
      await expect(page.getByTestId('group-seats')).not.toContainText(T.seats);
    }
    await page.locator('.agreement input').check();
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);
    await expect(page).toHaveURL(/\/team\/order\/payOrder\/\d+$/);
    if (lang === 'en') {
      // Before paying, the group's seats can move: its own map, the order's seats its own.
      await page.getByRole('link', { name: 'Change seats' }).click();
      await expect(page).toHaveURL(/\/team\/select\/cinemaSelectSeatChange\?orderId=\d+$/);
      await expect(page.getByTestId('seats-chosen')).toContainText('31');
      await page.goBack();
    }
    await page.getByRole('button', { name: T.pay }).click();
    await page.getByRole('button', { name: T.cashierPay, exact: true }).click();
    await expect(page).toHaveURL(/\/team\/order\/paySuccess\/\d+$/);
    await shot(page, lang, '92-group-film-paid');
  });
}

const CART_TEXT = {
  zh: {
    visitors: '游客人数（不含领队）',
    addToCart: '加入购物车',
    cartTitle: '团体购物车',
    people: '共 22 人，免费学生 0 人',
    payGroup: '支付该团体',
    held: '保留',
    missed: '失约记录',
    standing: '您的团体账户状态正常，可以预约',
  },
  en: {
    visitors: 'Visitors (without the leader)',
    addToCart: 'Add to cart',
    cartTitle: 'Group cart',
    people: '22 people, 0 free pupils',
    payGroup: 'Pay for this group',
    held: 'Held',
    missed: 'Missed visits',
    standing: 'Your group account is in good standing; you can book',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = { ...TEXT[lang], ...CART_TEXT[lang] };
  test(`a travel agency puts a group in its cart, pays for it from there, and reads its missed-visit record (${lang})`, async ({ page }) => {
    await agencyDraftToAudience(page, lang, lang === 'zh' ? 5 : 6);
    await fill(page, T.visitors, '21');
    await page.getByRole('button', { name: T.next }).click();
    await expect(page).toHaveURL(/\/team\/select\/addAudienceSure$/);
    // Into the cart: the agreement first, as for an order.
    await page.getByRole('button', { name: T.addToCart }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.locator('.agreement input').check();
    await page.getByRole('button', { name: T.addToCart }).click();
    await expect(page).toHaveURL(/\/team\/cart\/shoppingCart$/);
    const entry = page.locator('[data-group-cart]');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(T.people);
    await expect(entry.getByRole('timer')).toContainText(T.held);
    await noSidewaysScroll(page);
    await noWordBrokenMidWord(entry);
    await tapTarget(entry.getByRole('button', { name: T.payGroup }));
    await shot(page, lang, '94-group-cart');
    // The draft started afresh: the calendar again, not the summary.
    await page.goto('/team/select/addAudienceSure');
    await expect(page).toHaveURL(/\/team\/select\/selectDate$/);
    await page.goto('/team/cart/shoppingCart');
    await page.locator('[data-group-cart]').getByRole('button', { name: T.payGroup }).click();
    await solveSlider(page);
    await expect(page).toHaveURL(/\/team\/order\/payOrder\/\d+$/);
    await page.getByRole('button', { name: T.pay }).click();
    await page.getByRole('button', { name: T.cashierPay, exact: true }).click();
    await expect(page).toHaveURL(/\/team\/order\/paySuccess\/\d+$/);
    await page.goto('/team/cart/shoppingCart');
    await expect(page.locator('[data-group-cart]')).toHaveCount(0);
    // The team's missed-visit record: its standing, from the order list.
    await page.goto('/team/order/orderRecord');
    await page.getByRole('link', { name: T.missed }).click();
    await expect(page).toHaveURL(/\/team\/order\/blackOrderList$/);
    await expect(page.getByTestId('block-status')).toContainText(T.standing);
    await noSidewaysScroll(page);
    await shot(page, lang, '95-group-missed');
  });
}

test("another team logging in on the same phone never sees the first team's draft", async ({ page }) => {
  await useLanguage(page, 'en');
  await page.addInitScript(() => sessionStorage.setItem('teamNoticesSeen', '1'));
  const login = async (team: { creditCode: string; password: string }) => {
    await page.goto('/team/login');
    await fill(page, 'Credit code', team.creditCode);
    await page.locator('input[type=password]').fill(team.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/team\/select\/selectDate$/);
  };
  await login(DEMO_SCHOOL);
  await page.locator('[data-testid="group-calendar"] .day--available').first().click();
  await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
  await page.getByRole('button', { name: 'Next' }).click();
  await fill(page, 'Name', '王建国');
  await fill(page, 'Certificate number', mainlandId('1980-03-04', '101'));
  // The school's draft is kept for the school: a reload finds it.
  await page.reload();
  await expect(page.locator('.rv-field').filter({ hasText: 'Name' }).first().locator('input')).toHaveValue('王建国');
  // The agency logs in on the same phone: the calendar, an empty draft, not the school's leader.
  await login(DEMO_AGENCY);
  await page.goto('/team/select/addLeader');
  await expect(page).toHaveURL(/\/team\/select\/selectDate$/);
  expect((await page.evaluate(() => localStorage.getItem('groupDraft-2'))) ?? '').not.toContain('王建国');
});
