/** The catalogue file in the staff console (docs/product.md §2.8): an admin downloads the museum's
 * catalogue, sends back a wrong file and reads where it is wrong, then a changed one, reads what
 * it would change, imports it and sees the halls list changed. On a server of its own (a hall is
 * renamed for everyone). zh and en, at 375x667. */
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage } from './looks.ts';
import { ownServerTest as test } from './ownServer.ts';

const TEXT = {
  zh: {
    link: '场馆与票价',
    download: '下载目录',
    choose: '选择要导入的文件',
    refused: '目录文件未导入，未做任何修改：',
    wouldDo: /检查通过/,
    import: '导入',
    imported: /^已导入/,
  },
  en: {
    link: 'Halls and prices',
    download: 'Download the catalogue',
    choose: 'Choose a file to import',
    refused: 'The catalogue file is refused; nothing was written:',
    wouldDo: /is valid/,
    import: 'Import it',
    imported: /^Imported/,
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`an admin downloads the catalogue, and imports a changed one after reading what it changes (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await page.getByRole('link', { name: T.link }).click();
    await expect(page).toHaveURL(/\/staff\/halls$/);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: T.download }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('museum-catalogue.json');
    const file = JSON.parse(readFileSync((await saved.path())!, 'utf8')) as {
      halls: Array<{ key: string; name: { zh: string; en: string }; prices: Array<{ price: number }> }>;
    };
    const main = file.halls.findIndex((h) => h.key === 'main');

    // A negative price: refused by its path, nothing written.
    const wrong = structuredClone(file);
    wrong.halls[main].prices[0].price = -1;
    const chooser = page.getByLabel(T.choose);
    await chooser.setInputFiles({ name: 'wrong.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(wrong)) });
    const refusal = page.getByRole('alert').filter({ hasText: T.refused });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(`halls[${main}].prices[0].price`);
    await expect(refusal).toBeInViewport();
    await noSidewaysScroll(page);
    await shot(page, lang, '9x-catalogue-file-refused');

    // The main hall renamed: checked first, then imported; the list shows the new name.
    const renamed = `${lang === 'zh' ? '主展厅' : 'Main hall'} ${Date.now() % 1000}`;
    file.halls[main].name[lang] = renamed;
    await chooser.setInputFiles({ name: 'museum.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await expect(page.getByTestId('catalogue-file-report')).toHaveText(T.wouldDo);
    await expect(page.getByText(renamed)).toHaveCount(0);
    const importButton = page.getByRole('button', { name: T.import, exact: true });
    await tapTarget(importButton);
    await importButton.click();
    await expect(page.getByTestId('catalogue-file-report')).toHaveText(T.imported);
    await expect(page.getByTestId('catalogue-file-report')).toBeInViewport();
    await expect(page.getByText(renamed)).toBeVisible();
    await shot(page, lang, '9x-catalogue-file-imported');
  });
}
