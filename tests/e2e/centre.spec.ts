/** The visitor's personal centre in the browser, zh and en: reached from the calendar, her
 * details with the e-mail refused then bound, a frequent visitor added (masked in the list)
 * and picked on the add-visitor screen (the full number filled in), the phone changed with a
 * code to the new number, and the account cancelled: consequences first, a refusal where the
 * eye is, then done, and the old login gone. */
import { expect, test, type Page } from '@playwright/test';
import { codeAllowed, fill, latestCode, loginByApi, mainlandId, newPhone, shot } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';

const T = {
  zh: {
    account: '个人中心',
    baseInfo: '基本信息',
    changePhone: '更换手机号',
    contacts: '常用参观人',
    destory: '注销账户',
    bindEmail: '绑定',
    emailField: '邮箱',
    badEmail: '请输入正确的邮箱地址',
    bound: '邮箱已绑定',
    add: '添加常用参观人',
    name: '姓名',
    number: '证件号码',
    save: '保存',
    next: '下一步',
    pick: '从常用参观人选择',
    newPhone: '新手机号',
    code: '验证码',
    sendCode: '获取验证码',
    submitPhone: '确认更换',
    continue: '继续注销',
    ownPhone: '本账户手机号',
    notices: '公告',
    confirm: '确认注销',
    notYours: '请输入本账户绑定的手机号',
    done: '账户已注销',
    orders: '我的订单',
  },
  en: {
    account: 'My account',
    baseInfo: 'Account details',
    changePhone: 'Change mobile number',
    contacts: 'Frequent visitors',
    destory: 'Cancel the account',
    bindEmail: 'Bind',
    emailField: 'E-mail',
    badEmail: 'Please enter a correct e-mail address',
    bound: 'E-mail bound',
    add: 'Add a frequent visitor',
    name: 'Name',
    number: 'Certificate number',
    save: 'Save',
    next: 'Next',
    pick: 'Pick a frequent visitor',
    newPhone: 'New mobile',
    code: 'Verification code',
    sendCode: 'Send code',
    submitPhone: 'Change the number',
    continue: 'Continue',
    ownPhone: 'Your mobile',
    notices: 'Notices',
    confirm: 'Cancel my account',
    notYours: 'Please enter the mobile number of this account',
    done: 'Account cancelled',
    orders: 'My orders',
  },
} as const;

async function looksRight(page: Page) {
  await noSidewaysScroll(page);
  await noWordBrokenMidWord(page.locator('body'));
}

/** A number of its own per test and language, so runs never meet. */
const phoneFor = (offset: number) => `${newPhone().slice(0, 10)}${offset}`;

