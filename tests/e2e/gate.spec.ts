/** A gate scans a real e-ticket: a visitor books and pays, the QR on her success page
 * is photographed (a screenshot of the element), and the gate's camera is fed that picture (a
 * fake camera stream: a canvas's captureStream in place of getUserMedia). The gate attendant
 * logs in, lands on the gate, picks the hall; the camera reads the code (jsQR), the server
 * checks its signature and answers: in, green, on the visit day; otherwise red, "not for
 * today", with the ticket's masked holder either way. Then the order number typed in gets the
 * second answer. In zh and en, at 375x667. */
import { expect, test } from '@playwright/test';
import { DEMO_SCHOOL } from '../../server/seed/accounts.ts';
import { museumDate } from '../../src/domain/museumTime.ts';
import type { CalendarDay, HallPool } from '../../src/domain/types.ts';
import { buyAndPay, fakeCamera } from './gateKit.ts';
import { fill, mainlandId, shot, sliderTokenByApi } from './helpers.ts';
import { noSidewaysScroll, noWordBrokenMidWord, tapTarget, useLanguage } from './looks.ts';
import { data, payByApi } from './orderKit.ts';

const TEXT = {
  zh: {
    main: '主展厅',
    in: '检票通过：1 张',
    out: '不能入场',
    notToday: '非当日门票',
    checked: '已检票',
    checkOrder: '按订单检票',
    orderNumber: '订单号',
    username: '用户名',
    login: '登录',
  },
  en: {
    main: 'Main exhibition hall',
    in: 'In: 1',
    out: 'Not in',
    notToday: 'Not for today',
    checked: 'Already checked in',
    checkOrder: 'Check in the order',
    orderNumber: 'Order number',
    username: 'Username',
    login: 'Log in',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`a gate reads a real e-ticket from its camera and answers at once (${lang})`, async ({ page }) => {
    const { orderId } = await buyAndPay(page, lang, ['林一']);
    const ticket = (await page.locator('.ticket-qr').first().screenshot()).toString('base64');
    // The order as the server has it, and the server's own day (the gate's "today").
    const headers = { authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === 'ticket_token_individual')!.value}` };
    const detail = await (await page.request.get(`/prod-api/order/OrderInfo/searchPersonOrder/${orderId}`, { headers })).json();
    const orderNumber = detail.data.orderNumber as string;
    const serverNow = (await (await page.request.post('/prod-api/config/orderRule/getSysTime', { headers })).json()).data.now as number;
    const today = detail.data.visitDate === museumDate(new Date(serverNow));

    // The gate attendant's phone: its camera films the visitor's screen.
    await fakeCamera(page, ticket);
    await page.goto('/staff/login');
    await fill(page, T.username, 'gate');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await expect(page).toHaveURL(/\/staff\/gate$/);
    await tapTarget(page.getByRole('button', { name: T.main }));
    await page.getByRole('button', { name: T.main }).click();
    const answer = page.getByTestId('gate-answer');
    await expect(answer).toContainText(today ? T.in : T.out);
    if (!today) await expect(answer).toContainText(T.notToday);
    // Whose ticket it is, masked: the code was read and its signature was the museum's.
    await expect(answer).toContainText('林*');
    await noSidewaysScroll(page);
    await shot(page, lang, '96-gate-scanned');

    // The same visitor's order number typed in: already in, or still not today.
    await fill(page, T.orderNumber, orderNumber.toLowerCase());
    await page.getByRole('button', { name: T.checkOrder }).click();
    await expect(answer).toContainText(today ? T.checked : T.notToday);
    await expect(answer).toHaveClass(/gate-answer--out/);
    await shot(page, lang, '97-gate-order-number');
  });
}

const DAY_TEXT = {
  zh: {
    username: '用户名',
    login: '登录',
    title: '当日运营',
    stop: '停售',
    resume: '恢复售票',
    stopped: '已停售',
    reasonZh: '原因（中文）',
    reasonEn: '原因（英文）',
    needReason: '请填写中英文原因，游客将看到它',
    csv: '下载当日数据（CSV）',
    head: '日期,场馆,场次',
  },
  en: {
    username: 'Username',
    login: 'Log in',
    title: 'The day',
    stop: 'Stop the sale',
    resume: 'Resume the sale',
    stopped: 'Sale stopped',
    reasonZh: 'Reason (Chinese)',
    reasonEn: 'Reason (English)',
    needReason: 'Give the reason in Chinese and English: visitors see it',
    csv: 'Download the figures (CSV)',
    head: 'date,hall,session',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = DAY_TEXT[lang];
  test(`an admin reads the day's figures, stops a session's sale with its reason and resumes it, and downloads the CSV (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.goto('/staff/login');
    await fill(page, T.username, 'staff');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: T.title }).click();
    await expect(page).toHaveURL(/\/staff\/day$/);
    // Tomorrow: its sessions are there whatever the hour.
    await page.getByRole('button', { name: lang === 'zh' ? '后一天' : 'The day after' }).click();
    const session = page.locator('.day-session').first();
    await expect(session).toBeVisible();
    await session.getByRole('button', { name: T.stop }).click();
    await expect(page.getByRole('alert').filter({ hasText: T.needReason })).toBeVisible();
    const field = (label: string) =>
      session
        .locator('.rv-field')
        .filter({ has: page.locator('.rv-field__label', { hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) }) })
        .locator('input');
    await field(T.reasonZh).fill('设备检修');
    await field(T.reasonEn).fill('Maintenance');
    await session.getByRole('button', { name: T.stop }).click();
    await expect(page.locator('.day-session').first()).toContainText(T.stopped);
    await noSidewaysScroll(page);
    await shot(page, lang, '98-staff-day');
    await page.locator('.day-session').first().getByRole('button', { name: T.resume }).click();
    await expect(page.locator('.day-session').first()).not.toContainText(T.stopped);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: T.csv }).click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file!, 'utf8').replace(/^\uFEFF/, '')).toMatch(new RegExp(`^${T.head}`));
  });
}

