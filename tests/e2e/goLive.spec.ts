/** A museum goes live (docs/product.md §2.7, §2.8): production mode on a fresh database, the
 * first admin made by `staff:create`, texts through the SMS adapter to a gateway, the real
 * slider; only the payment, face and chat-app simulators allowed by name. The admin builds a
 * hall with two ticket types, a dome with its seat map from a CSV and a film, and their
 * sessions; a visitor books and pays; a group registers, is approved, books and pays; the admin
 * calls the session off; both are refunded in full and told by text message. In zh and en, at
 * 375x667 (each language its own halls: the two share the spec's server). */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { addDays, museumDate } from '../../src/domain/museumTime.ts';
import { TEAM_TYPES } from '../../src/domain/team.ts';
import { callOffInConsole } from './callOffKit.ts';
import { addFilm, addHall, addPrices, CATALOGUE_WORDS, sessionsFrom, staffCalls } from './catalogueKit.ts';
import { buyAndPay } from './gateKit.ts';
import { loginByApi, mainlandId, newPhone, shot, staffLogin } from './helpers.ts';
import { noSidewaysScroll, useLanguage } from './looks.ts';
import { data, payByApi } from './orderKit.ts';
import { startOwnServer, type OwnServer } from './ownServer.ts';
import { realSliderToken, solveRealSlider } from './realSlider.ts';
import { startSmsGateway, type SmsGateway } from './smsGateway.ts';
import { registerApprovedTeam } from './teamKit.ts';

const PRODUCTION = { NODE_ENV: 'production', ALLOW_SIMULATORS: 'payment,face,wechat', CAPTCHA: 'slider' };
const ADMIN = { username: 'staff', password: 'Museum2026' };

interface Live {
  server: OwnServer;
  sms: SmsGateway;
}

// The museum is the worker's: made empty before this file's first test, kept for its others.
const test = base.extend<object, { live: Live }>({
  live: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sms = await startSmsGateway();
      const env = { ...PRODUCTION, ...sms.env };
      const server = await startOwnServer(env, (dir) => {
        // As the operator does before the first start (docs/operations.md): the first admin.
        execFileSync(process.execPath, ['--import', 'tsx', 'scripts/staff-create.ts', ADMIN.username], {
          env: { ...process.env, ...env, DATA_DIR: path.join(dir, 'data'), STAFF_PASSWORD: ADMIN.password },
          stdio: 'pipe',
        });
        return {};
      });
      // The museum offers English (its settings screen; a fresh database offers Chinese only).
      await (await staffCalls(server.api, ADMIN.username, ADMIN.password)).post('/staff/settings/config', { key: 'i18n', value: '1' });
      await use({ server, sms });
      await server.stop();
      await sms.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ live }, use) => use(live.server.baseURL),
});

const TEXT = {
  zh: { hall: { key: 'stars', zh: '星空展厅', en: 'Star hall', groups: true }, dome: { key: 'dome', zh: '穹顶影院', en: 'Dome theatre' }, name: '张三' },
  en: { hall: { key: 'ocean', zh: '海洋展厅', en: 'Ocean hall', groups: true }, dome: { key: 'globe', zh: '环球影院', en: 'Globe theatre' }, name: '李雷' },
} as const;
const REASON = { zh: '水管爆裂', en: 'A burst pipe' } as const;
/** As a museum's spreadsheet saves it: a BOM, CRLF, an empty cell for an aisle, a blocked seat. */
const SEATS = '\uFEFFS,S,,S,S\r\nS,S,_,S,S\r\nX,S,_,S,S\r\n';

/** The visitor's login as the app makes it: the code sent to her phone, read from the gateway. */
const loginBySms = (sms: SmsGateway, phone: string) => async (page: Page) => {
  await loginByApi(page, phone, sms.codeFor);
};

/** An enterprise registers with its documents, the admin approves it, and its contact books a
 * group of 16 in the session and pays online; answers its token and order. */
