/** After a paid order: a company invoice is refused for a wrong tax number, fixed, sent and
 * listed as requested; the missed-visit record says the account is fine; the order's short
 * link opens without login. Then finance issues a requested invoice in the staff console and
 * downloads it, and the visitor sees it issued and downloads the PDF. In zh and in en. The paid order is set up through the API
 * (the booking screens have their own test, book.spec.ts). */
import { expect, test, type Page } from '@playwright/test';
import { creditCodeCheckChar } from '../../src/domain/fields.ts';
import type { OrderDetail } from '../../src/domain/types.ts';
import { formatMoney } from '../../src/ui/money.ts';
import { fill, mainlandId, shot } from './helpers.ts';
import { data, payByApi, unpaidOrder } from './orderKit.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const first17 = '91110108MA01ABCDE';
const CREDIT_CODE = first17 + creditCodeCheckChar(first17);
const WRONG_CODE = first17 + (CREDIT_CODE[17] === '0' ? '1' : '0');

const TEXT = {
  zh: {
    apply: '申请开票',
    history: '开票记录',
    choose: '开票',
    company: '单位',
    titlePlaceholder: '请输入单位名称',
    taxPlaceholder: '请输入18位统一社会信用代码',
    emailPlaceholder: '用于接收电子发票',
    submit: '提交申请',
    titleEmpty: '发票抬头不能为空',
    wrongTax: '统一社会信用代码格式不正确',
    requested: '已申请',
    notBlacklisted: '您的账户状态正常，可以预约',
    companyName: '北京科普之友文化有限公司',
  },
  en: {
    apply: 'Request an invoice',
    history: 'Invoice history',
    choose: 'Invoice',
    company: 'Company',
    titlePlaceholder: 'Company name',
    taxPlaceholder: '18-character unified social credit code',
    emailPlaceholder: 'The invoice is sent here',
    submit: 'Submit request',
    titleEmpty: 'Invoice title cannot be empty',
    wrongTax: 'Please enter a correct unified social credit code',
    requested: 'Requested',
    notBlacklisted: 'Your account is in good standing; you can book',
    companyName: 'Science Friends Culture Ltd',
  },
} as const;

