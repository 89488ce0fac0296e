/** A new visitor books two tickets (one adult, one free child) and pays, in zh and in en;
 * the spec's messages appear for bad input; the order then shows in the order record. */
import { expect, test } from '@playwright/test';
import { latestCode, mainlandId, newPhone, shot, solveSlider } from './helpers.ts';
import { piecesWhole } from './looks.ts';

const TEXT = {
  zh: {
    individual: '个人购票',
    noticeOk: '我已知晓',
    sendCode: '获取验证码',
    login: '登录',
    wrongCode: '验证码错误或已过期',
    next: '下一步',
    addVisitor: /添加参观人/,
    wrongId: '身份证号码格式错误',
    duplicate: '证件号码重复',
    childrenOnly: '不允许只购买儿童票',
    adult: /成人/,
    freeChild: /免费儿童|儿童免费/,
    submit: '提交订单',
    pay: '立即支付',
    cashierPay: '确认支付',
    paid: '支付成功，请凭二维码入馆',
    orders: '我的订单',
    completed: '已完成',
    name1: '张三',
    name2: '张小明',
  },
  en: {
    individual: 'Individual visitors',
    noticeOk: 'I understand',
    sendCode: 'Send code',
    login: 'Log in',
    wrongCode: 'Verification code is incorrect or expired',
    next: 'Next',
    addVisitor: /Add a visitor/,
    wrongId: 'ID card number format is wrong',
    duplicate: 'Duplicate certificates are not allowed',
    childrenOnly: 'A purchase of only children is not allowed',
    adult: /Adult/,
    freeChild: /Free child/,
    submit: 'Place order',
    pay: 'Pay now',
    cashierPay: 'Pay',
    paid: 'Paid. Show the QR code at the entrance.',
    orders: 'My orders',
    completed: 'Completed',
    name1: '李四',
    name2: '李小红',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`a new visitor books an adult and a free child ticket and pays (${lang})`, async ({ page }) => {
    const T = TEXT[lang];
    const phone = newPhone();
    // The security headers' CSP must let the app and the cashier simulator do all they do.
    const refusedByCsp: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refusedByCsp.push(message.text());
    });

    await page.goto('/');
    if (lang === 'en') await page.getByRole('button', { name: 'EN' }).click();
    await expect(page.getByText(T.individual)).toBeVisible();
    await shot(page, lang, '01-entry');
    await page.getByText(T.individual).click();

    // selectDate: the notice pops up once; days say why they cannot be booked.
    await expect(page).toHaveURL(/\/individualCustomers\/select\/selectDate$/);
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, lang, '02-notice');
    await page.getByRole('button', { name: T.noticeOk }).click();
    await expect(page.locator('.day--soldOut').first()).toBeVisible();
    await expect(page.locator('.day--closed').first()).toBeVisible();
    await expect(page.locator('.day--notReleased').first()).toBeVisible();
    await shot(page, lang, '03-select-date');

    // The second bookable day (today's sessions may be over by the time the test runs).
    const day = page.locator('.day--available').nth(1);
    const date = (await day.getAttribute('data-date'))!;
    await day.click();

    // Choosing needs login: the guard sends the visitor to login and back.
    await expect(page).toHaveURL(/\/individualCustomers\/login\?redirect=/);
    await page.getByPlaceholder(lang === 'zh' ? '请输入手机号' : 'Mobile number').fill(phone);
    await page.getByRole('button', { name: T.sendCode }).click();
    const code = await latestCode(page, phone);
    await expect(page.getByRole('button', { name: /\d+/ })).toBeDisabled();
    const codeField = page.getByPlaceholder(lang === 'zh' ? '请输入验证码' : '6-digit code');
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(T.wrongCode);
    await shot(page, lang, '04-login-wrong-code');
    await codeField.fill(code);
    await page.getByRole('button', { name: T.login, exact: true }).click();

    // selectVenues: the main hall's first open session.
    await expect(page).toHaveURL(new RegExp(`/select/selectVenues\\?date=${date}`));
    const mainHall = page.locator('[data-hall="main"]');
    await expect(mainHall).toBeVisible();
    await shot(page, lang, '05-select-venues');
    await mainHall.locator('.session:not(.session--off)').first().click();
    await page.getByRole('button', { name: T.next }).click();

    // addAudience: bad inputs get the spec's messages.
    await expect(page).toHaveURL(/\/select\/addAudience\/\d+$/);
    const visitDate = new Date(`${date}T00:00:00`);
    const adultId = mainlandId('1990-05-15');
    const childBirth = `${visitDate.getFullYear() - 5}-03-10`;
    const childId = mainlandId(childBirth, '456');
    const visitor = (n: number) => page.locator('.visitor').nth(n);
    const fill = async (n: number, name: string, id: string, ticket: RegExp) => {
      await visitor(n).locator('input').first().fill(name);
      await visitor(n).locator('input').nth(1).fill(id);
      await visitor(n).getByText(ticket).click();
    };

    await fill(0, T.name1, adultId.slice(0, 17) + (adultId[17] === '0' ? '1' : '0'), T.adult);
    await page.getByRole('button', { name: T.next }).click();
    await expect(visitor(0)).toContainText(T.wrongId);
    await shot(page, lang, '06-wrong-id');

    await fill(0, T.name1, adultId, T.adult);
    await page.getByRole('button', { name: T.addVisitor }).click();
    await fill(1, T.name2, adultId, T.adult);
    await page.getByRole('button', { name: T.next }).click();
    await expect(visitor(1)).toContainText(T.duplicate);
    await shot(page, lang, '07-duplicate');

    await fill(0, T.name1, mainlandId(`${visitDate.getFullYear() - 6}-01-02`, '789'), T.freeChild);
    await fill(1, T.name2, childId, T.freeChild);
    await page.getByRole('button', { name: T.next }).click();
    await expect(page.getByRole('alert')).toContainText(T.childrenOnly);
    await shot(page, lang, '08-children-only');

    await fill(0, T.name1, adultId, T.adult);
    await page.getByRole('button', { name: T.next }).click();

    // addAudienceSure: price from the server, agreement, slider, order.
    await expect(page).toHaveURL(/\/select\/addAudienceSure$/);
    await expect(page.locator('.footer-bar__sum')).toContainText('¥30');
    await expect(page.getByText('1101**********', { exact: false }).first()).toBeVisible();
    await shot(page, lang, '09-review');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: T.submit }).click();
    await expect(page.getByRole('slider')).toBeVisible();
    await shot(page, lang, '10-slider');
    await solveSlider(page);

    // payOrder: the countdown from server time, then the cashier.
    await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
    const countdown = page.getByTestId('countdown');
    await expect(countdown).toHaveText(/^1[45]:\d\d$/);
    // It runs: the next second shows without a reload.
    const shown = await countdown.textContent();
    await expect(countdown).not.toHaveText(shown!);
    await shot(page, lang, '11-pay-order');
    const orderId = /payOrder\/(\d+)/.exec(page.url())![1];
    await page.getByRole('button', { name: T.pay }).click();
    await expect(page).toHaveURL(/\/prod-api\/pay\/sim\/cashier/);
    await shot(page, lang, '12-cashier');
    // The cashier speaks the visitor's language.
    await page.getByRole('button', { name: T.cashierPay, exact: true }).click();

    // paySuccess: a QR code per ticket, masked certificates.
    await expect(page).toHaveURL(new RegExp(`/order/paySuccess/${orderId}$`));
    await expect(page.getByText(T.paid)).toBeVisible();
    await expect(page.locator('.ticket-qr svg')).toHaveCount(2);
    await expect(page.locator('.ticket').first()).toContainText('1101**********');
    await expect(page.locator('.ticket').first()).not.toContainText(adultId);
    await shot(page, lang, '13-pay-success');

    // The order record lists it as completed.
    await page.goto('/individualCustomers/order/orderRecord');
    await expect(page.locator('.order-item').first()).toContainText(T.completed);
    await piecesWhole(page);
    await shot(page, lang, '14-order-record');
    await page.locator('.order-item').first().click();
    await expect(page).toHaveURL(new RegExp(`/order/orderDetail/${orderId}$`));
    await expect(page.locator('.ticket-qr svg')).toHaveCount(2);
    await shot(page, lang, '15-order-detail');
    expect(refusedByCsp, 'nothing refused by the CSP').toEqual([]);
  });
}
