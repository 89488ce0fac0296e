/** Invoices issued by finance, over HTTP: the requested, issued and flagged lists;
 * one invoice in full; issuing it exactly once (two clerks at once) for the order's amount left
 * at that moment, with a number and a one-page PDF that says the invoice's fields; the visitor
 * sees it issued and downloads it (her token, or the signed link), nobody else; refunds after
 * issue flag it; who may do what; the audit. On PGlite and PostgreSQL. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FINANCE, DEMO_GATE, DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { creditCodeCheckChar } from '../../src/domain/fields.ts';
import { invoiceNumberOf } from '../../src/domain/invoiceIssue.ts';
import { museumDate } from '../../src/domain/museumTime.ts';
import type { InvoiceDetail, InvoicePdfLink, InvoiceSummary, Page, StaffInvoice } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { groupKit } from './groupKit.ts';
import { assertStockInvariant, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { readPdf } from './pdfText.ts';

let t: TestApp;
let finance: string;
let admin: string;
const { pay, teamToken } = groupKit(() => t);
const ADULT = '1990-01-01';
let phoneSeq = 0;
const newPhone = () => `1360000${String(++phoneSeq).padStart(4, '0')}`;
const first17 = '91110108MA01ABCDE';
const CREDIT_CODE = first17 + creditCodeCheckChar(first17);

beforeAll(async () => {
  t = await makeApp();
  finance = (await t.call('POST', '/staff/login', { body: DEMO_FINANCE })).data.token;
  admin = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** A new visitor's paid order of `n` adults in the main hall, and her invoice requested for it. */
async function requested(n = 2, title = '北京科普之友文化有限公司') {
  const token = await t.tokenFor(newPhone());
  const hall = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!;
  const visitors = Array.from({ length: n }, (_, i) => ({
    name: `游客${'甲乙丙丁'[i]}`,
    birth: ADULT,
    ticketPriceId: priceOf(hall, 'adult'),
    seq: String(700 + i),
  }));
  const placed = await t.call('POST', '/config/orderRule/placeOrder', {
    token,
    body: orderRequest(OPEN_DAY, hall.hallId, hall.scheduleTicketPoolVOS[0].hallScheduleId, visitors, await t.captchaToken()),
  });
  expect(placed.code, placed.msg).toBe(200);
  const orderId = placed.data.orderId as number;
  await pay(token, orderId);
  const applied = await t.call<InvoiceDetail>('POST', '/invoice/apply', {
    token,
    body: { orderId, titleType: 2, title, taxNumber: CREDIT_CODE, addressPhone: '北京市朝阳区北辰东路5号 010-59041000', email: 'finance@example.com' },
  });
  expect(applied.code, applied.msg).toBe(200);
  const tickets = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token })).data.tickets as Array<{ ticketId: number }>;
  return { token, orderId, invoice: applied.data, ticketIds: tickets.map((x) => x.ticketId) };
}

const issue = (id: number, token = finance, lang: 'zh' | 'en' = 'en') => t.call<StaffInvoice>('POST', `/staff/invoices/${id}/issue`, { token, lang });
const list = async (state: 'requested' | 'issued' | 'flagged', token = finance) =>
  (await t.call<Page<InvoiceSummary>>('GET', `/staff/invoices?state=${state}&pageNum=1&pageSize=50`, { token })).data;
const refund = (token: string, ticketIds: number[]) => t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds } });
const download = (url: string, token?: string, lang: 'zh' | 'en' = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/prod-api${url}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), language: lang === 'en' ? 'en_us' : 'zh_cn' },
  });