const SETTINGS_TEXT = {
  zh: {
    username: '用户名',
    login: '登录',
    title: '系统设置',
    save: '保存',
    label: '免费学生最低到馆比例（%）',
    range: '“免费学生最低到馆比例（%）”须为 0 到 100 之间的整数',
    saved: '已保存：team_min_arrival_percent',
  },
  en: {
    username: 'Username',
    login: 'Log in',
    title: 'Settings',
    save: 'Save',
    label: 'Free pupils who must come (%)',
    range: '"Free pupils who must come (%)" must be a whole number from 0 to 100',
    saved: 'Saved: team_min_arrival_percent',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = SETTINGS_TEXT[lang];
  test(`an admin changes a rule within its range and a text that is stored sanitized (${lang})`, async ({ page }) => {
    await useLanguage(page, lang);
    await page.goto('/staff/login');
    await fill(page, T.username, 'staff');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await page.getByRole('link', { name: T.title }).click();
    await expect(page).toHaveURL(/\/staff\/settings$/);
    const row = page.locator('[data-config=team_min_arrival_percent]');
    await row.locator('input').fill('150');
    await row.getByRole('button', { name: T.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: T.range })).toBeVisible();
    await noSidewaysScroll(page);
    await shot(page, lang, '99-staff-settings');
    await page.locator('[data-config=team_min_arrival_percent] input').fill('75');
    await page.locator('[data-config=team_min_arrival_percent]').getByRole('button', { name: T.save }).click();
    await expect(page.getByRole('status').filter({ hasText: T.saved })).toBeVisible();
    await expect(page.locator('[data-config=team_min_arrival_percent] input')).toHaveValue('75');
    await page.locator('[data-config=team_min_arrival_percent] input').fill('80');
    await page.locator('[data-config=team_min_arrival_percent]').getByRole('button', { name: T.save }).click();
    await expect(page.locator('[data-config=team_min_arrival_percent] input')).toHaveValue('80');
    // A text with a script: stored without it, and the preview shows what visitors will see.
    const text = page.locator('[data-text=portrait_agreement]');
    await text.locator('summary').click();
    await text.locator('textarea').first().fill('<p>人像仅用于入馆核验<script>alert(1)</script></p>');
    await text.getByRole('button', { name: T.save }).click();
    const saved = page.locator('[data-text=portrait_agreement]');
    await saved.locator('summary').click();
    await expect(saved.locator('textarea').first()).toHaveValue('<p>人像仅用于入馆核验</p>');
    await expect(saved.locator('.settings-preview')).toContainText('人像仅用于入馆核验');
  });
}

