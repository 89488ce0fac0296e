/** The staff day screen's waiting room, live (docs/product.md §2.13): the server's clock is moved
 * to forty minutes before a day's release; a staff member opens that day, sees its waiting room
 * coming, then open with nobody admitted before the release, sees a visitor who enters the queue (by the API)
 * counted without a reload, and sees the admissions start at the release. In zh and en at 375x667,
 * each on the next day awaiting its release (the tests share the spec's server, whose clock only
 * moves forward). */
import { mkdirSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_STAFF } from '../../server/seed/accounts.ts';
import { addDays, museumMinute } from '../../src/domain/museumTime.ts';
import type { QueueFigures } from '../../src/domain/queueFigures.ts';
import { advanceServerClock, latestCode, newPhone, shot, sliderTokenByApi, staffLogin } from './helpers.ts';
import { noSidewaysScroll, useLanguage } from './looks.ts';
// The clock moved to a release is every visitor's: on a server of its own.
import { ownServerTest as test } from './ownServer.ts';

const SHOTS = '/work/shots/staffqueue';

const WORDS = {
  zh: {
    day: '当日运营',
    nextDay: '后一天',
    soon: (opens: string, at: string) => `${opens} 开放排队，${at} 开始放行`,
    before: (at: string) => `排队中：${at} 开始放行`,
    admitting: (at: string) => new RegExp(`^${at} 起放行中`),
    updated: /^更新于 \d\d:\d\d:\d\d，每2秒刷新$/,
    stale: /^\d\d:\d\d:\d\d 后未能更新，正在重试…$/,
  },
  en: {
    day: 'The day',
    nextDay: 'The day after',
    soon: (opens: string, at: string) => `Opens at ${opens}; admissions start at ${at}`,
    before: (at: string) => `Open: admissions start at ${at}`,
    admitting: (at: string) => new RegExp(`^Admitting since ${at}`),
    updated: /^Updated \d\d:\d\d:\d\d, every 2 s$/,
    stale: /^Not updated since \d\d:\d\d:\d\d: reading again…$/,
  },
} as const;

