/** The waiting room at a release (docs/product.md §2.13): the server's clock is moved to 40 s
 * before a day's release; a visitor opens that day, solves the slider to take her place, waits
 * (nobody is let in before the release; with her place's stream open the page reads its place
 * every 15 s), is admitted when the release comes, told so by the stream within seconds of the
 * admissions' round (docs/architecture.md §12), sees the time left to submit; lets it run out on
 * the review, is taken back to the room with her visitors kept, is let in again and books. In zh
 * and en at 375x667, each on the next day awaiting its release
 * (the two tests share the spec's server, whose clock only moves forward). */
import { expect, type Page } from '@playwright/test';
import { advanceServerClock, loginByApi, mainlandId, newPhone, shot, solveSlider } from './helpers.ts';
import { noSidewaysScroll, useLanguage } from './looks.ts';
// The clock moved to a release is every visitor's: on a server of its own.
import { ownServerTest as test } from './ownServer.ts';

const WORDS = {
  zh: {
    next: '下一步',
    submit: '提交订单',
    next_: '马上轮到您',
    from: '20:00 开始放行',
    admitted: /^已轮到您：剩余 1:\d\d 可提交订单$/,
    kept: '您填写的参观人信息已保留',
  },
  en: {
    next: 'Next',
    submit: 'Place order',
    next_: 'You are next',
    from: 'Visitors are let in from 20:00',
    admitted: /^You are in: 1:\d\d left to submit$/,
    kept: 'Your visitors are kept',
  },
} as const;

/** The next day awaiting its release, and its release (epoch ms), as the server's pool says. */
async function nextRelease(page: Page): Promise<{ date: string; release: number }> {
  const days = (await (await page.request.get('/prod-api/pool/ingore/getCalendar')).json()).data as Array<{ date: string; state: string }>;
  const date = days.find((d) => d.state === 'notReleased')?.date;
  expect(date, 'a day awaiting its release in the demo calendar').toBeTruthy();
  const halls = (await (await page.request.get(`/prod-api/pool/ingore/getHall?queryDate=${date}&openPerson=1&saleMode=1`)).json()).data as Array<{
    scheduleTicketPoolVOS: Array<{ releaseTime: string | null }>;
  }>;
  const time = halls.flatMap((h) => h.scheduleTicketPoolVOS).find((s) => s.releaseTime)!.releaseTime!;
  return { date: date!, release: Date.parse(`${time.replace(' ', 'T')}+08:00`) };
}

/** Moves the server's clock to `at` (a move is at most a day). */
async function moveTo(page: Page, at: number) {
  for (let left = at - (await advanceServerClock(page, 1)); left > 0; left = at - (await advanceServerClock(page, 1))) {
    await advanceServerClock(page, Math.min(left, 86_400_000));
  }
}

for (const lang of ['zh', 'en'] as const) {
  test(`a visitor waits in the queue before a release, is admitted at the release and books (${lang})`, async ({ page }) => {
    test.setTimeout(240_000);
    const T = WORDS[lang];
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await loginByApi(page, newPhone());
    const { date, release } = await nextRelease(page);
    await moveTo(page, release - 40_000);

    // The page's clock is installed (it runs as usual) so that it can be held still at her turn.
    await page.clock.install();
    // The day awaiting its release opens its waiting room: the slider is solved at the door.
    await page.goto('/individualCustomers/select/selectDate');
    // For a visitor logged in, a day awaiting its release is a day a tap may open: not marked disabled.
    await page.locator(`.day[data-date="${date}"]`).click();
    const room = page.getByTestId('queue-room');
    await expect(room).toBeVisible();
    await expect(room).toContainText(date);
    await noSidewaysScroll(page);
    await shot(page, lang, '150-queue-join');
    const stream = page.waitForResponse((r) => r.url().includes('/queue/live?') && r.status() === 200);
    await solveSlider(page);

    // In line, first, with her place's stream open; nobody is let in before the release (the page
    // still reads its place, which keeps it, every 15 s).
    await stream;
    const opened = Date.now();
    await expect(page.getByTestId('queue-ahead')).toHaveText(T.next_);
    await expect(room).toContainText(T.from);
    await shot(page, lang, '151-queue-waiting');
    await page.waitForResponse((r) => r.url().includes('/queue/position'), { timeout: 30_000 });
    // Not 3 s: the stream's first push told the page it is followed.
    expect(Date.now() - opened).toBeGreaterThan(12_000);
    await expect(page.getByTestId('queue-ahead')).toHaveText(T.next_);

    // The release comes: the next round admits her and the stream says so. The page's clock is
    // held still (a second on, well before its next read), so no timer of the page can let her
    // in: only the push can, with one read (the admission's window) after it.
    const reads: string[] = [];
    page.on('request', (r) => void (r.url().includes('/queue/position') && reads.push(r.url())));
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await advanceServerClock(page, 41_000);
    await expect(room).toBeHidden();
    expect(reads).toHaveLength(1);
    await page.clock.resume();
    const open = page.locator('[data-hall="main"] .session:not(.session--off)');
    await expect(open.first()).toBeVisible();
    await open.first().click();
    await page.getByRole('button', { name: T.next }).click();

    // The time left to submit counts down on the visitor and review screens.
    const countdown = page.getByTestId('queue-countdown');
    await expect(countdown).toHaveText(T.admitted);
    const visitor = page.locator('.visitor').first();
    const name = lang === 'zh' ? '排队者' : '李雷';
    await visitor.locator('input').first().fill(name);
    await visitor
      .locator('input')
      .nth(1)
      .fill(mainlandId('1988-08-08', String(Date.now()).slice(-3)));
    await noSidewaysScroll(page);
    await shot(page, lang, '152-queue-admitted');
    await page.getByRole('button', { name: T.next }).click();
    await expect(countdown).toHaveText(T.admitted);
    await page.getByRole('checkbox').check();

    // Her time to submit runs out on the review (the server's two minutes pass): the submit takes
    // her back to the room, which says her visitors are kept; let in again, she finds them.
    await advanceServerClock(page, 121_000);
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);
    await expect(room).toContainText(T.kept);
    await noSidewaysScroll(page);
    await shot(page, lang, '153-queue-draft-kept');
    await solveSlider(page);
    await expect(room).toBeHidden();
    await expect(visitor.locator('input').first()).toHaveValue(name);
    await page.getByRole('button', { name: T.next }).click();
    await expect(countdown).toHaveText(T.admitted);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);
    await expect(page).toHaveURL(/\/order\/payOrder\/\d+$/);
  });
}
