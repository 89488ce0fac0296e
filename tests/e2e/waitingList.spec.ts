/** The waiting list (zh, en): a visitor finds the full day, joins the short-term hall's first
 * session's list, pays and stands by; another account (the demo visitor, who holds tickets of
 * that session) refunds one; the first visitor's order turns succeeded with its QR code, and
 * she gets a text. */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { STANDING_BY_REFRESH_MS } from '../../machines/waitingList.machine.ts';
import { demoLogin, loginByApi, mainlandId, newPhone, shot, solveSlider } from './helpers.ts';

const TEXT = {
  zh: {
    entry: '场次已满？加入候补',
    submit: '支付并候补',
    pay: '立即支付',
    cashierPay: '确认支付',
    standing: '候补中：有余票退回时将按顺序为您兑现',
    paidHint: '已加入候补队列',
    succeeded: '候补成功：入馆二维码已生成',
    leave: '取消候补',
    sms: /候补成功/,
    name: '钱小满',
    nameRequired: '姓名不能为空',
    standingByTag: '候补中',
  },
  en: {
    entry: 'Sold out? Join a waiting list',
    submit: 'Pay and join',
    pay: 'Pay now',
    cashierPay: 'Pay',
    standing: 'On the waiting list: returned tickets are offered in order',
    paidHint: 'You are on the waiting list',
    succeeded: 'Filled: your entry QR codes are ready',
    leave: 'Leave the waiting list',
    sms: /候补成功/,
    name: '孙满仓',
    nameRequired: 'Name cannot be empty',
    standingByTag: 'On the waiting list',
  },
} as const;

// One demo login for both languages: a code per phone per minute.
test.describe.configure({ mode: 'serial' });
let demoToken = '';

/** The demo visitor logs in once for both languages. */
test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  demoToken = await demoLogin(api);
  await api.dispose();
});

/** The demo visitor refunds one ticket of their order on the full day. */
async function demoRefundsOne(request: APIRequestContext, date: string) {
  const headers = { authorization: `Bearer ${demoToken}` };
  const list = await (await request.get('/prod-api/order/OrderInfo/getOrderInfoByStatus?status=&pageNum=1&pageSize=50', { headers })).json();
  const mine = list.data.rows.find((o: { visitDate: string; status: string }) => o.visitDate === date && o.status !== 'refunded');
  const detail = await (await request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${mine.orderId}`, { headers })).json();
  const ticket = detail.data.tickets.find((x: { status: string }) => x.status === 'toBeChecked');
  const refund = await (await request.post('/prod-api/order/refund/frontUserRefund', { headers, data: { ticketIds: [ticket.ticketId] } })).json();
  expect(refund.code, refund.msg).toBe(200);
}

for (const lang of ['zh', 'en'] as const)
  test(`a visitor stands by for a full session and gets a returned ticket (${lang})`, async ({ page }) => {
    const T = TEXT[lang];
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    // The page's clock runs as usual, and is moved on to its next look at a standing-by order.
    await page.clock.install();
    const phone = newPhone();
    await loginByApi(page, phone);
    await page.goto('/individualCustomers/select/selectDate');
    await expect(page.locator('.day--soldOut').first()).toBeVisible();
    await page.getByRole('link', { name: T.entry }).scrollIntoViewIfNeeded();
    await shot(page, lang, '96-waiting-entry');
    await page.getByRole('link', { name: T.entry }).click();
    await expect(page).toHaveURL(/\/select\/waitingList$/);

    // The full day is the one with an open list.
    const day = page.locator('.chips .btn').first();
    const date = (await day.textContent())!.slice(0, 10);
    await shot(page, lang, '91-waiting-days');
    await day.click();
    await page.locator('[data-hall="temporary"] .session').first().click();
    await expect(page.locator('.visitor')).toHaveCount(1);
    // Nothing filled in: the rule shows where the eye is.
    await page.getByRole('button', { name: T.submit }).click();
    await expect(page.locator('.visitor').getByText(T.nameRequired)).toBeVisible();
    const visitor = page.locator('.visitor').first();
    await visitor.locator('input').first().fill(T.name);
    await visitor
      .locator('input')
      .nth(1)
      .fill(mainlandId('1991-04-04', lang === 'zh' ? '411' : '412'));
    await page.getByRole('checkbox').check();
    await shot(page, lang, '92-waiting-visitors');
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);

    // Paid up front like any order, then standing by.
    await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
    const orderId = page.url().split('/').pop();
    await page.getByRole('button', { name: T.pay }).click();
    await page.getByRole('button', { name: T.cashierPay, exact: true }).click();
    await expect(page).toHaveURL(/\/order\/paySuccess\/\d+$/);
    await expect(page.getByText(T.paidHint)).toBeVisible();
    await page.goto(`/individualCustomers/order/orderDetail/${orderId}`);
    await expect(page.getByText(T.standing)).toBeVisible();
    await expect(page.getByRole('button', { name: T.leave })).toBeVisible();
    await shot(page, lang, '93-waiting-standing-by');
    await page.goto('/individualCustomers/order/orderRecord');
    await expect(page.getByText(T.standingByTag).first()).toBeVisible();
    await shot(page, lang, '95-waiting-orders');
    await page.goto(`/individualCustomers/order/orderDetail/${orderId}`);
    await expect(page.getByText(T.standing)).toBeVisible();

    // Another account gives a ticket back: it goes to her, not to general sale.
    await demoRefundsOne(page.request, date);
    await page.clock.fastForward(STANDING_BY_REFRESH_MS);
    await expect(page.getByText(T.succeeded)).toBeVisible();
    await expect(page.getByRole('button', { name: T.leave })).toHaveCount(0);
    await shot(page, lang, '94-waiting-succeeded');
    await page.goto(`/individualCustomers/order/paySuccess/${orderId}`);
    await expect(page.locator('.ticket-qr svg')).toHaveCount(1);
    await expect.poll(async () => (await latestText(page.request, phone)) ?? '').toMatch(T.sms);
  });

async function latestText(request: APIRequestContext, phone: string): Promise<string | undefined> {
  const outbox = await (await request.get(`/prod-api/dev/sms/outbox?phone=${phone}`)).json();
  return (outbox.data as Array<{ text: string }>)[0]?.text;
}