for (const lang of ['zh', 'en'] as const) {
  const L = T[lang];

  test(`the centre, the e-mail, a frequent visitor added and picked when booking (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.addInitScript(() => sessionStorage.setItem('noticeSeen', '1'));
    const phone = phoneFor(1);
    await loginByApi(page, phone);
    await page.goto('/individualCustomers/select/selectDate');
    await page.getByRole('button', { name: L.account }).click();
    await expect(page).toHaveURL(/\/personalCenter\/personHome$/);
    await expect(page.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeVisible();
    for (const name of [L.orders, L.baseInfo, L.destory]) await tapTarget(page.getByRole('link', { name, exact: true }));
    // The museum's copyright line (its configuration) at the foot of the page.
    await expect(page.locator('.copyright')).toHaveText('© 2026 Science and Technology Museum');
    await looksRight(page);
    await shot(page, lang, '130-person-home');

    // The notices, the team's screens on the visitor's paths.
    await page.getByRole('link', { name: L.notices, exact: true }).click();
    await expect(page).toHaveURL(/\/individualCustomers\/notice$/);
    await page.locator('.notice-item').first().click();
    await expect(page).toHaveURL(/\/individualCustomers\/noticeDetail\?id=\d+$/);
    await expect(page.locator('.notice-detail__text')).not.toBeEmpty();
    await looksRight(page);
    await shot(page, lang, '139-notice-detail');
    await page.getByRole('button', { name: lang === 'zh' ? '返回' : 'Back' }).click();
    await expect(page).toHaveURL(/\/individualCustomers\/notice$/);
    await page.goto('/individualCustomers/personalCenter/personHome');

    await page.getByRole('link', { name: L.baseInfo }).click();
    await fill(page, L.emailField, 'li.ming@');
    await page.getByRole('button', { name: L.bindEmail }).click();
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: L.badEmail }));
    await fill(page, L.emailField, 'li.ming@example.com');
    await page.getByRole('button', { name: L.bindEmail }).click();
    await expect(page.getByTestId('email')).toHaveText('li.ming@example.com');
    await looksRight(page);
    await shot(page, lang, '131-base-info');

    await page.goto('/individualCustomers/personalCenter/topContacts');
    await page.getByRole('link', { name: L.add }).click();
    await expect(page).toHaveURL(/\/personalCenter\/addAudienceInformation$/);
    const id = mainlandId('1986-06-06', String(Date.now()).slice(-3));
    await fill(page, L.name, '李明');
    await fill(page, L.number, id);
    await page.getByRole('button', { name: L.save }).click();
    await expect(page).toHaveURL(/\/personalCenter\/topContacts$/);
    const row = page.getByTestId('contacts').getByRole('link');
    await expect(row).toContainText('李明');
    await expect(row).toContainText(`${id.slice(0, 4)}**********${id.slice(-4)}`);
    await expect(row).not.toContainText(id);
    await looksRight(page);
    await shot(page, lang, '132-top-contacts');
    await row.click();
    await expect(page).toHaveURL(/\/personalCenter\/editAudienceInformation\/\d+$/);

    // Booking: the add-visitor screen offers her to pick.
    await page.goto('/individualCustomers/select/selectDate');
    await page.locator('.day--available').nth(1).click();
    await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
    await page.getByRole('button', { name: L.next }).click();
    await page.getByRole('button', { name: L.pick }).click();
    const sheet = page.getByRole('dialog', { name: L.contacts });
    const choice = sheet.getByRole('button', { name: /李明/ });
    await tapTarget(choice);
    await expect(choice).not.toContainText(id);
    await shot(page, lang, '133-pick-contact');
    await choice.click();
    const visitor = page.locator('.visitor').first();
    await expect(visitor.locator('input').first()).toHaveValue('李明');
    await expect(visitor.locator('input').nth(1)).toHaveValue(id);
    await looksRight(page);
    await shot(page, lang, '134-contact-picked');
  });

  test(`the phone changed with a code to the new number (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await loginByApi(page, phoneFor(2));
    const next = phoneFor(3);
    await page.goto('/individualCustomers/personalCenter/personHome');
    await page.getByRole('link', { name: L.changePhone }).click();
    await fill(page, L.newPhone, next);
    await page.getByRole('button', { name: L.sendCode }).click();
    await fill(page, L.code, await latestCode(page, next));
    await looksRight(page);
    await shot(page, lang, '135-change-phone');
    await page.getByRole('button', { name: L.submitPhone }).click();
    await expect(page).toHaveURL(/\/personalCenter\/baseInfo$/);
    await expect(page.getByTestId('phone')).toHaveText(`${next.slice(0, 3)}****${next.slice(-4)}`);
  });

  test(`the account cancelled: consequences, the confirmation, done (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    const phone = phoneFor(4);
    const token = await loginByApi(page, phone);
    await page.request.post('/prod-api/system/topContacts', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: '王芳', certificateType: '1', certificateNumber: mainlandId('1990-09-09', String(Date.now()).slice(-3)), phone: '' },
    });
    await page.goto('/individualCustomers/personalCenter/personHome');
    await page.getByRole('link', { name: L.destory }).click();
    await expect(page.getByTestId('consequences')).toContainText(lang === 'zh' ? '1 位常用参观人将被删除' : '1 frequent visitor(s) are deleted');
    await looksRight(page);
    await shot(page, lang, '136-destory');
    await page.getByRole('button', { name: L.continue }).click();
    await fill(page, L.ownPhone, phoneFor(5));
    await fill(page, L.code, '123456');
    await page.getByRole('button', { name: L.confirm }).click();
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: L.notYours }));
    await shot(page, lang, '137-destory-refused');
    await fill(page, L.ownPhone, phone);
    // A number gets one code a minute: the login's minute is moved past, not waited.
    await codeAllowed(page, phone);
    const loginCode = await latestCode(page, phone);
    await page.getByRole('button', { name: L.sendCode }).click();
    await expect.poll(() => latestCode(page, phone)).not.toBe(loginCode);
    await fill(page, L.code, await latestCode(page, phone));
    await page.getByRole('button', { name: L.confirm }).click();
    await expect(page).toHaveURL(/\/personalCenter\/reDestory\?/);
    await expect(page.locator('body')).toContainText(L.done);
    await looksRight(page);
    await shot(page, lang, '138-re-destory');
    // Gone: the centre asks for a login again, and the old token is refused by the server.
    await page.goto('/individualCustomers/personalCenter/personHome');
    await expect(page).toHaveURL(/\/individualCustomers\/login/);
    const me = await page.request.get('/prod-api/getUserInfoToIndividual', { headers: { authorization: `Bearer ${token}` } });
    expect((await me.json()).code).toBe(401);
  });
}
