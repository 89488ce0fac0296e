/** A group registers with its documents, the museum's staff approve it in the console, and
 * the group logs in and sees itself verified. In zh and in en, at 375x667. */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fill, fillGrade, latestCode, mainlandId, newCreditCode, newPhone, shot, solveSlider } from './helpers.ts';
import { noSidewaysScroll, tapTarget, useLanguage, whereTheEyeIs } from './looks.ts';
import { DEMO_SCHOOL } from '../../server/seed/accounts.ts';
import { loginTeam } from './teamKit.ts';

const TEXT = {
  zh: {
    register: '注册团体账号',
    submit: '提交注册',
    required: '团体名称不能为空',
    creditRequired: '统一社会信用代码不能为空',
    creditUploadRequired: '统一社会信用代码证书不能为空',
    frozenCalendar: '学校账号已被冻结，暂不能预约。请上传加盖学校公章的情况说明申请解冻。',
    toCentre: '前往团体中心提交申请',
    requestSent: '申请已提交，审核结果将以短信通知',
    pendingState: '审核中',
    payWindow: '到馆窗口支付（现金、银行卡、支票）',
    submitted: '注册已提交，将在3个工作日内完成审核',
    login: '登录',
    approve: '通过',
    verified: '已认证',
    wrongPassword: '统一社会信用代码或密码错误',
    changePassword: '修改密码',
    currentPassword: '原密码',
    newPassword: '新密码',
    savePassword: '保存新密码',
    mismatch: '两次输入的密码不一致',
    approvedTab: '已通过',
    requestsTab: '申请',
    freeze: '冻结账号',
    freezeReason: '冻结原因',
    freezeNote: '补充说明',
    reasonNeeded: '请选择冻结原因',
    frozenFor: '多次预约未到馆：3次',
    sendRequest: '提交申请',
    next: '下一步',
    leader: { name: '姓名', number: '证件号码', phone: '手机号码' },
    grade: { boys: '男生', girls: '女生', total: '总人数', beijing: '京籍' },
    remove: '删除',
    submit2: '提交订单',
    pay: '立即支付',
    cashierPay: '确认支付',
    refund: '退票',
    continue: '仍要退票',
    confirmRefund: '确认退票',
    freezeWarning: '退订学校免费学生票后，团体账户将被冻结',
    frozenBy: '退订学校免费学生票',
  },
  en: {
    register: 'Register a group',
    submit: 'Submit',
    required: 'Group name cannot be empty',
    creditRequired: 'Unified social credit code cannot be empty',
    creditUploadRequired: 'Credit code certificate cannot be empty',
    frozenCalendar: 'The school account is frozen and cannot book. Upload an explanation stamped by the school to ask for unfreezing.',
    toCentre: 'Send a request in the group centre',
    requestSent: 'Request sent: the result comes by text message',
    pendingState: 'Under review',
    payWindow: "Pay at the museum's window (cash, bank card or cheque)",
    submitted: 'Registration submitted: it is reviewed within 3 days',
    login: 'Log in',
    approve: 'Approve',
    verified: 'Verified',
    wrongPassword: 'Credit code or password is incorrect',
    changePassword: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    savePassword: 'Save the new password',
    mismatch: 'The two passwords do not match',
    approvedTab: 'Approved',
    requestsTab: 'Requests',
    freeze: 'Freeze the account',
    freezeReason: 'Reason for freezing',
    freezeNote: 'Note',
    reasonNeeded: 'Please choose the reason for freezing',
    frozenFor: 'Booked visits missed more than once: 3次',
    sendRequest: 'Send the request',
    next: 'Next',
    leader: { name: 'Name', number: 'Certificate number', phone: 'Mobile' },
    grade: { boys: 'Boys', girls: 'Girls', total: 'Total', beijing: 'Beijing' },
    remove: 'Remove',
    submit2: 'Place the order',
    pay: 'Pay now',
    cashierPay: 'Pay',
    refund: 'Refund',
    continue: 'Refund anyway',
    confirmRefund: 'Confirm refund',
    freezeWarning: "Refunding the school's free pupil tickets freezes your group account",
    frozenBy: "Refunded a school's free pupil tickets",
  },
} as const;

