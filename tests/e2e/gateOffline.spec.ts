/** A gate through a short outage: a visitor books two tickets of today and pays; the
 * gate attendant opens the main hall online (its list of the day comes down), then the network
 * goes (context.setOffline). The camera reads the first ticket: green, offline, waiting to sync;
 * the order number typed lets the second in the same way, and typed again it is refused from
 * the device's queue. Meanwhile another gate, online, lets the second ticket in. The network
 * comes back: the gate syncs by itself, the first ticket is checked in, the second listed as a
 * duplicate; the visitor's order shows both checked. In zh and en, at 375x667, on a morning
 * at the museum (`morningTest`): only a ticket of today passes a gate. */
import { expect } from '@playwright/test';
import { museumDate } from '../../src/domain/museumTime.ts';
import { buyAndPay, fakeCamera, morningTest as test } from './gateKit.ts';
import { fill, shot } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget } from './looks.ts';

const TEXT = {
  zh: {
    main: '主展厅',
    username: '用户名',
    login: '登录',
    checkOrder: '按订单检票',
    orderNumber: '订单号',
    list: /离线名单：\d+ 张门票/,
    offline: '网络中断：按离线名单检票',
    inOffline: '离线检票通过：1 张',
    waiting: (n: number) => `${n} 条检票记录待同步`,
    queued: '本机已离线检票',
    synced: '已同步：1 张检票成功',
    duplicate: '重复检票',
    checked: '已检票',
    syncNow: '立即同步',
  },
  en: {
    main: 'Main exhibition hall',
    username: 'Username',
    login: 'Log in',
    checkOrder: 'Check in the order',
    orderNumber: 'Order number',
    list: /Offline list: \d+ tickets/,
    offline: 'Offline: answering from the list',
    inOffline: 'In (offline): 1',
    waiting: (n: number) => `${n} check-ins wait to sync`,
    queued: 'Already checked in offline here',
    synced: 'Synced: 1 checked in',
    duplicate: 'Duplicate',
    checked: 'Already checked in',
    syncNow: 'Sync now',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`a gate checks tickets in from its list while offline and syncs them after, duplicates listed (${lang})`, async ({
    page,
    context,
    request,
    morning,
  }) => {
    const { orderId } = await buyAndPay(page, lang, ['林一', '林二']);
    await expect(page.locator('.ticket-qr')).toHaveCount(2);
    const first = (await page.locator('.ticket-qr').first().screenshot()).toString('base64');
    const secondQr = (await page.locator('.ticket-qr').nth(1).getAttribute('data-qr'))!;
    const headers = { authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'ticket_token_individual')!.value}` };
    const order = async () => (await (await request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${orderId}`, { headers })).json()).data;
    const { orderNumber, visitDate } = await order();
    expect(visitDate, 'the first bookable day of a morning is today').toBe(museumDate(new Date(morning)));

    // The gate opens the main hall online: its list of the day comes down.
    await fakeCamera(page);
    await page.goto('/staff/login');
    await fill(page, T.username, 'gate');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/gate$/);
    await page.getByRole('button', { name: T.main }).click();
    const status = page.getByTestId('gate-status');
    await expect(status).toContainText(T.list);

    // The network goes. The first ticket: in, from the list, waiting to sync.
    await context.setOffline(true);
    await page.evaluate((png) => (window as unknown as { showTicket: (png: string) => Promise<void> }).showTicket(png), first);
    const answer = page.getByTestId('gate-answer');
    await expect(answer).toContainText(T.inOffline);
    await expect(answer).toContainText('林*');
    await expect(answer).toHaveClass(/gate-answer--in/);
    await expect(status).toContainText(T.offline);
    await expect(status).toContainText(T.waiting(1));
    // The order number typed: the second ticket goes in; typed again, refused from the queue.
    await fill(page, T.orderNumber, orderNumber);
    await page.getByRole('button', { name: T.checkOrder }).click();
    await expect(status).toContainText(T.waiting(2));
    await fill(page, T.orderNumber, orderNumber);
    await page.getByRole('button', { name: T.checkOrder }).click();
    await expect(answer).toHaveClass(/gate-answer--out/);
    await expect(answer).toContainText(T.queued);
    // The refusal at the top, under the offline banner, though the number was typed at the foot.
    await expect(answer.locator('.gate-answer__reason').first()).toBeInViewport({ ratio: 1 });
    await expect(status).toBeInViewport({ ratio: 1 });
    await noWordBrokenMidWord(status);
    await noSidewaysScroll(page);
    await tapTarget(page.getByRole('button', { name: T.syncNow }));
    await shot(page, lang, '97a-gate-offline');

    // Meanwhile another gate, online, lets the second ticket in.
    const admin = (await (await request.post('/prod-api/staff/login', { data: { username: 'staff', password: 'Museum2026' } })).json()).data.token as string;
    const halls = (await (await request.get(`/prod-api/pool/ingore/getHall?queryDate=${visitDate}&openPerson=1&saleMode=1`)).json()).data as Array<{
      hallId: number;
      hallKey: string;
    }>;
    const hallId = halls.find((h) => h.hallKey === 'main')!.hallId;
    const other = await request.post('/prod-api/staff/gate/checkIn', { headers: { authorization: `Bearer ${admin}` }, data: { hallId, qr: secondQr } });
    expect((await other.json()).data.passed).toBe(true);

    // The network comes back: the gate syncs by itself and lists the duplicate.
    await context.setOffline(false);
    const report = page.getByTestId('gate-report');
    await expect(report).toContainText(T.synced);
    await expect(report).toContainText(T.duplicate);
    await expect(report).toContainText(T.checked);
    await expect(status).not.toContainText(T.offline);
    await expect(status).not.toContainText(T.waiting(2));
    await noWordBrokenMidWord(report);
    await noSidewaysScroll(page);
    await shot(page, lang, '97b-gate-sync-report');
    // The visitor's order: both tickets checked, one of them by the offline gate's sync.
    expect((await order()).tickets.map((x: { status: string }) => x.status)).toEqual(['checked', 'checked']);
  });
}
