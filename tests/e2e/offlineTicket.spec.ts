/** The e-ticket without signal (docs/product.md §2.12): a visitor books three tickets of today and
 * pays, opens her orders (the phone keeps her tickets), and at the entrance the network is gone:
 * "My tickets" opens from the phone's copy of the app (its service worker, docs/architecture.md
 * §10) with each QR, the names masked, "shown offline, last updated HH:mm". The first QR, read off
 * the screen (jsQR), passes the gate. A ticket refunded online is gone once the phone has been
 * online since, offline too; another account logged in on the same browser sees none of hers.
 * In zh and en, at 375x667, on an instance of its own whose morning is today's (`morningTest`:
 * only a ticket of today passes a gate). Then a new build is deployed (on an instance serving a
 * copy of the build): the phone installs it in the background, and a bar offers it. Service
 * workers are blocked in the other specs (playwright.config.ts). */
import { appendFileSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { buyAndPay, morningTest as test } from './gateKit.ts';
import { loginByApi, newPhone, SHOTS, shot } from './helpers.ts';
import { noSidewaysScroll, tapTarget } from './looks.ts';
import { startOwnServer } from './ownServer.ts';

// A phone at the museum: its own clock reads museum time ("last updated 08:0x").
test.use({ serviceWorkers: 'allow', timezoneId: 'Asia/Shanghai' });

const TEXT = {
  zh: {
    title: '我的门票',
    offline: /^离线显示，最后更新 \d\d:\d\d$/,
    main: '主展厅',
    none: '本机没有保存门票，请联网后打开“我的订单”',
    orders: '我的订单',
    update: '更新',
    ready: '新版本已就绪',
  },
  en: {
    title: 'My tickets',
    offline: /^Shown offline, last updated \d\d:\d\d$/,
    main: 'Main exhibition hall',
    none: 'No tickets kept on this phone: connect and open My orders',
    orders: 'My orders',
    update: 'Update',
    ready: 'A new version is ready',
  },
} as const;

const MY_TICKETS = '/individualCustomers/order/myTickets';
const OUR_SHOTS = '/work/shots/offline';

/** A screenshot as the other specs keep it, and a copy with this work's screens. */
async function keepShot(page: Page, lang: string, name: string) {
  await shot(page, lang, name);
  mkdirSync(OUR_SHOTS, { recursive: true });
  copyFileSync(`${SHOTS}/${lang}-${name}.png`, `${OUR_SHOTS}/${lang}-${name}.png`);
}

/** What a gate's camera reads off a picture of the screen: the picture on a white card, through jsQR. */
async function readQr(page: Page, png: Buffer): Promise<string | null> {
  const { data, width, height } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width + 80;
    canvas.height = image.height + 80;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 40, 40);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(pixels.data), width: pixels.width, height: pixels.height };
  }, png.toString('base64'));
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`"My tickets" opens without signal, its QR passes the gate, a refund online takes the ticket away, another account sees none (${lang})`, async ({
    page,
    context,
    morningServer,
    // The page's clock is the server's: its "today" is the tickets' day.
    morning: _morning,
  }) => {
    const api = morningServer.api;
    await buyAndPay(page, lang, ['林一', '林二', '林三']);
    const ana = (await context.cookies()).find((c) => c.name === 'ticket_token_individual')!;
    const bearer = { authorization: `Bearer ${ana.value}` };

    // Her orders, online: the phone keeps the tickets, and its copy of the app is installed.
    await page.goto('/individualCustomers/order/orderRecord');
    await expect(page.getByRole('link', { name: T.title })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (JSON.parse(localStorage.getItem('offlineTickets') ?? '{"tickets":[]}') as { tickets: unknown[] }).tickets.length))
      .toBe(3);
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null)).toBe('activated');

    // At the entrance: no signal. From the home screen (the app's start, the calendar, which
    // cannot load) the way to "My tickets", which opens from the phone.
    await context.setOffline(true);
    await page.goto('/individualCustomers/select/selectDate');
    const toTickets = page.getByRole('link', { name: T.title });
    await tapTarget(toTickets);
    await keepShot(page, lang, '98c-start-offline');
    await toTickets.click();
    await expect(page).toHaveURL(new RegExp(`${MY_TICKETS}$`));
    await expect(page.getByRole('status')).toHaveText(T.offline);
    const cards = page.locator('.kept-ticket');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(T.main);
    await expect(cards.first()).toContainText(/\d\d:\d\d-\d\d:\d\d/);
    await expect(cards.locator('strong')).toHaveText(['林*', '林*', '林*']);
    await expect(page.locator('body')).not.toContainText(/林[一二三]/);
    await expect(cards.locator('.ticket-qr svg')).toHaveCount(3);
    await noSidewaysScroll(page);
    await tapTarget(page.getByRole('link', { name: T.orders }));
    await keepShot(page, lang, '98a-my-tickets-offline');

    // The gate reads the first QR off the screen and lets it in.
    const [first, second, third] = await cards.evaluateAll((all) => all.map((card) => Number((card as HTMLElement).dataset.ticket)));
    const read = await readQr(page, await cards.first().locator('.ticket-qr').screenshot());
    expect(read).toBe(await cards.first().locator('.ticket-qr').getAttribute('data-qr'));
    const gate = (await (await api.post('/prod-api/staff/login', { data: { username: 'gate', password: 'Museum2026' } })).json()).data.token as string;
    const visitDate = (await cards.first().locator('.unbroken').first().textContent())!;
    const halls = (await (await api.get(`/prod-api/pool/ingore/getHall?queryDate=${visitDate}&openPerson=1&saleMode=1`)).json()).data as Array<{
      hallId: number;
      hallKey: string;
    }>;
    const checked = await api.post('/prod-api/staff/gate/checkIn', {
      headers: { authorization: `Bearer ${gate}` },
      data: { hallId: halls.find((h) => h.hallKey === 'main')!.hallId, qr: read },
    });
    expect((await checked.json()).data).toMatchObject({ passed: true, count: 1 });

    // The second ticket is refunded (at the window, or on another phone); this phone is online again.
    const refund = await (await api.post('/prod-api/order/refund/frontUserRefund', { headers: bearer, data: { ticketIds: [second] } })).json();
    expect(refund.code, refund.msg).toBe(200);
    await context.setOffline(false);
    await page.goto(MY_TICKETS);
    await expect(cards).toHaveCount(1);
    await expect(page.getByRole('status')).toHaveCount(0);
    // Offline again: the refunded ticket and the one checked in are gone from the phone too.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status')).toHaveText(T.offline);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toHaveAttribute('data-ticket', String(third));
    expect([first, second]).not.toContain(third);

    // Another visitor logs in on the same browser: none of the first one's tickets, offline or not.
    await context.setOffline(false);
    await loginByApi(page, newPhone());
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText(T.none)).toBeVisible();
    await expect(cards).toHaveCount(0);
    await expect(page.locator('.ticket-qr')).toHaveCount(0);
    // Back in the first account: her ticket is there again.
    await context.addCookies([ana]);
    await page.reload();
    await expect(cards).toHaveCount(1);
    await context.setOffline(false);
  });

  test(`a new version arrives in the background and a bar offers it (${lang})`, async ({ page }) => {
    // A museum's own deployment of this build, whose next build the test puts in place.
    const dist = mkdtempSync(path.join(tmpdir(), 'museum-dist-'));
    cpSync('dist', dist, { recursive: true });
    const server = await startOwnServer({ DEV_CLOCK: '1', CAPTCHA: 'test', DIST_DIR: dist });
    try {
      await page.addInitScript((l) => localStorage.setItem('language', l), lang);
      // The booking notice has been read: its sheet would lie over the bar.
      await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
      await page.goto(`${server.baseURL}/individualCustomers/select/selectDate`);
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null)).toBe('activated');
      // The next build is deployed: another service worker (its precache list would differ; here one line does).
      appendFileSync(path.join(dist, 'serviceWorker.js'), '\n// the next build\n');
      await page.reload();
      const bar = page.locator('#app-update');
      await expect(bar).toContainText(T.ready);
      const take = bar.getByRole('button', { name: T.update });
      await tapTarget(take);
      await noSidewaysScroll(page);
      await keepShot(page, lang, '98b-new-version');
      const reloaded = page.waitForEvent('framenavigated');
      await take.click();
      // The page reloads into the new version: the bar is gone, nothing waits any more.
      await reloaded;
      await page.waitForLoadState();
      await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
      await expect(bar).toHaveCount(0);
      await expect(page.locator('.day--available').first()).toBeVisible();
    } finally {
      await server.stop();
      rmSync(dist, { recursive: true, force: true });
    }
  });
}