async function documentImage(): Promise<string> {
  mkdirSync('reports/tmp', { recursive: true });
  const path = 'reports/tmp/document.png';
  await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d9e4f5' } })
    .composite([{ input: Buffer.from('<svg width="320" height="240"><text x="20" y="130" font-size="28">STAMPED</text></svg>') }])
    .png()
    .toFile(path);
  return path;
}

/** After a refused submit: the focused control is a wrong field, its message under it in
 * view, and the form's summary names that same message. */
async function firstWrongField(page: Page, message: string) {
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await focused.getAttribute('aria-describedby'))!;
  const own = page.locator(`[id="${describedBy}"]`);
  await expect(own).toHaveText(message);
  await whereTheEyeIs(page, own);
  await whereTheEyeIs(page, focused);
  await expect(page.getByTestId('form-summary')).toHaveText(message);
}

for (const lang of ['zh', 'en'] as const) {
  test(`a group registers, staff approve it, the group logs in (${lang})`, async ({ page }) => {
    const T = TEXT[lang];
    await useLanguage(page, lang);
    const creditCode = newCreditCode();
    const phone = newPhone();
    const name = `科技中学${creditCode.slice(-5, -1)}`;
    const password = 'School2027';

    // The team login, and the way to register from it.
    await page.goto('/team/login');
    await expect(page.getByRole('button', { name: T.login, exact: true })).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, lang, '50-team-login');
    await page.getByRole('link', { name: T.register }).click();
    await expect(page).toHaveURL(/\/team\/register$/);

    // An empty form is refused field by field: the eye goes to the first wrong field, its
    // message under it, and the summary names that same field's error.
    await page.getByRole('button', { name: T.submit }).click();
    await firstWrongField(page, T.required);
    await noSidewaysScroll(page);
    await shot(page, lang, '51-register-refused');
    for (const chip of await page.locator('.team-types .chip').all()) await tapTarget(chip);

    // The form, the code to the contact mobile, the documents.
    const labels =
      lang === 'zh'
        ? {
            teamName: '团体名称',
            creditCode: '信用代码',
            contactName: '联系人',
            contactPhone: '联系人手机',
            code: '验证码',
            address: '地址',
            password: '密码',
            confirm: '确认密码',
          }
        : {
            teamName: 'Group name',
            creditCode: 'Credit code',
            contactName: 'Contact person',
            contactPhone: 'Contact mobile',
            code: 'Verification code',
            address: 'Address',
            password: 'Password',
            confirm: 'Confirm password',
          };
    await fill(page, labels.teamName, name);
    // The next wrong field on the screen is the credit code, not a later one.
    await page.getByRole('button', { name: T.submit }).click();
    await firstWrongField(page, T.creditRequired);
    await fill(page, labels.creditCode, creditCode.toLowerCase());
    await fill(page, labels.contactName, '李老师');
    await fill(page, labels.contactPhone, phone);
    await page.locator('.code-btn').click();
    await fill(page, labels.code, await latestCode(page, phone));
    await fill(page, labels.address, '科技路2号');
    await fill(page, labels.password, password);
    await fill(page, labels.confirm, password);
    // Everything typed, no document yet, submitted from the top: the eye is taken down to the first document.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: T.submit }).click();
    await firstWrongField(page, T.creditUploadRequired);
    await shot(page, lang, '51a-register-document-missing');
    const image = await documentImage();
    const uploaded = page.locator('.upload-slot .tag--ok');
    for (const input of await page.locator('.upload-slot input[type=file]').all()) {
      const before = await uploaded.count();
      await input.setInputFiles(image);
      await expect(uploaded).toHaveCount(before + 1);
    }
    await noSidewaysScroll(page);
    await shot(page, lang, '52-register-filled');
    await page.getByRole('button', { name: T.submit }).click();
    await expect(page.getByRole('status')).toContainText(T.submitted);
    await shot(page, lang, '53-register-submitted');

    // Not yet approved: it logs in to see that it is under review.
    await page.goto('/team/login');
    await fill(page, labels.creditCode, creditCode);
    await page.locator('input[type=password]').fill('Wrong12345');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: T.wrongPassword }));

    // The staff console: the registration with its documents, approved.
    await page.goto('/staff/teams');
    await expect(page).toHaveURL(/\/staff\/login$/);
    await fill(page, lang === 'zh' ? '用户名' : 'Username', 'staff');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    // An admin's console opens at its home: the screens of the role.
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: lang === 'zh' ? '团体审核' : 'Group review' }).click();
    const card = page.locator('.staff-team').filter({ hasText: name });
    await expect(card).toBeVisible();
    await shot(page, lang, '54-staff-pending');
    await card.click();
    await expect(page.locator('.staff-doc img')).toHaveCount(2);
    await expect
      .poll(() =>
        page
          .locator('.staff-doc img')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(320);
    await noSidewaysScroll(page);
    await shot(page, lang, '55-staff-review');
    // The certificate opens full size to read its expiry date, zooms, and closes again.
    const certificate = lang === 'zh' ? '统一社会信用代码证书' : 'Credit code certificate';
    await page.getByRole('button', { name: lang === 'zh' ? `查看大图：${certificate}` : `Open full size: ${certificate}` }).click();
    const viewer = page.getByRole('dialog', { name: certificate });
    const shown = () => viewer.getByRole('img', { name: certificate }).evaluate((img) => img.getBoundingClientRect().width);
    await expect.poll(shown).toBeGreaterThanOrEqual(375);
    await viewer.getByRole('button', { name: lang === 'zh' ? '放大' : 'Zoom in' }).click();
    await expect.poll(shown).toBeGreaterThanOrEqual(560);
    await shot(page, lang, '55a-staff-document');
    await viewer.getByRole('button', { name: lang === 'zh' ? '关闭' : 'Close' }).click();
    await expect(viewer).toHaveCount(0);
    await fill(page, lang === 'zh' ? '信用代码证书有效期至' : 'Credit certificate valid until', '2031-06-30');
    await page.getByRole('button', { name: T.approve, exact: true }).click();
    await expect(page.getByRole('status')).toBeVisible();
    await shot(page, lang, '56-staff-approved');

    // The group logs in and sees itself verified, with the calendar of its visits.
    await page.goto('/team/login');
    await fill(page, labels.creditCode, creditCode);
    await page.locator('input[type=password]').fill(password);
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await expect(page).toHaveURL(/\/team\/select\/selectDate$/);
    await expect(page.getByTestId('team-state')).toContainText(T.verified);
    await expect(page.getByTestId('group-calendar')).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, lang, '57-team-home');

    // The staff freeze it (the group is told why); it asks to be unfrozen with a stamped
    // explanation, and the staff unfreeze it.
    await page.goto('/staff/teams');
    await page.getByRole('tab', { name: T.approvedTab }).click();
    await page.locator('.staff-team').filter({ hasText: name }).click();
    await page.getByRole('button', { name: T.freeze }).click();
    await expect(page.getByRole('alert')).toContainText(T.reasonNeeded);
    // The reason is chosen from a list, so the console and the group read it in their
    // language; the note follows as typed.
    await page.getByLabel(T.freezeReason).selectOption('missedVisits');
    await fill(page, T.freezeNote, '3次');
    await shot(page, lang, '61a-staff-freeze-reason');
    await page.getByRole('button', { name: T.freeze }).click();
    await expect(page.locator('.staff-fields')).toContainText(T.frozenFor);
    await shot(page, lang, '62-staff-frozen');
    await page.goto('/team/select/selectDate');
    await expect(page.getByTestId('team-state')).toContainText(T.frozenFor);
    // The frozen notice comes first (docs/product.md §4 pop-ups); the calendar offers no day
    // but says why and what to do: the request, sent from the centre.
    await page.locator('[data-notice=frozenSchool]').getByRole('button').click();
    const blocked = page.getByTestId('booking-blocked');
    await expect(blocked).toContainText(T.frozenCalendar);
    await expect(page.locator('[data-testid="group-calendar"] .day--available')).toHaveCount(0);
    await noSidewaysScroll(page);
    await shot(page, lang, '62a-team-frozen-calendar');
    await blocked.getByRole('link', { name: T.toCentre }).click();
    await expect(page).toHaveURL(/\/team\/personalCenter\/personHome$/);
    const unfreeze = page.locator('[data-request=unfreeze]');
    await unfreeze.locator('input[type=file]').setInputFiles(image);
    await expect(unfreeze.locator('.tag--ok')).toBeVisible();
    await unfreeze.getByRole('button', { name: T.sendRequest }).click();
    // The confirmation is where the eye is and stays once the list of requests is back.
    const confirmation = unfreeze.getByTestId('request-sent');
    await whereTheEyeIs(page, confirmation);
    await expect(page.getByTestId('team-requests')).toContainText(T.pendingState);
    await expect(confirmation).toContainText(T.requestSent);
    await shot(page, lang, '63-team-frozen-request');
    await page.reload();
    await expect(unfreeze.getByTestId('request-sent')).toContainText(T.pendingState, { ignoreCase: true });
    await page.goto('/staff/teams');
    await page.getByRole('tab', { name: T.requestsTab }).click();
    const request = page.locator('.staff-request').filter({ hasText: name });
    await request.getByRole('button', { name: T.approve, exact: true }).click();
    await expect(request.getByRole('status')).toBeVisible();
    await page.goto('/team/personalCenter/personHome');
    await expect(page.getByTestId('team-state')).toBeVisible();
    await expect(page.getByTestId('team-state')).not.toContainText(T.frozenFor);

    // Its first class visit, 16 pupils and a teacher, paid; then called off as a whole: the
    // refund says first that it freezes the school, and it does.
    await page.goto('/team/select/selectDate');
    await page
      .locator('[data-testid="group-calendar"] .day--available')
      .nth(lang === 'zh' ? 7 : 8)
      .click();
    await page.locator('[data-hall="main"] .session:not(.session--off)').first().click();
    await page.getByRole('button', { name: T.next }).click();
    await fill(page, T.leader.name, '张老师');
    await fill(page, T.leader.number, mainlandId('1981-02-03', '501'));
    await fill(page, T.leader.phone, phone);
    await page.getByRole('button', { name: T.next }).click();
    const grades = page.locator('.grade');
    await grades.nth(1).getByRole('button', { name: T.remove }).click();
    // The total is counted from boys and girls, not typed.
    await expect(grades.first().getByRole('textbox', { name: T.grade.total, exact: true })).toHaveCount(0);
    await fillGrade(grades.first(), [
      [T.grade.boys, '8'],
      [T.grade.girls, '8'],
      [T.grade.beijing, '16'],
    ]);
    await expect(grades.first().getByTestId('grade-total')).toHaveText(`${T.grade.total}16`);
    await noSidewaysScroll(page);
    await shot(page, lang, '63a-group-pupils');
    await page.getByRole('button', { name: T.next }).click();
    await fill(page, T.leader.name, '李老师');
    await fill(page, T.leader.number, mainlandId('1986-04-05', '502'));
    await page.getByRole('button', { name: T.next }).click();
    // A visit more than two days away: the window is offered.
    await expect(page.getByRole('radio', { name: T.payWindow })).toBeEnabled();
    await page.locator('.agreement input').check();
    await page.getByRole('button', { name: T.submit2 }).click();
    await solveSlider(page);
    await page.getByRole('button', { name: T.pay }).click();
    await page.getByRole('button', { name: T.cashierPay, exact: true }).click();
    await expect(page).toHaveURL(/\/team\/order\/paySuccess\/\d+$/);
    const orderId = page.url().match(/paySuccess\/(\d+)/)![1];
    await page.goto(`/team/order/orderDetail/${orderId}`);
    await page.getByRole('button', { name: T.refund, exact: true }).click();
    await page.locator('.sheet .pick-row input[type=checkbox]').first().check();
    await page.getByRole('button', { name: T.next }).click();
    const warning = page.getByRole('alert').filter({ hasText: T.freezeWarning });
    await shot(page, lang, '64-team-freeze-warning');
    await whereTheEyeIs(page, warning);
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: T.continue }).click();
    await page.getByRole('button', { name: T.confirmRefund }).click();
    await expect(page.locator('.refund-done')).toBeVisible();
    await page.goto('/team/order/blackOrderList');
    await expect(page.getByTestId('block-status')).toContainText(T.frozenBy);
    await shot(page, lang, '67-team-frozen-record');
    await page.goto('/team/personalCenter/personHome');

    // It changes its password, and logs in again with the new one.
    await page.getByRole('link', { name: T.changePassword }).click();
    await fill(page, T.currentPassword, password);
    await fill(page, T.newPassword, 'School2030');
    await fill(page, labels.confirm, 'School2031');
    await page.getByRole('button', { name: T.savePassword }).click();
    await whereTheEyeIs(page, page.getByRole('alert').filter({ hasText: T.mismatch }));
    await shot(page, lang, '59-password-mismatch');
    await fill(page, labels.confirm, 'School2030');
    await page.getByRole('button', { name: T.savePassword }).click();
    await expect(page).toHaveURL(/\/team\/login$/);
    await fill(page, labels.creditCode, creditCode);
    await page.locator('input[type=password]').fill('School2030');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await expect(page.getByTestId('team-state')).toBeVisible();
  });
}