/** A call of the spec's own, as `token`. */
async function api<T>(request: APIRequestContext, method: 'get' | 'post', url: string, token: string, data?: object): Promise<T> {
  const r = (await (await request[method](`/prod-api${url}`, { headers: { Authorization: `Bearer ${token}` }, data })).json()) as {
    code: number;
    msg: string;
    data: T;
  };
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

/** The next day awaiting its release and its figures, as the staff's queue read says. */
async function nextRoom(request: APIRequestContext): Promise<{ date: string; figures: QueueFigures }> {
  const days = (await (await request.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
  const date = days.find((d) => d.state === 'notReleased')?.date;
  expect(date, 'a day awaiting its release in the demo calendar').toBeTruthy();
  const staff = (await (await request.post('/prod-api/staff/login', { data: DEMO_STAFF })).json()).data.token as string;
  return { date: date!, figures: await api<QueueFigures>(request, 'get', `/staff/queue?date=${date}`, staff) };
}

/** A new visitor takes a place in the day's line, through the API as her phone would; what keeps
 * her place (her page reads it every 3 s: a place not read for a minute is lost) as the clock moves. */
async function visitorEnters(request: APIRequestContext, date: string): Promise<{ token: string; ticket: string }> {
  const phone = newPhone();
  expect((await (await request.post('/prod-api/ingore/sendMessage', { data: { phone } })).json()).code).toBe(200);
  const login = await request.post('/prod-api/login', { data: { phone, code: await latestCode(request, phone) } });
  const token = (await login.json()).data.token as string;
  const status = await api<{ state: string; ticket: string }>(request, 'post', '/queue/enter', token, {
    date,
    captchaToken: await sliderTokenByApi(request),
  });
  expect(status.state).toBe('waiting');
  return { token, ticket: status.ticket };
}

/** Moves the server's clock to `at` in steps of 20 s, the visitor reading her place after each,
 * as her page would (every 3 s, or 15 s with its stream). A read keeps the place at the instance's
 * next copy of the line, which may be the read after it (docs/architecture.md §12): two steps
 * stay inside the 60 s a place is kept without a read. */
async function waitInLine(request: APIRequestContext, visitor: { token: string; ticket: string }, at: number) {
  for (let now = await advanceServerClock(request, 1); now < at; now = await advanceServerClock(request, Math.min(20_000, at - now))) {
    await api(request, 'post', '/queue/position', visitor.token, { ticket: visitor.ticket });
  }
}

/** From the day screen's today on to `date`, a day at a time. */
async function openDay(page: Page, date: string, nextDay: string) {
  const shown = page.getByTestId('day-date');
  await expect(shown).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  for (let d = (await shown.textContent())!; d < date; d = addDays(d, 1)) {
    await page.getByRole('button', { name: nextDay }).click();
    await expect(shown).toHaveText(addDays(d, 1));
  }
}

async function screenshot(page: Page, lang: string, name: string) {
  await noSidewaysScroll(page);
  await shot(page, lang, name);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, animations: 'disabled', scale: 'css' });
}

for (const lang of ['zh', 'en'] as const) {
  test(`the day screen shows the waiting room of a release live (${lang})`, async ({ page, ownServer }) => {
    test.setTimeout(240_000);
    const T = WORDS[lang];
    const { date, figures } = await nextRoom(ownServer.api);
    const release = figures.releaseAt!;
    const at = museumMinute(new Date(release)).slice(11);
    const opens = museumMinute(new Date(figures.opensAt!)).slice(11);
    // Forty minutes before the release (a move is at most a day): the room opens in 25.
    for (let left = release - 2_400_000 - figures.now; left > 0; left -= 86_400_000) await advanceServerClock(ownServer.api, Math.min(left, 86_400_000));

    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await page.getByRole('link', { name: T.day, exact: true }).click();
    await openDay(page, date, T.nextDay);
    const room = page.getByTestId('day-room');
    const figure = (key: string) => room.locator(`[data-figure="${key}"] dd`);
    await expect(page.getByTestId('day-room-phase')).toHaveText(T.soon(opens, at));
    await screenshot(page, lang, '159-staff-room-soon');

    // Five minutes before the release: the card sees the room open, without a reload.
    await advanceServerClock(ownServer.api, 2_100_000);
    await expect(page.getByTestId('day-room-phase')).toHaveText(T.before(at));
    await expect(figure('waiting')).toHaveText('0');
    await expect(figure('admitted')).toHaveText('0');

    // A visitor takes her place: counted on the screen without a reload (read every 2 s).
    const visitor = await visitorEnters(ownServer.api, date);
    await expect(figure('waiting')).toHaveText('1');
    await expect(figure('lastWait')).toHaveText(/^[45]:\d\d$/);
    await room.scrollIntoViewIfNeeded();
    await screenshot(page, lang, '160-staff-room-before');

    // The network drops: the figures stay, with the time they were read, and the reads go on.
    const read = page.getByTestId('day-room-read');
    await expect(read).toHaveText(T.updated);
    await page.route('**/prod-api/staff/queue?*', (route) => route.abort());
    await expect(read).toHaveText(T.stale);
    await expect(figure('waiting')).toHaveText('1');
    await screenshot(page, lang, '162-staff-room-stale');
    await page.unroute('**/prod-api/staff/queue?*');
    await expect(read).toHaveText(T.updated);

    // The release comes: she is admitted at the next round, and has not ordered yet.
    await waitInLine(ownServer.api, visitor, release + 1000);
    await expect(page.getByTestId('day-room-phase')).toHaveText(T.admitting(at));
    await expect(figure('waiting')).toHaveText('0');
    await expect(figure('inPlay')).toHaveText('1');
    await expect(figure('admitted')).toHaveText('1');
    await room.scrollIntoViewIfNeeded();
    await screenshot(page, lang, '161-staff-room-admitting');
  });
}
