/** Coupon batches in the staff console (docs/product.md §2.10), zh and en at 375x667: an admin
 * makes a batch (a value left out is refused beside its field, where the eye is), downloads its
 * codes as CSV, a visitor redeems one of them in her centre, and the admin stops the batch. */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { fill, loginByApi, newPhone, shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const T = {
  zh: {
    link: '优惠券批次',
    nameZh: '名称（中文）',
    nameEn: '名称（英文）',
    amount: '每张票立减（元）',
    count: '兑换码数量',
    validTo: '有效期止',
    create: '生成批次与兑换码',
    amountNeeded: '请填写优惠金额（大于 0）',
    figures: '3 个兑换码 · 已绑定 0 · 已使用 0',
    csv: '兑换码 CSV',
    head: '兑换码,状态,已绑定',
    coupons: '我的优惠券',
    code: '兑换码',
    redeem: '兑换',
    stop: '停用此批次',
    stopConfirm: '确认停用',
    stopped: '已停用',
    batch: { zh: '春季立减五元', en: 'Spring ¥5 off (zh run)' },
  },
  en: {
    link: 'Coupon batches',
    nameZh: 'Name (Chinese)',
    nameEn: 'Name (English)',
    amount: 'Off a ticket (yuan)',
    count: 'How many codes',
    validTo: 'Last day',
    create: 'Make the batch and its codes',
    amountNeeded: 'Enter the value off a ticket (more than 0)',
    figures: '3 codes · 0 bound · 0 used',
    csv: 'Codes (CSV)',
    head: 'code,state,bound',
    coupons: 'My coupons',
    code: 'Code',
    redeem: 'Redeem',
    stop: 'Stop this batch',
    stopConfirm: 'Yes, stop it',
    stopped: 'Stopped',
    batch: { zh: '夏季立减五元', en: 'Summer ¥5 off' },
  },
} as const;

for (const [i, lang] of (['zh', 'en'] as const).entries()) {
  const L = T[lang];
  test(`an admin makes a coupon batch, downloads its codes, a visitor redeems one, the batch is stopped (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await staffLogin(page, lang);
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: L.link }).click();
    await expect(page).toHaveURL(/\/staff\/coupons$/);

    const form = page.locator('[data-batch="new"]');
    await form.getByLabel(L.nameZh).fill(L.batch.zh);
    await form.getByLabel(L.nameEn).fill(L.batch.en);
    await form.getByLabel(L.count).fill('3');
    await form.getByLabel(L.validTo).fill('2099-12-31');
    // No value off a ticket: refused beside it, in view; nothing is sent.
    const create = form.getByRole('button', { name: L.create });
    await tapTarget(create);
    await create.click();
    const refusal = form.getByRole('alert');
    await expect(refusal).toHaveText(L.amountNeeded);
    await whereTheEyeIs(page, refusal);
    await noSidewaysScroll(page);
    await shot(page, lang, 'coupons-01-refused');
    await form.getByLabel(L.amount).fill('5');
    await create.click();

    const card = page.locator(`[data-batch="${L.batch.en}"]`);
    await expect(card).toContainText(L.figures);
    await card.scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await shot(page, lang, 'coupons-02-made');

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: L.csv }).click()]);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(L.head);
    const codes = lines.slice(1).map((l) => l.split(',')[0]);
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    // A visitor redeems one in her centre: the batch's name in her language.
    const her = await page.context().newPage();
    await useLanguage(her, lang);
    await her.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    await loginByApi(her, `${newPhone().slice(0, 10)}${i + 7}`);
    await her.goto('/individualCustomers/personalCenter/coupon');
    await fill(her, L.code, codes[0].toLowerCase());
    await her.getByRole('button', { name: L.redeem, exact: true }).click();
    await expect(her.getByText(L.batch[lang]).first()).toBeVisible();
    await her.close();

    await page.reload();
    await expect(card).toContainText(lang === 'zh' ? '已绑定 1' : '1 bound');
    await card.getByRole('button', { name: L.stop }).click();
    await card.getByRole('button', { name: L.stopConfirm }).click();
    await expect(card.locator('.tag')).toHaveText(L.stopped);
    await expect(card.getByRole('button', { name: L.stop })).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await shot(page, lang, 'coupons-03-stopped');
    // On a desk's screen: the same column, centred.
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, lang, 'coupons-04-desktop');
  });
}