/** A new visitor with one paid adult ticket, through the API. Returns the token and the paid order. */
async function paidOrder(page: Page): Promise<{ token: string; order: OrderDetail }> {
  const placed = await unpaidOrder(page, ['王五']);
  await payByApi(page, placed);
  const order = await data<OrderDetail>(
    await page.request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${placed.orderId}`, { headers: { Authorization: `Bearer ${placed.token}` } }),
  );
  expect(order.status).toBe('completed');
  return { token: placed.token, order };
}

for (const lang of ['zh', 'en'] as const) {
  test(`a paid order gets a company invoice; missed visits; the shared order (${lang})`, async ({ page, context, baseURL }) => {
    const T = TEXT[lang];
    const { token, order } = await paidOrder(page);
    await context.addCookies([{ name: 'ticket_token_individual', value: encodeURIComponent(token), url: baseURL! }]);
    if (lang === 'en') await context.addInitScript(() => localStorage.setItem('language', 'en'));

    // invoice/index -> chooseOrder: the paid order is listed.
    await page.goto('/individualCustomers/invoice/index');
    await expect(page.getByText(T.apply)).toBeVisible();
    await shot(page, lang, '3x-01-invoice-index');
    await page.getByText(T.apply).click();
    await expect(page).toHaveURL(/\/invoice\/chooseOrder$/);
    const card = page.locator(`[data-order="${order.orderNumber}"]`);
    await expect(card).toBeVisible();
    await shot(page, lang, '3x-02-choose-order');
    await card.getByRole('button', { name: T.choose }).click();

    // editInvoiceInfo: the amount is the order's; empty and wrong fields get their messages.
    await expect(page).toHaveURL(new RegExp(`/invoice/editInvoiceInfo\\?orderId=${order.orderId}$`));
    await expect(page.getByTestId('invoice-amount')).toHaveText(formatMoney(order.amount));
    await page.getByRole('radio', { name: T.company }).click();
    await page.getByRole('button', { name: T.submit }).click();
    await expect(page.getByText(T.titleEmpty)).toBeVisible();
    await shot(page, lang, '3x-03-invoice-empty');
    await page.getByPlaceholder(T.titlePlaceholder).fill(T.companyName);
    await page.getByPlaceholder(T.taxPlaceholder).fill(WRONG_CODE);
    await page.getByPlaceholder(T.emailPlaceholder).fill('finance@example.com');
    await page.getByRole('button', { name: T.submit }).click();
    await expect(page.getByText(T.wrongTax)).toBeVisible();
    await expect(page.getByText(T.titleEmpty)).toHaveCount(0);
    await shot(page, lang, '3x-04-invoice-wrong-tax');
    await page.getByPlaceholder(T.taxPlaceholder).fill(CREDIT_CODE);
    await expect(page.getByText(T.wrongTax)).toHaveCount(0);
    await page.getByRole('button', { name: T.submit }).click();

    // invoiceDetail: requested.
    await expect(page).toHaveURL(/\/invoice\/invoiceDetail\?id=\d+$/);
    await expect(page.getByTestId('invoice-state')).toHaveText(T.requested);
    await expect(page.getByText(CREDIT_CODE)).toBeVisible();
    await shot(page, lang, '3x-05-invoice-detail');

    // invoiceHistory lists it; the order is no longer offered.
    await page.goto('/individualCustomers/invoice/invoiceHistory');
    const item = page.locator('.invoice-item').first();
    await expect(item).toContainText(T.companyName);
    await expect(item).toContainText(T.requested);
    await expect(item).toContainText(order.orderNumber);
    await shot(page, lang, '3x-06-invoice-history');
    await page.goto('/individualCustomers/invoice/chooseOrder');
    await expect(page.locator('.loading-overlay')).toHaveCount(0);
    await expect(page.locator(`[data-order="${order.orderNumber}"]`)).toHaveCount(0);

    // blackOrderList: a new visitor is not blacklisted.
    await page.goto('/individualCustomers/order/blackOrderList');
    await expect(page.getByTestId('block-status')).toContainText(T.notBlacklisted);
    await shot(page, lang, '3x-07-black-order-list');

    // repOrder: the short link of the paid order, with no login at all.
    expect(order.shortLinkFlag, 'a paid order has a short link').toBeTruthy();
    await context.clearCookies();
    await page.goto(`/repOrder/${order.shortLinkFlag}`);
    await expect(page).toHaveURL(new RegExp(`/repOrder/${order.shortLinkFlag}$`));
    await expect(page.getByText(order.orderNumber)).toBeVisible();
    await expect(page.getByText('1101**********', { exact: false }).first()).toBeVisible();
    await expect(page.getByText(mainlandId('1988-08-08'))).toHaveCount(0);
    await shot(page, lang, '3x-08-rep-order');
  });
}

const ISSUE_TEXT = {
  zh: {
    username: '用户名',
    login: '登录',
    invoices: '发票开具',
    issue: '开具发票',
    confirm: '确认开具',
    issued: '已开具',
    staffDownload: '下载 PDF',
    download: '下载电子发票（PDF）',
    hint: '发票已开具，可下载电子发票（PDF）',
    flagged: '开票后退款',
  },
  en: {
    username: 'Username',
    login: 'Log in',
    invoices: 'Invoices',
    issue: 'Issue the invoice',
    confirm: 'Issue',
    issued: 'Issued',
    staffDownload: 'Download the PDF',
    download: 'Download the invoice (PDF)',
    hint: 'The invoice is issued: download it as a PDF',
    flagged: 'Refunded since',
  },
} as const;

/** The bytes of the download a tap starts: a PDF. */
async function downloadedPdf(page: Page, tap: () => Promise<void>): Promise<{ name: string; head: string }> {
  const download = page.waitForEvent('download');
  await tap();
  const file = await download;
  const { readFileSync } = await import('node:fs');
  return {
    name: file.suggestedFilename(),
    head: readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  };
}

for (const lang of ['zh', 'en'] as const) {
  test(`finance issues a requested invoice in the console; the visitor sees it issued and downloads the PDF (${lang})`, async ({ page, context, baseURL }) => {
    const T = ISSUE_TEXT[lang];
    const { token, order } = await paidOrder(page);
    const requested = await data<{ invoiceId: number }>(
      await page.request.post('/prod-api/invoice/apply', {
        data: {
          orderId: order.orderId,
          titleType: 2,
          title: TEXT[lang].companyName,
          taxNumber: CREDIT_CODE,
          addressPhone: '北京市朝阳区北辰东路5号 010-59041000',
          email: 'finance@example.com',
        },
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    await useLanguage(page, lang);

    // The finance clerk: the console opens at the window payment, the invoices one tap away.
    await page.goto('/staff/login');
    await fill(page, T.username, 'finance');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/windowPayment$/);
    await page.getByRole('link', { name: T.invoices }).click();
    await expect(page).toHaveURL(/\/staff\/invoices$/);
    const card = page.locator(`[data-invoice="${requested.invoiceId}"]`);
    await expect(card).toContainText(TEXT[lang].companyName);
    await expect(card).toContainText(formatMoney(order.amount));
    await tapTarget(page.getByRole('tab').first());
    await noSidewaysScroll(page);
    await shot(page, lang, '3y-01-staff-invoices');

    // Open it, issue it after the confirmation, download it.
    await card.click();
    await expect(page.getByTestId('staff-invoice')).toContainText(CREDIT_CODE);
    await page.getByRole('button', { name: T.issue }).click();
    await expect(page.getByRole('dialog')).toContainText(formatMoney(order.amount));
    await page.getByRole('dialog').getByRole('button', { name: T.confirm, exact: true }).click();
    await expect(page.getByTestId('staff-invoice-state')).toHaveText(T.issued);
    const number = (await page.getByTestId('staff-invoice').locator('dd.mono').nth(2).textContent())!;
    expect(number).toMatch(/^FP\d{8}\d{6,}$/);
    await tapTarget(page.getByRole('button', { name: T.staffDownload }));
    await noSidewaysScroll(page);
    await noWordBrokenMidWord(page.getByTestId('staff-invoice'));
    await shot(page, lang, '3y-02-staff-invoice-issued');
    const staffFile = await downloadedPdf(page, () => page.getByRole('button', { name: T.staffDownload }).click());
    expect(staffFile).toEqual({ name: `invoice-${number}.pdf`, head: '%PDF-' });

    // The visitor: issued, with its number, and the PDF (in the chat app: the signed link the page opens).
    await context.addCookies([{ name: 'ticket_token_individual', value: encodeURIComponent(token), url: baseURL! }]);
    await page.goto(`/individualCustomers/invoice/invoiceDetail?id=${requested.invoiceId}`);
    await expect(page.getByTestId('invoice-state')).toHaveText(T.issued);
    await expect(page.getByText(T.hint)).toBeVisible();
    await expect(page.getByText(number)).toBeVisible();
    await tapTarget(page.getByRole('button', { name: T.download }));
    await noSidewaysScroll(page);
    await shot(page, lang, '3y-03-invoice-issued');
    const visitorFile = await downloadedPdf(page, () => page.getByRole('button', { name: T.download }).click());
    expect(visitorFile).toEqual({ name: `invoice-${number}.pdf`, head: '%PDF-' });

    // A refund after the issue: the visitor is told the invoice no longer matches, finance sees it flagged.
    await data(
      await page.request.post('/prod-api/order/refund/frontUserRefund', {
        data: { ticketIds: [order.tickets[0].ticketId] },
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    await page.reload();
    await whereTheEyeIs(page, page.getByTestId('invoice-flagged'));
    await expect(page.getByTestId('invoice-flagged')).toContainText(formatMoney(order.amount));
    await noWordBrokenMidWord(page.getByTestId('invoice-flagged'));
    await shot(page, lang, '3y-04-invoice-flagged');
    await page.goto('/staff/invoices');
    await page.getByRole('tab', { name: T.flagged }).click();
    await page.locator(`[data-invoice="${requested.invoiceId}"]`).click();
    await expect(page.getByTestId('staff-invoice-flag')).toContainText(formatMoney(order.amount));
    await shot(page, lang, '3y-05-staff-invoice-flagged');
  });
}
