/** What the gate's e2e tests share: a visitor who buys adult tickets of the main hall's first
 * open session on the first bookable day and pays, and a gate camera fed a ticket's picture. */
import { expect, type Page } from '@playwright/test';
import { loginByApi, mainlandId, newPhone, solveSlider } from './helpers.ts';
import { useLanguage } from './looks.ts';

const WORDS = {
  zh: { next: '下一步', submit: '提交订单', pay: '立即支付', addVisitor: /添加参观人/ },
  en: { next: 'Next', submit: 'Place order', pay: 'Pay now', addVisitor: /Add a visitor/ },
} as const;

/** A new visitor's paid order of one adult ticket per name; the page ends on its success page. */
export async function buyMainHall(page: Page, lang: 'zh' | 'en', names: string[]): Promise<{ orderId: string }> {
  const T = WORDS[lang];
  await useLanguage(page, lang);
  await loginByApi(page, newPhone());
  // The first bookable day: today when a session is still open, else a later day.
  await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
  await page.goto('/individualCustomers/select/selectDate');
  await page.locator('.day--available').first().click();
  await expect(page).toHaveURL(/\/select\/selectVenues/);
  await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
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
  await solveSlider(page);
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
