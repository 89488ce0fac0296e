/** A travel agency books a party with children (docs/product.md §3.3, §5.5): 30 visitors besides
 * the leader, 20 of them children of the main hall's child ages; the summary shows the adults,
 * the free children (one per adult) and the paying ones, and the total; more children than
 * visitors is refused where the eye is. It places the order and pays it. In zh and en, at
 * 375x667; screenshots in /work/shots/groupkids. */
import { expect, test } from '@playwright/test';
import { TEAM_TYPES } from '../../src/domain/team.ts';
import { formatMoney } from '../../src/ui/money.ts';
import { agencyDraftToAudience, DRAFT_TEXT } from './agencyDraft.ts';
import { fill, latestCode, newPhone, shot, solveSlider } from './helpers.ts';
import { noSidewaysScroll, tapTarget, whereTheEyeIs } from './looks.ts';
import { registerApprovedTeam } from './teamKit.ts';

const TEXT = {
  zh: {
    visitors: '游客人数（不含领队）',
    children: '其中儿童人数（0-7岁）',
    alone: '儿童不能单独参观：儿童人数最多30人，至少须有一名成人',
    adults: '游客 × 10',
    free: '免费儿童 × 11',
    paying: '儿童 × 9',
    submit: '提交订单',
    pay: '立即支付',
    cashierPay: '确认支付',
  },
  en: {
    visitors: 'Visitors (without the leader)',
    children: 'Of whom children (ages 0-7)',
    alone: 'Children never come without an adult: at most 30 children, with at least one adult',
    adults: 'Visitor × 10',
    free: 'Free child × 11',
    paying: 'Child × 9',
    submit: 'Place the order',
    pay: 'Pay now',
    cashierPay: 'Pay',
  },
} as const;

// 10 adult visitors and the leader at ¥30, 11 children free, 9 at the child price (the main hall's student price, ¥15).
const AMOUNT = 11 * 3000 + 9 * 1500;

for (const lang of ['zh', 'en'] as const) {
  const T = { ...DRAFT_TEXT[lang], ...TEXT[lang] };
  test(`a travel agency books 30 visitors, 20 of them children, and sees what they cost (${lang})`, async ({ page }) => {
    // An agency of its own: the demo agency's orders of the day count against its daily limit
    // in every spec that books for it on this server.
    const agency = { phone: newPhone(), codeFor: (p: string) => latestCode(page, p), name: '童趣旅行社', contactName: '钱导游', password: 'Agency2027' };
    const { creditCode } = await registerApprovedTeam(page.request, { ...agency, teamType: TEAM_TYPES.travelAgency });
    await agencyDraftToAudience(page, lang, lang === 'zh' ? 7 : 8, { creditCode, password: agency.password });

    await fill(page, T.visitors, '30');
    await fill(page, T.children, '31');
    await page.getByRole('button', { name: T.next }).click();
    await expect(page.getByRole('alert')).toContainText(T.alone);
    await whereTheEyeIs(page, page.getByRole('alert'));
    await shot(page, lang, 'group-children-refused');
    await fill(page, T.children, '20');
    await expect(page.getByTestId('children-hint')).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, lang, 'group-children');
    await page.getByRole('button', { name: T.next }).click();

    await expect(page).toHaveURL(/\/team\/select\/addAudienceSure$/);
    const quote = page.getByTestId('group-quote');
    for (const line of [T.adults, T.free, T.paying]) await expect(quote).toContainText(line);
    await expect(page.locator('body')).toContainText(formatMoney(AMOUNT));
    await noSidewaysScroll(page);
    await shot(page, lang, 'group-children-summary');

    await page.locator('.agreement input').check();
    await tapTarget(page.getByRole('button', { name: T.submit }));
    await page.getByRole('button', { name: T.submit }).click();
    await solveSlider(page);
    await expect(page).toHaveURL(/\/team\/order\/payOrder\/\d+$/);
    await expect(page.locator('body')).toContainText(formatMoney(AMOUNT));
    await page.getByRole('button', { name: T.pay }).click();
    await page.getByRole('button', { name: T.cashierPay, exact: true }).click();
    await expect(page).toHaveURL(/\/team\/order\/paySuccess\/\d+$/);
  });
}
