/** What the booking e2e tests share: test data that passes (or breaks) the real rules,
 * the SMS outbox, the slider, and screenshots into reports/. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { creditCodeCheckChar } from '../../src/domain/fields.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import { humanTrail } from '../drag.ts';
import { RESEND_MS } from '../../server/services/login.ts';

export const SHOTS = 'reports/screens';

export async function shot(page: Page, lang: string, name: string): Promise<void> {
  // Popups mid-transition are shown as they end (finite CSS animations fast-forwarded), not waited for.
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: false, animations: 'disabled' });
}

/** A valid mainland ID (Beijing, Dongcheng) for a birth date 'YYYY-MM-DD'. */
export function mainlandId(birthDate: string, sequence = '123'): string {
  const first17 = `110101${birthDate.replaceAll('-', '')}${sequence}`;
  return first17 + gb11643CheckChar(first17);
}

/** A fresh phone number per run: each run is a new visitor. */
export function newPhone(): string {
  return `139${String(Date.now()).slice(-8)}`;
}

/** The code last sent to `phone`, once the server has sent it (a tap on "send" does not wait for
 * it); asked of the page's server, or of the server `api` speaks to. */
export async function latestCode(from: Page | APIRequestContext, phone: string): Promise<string> {
  const request = 'request' in from ? from.request : from;
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/prod-api/dev/sms/outbox?phone=${phone}`);
      const body = (await response.json()) as { data: Array<{ code: string }> };
      code = body.data[0]?.code ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

/** Where the piece fits: the challenge is pixels only, so find it as a person does, by
 * matching the piece's picture against the background (Pearson correlation per column). */
export async function findGap(background: string, piece: string, pieceY: number): Promise<number> {
  const grey = async (dataUrl: string) => {
    const { data, info } = await sharp(Buffer.from(dataUrl.split(',')[1], 'base64')).greyscale().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width };
  };
  const bg = await grey(background);
  const pc = await grey(piece);
  const size = pc.width;
  const inner = 4; // skip the outlines
  let best = 0;
  let bestScore = -Infinity;
  for (let x = 0; x + size <= bg.width; x++) {
    let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0, n = 0;
    for (let y = inner; y < size - inner; y++) {
      for (let i = inner; i < size - inner; i++) {
        const a = pc.data[y * size + i];
        const b = bg.data[(pieceY + y) * bg.width + x + i];
        sa += a; sb += b; saa += a * a; sbb += b * b; sab += a * b; n++;
      }
    }
    const score = (n * sab - sa * sb) / Math.sqrt((n * saa - sa * sa) * (n * sbb - sb * sb) || 1);
    if (score > bestScore) [best, bestScore] = [x, score];
  }
  return best;
}

/** The slider answered over the API as a person does: the gap found in the picture, a hand's
 * drag, and on "Verification failed; please try again" a new puzzle (the gap finder misreads a
 * rare picture), up to three. */
export async function sliderTokenByApi(api: APIRequestContext): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const c = (await (await api.get('/prod-api/ingore/captchaImage')).json()).data as { captchaId: string; background: string; piece: string; pieceY: number };
    const x = await findGap(c.background, c.piece, c.pieceY);
    const r = (await (await api.post('/prod-api/ingore/captchaCheck', { data: { captchaId: c.captchaId, x, trail: humanTrail(x) } })).json()) as {
      code: number;
      msg: string;
      data: { captchaToken: string };
    };
    if (r.code === 200 || attempt === 3) {
      expect(r.code, r.msg).toBe(200);
      return r.data.captchaToken;
    }
  }
}

/** Drags the slider's piece onto the gap, the way a hand does: eased, over most of a second.
 * A person whose drag is refused tries the fresh puzzle; so does this, up to three times, so a
 * drag judged too even on a busy machine does not fail a test about something else. */
export async function solveSlider(page: Page): Promise<void> {
  const background = page.locator('[data-testid=captcha-background]:visible');
  for (let attempt = 1; ; attempt++) {
    await expect(background).toHaveCount(1);
    const source = await background.getAttribute('src');
    await dragOnce(page);
    // How the server judged it: the track turns green and the sheet closes, or it turns red and
    // a new puzzle replaces the old one 0.8 s later.
    let outcome = '';
    await expect
      .poll(
        async () => {
          // One look at the page (it may be navigating away on a pass): no locator that waits.
          const seen = await page.evaluate(() => {
            const visible = (selector: string) => [...document.querySelectorAll(selector)].find((e) => e.checkVisibility());
            return {
              failed: visible('.slider-captcha__track--failed') !== undefined,
              passed: visible('.slider-captcha__track--passed') !== undefined,
              src: visible('[data-testid=captcha-background]')?.getAttribute('src') ?? null,
            };
          });
          outcome = seen.failed || (seen.src !== null && seen.src !== source) ? 'failed' : seen.passed || seen.src === null ? 'passed' : '';
          return outcome;
        },
        { timeout: 15_000, intervals: [100] },
      )
      .not.toBe('');
    if (outcome === 'passed') return;
    if (attempt === 3) throw new Error('the slider refused three drags');
    await expect(background).not.toHaveAttribute('src', source!);
  }
}

async function dragOnce(page: Page): Promise<void> {
  const background = page.locator('[data-testid=captcha-background]:visible');
  const piece = page.locator('[data-testid=captcha-piece]:visible');
  const top = Number((await piece.evaluate((el) => (el as HTMLElement).style.top)).replace('px', ''));
  const target = await findGap((await background.getAttribute('src'))!, (await piece.getAttribute('src'))!, top);
  const handle = page.getByRole('slider').locator('visible=true');
  const box = (await handle.boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const steps = 24;
  for (let step = 1; step <= steps; step++) {
    const p = step / steps;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    await page.mouse.move(startX + target * eased, y + (step % 3) - 1);
    await page.waitForTimeout(30 + (step % 4) * 8);
  }
  await page.mouse.up();
}

/** Logs a new visitor in through the real SMS and login calls and keeps the token the way
 * the app does (its cookie), for tests whose subject comes after the login. */
export async function loginByApi(page: Page, phone: string): Promise<string> {
  const send = await page.request.post('/prod-api/ingore/sendMessage', { data: { phone } });
  expect((await send.json()).code).toBe(200);
  const code = await latestCode(page, phone);
  const login = await page.request.post('/prod-api/login', { data: { phone, code } });
  const token = (await login.json()).data.token as string;
  const origin = new URL(page.url() === 'about:blank' ? 'http://127.0.0.1' : page.url());
  await page.context().addCookies([{ name: 'ticket_token_individual', value: token, url: `http://${origin.hostname}` }]);
  return token;
}

