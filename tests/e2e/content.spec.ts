/** Notices in the staff console (docs/product.md §2.11), zh and en at 375x667: an admin writes a
 * notice (a last day already past is refused beside it, where the eye is), a visitor reads it
 * first in the notice list in her language, the admin changes its title and the visitor reads
 * the new one. */
import { expect, test, type Page } from '@playwright/test';
import { loginByApi, newPhone, shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const T = {
  zh: {
    link: '公告与常见问题',
    newNotice: '新建公告',
    titleZh: '标题（中文）',
    titleEn: '标题（英文）',
    textZh: '正文（中文）',
    textEn: '正文（英文）',
    lastDay: '最后展示日（空：直至撤下）',
    publish: '发布',
    save: '保存',
    pastEnd: '最后展示日不能早于今天',
    saved: '已保存：游客即刻可见',
    notice: { zh: '东门施工临时关闭', en: 'East gate closed for works (zh run)' },
    changed: '东门施工关闭至周五',
  },
  en: {
    link: 'Notices and FAQs',
    newNotice: 'New notice',
    titleZh: 'Title (Chinese)',
    titleEn: 'Title (English)',
    textZh: 'Text (Chinese)',
    textEn: 'Text (English)',
    lastDay: 'Last day shown (empty: until taken down)',
    publish: 'Publish',
    save: 'Save',
    pastEnd: 'The last day shown cannot be before today',
    saved: 'Saved: visitors see it now',
    notice: { zh: '西门临时关闭', en: 'West gate closed today' },
    changed: 'West gate closed until Friday',
  },
} as const;

/** The first notice a visitor reads in her centre's notice list. */
async function firstNotice(page: Page) {
  await page.goto('/individualCustomers/notice');
  return page.locator('.notice-item .card__title').first();
}

for (const [i, lang] of (['zh', 'en'] as const).entries()) {
  const L = T[lang];
  test(`an admin writes a notice and changes it; a visitor reads each (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: L.link }).click();
    await expect(page).toHaveURL(/\/staff\/content$/);

    const form = page.locator('[data-content="notice-new"]');
    await form.getByText(L.newNotice).click();
    await form.getByLabel(L.titleZh).fill(L.notice.zh);
    await form.getByLabel(L.titleEn).fill(L.notice.en);
    await form.getByLabel(L.textZh).fill('请从北门入馆。\n给您带来不便，敬请谅解。');
    await form.getByLabel(L.textEn).fill('Please come in by the north gate.\nWe are sorry for the trouble.');
    await form.getByLabel(L.lastDay).fill('2020-01-01');
    const publish = form.getByRole('button', { name: L.publish });
    await tapTarget(publish);
    await publish.click();
    const refusal = form.getByRole('alert');
    await expect(refusal).toHaveText(L.pastEnd);
    await whereTheEyeIs(page, refusal);
    await noSidewaysScroll(page);
    await shot(page, lang, 'content-01-refused');
    await form.getByLabel(L.lastDay).fill('');
    await publish.click();
    await expect(page.getByRole('status')).toHaveText(L.saved);
    await shot(page, lang, 'content-02-saved');

    // A visitor reads it first, in her language.
    const her = await page.context().newPage();
    await useLanguage(her, lang);
    await loginByApi(her, `${newPhone().slice(0, 10)}${i + 3}`);
    await expect(await firstNotice(her)).toHaveText(L.notice[lang]);
    await noSidewaysScroll(her);
    await shot(her, lang, 'content-03-visitor');

    // The admin changes its title; the visitor's list shows the new one.
    const mine = page.locator(`[data-content="notice-${L.notice.en}"]`);
    await mine.locator('summary').click();
    await mine.getByLabel(lang === 'zh' ? L.titleZh : L.titleEn).fill(L.changed);
    await mine.getByRole('button', { name: L.save, exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(L.saved);
    await expect(await firstNotice(her)).toHaveText(L.changed);
    await her.close();

    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, lang, 'content-04-desktop');
  });
}
