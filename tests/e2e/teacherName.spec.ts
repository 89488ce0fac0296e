/** A teacher's certificate must bear the teacher's name (docs/product.md §5.3), on an instance of
 * its own whose certificate recognition is the Baidu adapter against a local fake of the vendor,
 * turned on by the admin: the demo school comes to its teachers; a card read as 张三 under a
 * teacher typed as 李四 is refused where the eye is, naming both, and the number is not taken;
 * with the name corrected, the same card fills the number in. In zh and en, at 375x667. */
import { test as base, expect } from '@playwright/test';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { DEMO_SCHOOL } from '../../server/seed/accounts.ts';
import { fakeBaidu } from '../fakes/baiduFake.ts';
import { staffCalls } from './catalogueKit.ts';
import { fill, fillGrade, mainlandId, shot } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';
import { startOwnServer, type OwnServer } from './ownServer.ts';
import { loginTeam } from './teamKit.ts';

const CARD = { name: '张三', number: mainlandId('1985-01-01', '231') };

const TEXT = {
  zh: {
    next: '下一步',
    leader: { name: '姓名', number: '证件号码', phone: '手机号码' },
    grade: { boys: '男生', girls: '女生', beijing: '京籍' },
    remove: '删除',
    name: '姓名',
    number: '证件号码',
    refused: '证件上的姓名（张三）与填写的教师姓名（李四）不一致，请核对',
  },
  en: {
    next: 'Next',
    leader: { name: 'Name', number: 'Certificate number', phone: 'Mobile' },
    grade: { boys: 'Boys', girls: 'Girls', beijing: 'Beijing' },
    remove: 'Remove',
    name: 'Name',
    number: 'Certificate number',
    refused: "The name on the certificate (张三) does not match the teacher's name entered (李四): please check",
  },
} as const;

// The instance and the vendor's fake are the worker's, made before this file's first test.
const test = base.extend<object, { ocrServer: OwnServer }>({
  ocrServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const baidu = fakeBaidu(CARD);
      await new Promise<void>((resolve) => baidu.server.listen(0, '127.0.0.1', resolve));
      const server = await startOwnServer({
        CAPTCHA: 'test',
        OCR_PROVIDER: 'baidu',
        BAIDU_AIP_URL: `http://127.0.0.1:${(baidu.server.address() as AddressInfo).port}`,
        BAIDU_API_KEY: 'ak',
        BAIDU_SECRET_KEY: 'sk',
      });
      // The admin turns certificate recognition on (the settings screen's ocr_enable).
      await (await staffCalls(server.api)).post('/staff/settings/config', { key: 'ocr_enable', value: '1' });
      await use(server);
      await server.stop();
      await new Promise((resolve) => baidu.server.close(resolve));
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ ocrServer }, use) => use(ocrServer.baseURL),
});

/** A phone's photo of the card: the fake reads whatever it is sent as CARD. */
const cardPhoto = async () => ({
  name: 'card.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 856, height: 540, channels: 3, background: '#dde' } })
    .jpeg()
    .toBuffer(),
});

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`a teacher's certificate bearing another name is refused where the eye is, and read once the name is right (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('teamNoticesSeen', '1'));
    await loginTeam(page, DEMO_SCHOOL);

    // The school's leader and one grade of 16, on to its teachers.
    await page.goto('/team/select/selectDate');
    await page.locator('[data-testid="group-calendar"] .day--available').nth(1).click();
    await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
    await page.getByRole('button', { name: T.next }).click();
    await fill(page, T.leader.name, '王老师');
    await fill(page, T.leader.number, mainlandId('1980-03-04', '131'));
    await fill(page, T.leader.phone, '13800138000');
    await page.getByRole('button', { name: T.next }).click();
    const grades = page.locator('.grade');
    await grades.nth(1).getByRole('button', { name: T.remove }).click();
    await fillGrade(grades.first(), [
      [T.grade.boys, '8'],
      [T.grade.girls, '8'],
      [T.grade.beijing, '16'],
    ]);
    await page.getByRole('button', { name: T.next }).click();
    await expect(page).toHaveURL(/\/team\/select\/addTeachers$/);

    // The card of 张三 under a teacher typed as 李四: refused, naming both; no number taken.
    const teacher = page
      .locator('section[aria-label]')
      .filter({ has: page.locator('.certificate-scan') })
      .first();
    await fill(page, T.name, '李四');
    const scan = teacher.locator('.certificate-scan');
    await tapTarget(scan.locator('label.btn'));
    await scan.getByTestId('certificate-scan').setInputFiles(await cardPhoto());
    const refusal = scan.getByRole('alert');
    await expect(refusal).toHaveText(T.refused);
    await whereTheEyeIs(page, refusal);
    await noWordBrokenMidWord(refusal);
    await expect(teacher.getByLabel(T.number, { exact: true })).toHaveValue('');
    await noSidewaysScroll(page);
    await shot(page, lang, '84-teacher-name-refused');

    // The name put right: the same card fills the number in.
    await fill(page, T.name, '张三');
    await scan.getByTestId('certificate-scan').setInputFiles(await cardPhoto());
    await expect(teacher.getByLabel(T.number, { exact: true })).toHaveValue(CARD.number);
    await expect(refusal).toHaveCount(0);
  });
}