async function groupBooksAndPays(api: APIRequestContext, sms: SmsGateway, session: { date: string; hallScheduleId: number; phone: string }) {
  const team = { phone: session.phone, codeFor: sms.codeFor, name: '星海科技', contactName: '王经理', password: 'Company2027', reviewer: ADMIN };
  const { token } = await registerApprovedTeam(api, { ...team, teamType: TEAM_TYPES.enterprise });
  const halls = await data<Array<{ hallId: number; scheduleTicketPoolVOS: Array<{ hallScheduleId: number }> }>>(
    await api.get(`/prod-api/pool/ingore/getHall?queryDate=${session.date}&openPerson=2`),
  );
  const hallId = halls.find((h) => h.scheduleTicketPoolVOS.some((s) => s.hallScheduleId === session.hallScheduleId))!.hallId;
  const { orderId } = await data<{ orderId: number }>(
    await api.post('/prod-api/config/orderRule/placeOrder', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        date: session.date,
        hallId,
        hallScheduleId: session.hallScheduleId,
        captchaToken: await realSliderToken(api),
        payMethod: 'online',
        orderAdditionInfo: { name: '王经理', certificateType: '1', certificateInfo: mainlandId('1980-03-04', '107'), mobile: session.phone, personNumber: 16 },
        ticketUseType: 1,
        leaderFreeFlag: 0,
        gradeList: [],
        teacherList: [],
      },
    }),
  );
  return { token, orderId };
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test(`a museum builds its catalogue from nothing, sells to a visitor and a group, and calls the session off (${lang})`, async ({ page, live }) => {
    // The hand's pace on the slider is kept on the page's clock, which otherwise runs as usual.
    await page.clock.install();
    await page.addInitScript(() => localStorage.setItem('firstOrderTipsSeen', '1'));
    await useLanguage(page, lang);

    // The admin builds the catalogue: a hall that takes groups with two ticket types; a dome
    // with its seat map from a CSV, a price and a film.
    await staffLogin(page, lang, ADMIN.username);
    await expect(page).toHaveURL(/\/staff$/);
    await page.getByRole('link', { name: CATALOGUE_WORDS[lang].link }).click();
    await addHall(page, lang, T.hall);
    await addPrices(page, lang, T.hall.key, [
      { zh: '成人票', en: 'Adult', yuan: '30' },
      { zh: '优惠票', en: 'Concession', yuan: '15' },
    ]);
    await addHall(page, lang, { ...T.dome, seatCsv: SEATS });
    await addPrices(page, lang, T.dome.key, [{ zh: '观影票', en: 'Film', yuan: '40' }]);
    const film = { key: `${T.dome.key}film`, zh: `${T.dome.zh}首映`, en: `${T.dome.en} premiere`, minutes: 40 };
    await addFilm(page, lang, film);
    await noSidewaysScroll(page);
    await shot(page, lang, 'golive-01-catalogue');
    // Their sessions, from templates (sessions.spec.ts looks at the templates' screen).
    const from = addDays(museumDate(new Date()), 1);
    // A week: a fresh museum's closed days are its own to set, so one of them may be any day.
    await sessionsFrom(page.request, T.hall.key, from, { days: 7 });
    await sessionsFrom(page.request, T.dome.key, from, { film: film.zh, days: 7 });

    // A visitor books the hall and pays: her code comes by text, the slider is the real one.
    const visitorPhone = newPhone();
    const { orderId } = await buyAndPay(page, lang, [T.name], { hall: T.hall.key, login: loginBySms(live.sms, visitorPhone), slider: solveRealSlider });
    await expect(page.locator('.ticket-qr')).toHaveCount(1);
    await shot(page, lang, 'golive-02-visitor-paid');
    const visitorToken = (await page.context().cookies()).find((c) => c.name === 'ticket_token_individual')!.value;
    const visitorOrder = () =>
      page.request
        .get(`/prod-api/order/OrderInfo/searchPersonOrder/${orderId}`, { headers: { authorization: `Bearer ${visitorToken}` } })
        .then((r) => data<{ status: string; tickets: Array<{ hallScheduleId: number; visitDate: string }> }>(r));
    const { hallScheduleId, visitDate } = (await visitorOrder()).tickets[0];

    // A group books the same session and pays online.
    const groupPhone = newPhone();
    const group = await groupBooksAndPays(page.request, live.sms, { date: visitDate, hallScheduleId, phone: groupPhone });
    await payByApi(page, group);
    const groupOrder = () =>
      page.request
        .get(`/prod-api/order/OrderInfo/searchTravelTeamOrder/${group.orderId}`, { headers: { authorization: `Bearer ${group.token}` } })
        .then((r) => data<{ status: string }>(r));
    expect((await groupOrder()).status).toBe('completed');

    // The admin calls the session off: both orders refunded in full, both told by text.
    await callOffInConsole(page, lang, { hallScheduleId, visitDate }, ADMIN.username);
    await noSidewaysScroll(page);
    await shot(page, lang, 'golive-03-called-off');
    expect((await visitorOrder()).status).toBe('refunded');
    expect((await groupOrder()).status).toBe('refunded');
    await expect.poll(() => live.sms.textsTo(visitorPhone).filter((text) => text.includes(REASON[lang]))).toHaveLength(1);
    await expect.poll(() => live.sms.textsTo(groupPhone).filter((text) => text.includes(REASON.zh) || text.includes(REASON.en))).toHaveLength(1);
  });
}