for (const lang of ['zh', 'en'] as const) {
  test(`a travel agency whose agreement expires in 5 days is told once per session (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    // Before logging in: the notices and the questions, open to anyone.
    await page.goto('/team/login');
    await page.getByRole('link', { name: lang === 'zh' ? '公告' : 'Notices' }).click();
    await page
      .locator('.notice-item')
      .filter({ hasText: lang === 'zh' ? '团体预约须知' : 'Notes for group visits' })
      .click();
    await expect(page.locator('.notice-detail__text')).toContainText(lang === 'zh' ? '领队' : 'leader');
    await noSidewaysScroll(page);
    await shot(page, lang, '65-notice');
    await page.goto('/team/commonProblem');
    await page.getByRole('tab', { name: lang === 'zh' ? '账号与密码' : 'Account and password' }).click();
    await expect(page.locator('.faq-item')).toHaveCount(2);
    await page.locator('.faq-item summary').first().click();
    await expect(page.locator('.faq-item p').first()).toBeVisible();
    await tapTarget(page.locator('.faq-item summary').first());
    await noSidewaysScroll(page);
    await shot(page, lang, '66-faq');
    await page.goto('/team/login');
    await fill(page, lang === 'zh' ? '信用代码' : 'Credit code', '91350100M00010001T');
    await page.locator('input[type=password]').fill('Agency2026');
    await page.getByRole('button', { name: TEXT[lang].login, exact: true }).click();
    const notice = page.locator('[data-notice=protocolWillExpire]');
    await expect(notice).toContainText(lang === 'zh' ? '旅行社协议将于' : 'Your travel agency agreement expires on');
    await noSidewaysScroll(page);
    await shot(page, lang, '58-team-notice');
    await notice.getByRole('button').click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('team-state')).toBeVisible();
    await expect(page.locator('.team-notice')).toHaveCount(0);
  });
}

for (const lang of ['zh', 'en'] as const) {
  test(`a school renews its certificate and the staff set the new date (${lang})`, async ({ page }) => {
    const L =
      lang === 'zh'
        ? {
            creditTitle: '更新信用代码证书',
            send: '提交申请',
            sent: '申请已提交',
            requests: '申请',
            approve: '通过',
            expiresOn: '新的有效期至',
            approved: '已通过',
            validUntil: '信用代码证书有效期至 2032-12-31',
            changeInfo: '修改团体信息',
            contactName: '联系人',
            address: '地址',
            save: '保存',
          }
        : {
            creditTitle: 'Renew the credit certificate',
            send: 'Send the request',
            sent: 'Request sent',
            requests: 'Requests',
            approve: 'Approve',
            expiresOn: 'New expiry date',
            approved: 'Approved',
            validUntil: 'Credit certificate valid until 2032-12-31',
            changeInfo: 'Edit group details',
            contactName: 'Contact person',
            address: 'Address',
            save: 'Save',
          };
    await useLanguage(page, lang);
    await loginTeam(page, DEMO_SCHOOL);
    await page.goto('/team/personalCenter/personHome');
    const card = page.locator('[data-request=credit]');
    await expect(card).toContainText(L.creditTitle);
    await card.locator('input[type=file]').setInputFiles(await documentImage());
    await expect(card.locator('.tag--ok')).toBeVisible();
    await card.getByRole('button', { name: L.send }).click();
    await expect(page.getByTestId('team-requests')).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, lang, '60-team-request-sent');

    await page.goto('/staff/login');
    await fill(page, lang === 'zh' ? '用户名' : 'Username', 'staff');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: TEXT[lang].login, exact: true }).click();
    await page.getByRole('link', { name: lang === 'zh' ? '团体审核' : 'Group review' }).click();
    await page.getByRole('tab', { name: L.requests }).click();
    const request = page.locator('.staff-request').last();
    await expect(request.locator('.staff-doc img')).toHaveCount(1);
    // Whose request it is: the school's credit code, on the card.
    await expect(request.getByTestId('request-credit-code')).toHaveText(
      `${lang === 'zh' ? '统一社会信用代码' : 'Unified social credit code'}: 91110000MA0000001L`,
    );
    await request
      .locator('.rv-field')
      .filter({ has: page.locator('.rv-field__label', { hasText: L.expiresOn }) })
      .locator('input')
      .fill('2032-12-31');
    await request.getByRole('button', { name: L.approve, exact: true }).click();
    await expect(request.getByRole('status')).toBeVisible();
    await shot(page, lang, '61-staff-request-approved');

    await page.goto('/team/personalCenter/personHome');
    await expect(page.getByTestId('team-state')).toContainText(L.validUntil);
    await expect(page.getByTestId('team-requests').locator('.tag--ok').first()).toContainText(L.approved);

    // Its own details: a contact name that breaks the rule is refused where the eye is.
    await page.getByRole('link', { name: L.changeInfo }).click();
    await fill(page, L.contactName, 'Mr Wang');
    await page.getByRole('button', { name: L.save }).click();
    await whereTheEyeIs(page, page.getByRole('alert'));
    await noSidewaysScroll(page);
    await shot(page, lang, '64-team-details-refused');
    await fill(page, L.contactName, '王老师');
    await fill(page, L.address, `科技路${lang === 'zh' ? 10 : 11}号`);
    await page.getByRole('button', { name: L.save }).click();
    await expect(page).toHaveURL(/\/team\/personalCenter\/personHome$/);
  });
}

test("the staff console's language switch, remembered on the device as a visitor's is", async ({ page }) => {
  // No stored choice: the configured default, zh; the switch offers English.
  await page.goto('/staff/login');
  await expect(page.getByRole('heading', { name: '工作人员登录' })).toBeVisible();
  await shot(page, 'zh', '54a-staff-login');
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Staff login' })).toBeVisible();
  await shot(page, 'en', '54a-staff-login');
  await fill(page, 'Username', 'staff');
  await page.locator('input[type=password]').fill('Museum2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Group review' })).toBeVisible();
  await noSidewaysScroll(page);
  await shot(page, 'en', '54b-staff-home');
  // Back to Chinese from the home, and still Chinese on the next visit.
  await page.getByRole('button', { name: '中文', exact: true }).click();
  await expect(page.getByRole('link', { name: '团体审核' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: '工作台' })).toBeVisible();
  await shot(page, 'zh', '54b-staff-home');
});
