/** The packages editor in the staff console (docs/product.md §2.8), zh and en at 375x667: an admin
 * opens Packages from the console's home, makes a package (a name another package has is refused
 * beside its field, where the eye is), and a visitor is offered it on the venue screen at the sum
 * of its parts. On a server of its own: a new package is offered to every visitor, and the other
 * specs' visitors pick "the" package of the venue screen. */
import { expect } from '@playwright/test';
import { loginByApi, newPhone, shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';
import { ownServerTest as test } from './ownServer.ts';

const T = {
  zh: {
    link: '套票',
    key: '套票代码',
    nameZh: '名称（中文）',
    nameEn: '名称（英文）',
    hall: '入馆部分：展馆',
    cinema: '影片部分：球幕影院',
    admission: '入馆部分价格（元）',
    film: '影片部分价格（元）',
    add: '新建套票',
    taken: '已有同名套票',
    saved: '已保存：夜游套票',
    hallName: '主展厅',
    cinemaName: '球幕影院',
    pkg: { key: 'nightZh', zh: '夜游套票', en: 'Night package (zh run)' },
    shown: '夜游套票',
  },
  en: {
    link: 'Packages',
    key: 'Package code',
    nameZh: 'Name (Chinese)',
    nameEn: 'Name (English)',
    hall: 'Admission part: hall',
    cinema: 'Film part: dome',
    admission: 'Admission part (yuan)',
    film: 'Film part (yuan)',
    add: 'Add a package',
    taken: 'A package of this name exists',
    saved: 'Saved: 晚场套票',
    hallName: 'Main exhibition hall',
    cinemaName: 'Dome cinema',
    pkg: { key: 'nightEn', zh: '晚场套票', en: 'Evening package' },
    shown: 'Evening package',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const L = T[lang];
  test(`an admin makes a package and a visitor is offered it on the venue screen (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: L.link, exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/packages$/);

    const form = page.locator('[data-package="new"]');
    await form.getByLabel(L.key).fill(L.pkg.key);
    // The demo package's name: refused beside the name, in view; nothing is sent.
    await form.getByLabel(L.nameZh).fill('展馆+球幕影院套票');
    await form.getByLabel(L.nameEn).fill(L.pkg.en);
    await form.getByLabel(L.hall).selectOption({ label: L.hallName });
    await form.getByLabel(L.cinema).selectOption({ label: L.cinemaName });
    await form.getByLabel(L.admission).fill('30');
    await form.getByLabel(L.film).fill('25.5');
    const add = form.getByRole('button', { name: L.add });
    await tapTarget(add);
    await add.click();
    const refusal = form.getByRole('alert');
    await expect(refusal).toHaveText(L.taken);
    await whereTheEyeIs(page, refusal);
    await noSidewaysScroll(page);
    await shot(page, lang, 'packages-01-refused');

    await form.getByLabel(L.nameZh).fill(L.pkg.zh);
    await add.click();
    await expect(page.getByRole('status')).toHaveText(L.saved);
    const made = page.locator(`[data-package="${L.pkg.key}"]`);
    await expect(made).toContainText('¥55.50');
    await noSidewaysScroll(page);
    await shot(page, lang, 'packages-02-saved');

    // A visitor's venue screen offers it, at the sum of its parts.
    await loginByApi(page, newPhone());
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await page.goto('/individualCustomers/select/selectDate');
    await page.locator('.day--available').nth(1).click();
    const offered = page.locator('[data-package]').filter({ hasText: L.shown });
    await expect(offered).toContainText('¥55.50');
    await offered.scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await shot(page, lang, 'packages-03-offered');
  });
}