const GRADE_TEXT = {
  zh: { main: '主展厅', checkOrder: '按订单检票', orderNumber: '订单号', username: '用户名', login: '登录', grade: '一年级', pupils: '一年级 × 16' },
  en: {
    main: 'Main exhibition hall',
    checkOrder: 'Check in the order',
    orderNumber: 'Order number',
    username: 'Username',
    login: 'Log in',
    grade: 'Grade One',
    pupils: 'Grade One × 16',
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  const T = GRADE_TEXT[lang];
  test(`a school's order at the gate lists its pupils as a grade and a count, never as a person (${lang})`, async ({ page }) => {
    // The demo school's paid class visit: a grade of 16, a teacher and the leader (staff calls as the app makes them).
    const api = page.request;
    const { token } = await data<{ token: string }>(
      await api.post('/prod-api/login', { data: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } }),
    );
    const days = await data<CalendarDay[]>(await api.get('/prod-api/pool/ingore/getCalendar'));
    const date = days.filter((d) => d.state === 'available')[lang === 'zh' ? 5 : 6].date;
    const hall = (await data<HallPool[]>(await api.get('/prod-api/pool/ingore/getHall', { params: { openPerson: 2, queryDate: date } }))).find(
      (h) => h.hallKey === 'main',
    )!;
    const { orderId } = await data<{ orderId: number }>(
      await api.post('/prod-api/config/orderRule/placeOrder', {
        headers: { authorization: `Bearer ${token}`, language: lang === 'zh' ? 'zh_cn' : 'en_us' },
        data: {
          date,
          hallId: hall.hallId,
          hallScheduleId: hall.scheduleTicketPoolVOS.find((s) => !s.disabled)!.hallScheduleId,
          captchaToken: await sliderTokenByApi(api),
          payMethod: 'online',
          orderAdditionInfo: {
            name: '王老师',
            certificateType: '1',
            certificateInfo: mainlandId('1980-03-04', '141'),
            mobile: '13800138000',
            personNumber: 18,
          },
          ticketUseType: 1,
          leaderFreeFlag: 0,
          gradeList: [{ name: T.grade, boy: 8, girl: 8, all: 16, beijing: 16, orther: 0 }],
          teacherList: [{ name: '李老师', certificateType: '1', certificateInfo: mainlandId('1985-01-01', '241') }],
        },
      }),
    );
    await payByApi(page, { token, orderId });
    const { orderNumber } = await data<{ orderNumber: string }>(
      await api.get(`/prod-api/order/OrderInfo/searchTravelTeamOrder/${orderId}`, { headers: { authorization: `Bearer ${token}` } }),
    );

    // The gate types its number: the grade and its count, the adults masked; no grade as a name.
    await useLanguage(page, lang);
    await page.goto('/staff/login');
    await fill(page, T.username, 'gate');
    await page.locator('input[type=password]').fill('Museum2026');
    await page.getByRole('button', { name: T.login, exact: true }).click();
    await page.getByRole('button', { name: T.main }).click();
    await fill(page, T.orderNumber, orderNumber);
    await page.getByRole('button', { name: T.checkOrder }).click();
    const answer = page.getByTestId('gate-answer');
    await expect(answer.locator('.gate-answer__ticket').filter({ hasText: T.pupils })).toHaveCount(1);
    await expect(answer).toContainText('王*');
    await expect(answer).not.toContainText(lang === 'zh' ? '一*级' : 'G*');
    await noWordBrokenMidWord(answer);
    await noSidewaysScroll(page);
    await shot(page, lang, '97a-gate-school-order');
  });
}
