/** What the booking e2e tests share: test data that passes (or breaks) the real rules,
 * the SMS outbox, the slider, and screenshots into reports/. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { creditCodeCheckChar } from '../../src/domain/fields.ts';
import { gb11643CheckChar } from '../../src/domain/certificates.ts';
import { TEST_CAPTCHA_GAP_X } from '../../server/providers/captcha.ts';
import { RESEND_MS } from '../../server/services/login.ts';
import type { CaptchaChallenge, DragSample } from '../../src/domain/captcha.ts';
import { accessible } from './a11y.ts';

export const SHOTS = 'reports/screens';

export async function shot(page: Page, lang: string, name: string): Promise<void> {
  // Popups mid-transition are shown as they end (finite CSS animations fast-forwarded), not waited for.
  // At 375x667 CSS pixels, the screen as laid out: a third of the time of the phone's 2x pixels.
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: false, animations: 'disabled', scale: 'css' });
  // Every screen shown is also checked as a screen reader and a low-vision eye meet it.
  await accessible(page, `${lang}-${name}`);
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

/** A slider token through the API, for a call the spec makes itself: `answer` says where the
 * challenge's gap is and the hand's trail to it. */
export async function captchaTokenByApi(
  api: APIRequestContext,
  answer: (challenge: CaptchaChallenge) => Promise<{ x: number; trail: DragSample[] }>,
): Promise<string> {
  const challenge = (await (await api.get('/prod-api/ingore/captchaImage')).json()).data as CaptchaChallenge;
  const { x, trail } = await answer(challenge);
  const r = (await (await api.post('/prod-api/ingore/captchaCheck', { data: { captchaId: challenge.captchaId, x, trail } })).json()) as {
    code: number;
    msg: string;
    data: { captchaToken: string };
  };
  expect(r.code, r.msg).toBe(200);
  return r.data.captchaToken;
}

/** The lanes' servers run the test slider (CAPTCHA=test): its gap is always at
 * TEST_CAPTCHA_GAP_X and the drag is not judged. slider.spec.ts drags the real one as a person. */
export const sliderTokenByApi = (api: APIRequestContext): Promise<string> =>
  captchaTokenByApi(api, async () => ({
    x: TEST_CAPTCHA_GAP_X,
    trail: [
      [0, 0],
      [TEST_CAPTCHA_GAP_X, 300],
    ],
  }));

/** Drags the test slider's piece onto its gap, and sees the sheet close. */
export async function solveSlider(page: Page): Promise<void> {
  await expect(page.locator('[data-testid=captcha-background]:visible')).toHaveCount(1);
  await dragSlider(page, TEST_CAPTCHA_GAP_X, 2);
  await expect(page.locator('[data-testid=captcha-background]:visible')).toHaveCount(0);
}

/** Presses the slider's handle, moves it `to` px right in `steps` moves, and lets go. With
 * `pause`, the n-th move comes `pause(n)` ms after the one before on the page's own clock
 * (`page.clock.install()` before the page loads): the drag's times are moved, not waited for. */
export async function dragSlider(page: Page, to: number, steps: number, pause?: (step: number) => number): Promise<void> {
  const box = (await page.getByRole('slider').locator('visible=true').boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // A second ahead of the page's time as read: on a busy machine the read and the pause can be
  // more than 100 ms apart, and a pause in the page's past is refused. Nothing is due meanwhile.
  if (pause) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    const p = step / steps;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    if (pause) await page.clock.runFor(pause(step));
    await page.mouse.move(startX + to * eased, y + (step % 3) - 1);
  }
  await page.mouse.up();
  if (pause) await page.clock.resume();
}

/** Logs a new visitor in through the real SMS and login calls and keeps the token the way
 * the app does (its cookie), for tests whose subject comes after the login. Before the first
 * page, too: the cookie is the server's, not a page's. The code is read from the dev outbox unless
 * `codeFor` reads it elsewhere (an SMS gateway). */
export async function loginByApi(page: Page, phone: string, codeFor = (phone: string) => latestCode(page, phone)): Promise<string> {
  const send = await page.request.post('/prod-api/ingore/sendMessage', { data: { phone } });
  expect((await send.json()).code).toBe(200);
  const code = await codeFor(phone);
  const login = await page.request.post('/prod-api/login', { data: { phone, code } });
  const token = (await login.json()).data.token as string;
  // The page's server is the one the calls went to: no page needs to be open for its cookie.
  await page.context().addCookies([{ name: 'ticket_token_individual', value: token, url: `http://${new URL(login.url()).hostname}` }]);
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
  await visitor
    .locator('input')
    .nth(1)
    .fill(mainlandId('1988-08-08', String(Date.now()).slice(-3)));
  await page.getByRole('button', { name: next }).click();
  await expect(page).toHaveURL(/\/select\/addAudienceSure$/);
  return date;
}

/** Fills the react-vant field whose label is exactly `label`. */
export async function fill(page: Page, label: string, value: string) {
  const exact = new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`);
  await page
    .locator('.rv-field')
    .filter({ has: page.locator('.rv-field__label', { hasText: exact }) })
    .locator('input, textarea')
    .first()
    .fill(value);
}

/** Types a school grade's counts on addAudience, field by label (its total is counted, not typed). */
export async function fillGrade(grade: Locator, counts: Array<readonly [label: string, value: string]>) {
  for (const [label, value] of counts) {
    await grade
      .locator('.rv-field')
      .filter({ has: grade.page().locator('.rv-field__label', { hasText: new RegExp(`^${label}$`) }) })
      .locator('input')
      .fill(value);
  }
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
