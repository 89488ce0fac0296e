/** A museum going live starts empty (production mode on a fresh database, the simulators it
 * needs allowed by name): a visitor who opens the app before the catalogue is in reads that
 * booking is not open yet, a plain screen, not an error or an empty calendar. In zh only: the
 * museum has not configured anything yet, English included (the `i18n` key). */
import { expect } from '@playwright/test';
import { shot } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord } from './looks.ts';
import { testOnOwnServer } from './ownServer.ts';

const test = testOnOwnServer({ NODE_ENV: 'production', ALLOW_SIMULATORS: 'sms,payment,face,wechat' });

test('before the museum imports its catalogue, a visitor reads that booking is not open yet', async ({ page }) => {
  await page.goto('/individualCustomers/select/selectDate');
  const status = page.getByRole('status');
  await expect(status.getByRole('heading', { name: '尚未开放预约' })).toBeVisible();
  await expect(status).toContainText('开放后即可在这里选择参观日期');
  await expect(page.locator('.day')).toHaveCount(0);
  await expect(status).toBeInViewport({ ratio: 1 });
  await noWordBrokenMidWord(status);
  await noSidewaysScroll(page);
  await shot(page, 'zh', '00-not-open-yet');
});
