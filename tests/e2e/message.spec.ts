/** The message board in the browser: a visitor finds it from her orders, is told what is
 * missing, leaves a message and reads it waiting; the staff answer it in the console; the
 * visitor reads the reply. A team's board is its own, entered from its centre. zh and en. */
import { expect, test } from '@playwright/test';
import { fill, loginByApi, newPhone, shot } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';
import { DEMO_SCHOOL } from '../../server/seed/accounts.ts';
import { loginTeam } from './teamKit.ts';

const T = {
  zh: {
    board: '留言板',
    write: '我要留言',
    send: '提交留言',
    typeNeeded: '请选择服务类型',
    type: '失物招领',
    description: '留言内容',
    contact: '联系人',
    waiting: '待回复',
    replied: '已回复',
    staffLink: '留言回复',
    username: '用户名',
    login: '登录',
    reply: '回复内容',
    sendReply: '发送回复',
    museumReply: '馆方回复',
  },
  en: {
    board: 'Messages',
    write: 'Leave a message',
    send: 'Send message',
    typeNeeded: 'Please choose a service type',
    type: 'Lost property',
    description: 'Message',
    contact: 'Contact name',
    waiting: 'Waiting',
    replied: 'Replied',
    staffLink: 'Message board',
    username: 'Username',
    login: 'Log in',
    reply: 'Reply',
    sendReply: 'Send the reply',
    museumReply: "The museum's reply",
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const L = T[lang];
  test(`a visitor leaves a message and reads the staff's reply (${lang})`, async ({ page, browser }) => {
    await useLanguage(page, lang);
    await loginByApi(page, newPhone());
    await page.goto('/individualCustomers/order/orderRecord');
    await page.getByRole('link', { name: L.board, exact: true }).click();
    await expect(page).toHaveURL(/\/message\/list$/);
    await page.getByRole('link', { name: L.write }).click();
    await expect(page).toHaveURL(/\/message\/fillIn$/);

    // Sent without a type: told at once, where the eye is.
    await page.getByRole('button', { name: L.send }).click();
    const refusal = page.getByRole('alert').filter({ hasText: L.typeNeeded });
    await whereTheEyeIs(page, refusal);
    const type = page.getByRole('radio', { name: L.type });
    await tapTarget(type);
    await type.click();
    const words =
      lang === 'zh' ? '周六在穹幕影院丢了一把蓝色雨伞，请问有人捡到吗？' : 'I left a blue umbrella in the dome cinema on Saturday. Has anyone found it?';
    await fill(page, L.description, words);
    await fill(page, L.contact, lang === 'zh' ? '李雷' : 'Li Lei');
    await noSidewaysScroll(page);
    await noWordBrokenMidWord(page.locator('main, body').first());
    await shot(page, lang, '101-message-fill-in');
    await page.getByRole('button', { name: L.send }).click();
    await expect(page).toHaveURL(/\/message\/detail\/\d+$/);
    await expect(page.getByTestId('message-text')).toHaveText(words);
    await expect(page.getByText(L.waiting)).toBeVisible();
    const code = (await page.locator('.mono').first().textContent())!;
    expect(code).toMatch(/^LY\d{14}$/);

    // The staff answer in the console.
    const staff = await browser.newPage({ viewport: { width: 375, height: 667 } });
    await useLanguage(staff, lang);
    await staff.goto('/staff/login');
    await fill(staff, L.username, 'staff');
    await staff.locator('input[type=password]').fill('Museum2026');
    await staff.getByRole('button', { name: L.login, exact: true }).click();
    // An admin's console opens at its home, every screen of the console listed.
    await expect(staff.locator('.centre-link')).toHaveCount(13);
    await shot(staff, lang, '100-staff-console');
    await staff.getByRole('link', { name: L.staffLink }).click();
    await expect(staff).toHaveURL(/\/staff\/messages$/);
    await staff
      .getByTestId('staff-message')
      .filter({ hasText: words.slice(0, 10) })
      .click();
    await staff.getByRole('button', { name: L.sendReply }).click();
    await whereTheEyeIs(staff, staff.getByRole('alert'));
    const answer = lang === 'zh' ? '您好，雨伞已在一楼服务台，请凭服务编号领取。' : 'Hello: the umbrella is at the ground-floor desk; quote your service code.';
    await fill(staff, L.reply, answer);
    await staff.getByRole('button', { name: L.sendReply }).click();
    await expect(staff.getByTestId('staff-replies')).toContainText(answer);
    await noSidewaysScroll(staff);
    await shot(staff, lang, '102-staff-message-reply');
    await staff.close();

    await page.reload();
    await expect(page.getByTestId('message-replies')).toContainText(answer);
    await expect(page.getByText(L.replied)).toBeVisible();
    await expect(page.getByText(L.museumReply)).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, lang, '103-message-replied');
    await page.getByRole('button', { name: lang === 'zh' ? '返回' : 'Back' }).click();
    await expect(page.getByTestId('message-item').first()).toContainText(L.replied);
    await shot(page, lang, '104-message-list');
  });
}

test('a team reaches its own board from its centre, and a visitor does not see its messages', async ({ page }) => {
  await page.goto('/team/login');
  await loginTeam(page, DEMO_SCHOOL);
  await page.goto('/team/personalCenter/personHome');
  await page.getByRole('link', { name: '我的留言' }).click();
  await expect(page).toHaveURL(/\/team\/message\/list$/);
  await page.getByRole('link', { name: '我要留言' }).click();
  await page.getByRole('radio', { name: '咨询' }).click();
  await fill(page, '留言内容', '学生可以自带午餐吗？馆内有用餐区吗？');
  await fill(page, '联系人', '王芳');
  await page.getByRole('button', { name: '提交留言' }).click();
  await expect(page).toHaveURL(/\/team\/message\/detail\/\d+$/);
  const path = new URL(page.url()).pathname;
  const id = path.split('/').pop();
  // A visitor's token reads only a visitor's own messages.
  const visitor = await loginByApi(page, newPhone());
  const other = await page.request.get(`/prod-api/message/${id}`, { headers: { authorization: `Bearer ${visitor}`, language: 'en_us' } });
  expect((await other.json()).msg).toBe('The message does not exist');
  await shot(page, 'zh', '105-team-message');
});

test("a finance clerk's console lists only its own work; back from any screen is that list", async ({ page }) => {
  await useLanguage(page, 'en');
  await page.goto('/staff/login');
  await fill(page, 'Username', 'finance');
  await page.locator('input[type=password]').fill('Museum2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/windowPayment$/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.locator('.centre-link')).toHaveText([/Window payments/, /Invoices/, /Refused refunds/, /The day/]);
  for (const link of await page.locator('.centre-link').all()) await tapTarget(link);
  await noSidewaysScroll(page);
  await shot(page, 'en', '106-finance-console');
});
