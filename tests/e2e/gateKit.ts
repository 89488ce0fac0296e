/** What the gate's e2e tests share: a visitor who buys adult tickets of a hall's first open
 * session on the first bookable day and pays, a gate camera fed a ticket's picture, and a
 * morning at the museum for a test that needs a ticket of today. */
import { expect, type Page } from '@playwright/test';
import { museumDate } from '../../src/domain/museumTime.ts';
import { advanceServerClock, loginByApi, mainlandId, newPhone, solveSlider } from './helpers.ts';
import { useLanguage } from './looks.ts';
import { ownServerTest, type OwnServer } from './ownServer.ts';

/** Only a ticket of today passes a gate, and after the day's last session none can be bought.
 * A test that needs one runs on an instance of its own (its spec file's) whose clock is moved
 * once to 08:00 of the next open day, and sets the page's clock, the gate device's, to the server's:
 * the same morning whatever the hour of the run. */
const movedToMorning = new WeakSet<OwnServer>();
export const morningTest = ownServerTest.extend<{ morning: number; morningServer: OwnServer }>({
  morningServer: [
    async ({ ownServer: server }, use) => {
      if (movedToMorning.has(server)) return use(server);
      movedToMorning.add(server);
      // The server's time without an account: a move of 1 ms answers it.
      const now = () => advanceServerClock(server.api, 1);
      const today = museumDate(new Date(await now()));
      const days = (await (await server.api.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
      const open = days.find((d) => d.date > today && d.state === 'available');
      expect(open, 'an open day after today in the demo calendar').toBeTruthy();
      // 08:00 museum time (+08:00) is 00:00 UTC of the same date. A move is at most a day.
      const morning = Date.parse(`${open!.date}T00:00:00Z`);
      for (let left = morning - (await now()); left > 0; left = morning - (await now())) await advanceServerClock(server.api, Math.min(left, 86_400_000));
      await use(server);
    },
    { timeout: 180_000 },
  ],
  morning: async ({ page, morningServer }, use) => {
    const now = await advanceServerClock(morningServer.api, 1);
    await page.clock.install({ time: now });
    await use(now);
  },
});

const WORDS = {
  zh: { next: '下一步', submit: '提交订单', pay: '立即支付', addVisitor: /添加参观人/ },
  en: { next: 'Next', submit: 'Place order', pay: 'Pay now', addVisitor: /Add a visitor/ },
} as const;

/** How the visitor gets in and past the slider, and where she books: by default the lane servers'
 * SMS outbox and test slider, and the main hall. */
export interface BuyWay {
  hall?: string;
  login?: (page: Page) => Promise<unknown>;
  slider?: (page: Page) => Promise<void>;
}

/** A new visitor's paid order of one adult ticket per name, in the first open session of `hall`
 * (its first ticket type); the page ends on its success page. */
export async function buyAndPay(
  page: Page,
  lang: 'zh' | 'en',
  names: string[],
  { hall = 'main', login = (p) => loginByApi(p, newPhone()), slider = solveSlider }: BuyWay = {},
): Promise<{ orderId: string }> {
  const T = WORDS[lang];
  await useLanguage(page, lang);
  await login(page);
  // The first day with a session of the hall still open: today's last one may be past, or called
  // off by a spec before on the same server, while the day stays bookable for the other halls.
  await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
  await page.goto('/individualCustomers/select/selectDate');
  const open = page.locator(`[data-hall="${hall}"] .session:not(.session--off)`);
  for (let day = 0; ; day++) {
    await page.locator('.day--available').nth(day).click();
    await expect(page).toHaveURL(/\/select\/selectVenues/);
    await expect(page.locator(`[data-hall="${hall}"]`)).toBeVisible();
    if ((await open.count()) > 0) break;
    await page.goBack();
    await expect(page).toHaveURL(/\/select\/selectDate/);
  }
  await open.first().click();
  await page.getByRole('button', { name: T.next }).click();
  const stamp = String(Date.now()).slice(-3);
  for (const [i, name] of names.entries()) {
    if (i > 0) await page.getByRole('button', { name: T.addVisitor }).click();
    const visitor = page.locator('.visitor').nth(i);
    await visitor.locator('input').first().fill(name);
    await visitor
      .locator('input')
      .nth(1)
      .fill(mainlandId(`198${i}-08-08`, stamp));
  }
  await page.getByRole('button', { name: T.next }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: T.submit }).click();
  await slider(page);
  await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
  const orderId = /payOrder\/(\d+)/.exec(page.url())![1];
  await page.getByRole('button', { name: T.pay }).click();
  await page.locator('button.pay').click();
  await expect(page).toHaveURL(/\/order\/paySuccess\/\d+$/);
  return { orderId };
}

/** Every camera this page opens films a white card, with the picture (a PNG, base64) on it: the
 * one given here, or the one `window.showTicket(png)` puts there later; as a phone held up to a gate. */
export async function fakeCamera(page: Page, png: string | null = null) {
  await page.addInitScript((first) => {
    const picture = new Image();
    let shown = false;
    const show = async (image: string) => {
      picture.src = `data:image/png;base64,${image}`;
      await picture.decode();
      shown = true;
    };
    (window as unknown as { showTicket: typeof show }).showTicket = show;
    if (first) void show(first);
    navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const context = canvas.getContext('2d')!;
      const draw = () => {
        context.fillStyle = '#fff';
        context.fillRect(0, 0, 640, 480);
        if (!shown) return;
        const scale = Math.min(400 / picture.width, 400 / picture.height);
        context.drawImage(picture, 320 - (picture.width * scale) / 2, 240 - (picture.height * scale) / 2, picture.width * scale, picture.height * scale);
      };
      draw();
      setInterval(draw, 100);
      return canvas.captureStream(10);
    };
  }, png);
}