describe('finance issues a requested invoice', () => {
  it('lists it, issues it once for the amount left, with its number and a PDF that says its fields; audited', async () => {
    const v = await requested(2);
    // One of the two tickets refunded before the issue: the invoice follows the order.
    expect((await refund(v.token, [v.ticketIds[0]])).code).toBe(200);
    const waiting = await list('requested');
    expect(waiting.rows[0]).toMatchObject({ invoiceId: v.invoice.invoiceId, state: 'requested', amount: 3000, invoiceNumber: null, flagged: false });
    const before = await t.call<StaffInvoice>('GET', `/staff/invoices/${v.invoice.invoiceId}`, { token: finance });
    expect(before.data).toMatchObject({
      orderAmount: 6000,
      orderRefunded: 3000,
      amount: 3000,
      taxNumber: CREDIT_CODE,
      issuedBy: null,
      orderStatus: 'partlyRefunded',
    });

    const issued = await issue(v.invoice.invoiceId);
    expect(issued.code, issued.msg).toBe(200);
    const number = invoiceNumberOf(v.invoice.invoiceId, museumDate(t.now()));
    expect(issued.data).toMatchObject({ state: 'issued', amount: 3000, invoiceNumber: number, issuedBy: DEMO_FINANCE.username, flagged: false });
    expect(issued.data.issueTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await list('requested')).rows.some((r) => r.invoiceId === v.invoice.invoiceId)).toBe(false);
    expect((await list('issued')).rows[0]).toMatchObject({ invoiceId: v.invoice.invoiceId, invoiceNumber: number });

    // A second issue: refused in the clerk's language, the invoice unchanged.
    expect((await issue(v.invoice.invoiceId)).msg).toBe('This invoice has already been issued');
    expect((await issue(v.invoice.invoiceId, finance, 'zh')).msg).toBe('该发票已开具，不能重复开具');

    const file = await download(`/staff/invoices/${v.invoice.invoiceId}/pdf`, finance);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = readPdf(file.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.info).toMatchObject({ Title: `电子发票 ${number}`, Author: '科技馆' });
    for (const field of [
      number,
      museumDate(t.now()),
      issued.data.orderNumber,
      '北京科普之友文化有限公司',
      CREDIT_CODE,
      '北京市朝阳区北辰东路5号 010-59041000',
      '门票',
      '¥30.00',
      '叁拾元整',
      'finance@example.com',
    ]) {
      expect(pdf.lines, `${field} in ${JSON.stringify(pdf.lines)}`).toContain(field);
    }
    expect(pdf.lines).toContain('科技馆 Science and Technology Museum');
    // The document is kept as issued: the same bytes for the visitor.
    const mine = await download(`/invoice/${v.invoice.invoiceId}/pdf`, v.token);
    expect(Buffer.compare(mine.rawPayload, file.rawPayload)).toBe(0);

    const audits = await t.db.query<{ action: string; detail: { invoiceNumber: string; amount: number } }>(
      `SELECT action, detail FROM staff_audit WHERE subject = $1`,
      [`invoice:${v.invoice.invoiceId}`],
    );
    expect(audits).toEqual([{ action: 'issueInvoice', detail: { invoiceNumber: number, orderNumber: issued.data.orderNumber, amount: 3000 } }]);
    // And the database keeps it as issued, whatever a later statement tries.
    await expect(t.db.query(`UPDATE invoices SET amount = 1 WHERE id = $1`, [v.invoice.invoiceId])).rejects.toThrow(/issued and cannot change/);
  });

  it('two clerks issue the same invoice at once: one number, one PDF, one audit; the other is refused', async () => {
    const v = await requested(1);
    const other = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
    const answers = await Promise.all([issue(v.invoice.invoiceId), issue(v.invoice.invoiceId, other, 'zh')]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 500]);
    expect(answers.find((a) => a.code === 500)!.msg).toMatch(/^(This invoice has already been issued|该发票已开具，不能重复开具)$/);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit WHERE subject = $1 AND action = 'issueInvoice'`, [
      `invoice:${v.invoice.invoiceId}`,
    ]);
    expect(n).toBe(1);
  });

  it('an order refunded in full meanwhile cannot be issued: a clear refusal in zh and en', async () => {
    const v = await requested(1);
    expect((await refund(v.token, v.ticketIds)).code).toBe(200);
    expect((await list('requested')).rows.find((r) => r.invoiceId === v.invoice.invoiceId)).toMatchObject({ amount: 0 });
    expect((await issue(v.invoice.invoiceId)).msg).toBe('The order has been refunded in full: there is nothing left to invoice');
    expect((await issue(v.invoice.invoiceId, finance, 'zh')).msg).toBe('该订单已全额退款，无可开票金额，不能开具');
    expect((await t.call<InvoiceDetail>('GET', `/invoice/${v.invoice.invoiceId}`, { token: v.token })).data).toMatchObject({
      state: 'requested',
      invoiceNumber: null,
    });
    expect((await issue(2_000_000_000, finance, 'zh')).msg).toBe('发票不存在');
    expect((await t.call('GET', '/staff/invoices/2000000000', { token: finance, lang: 'en' })).msg).toBe('The invoice does not exist');
  });
});

describe('the visitor and her issued invoice', () => {
  it('sees it issued with its number and downloads it; nobody else does; a requested one has no file', async () => {
    const v = await requested(1, '张三');
    const notYet = await download(`/invoice/${v.invoice.invoiceId}/pdf`, v.token, 'zh');
    expect(notYet.json()).toMatchObject({ code: 500, msg: '发票尚未开具，暂无可下载的文件' });
    expect((await download(`/invoice/${v.invoice.invoiceId}/pdf`, v.token)).json().msg).toBe(
      'The invoice has not been issued yet: there is no file to download',
    );
    expect((await t.call('GET', `/invoice/${v.invoice.invoiceId}/pdfLink`, { token: v.token, lang: 'en' })).msg).toMatch(/has not been issued yet/);
    await issue(v.invoice.invoiceId);

    const detail = (await t.call<InvoiceDetail>('GET', `/invoice/${v.invoice.invoiceId}`, { token: v.token })).data;
    expect(detail).toMatchObject({
      state: 'issued',
      invoiceNumber: invoiceNumberOf(v.invoice.invoiceId, museumDate(t.now())),
      amount: 3000,
      flagged: false,
      refundedAfterIssue: 0,
    });
    expect(detail.issueTime).not.toBeNull();
    const mine = await download(`/invoice/${v.invoice.invoiceId}/pdf`, v.token);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect(readPdf(mine.rawPayload).lines).toContain('张三');

    // Another visitor, a team, a staff token, no token: refused.
    const stranger = await t.tokenFor(newPhone());
    expect((await download(`/invoice/${v.invoice.invoiceId}/pdf`, stranger)).json()).toMatchObject({ code: 500, msg: 'The invoice does not exist' });
    const team = await teamToken(DEMO_SCHOOL.creditCode);
    expect((await download(`/invoice/${v.invoice.invoiceId}/pdf`, team)).json().code).toBe(401);
    expect((await download(`/invoice/${v.invoice.invoiceId}/pdf`, finance)).json().code).toBe(401);
    expect((await download(`/invoice/${v.invoice.invoiceId}/pdf`)).json().code).toBe(401);
    expect((await t.call('GET', `/invoice/${v.invoice.invoiceId}/pdfLink`, { token: stranger, lang: 'en' })).msg).toBe('The invoice does not exist');

    // The link the page opens in the chat app: no token, a few minutes, only as signed.
    const link = (await t.call<InvoicePdfLink>('GET', `/invoice/${v.invoice.invoiceId}/pdfLink`, { token: v.token })).data;
    expect(link.url).toMatch(/^\/prod-api\/ingore\/invoice\/pdf\?/);
    const byLink = await t.app.inject({ method: 'GET', url: link.url });
    expect(Buffer.compare(byLink.rawPayload, mine.rawPayload)).toBe(0);
    const forged = link.url.replace(/id=\d+/, `id=${v.invoice.invoiceId + 1}`);
    expect((await t.app.inject({ method: 'GET', url: forged, headers: { language: 'en_us' } })).json().msg).toBe(
      'The download link has expired: download again from the invoice',
    );
    t.advance(5 * 60_000 + 1);
    expect((await t.app.inject({ method: 'GET', url: link.url, headers: { language: 'zh_cn' } })).json().msg).toBe('下载链接已失效，请返回发票详情重新下载');
  });
});

describe('refunds after issue', () => {
  it('flag the issued invoice with the money refunded since; the visitor and the flagged list see it', async () => {
    const v = await requested(2);
    await issue(v.invoice.invoiceId);
    expect((await refund(v.token, [v.ticketIds[1]])).code).toBe(200);
    const detail = (await t.call<InvoiceDetail>('GET', `/invoice/${v.invoice.invoiceId}`, { token: v.token })).data;
    // The invoice stays as issued (6000), flagged with the 3000 refunded since.
    expect(detail).toMatchObject({ state: 'issued', amount: 6000, flagged: true, refundedAfterIssue: 3000 });
    expect(detail.refundedAfterIssueTime).not.toBeNull();
    expect((await list('flagged')).rows[0]).toMatchObject({ invoiceId: v.invoice.invoiceId, flagged: true });
    expect((await refund(v.token, [v.ticketIds[0]])).code).toBe(200);
    expect((await t.call<StaffInvoice>('GET', `/staff/invoices/${v.invoice.invoiceId}`, { token: finance })).data).toMatchObject({
      refundedAfterIssue: 6000,
      orderRefunded: 6000,
      orderStatus: 'refunded',
      amount: 6000,
    });
    // An invoice never issued is not flagged by a refund.
    const w = await requested(2);
    expect((await refund(w.token, [w.ticketIds[0]])).code).toBe(200);
    expect((await list('flagged')).rows.some((r) => r.invoiceId === w.invoice.invoiceId)).toBe(false);
  });
});

describe('who may', () => {
  it('finance and admins; a gate account is refused; visitor and team tokens are refused', async () => {
    const v = await requested(1);
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    for (const [method, url] of [
      ['GET', '/staff/invoices?state=requested'],
      ['GET', `/staff/invoices/${v.invoice.invoiceId}`],
      ['POST', `/staff/invoices/${v.invoice.invoiceId}/issue`],
    ] as const) {
      const refused = await t.call(method, url, { token: gate, lang: 'en' });
      expect(refused, url).toMatchObject({ code: 403, msg: 'Your staff role may not do this' });
      expect((await t.call(method, url, { token: gate, lang: 'zh' })).msg).toBe('您的岗位无此权限');
      expect((await t.call(method, url, { token: v.token })).code, url).toBe(401);
    }
    expect((await download(`/staff/invoices/${v.invoice.invoiceId}/pdf`, gate)).json().code).toBe(403);
    expect((await download(`/staff/invoices/${v.invoice.invoiceId}/pdf`, v.token)).json().code).toBe(401);
    expect((await list('requested', admin)).rows.some((r) => r.invoiceId === v.invoice.invoiceId)).toBe(true);
    expect((await t.call('GET', '/staff/invoices?state=void', { token: finance, lang: 'en' })).msg).toBe('Invalid request parameter: state');
  });
});
