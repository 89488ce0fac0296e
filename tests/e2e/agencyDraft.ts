/** The first steps of an agency's group draft in the main hall (the demo agency's unless told),
 * shared by the specs that book for a party: logged in, a day (the nth open one, so specs keep to days of their own),
 * the hall's last open session, and the tour leader filled in; the audience screen next. */
import type { Page } from '@playwright/test';
import { DEMO_AGENCY } from '../../server/seed/accounts.ts';
import { fill, mainlandId } from './helpers.ts';
import { useLanguage } from './looks.ts';
import { loginTeam } from './teamKit.ts';

/** The leader screen's labels and the step button. */
export const DRAFT_TEXT = {
  zh: { next: '下一步', name: '姓名', number: '证件号码', phone: '手机号码' },
  en: { next: 'Next', name: 'Name', number: 'Certificate number', phone: 'Mobile' },
} as const;

export async function agencyDraftToAudience(page: Page, lang: 'zh' | 'en', day: number, agency: { creditCode: string; password: string } = DEMO_AGENCY) {
  const T = DRAFT_TEXT[lang];
  await useLanguage(page, lang);
  await page.addInitScript(() => sessionStorage.setItem('teamNoticesSeen', '1'));
  await loginTeam(page, agency);
  await page.goto('/team/select/selectDate');
  await page.locator('[data-testid="group-calendar"] .day--available').nth(day).click();
  await page.locator('[data-hall="main"] .session:not(.session--off)').last().click();
  await page.getByRole('button', { name: T.next }).click();
  await fill(page, T.name, '钱导游');
  await fill(page, T.number, mainlandId('1982-07-08', '401'));
  await fill(page, T.phone, '13900139002');
  await page.getByRole('button', { name: T.next }).click();
}