/** From selectDate to the review screen: the main hall's first open session of the second
 * bookable day, one adult. Returns the chosen date. */
export async function reviewOneAdult(page: Page, name: string, next: string, dayIndex = 1): Promise<string> {
  // The booking notice is the subject of book.spec.ts; here it has been read already.
  await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
  await page.goto('/individualCustomers/select/selectDate');
  const day = page.locator('.day--available').nth(dayIndex);
  const date = (await day.getAttribute('data-date'))!;
  await day.click();
  await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
  await page.getByRole('button', { name: next }).click();
  const visitor = page.locator('.visitor').first();
  await visitor.locator('input').first().fill(name);
  await visitor.locator('input').nth(1).fill(mainlandId('1988-08-08', String(Date.now()).slice(-3)));
  await page.getByRole('button', { name: next }).click();
  await expect(page).toHaveURL(/\/select\/addAudienceSure$/);
  return date;
}

/** Fills the react-vant field whose label is exactly `label`. */
export async function fill(page: Page, label: string, value: string) {
  const exact = new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`);
  await page.locator('.rv-field').filter({ has: page.locator('.rv-field__label', { hasText: exact }) }).locator('input, textarea').first().fill(value);
}

/** Logs a demo staff account into the console through its login screen (in the page's language). */
export async function staffLogin(page: Page, lang: 'zh' | 'en', username = 'staff'): Promise<void> {
  await page.goto('/staff/login');
  await fill(page, lang === 'zh' ? '用户名' : 'Username', username);
  await page.locator('input[type=password]').fill('Museum2026');
  await page.getByRole('button', { name: lang === 'zh' ? '登录' : 'Log in', exact: true }).click();
}

/** A unified social credit code no earlier run has used, with its real check character. */
export function newCreditCode(): string {
  const first17 = `9111000${String(Date.now()).slice(-10)}`;
  return first17 + creditCodeCheckChar(first17);
}

/** The demo visitor (13800138000, seeded) logs in through the SMS outbox: a token for a spec's
 * tests in both languages. */
export const DEMO_PHONE = '13800138000';
export async function demoLogin(api: APIRequestContext): Promise<string> {
  await codeAllowed(api, DEMO_PHONE);
  const send = (await (await api.post('/prod-api/ingore/sendMessage', { data: { phone: DEMO_PHONE } })).json()) as { code: number; msg: string };
  expect(send.code, send.msg).toBe(200);
  const login = await api.post('/prod-api/login', { data: { phone: DEMO_PHONE, code: await latestCode(api, DEMO_PHONE) } });
  return (await login.json()).data.token as string;
}

/** Moves the demo's clock forward (the server runs with DEV_CLOCK=1); answers its time after. */
export async function advanceServerClock(from: Page | APIRequestContext, ms: number): Promise<number> {
  const request = 'request' in from ? from.request : from;
  const answer = (await (await request.post('/prod-api/dev/clock/advance', { data: { ms } })).json()) as { code: number; data: { now: number } };
  expect(answer.code).toBe(200);
  return answer.data.now;
}

/** One code a minute per phone: when this phone was sent one less than a minute ago (by the last
 * spec, or the login before), the server's clock is moved past the minute instead of waiting it. */
export async function codeAllowed(from: Page | APIRequestContext, phone: string): Promise<void> {
  const request = 'request' in from ? from.request : from;
  const outbox = (await (await request.get(`/prod-api/dev/sms/outbox?phone=${phone}`)).json()) as { data: Array<{ sentAt: number }> };
  const last = outbox.data[0];
  if (!last) return;
  const wait = last.sentAt + RESEND_MS - (await advanceServerClock(request, 1));
  if (wait > 0) await advanceServerClock(request, wait);
}
