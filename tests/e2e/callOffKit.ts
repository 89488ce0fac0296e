/** Calling a session off in the staff console as an admin does (docs/product.md §2.7), for the
 * specs whose subject it is or that need it done: the day screen, the session's panel, the
 * reason refused until given in both languages, the sentence confirmed, every order settled. */
import { expect, type Page } from '@playwright/test';
import { museumDate } from '../../src/domain/museumTime.ts';
import { staffLogin } from './helpers.ts';

export const CALL_OFF_WORDS = {
  zh: {
    day: '当日运营',
    nextDay: '后一天',
    open: '取消场次…',
    ask: '取消该场次',
    needReason: '请填写中英文原因，游客将看到它',
    reasonZh: '原因（中文）',
    reasonEn: '原因（英文）',
    confirm: '确认取消',
    sentence: /^取消后不可恢复：\d+ 个已付款订单全额退款/,
    done: /^全部 \d+ 个订单已处理$/,
    refunded: '已全额退款',
    tag: '已取消',
    stop: '停售',
  },
  en: {
    day: 'The day',
    nextDay: 'The day after',
    open: 'Call the session off…',
    ask: 'Call it off',
    needReason: 'Give the reason in Chinese and English: visitors see it',
    reasonZh: 'Reason (Chinese)',
    reasonEn: 'Reason (English)',
    confirm: 'Call it off',
    sentence: /^This cannot be undone\. Paid orders refunded in full: \d+;/,
    done: /^Every order settled \(\d+\)$/,
    refunded: 'Refunded in full',
    tag: 'Called off',
    stop: 'Stop the sale',
  },
} as const;

/** Calls the session off as the admin `username` (the reason: a burst pipe), from the console's
 * login to every order settled; answers the session's card on the day screen. */
export async function callOffInConsole(
  page: Page,
  lang: 'zh' | 'en',
  { hallScheduleId, visitDate }: { hallScheduleId: number; visitDate: string },
  username = 'staff',
) {
  const T = CALL_OFF_WORDS[lang];
  await openDay(page, lang, visitDate, username);
  const session = page.locator(`[data-session="${hallScheduleId}"]`);
  await session.getByTestId('call-off-open').click();
  const panel = session.getByTestId('call-off');
  await panel.getByRole('button', { name: T.ask, exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: T.needReason })).toBeVisible();
  const field = (label: string) =>
    panel
      .locator('.rv-field')
      .filter({ has: page.locator('.rv-field__label', { hasText: new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}$`) }) })
      .locator('input');
  await field(T.reasonZh).fill('水管爆裂');
  await field(T.reasonEn).fill('A burst pipe');
  await panel.getByRole('button', { name: T.ask, exact: true }).click();
  await expect(page.getByTestId('call-off-confirm')).toHaveText(T.sentence);
  await page.getByRole('button', { name: T.confirm, exact: true }).last().click();
  // The job settles the orders; the panel reads the progress until all are settled.
  await expect(panel.getByTestId('call-off-state')).toHaveText(T.done, { timeout: 60_000 });
  await expect(panel.getByTestId('call-off-order').filter({ hasText: T.refunded }).first()).toBeVisible();
  // The card says so, and offers no sale's controls any more.
  await expect(session.locator('.card__title')).toContainText(T.tag);
  await expect(session.getByRole('button', { name: T.stop })).toHaveCount(0);
  return session;
}

/** The admin `username` logs in and opens the day screen on `date` (today or later). */
export async function openDay(page: Page, lang: 'zh' | 'en', date: string, username = 'staff') {
  const T = CALL_OFF_WORDS[lang];
  await staffLogin(page, lang, username);
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole('link', { name: T.day, exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/day$/);
  // The screen opens on today (the browser's museum date).
  let shown = museumDate(new Date());
  while (shown < date) {
    await page.getByRole('button', { name: T.nextDay }).click();
    await expect(page.getByTestId('day-date')).not.toHaveText(shown);
    shown = (await page.getByTestId('day-date').textContent())!;
  }
}
