/** A gate hands out what a visitor collects (docs/product.md §4.1): a visitor books two tickets
 * of today and pays; the gate attendant opens the main hall and switches to handing out,
 * wristbands. The camera reads the first ticket: handed out, recorded on the server; the order
 * number typed hands out the other; typed again, refused as already collected. The network
 * goes: a hand-out is refused with what to do, never answered from the device's list. Back
 * online, in check-in mode, the collected ticket still lets its holder in. In zh and en, at
 * 375x667, on a morning at the museum (`morningTest`): only a ticket of today is handed out. */
import { expect } from '@playwright/test';
import { buyAndPay, fakeCamera, morningTest as test } from './gateKit.ts';
import { fill, shot } from './helpers.ts';
import { noSidewaysScroll, tapTarget } from './looks.ts';

const TEXT = {
  zh: {
    main: '主展厅',
    username: '用户名',
    login: '登录',
    orderNumber: '订单号',
    checkIn: '检票',
    handOut: '取票',
    wristband: '手环',
    collectOrder: '按订单取票',
    handedOne: '已取票：1 张（手环）',
    already: '已取票（手环',
    offlineRefusal: '网络不通：取票须在服务器登记',
    offlineNotice: '网络中断：取票须联网登记',
    in: '检票通过：1 张',
  },
  en: {
    main: 'Main exhibition hall',
    username: 'Username',
    login: 'Log in',
    orderNumber: 'Order number',
    checkIn: 'Check in',
    handOut: 'Hand out',
    wristband: 'Wristband',
    collectOrder: 'Hand out for the order',
    handedOne: 'Handed out: 1 × Wristband',
    already: 'Already collected (wristband',
    offlineRefusal: 'Offline: a collection must be recorded on the server',
    offlineNotice: 'Offline: a hand-out cannot be recorded',
    in: 'In: 1',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`a gate hands out wristbands for tickets, recorded on the server, and refuses to offline (${lang})`, async ({ page, context, request, morning }) => {
    expect(morning).toBeGreaterThan(0);
    const { orderId } = await buyAndPay(page, lang, ['林一', '林二']);
    await expect(page.locator('.ticket-qr')).toHaveCount(2);
    const first = (await page.locator('.ticket-qr').first().screenshot()).toString('base64');
    const headers = { authorization: `Bearer ${(await context.cookies()).find((c) => c.name === 'ticket_token_individual')!.value}` };
    const { orderNumber } = (await (await request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${orderId}`, { headers })).json()).data;

    await fakeCamera(page);
    await page.goto('/staff/login');
    await fill(page, T.username, 'gate');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await page.getByRole('button', { name: T.main }).click();
    const mode = page.getByTestId('gate-mode');
    await expect(mode.getByRole('radio', { name: T.checkIn })).toHaveAttribute('aria-checked', 'true');
    await mode.getByRole('radio', { name: T.handOut }).click();
    await mode.getByRole('radio', { name: T.wristband }).click();
    await expect(mode.getByRole('radio', { name: T.wristband })).toHaveAttribute('aria-checked', 'true');
    await tapTarget(mode.getByRole('radio', { name: T.handOut }));
    await tapTarget(mode.getByRole('radio', { name: T.wristband }));

    // The camera reads the first ticket: handed out, a wristband.
    await page.evaluate((png) => (window as unknown as { showTicket: (png: string) => Promise<void> }).showTicket(png), first);
    const answer = page.getByTestId('gate-answer');
    await expect(answer).toContainText(T.handedOne);
    await expect(answer).toHaveClass(/gate-answer--in/);
    await expect(answer).toContainText('林*');
    await noSidewaysScroll(page);
    await shot(page, lang, '98a-gate-collected');
    // The order number: the other ticket; typed again, both already collected.
    // The answer reads as the camera's did: wait for the server's, not for the words already there.
    await fill(page, T.orderNumber, orderNumber);
    const handedOut = page.waitForResponse((r) => r.url().endsWith('/staff/gate/collect'));
    await page.getByRole('button', { name: T.collectOrder }).click();
    await handedOut;
    await expect(answer).toContainText(T.handedOne);
    await expect(answer).toContainText('林*');
    await fill(page, T.orderNumber, orderNumber);
    await page.getByRole('button', { name: T.collectOrder }).click();
    await expect(answer).toHaveClass(/gate-answer--out/);
    await expect(answer).toContainText(T.already);

    // The network goes: a hand-out is refused where the eye is, and the gate says why.
    await context.setOffline(true);
    await fill(page, T.orderNumber, orderNumber);
    await page.getByRole('button', { name: T.collectOrder }).click();
    const refusal = page.getByRole('alert').filter({ hasText: T.offlineRefusal });
    await expect(refusal).toBeInViewport();
    await expect(mode).toContainText(T.offlineNotice);
    await expect(answer).toHaveCount(0);
    await noSidewaysScroll(page);
    await shot(page, lang, '98b-gate-collect-offline');

    // Back online, checking in: the collected ticket still lets its holder in.
    await context.setOffline(false);
    await expect(mode).not.toContainText(T.offlineNotice);
    await mode.getByRole('radio', { name: T.checkIn }).click();
    await page.evaluate((png) => (window as unknown as { showTicket: (png: string) => Promise<void> }).showTicket(png), first);
    await expect(answer).toContainText(T.in);
  });
}
