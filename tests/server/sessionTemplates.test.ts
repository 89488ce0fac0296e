/** Session templates over HTTP ("Operations: Sessions"): every hall's templates listed;
 * a template saved or refused in zh and en; applied to a week with a release time after a preview
 * that changes nothing; sessions that exist never touched, closed days skipped, a dome's session
 * with its seats; the release time honoured by the calendar and by ordering as the clock moves; a
 * day's release time on its own; who may do it; the audit. On PGlite and PostgreSQL. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { DEMO_TEMPLATE_NAME, HALLS } from '../../server/seed/museum.ts';
import type { ApplyReport, CalendarDay, SessionTemplates, StaffDay } from '../../src/domain/types.ts';
import { seedIfEmpty } from '../../server/seed/seed.ts';
import { CLOSED_DAY, NOT_RELEASED_DAY, OPEN_DAY, TODAY } from './constants.ts';
import { assertStockInvariant, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { QUEUE_CONFIG, QUEUE_TEXTS } from '../../src/domain/releaseQueue.ts';

let t: TestApp;
let admin: string;
type Lang = 'zh' | 'en';

beforeAll(async () => {
  t = await makeApp();
  admin = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const post = <T = unknown>(path: string, body: Record<string, unknown>, lang: Lang = 'en', token = admin) => t.call<T>('POST', path, { token, body, lang });
const list = async () => (await t.call<SessionTemplates>('GET', '/staff/templates', { token: admin, lang: 'en' })).data;
const hallOf = async (name: string) => (await list()).halls.find((h) => h.name === name)!;
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(sql, params))[0].n;
const WEEK = { from: '2030-03-25', to: '2030-03-31' }; // Monday to Sunday, beyond the seeded fortnight
const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const session = (beginTime: string, endTime: string, capacity = 100, filmId: number | null = null) => ({ beginTime, endTime, capacity, filmId });

describe('the templates', () => {
  it("lists every hall with the demo's template (its sessions, a dome's films and seats), rolled forward in the demo", async () => {
    const { now, halls } = await list();
    expect(now).toBe('2030-03-05 10:00');
    expect(halls.map((h) => h.name)).toEqual(HALLS.map((h) => h.name[1]));
    const main = halls.find((h) => h.name === 'Main exhibition hall')!;
    expect(main).toMatchObject({ cinema: false, seats: 0, films: [] });
    expect(main.templates).toEqual([
      {
        templateId: expect.any(Number),
        name: DEMO_TEMPLATE_NAME,
        rollForward: true,
        sessions: [session('09:00', '12:00', 300), session('12:00', '14:30', 300), session('14:30', '17:00', 300)],
      },
    ]);
    const dome = halls.find((h) => h.name === 'Dome cinema')!;
    expect(dome.seats).toBe(
      await count('SELECT count(*)::int AS n FROM hall_seats s JOIN halls h ON h.id = s.hall_id WHERE h.hall_key = $1 AND NOT s.blocked', ['cinema']),
    );
    expect(dome.films.length).toBe(3);
    expect(dome.templates[0].sessions.every((s) => s.filmId !== null && s.capacity === 0)).toBe(true);
  });

  it('saves a new template and edits it; the audit says who', async () => {
    const main = await hallOf('Main exhibition hall');
    const saved = await post<{ templateId: number }>('/staff/templates', {
      hallId: main.hallId,
      name: ' Weekend ',
      sessions: [session('10:00', '13:00', 200), session('09:00', '10:00', 50)],
    });
    expect(saved.code, saved.msg).toBe(200);
    const { templateId } = saved.data;
    expect((await hallOf('Main exhibition hall')).templates.find((x) => x.templateId === templateId)).toMatchObject({
      name: 'Weekend',
      rollForward: false,
      sessions: [session('09:00', '10:00', 50), session('10:00', '13:00', 200)],
    });
    expect((await post('/staff/templates', { templateId, hallId: main.hallId, name: 'Weekend', sessions: [session('10:00', '16:00', 250)] })).code).toBe(200);
    expect((await hallOf('Main exhibition hall')).templates.find((x) => x.templateId === templateId)!.sessions).toEqual([session('10:00', '16:00', 250)]);
    expect(
      await count(`SELECT count(*)::int AS n FROM staff_audit WHERE subject = $1 AND action IN ('createTemplate', 'editTemplate')`, [`template:${templateId}`]),
    ).toBe(2);
  });

  it('refuses a template against each rule, in Chinese and in English', async () => {
    const main = await hallOf('Main exhibition hall');
    const dome = await hallOf('Dome cinema');
    const film = dome.films[0].filmId;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '  ', sessions: [session('09:00', '10:00')] }, '模板名称须为 1-30 个字', 'A template name has 1 to 30 characters'],
      [{ name: 'x'.repeat(31), sessions: [session('09:00', '10:00')] }, '模板名称须为 1-30 个字', 'A template name has 1 to 30 characters'],
      [{ name: 'Empty', sessions: [] }, '模板至少要有一个场次', 'A template needs at least one session'],
      [{ name: 'Bad', sessions: [session('9:00', '10:00')] }, '第 1 个场次的时间须为 HH:mm（00:00-23:59）', 'Session 1: times are HH:mm (00:00 to 23:59)'],
      [{ name: 'Bad', sessions: [session('09:00', '24:00')] }, '第 1 个场次的时间须为 HH:mm（00:00-23:59）', 'Session 1: times are HH:mm (00:00 to 23:59)'],
      [
        { name: 'Bad', sessions: [session('09:00', '10:00'), session('11:00', '11:00')] },
        '第 2 个场次的开始时间须早于结束时间',
        'Session 2: it must begin before it ends',
      ],
      [
        { name: 'Bad', sessions: [session('09:00', '12:00'), session('11:30', '13:00')] },
        '场次 09:00-12:00 与 11:30-13:00 时间重叠',
        'Sessions 09:00-12:00 and 11:30-13:00 overlap',
      ],
      [{ name: 'Bad', sessions: [session('09:00', '10:00', 0)] }, '第 1 个场次的容量须为 1-20000', 'Session 1: the capacity is 1 to 20000'],
      [{ name: 'Bad', sessions: [session('09:00', '10:00', 20_001)] }, '第 1 个场次的容量须为 1-20000', 'Session 1: the capacity is 1 to 20000'],
      [{ name: 'Bad', sessions: [session('09:00', '10:00', 10, film)] }, '只有球幕影院的场次放映影片', 'Only a dome cinema session shows a film'],
      [{ name: DEMO_TEMPLATE_NAME, sessions: [session('09:00', '10:00')] }, '该场馆已有同名模板', 'This hall already has a template of that name'],
      [{ hallId: dome.hallId, name: 'Bad', sessions: [session('19:00', '19:40')] }, '第 1 个场次须选择影片', 'Session 1: choose its film'],
      [
        { hallId: dome.hallId, name: 'Bad', sessions: [session('19:00', '19:40', 0, film), session('20:00', '20:40', 0, 999_999)] },
        '第 2 个场次须选择影片',
        'Session 2: choose its film',
      ],
      [{ hallId: 999_999, name: 'Bad', sessions: [session('09:00', '10:00')] }, '场馆不存在', 'No such hall'],
      [{ templateId: 999_999, name: 'Bad', sessions: [session('09:00', '10:00')] }, '模板不存在', 'No such template'],
      // Another hall's template is not this hall's to edit.
      [{ templateId: dome.templates[0].templateId, name: 'Bad', sessions: [session('09:00', '10:00')] }, '模板不存在', 'No such template'],
    ];
    const before = await count('SELECT count(*)::int AS n FROM template_sessions');
    for (const [body, zh, en] of cases) {
      expect((await post('/staff/templates', { hallId: main.hallId, ...body }, 'zh')).msg).toBe(zh);
      expect((await post('/staff/templates', { hallId: main.hallId, ...body }, 'en')).msg).toBe(en);
    }
    expect(await count('SELECT count(*)::int AS n FROM template_sessions')).toBe(before);
    // A shape no template has is refused at the edge, in words.
    const shape = await post('/staff/templates', { hallId: main.hallId, name: 'Bad', sessions: 'all day' }, 'en');
    expect(shape.code).toBe(500);
    expect(shape.msg).toMatch(/sessions/);
  });
});

describe('applying a template', () => {
  it('previews a week (nothing changes), then applies it with a release time: the report per day, the audit', async () => {
    const main = await hallOf('Main exhibition hall');
    const { data: saved } = await post<{ templateId: number }>('/staff/templates', {
      hallId: main.hallId,
      name: 'Spring',
      sessions: [session('09:30', '12:00', 120), session('13:00', '16:30', 150)],
    });
    const body = { templateId: saved.templateId, ...WEEK, weekdays: [1, 2, 3, 4, 5], releaseAt: '2030-03-20 20:00' };
    const sessionsBefore = await count('SELECT count(*)::int AS n FROM hall_schedule');
    const daysBefore = await count('SELECT count(*)::int AS n FROM museum_days');
    const preview = await post<ApplyReport>('/staff/templates/preview', body);
    expect(preview.code, preview.msg).toBe(200);
    expect([await count('SELECT count(*)::int AS n FROM hall_schedule'), await count('SELECT count(*)::int AS n FROM museum_days')]).toEqual([
      sessionsBefore,
      daysBefore,
    ]);
    const release = new Date('2030-03-20T20:00:00+08:00').getTime();
    const weekdays = ['2030-03-25', '2030-03-26', '2030-03-27', '2030-03-28', '2030-03-29'];
    expect(preview.data).toEqual({
      templateId: saved.templateId,
      hallName: 'Main exhibition hall',
      templateName: 'Spring',
      applied: false,
      created: 10,
      skipped: 0,
      days: weekdays.map((date) => ({ date, closed: false, onSale: false, releaseAt: release, created: ['09:30', '13:00'], skipped: [] })),
    });
    const applied = await post<ApplyReport>('/staff/templates/apply', body);
    expect(applied.data).toEqual({ ...preview.data, applied: true });
    expect(await count('SELECT count(*)::int AS n FROM hall_schedule WHERE visit_date BETWEEN $1 AND $2', [WEEK.from, WEEK.to])).toBe(10);
    const monday = (await t.call<StaffDay>('GET', `/staff/day?date=${WEEK.from}`, { token: admin, lang: 'en' })).data;
    expect(monday).toMatchObject({ releaseAt: release, closed: false });
    expect(monday.sessions.map((s) => [s.beginTime, s.endTime, s.capacity, s.sold])).toEqual([
      ['09:30', '12:00', 120, 0],
      ['13:00', '16:30', 150, 0],
    ]);
    expect(await count(`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'applyTemplate' AND subject = $1`, [`template:${saved.templateId}`])).toBe(1);
    // Applied again: every session is there, so nothing is made; a preview writes no audit.
    const again = await post<ApplyReport>('/staff/templates/apply', body);
    expect(again.data).toMatchObject({ created: 0, skipped: 10 });
    expect(again.data.days[0]).toMatchObject({ created: [], skipped: ['09:30', '13:00'] });
    expect(await count(`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'applyTemplate' AND subject = $1`, [`template:${saved.templateId}`])).toBe(2);
  });

  it('never touches a session that is there (sold stock is sacred), skips a closed day, and sells new sessions of a day on sale at once', async () => {
    const main = await hallOf('Main exhibition hall');
    const { data: saved } = await post<{ templateId: number }>('/staff/templates', {
      hallId: main.hallId,
      name: 'Late',
      sessions: [session('09:00', '12:00', 5), session('17:00', '19:00', 40)],
    });
    const [before] = await t.db.query<{ id: number; capacity: number; sold: number; end_time: string }>(
      `SELECT s.id, s.capacity, s.sold, s.end_time FROM hall_schedule s WHERE s.hall_id = $1 AND s.visit_date = $2 AND s.begin_time = '09:00'`,
      [main.hallId, OPEN_DAY],
    );
    const report = await post<ApplyReport>(
      '/staff/templates/apply',
      { templateId: saved.templateId, from: OPEN_DAY, to: CLOSED_DAY, weekdays: ALL_DAYS, releaseAt: '2030-03-06 08:00' },
      'zh',
    );
    expect(report.code, report.msg).toBe(200);
    const open = report.data.days.find((d) => d.date === OPEN_DAY)!;
    expect(open).toEqual({ date: OPEN_DAY, closed: false, onSale: true, releaseAt: null, created: ['17:00'], skipped: ['09:00'] });
    expect(report.data.days.find((d) => d.date === CLOSED_DAY)).toEqual({
      date: CLOSED_DAY,
      closed: true,
      onSale: false,
      releaseAt: null,
      created: [],
      skipped: ['09:00', '17:00'],
    });
    const [after] = await t.db.query<{ capacity: number; sold: number; end_time: string }>('SELECT capacity, sold, end_time FROM hall_schedule WHERE id = $1', [
      before.id,
    ]);
    expect(after).toEqual({ capacity: before.capacity, sold: before.sold, end_time: before.end_time });
    // The day on sale stays on sale: its new session is bookable now.
    const [day] = await t.db.query<{ release_at: Date | null }>('SELECT release_at FROM museum_days WHERE visit_date = $1', [OPEN_DAY]);
    expect(day.release_at).toBeNull();
    const hall = (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'main')!;
    expect(hall.scheduleTicketPoolVOS.find((s) => s.beginTime === '17:00')).toMatchObject({ ticketPool: 40 });
  });

  it("gives a dome's new session its seats, its capacity the hall's seat count", async () => {
    const dome = await hallOf('Dome cinema');
    const film = dome.films[1].filmId;
    const { data: saved } = await post<{ templateId: number }>('/staff/templates', {
      hallId: dome.hallId,
      name: 'Evening',
      sessions: [session('19:00', '19:40', 7, film)],
    });
    const report = await post<ApplyReport>('/staff/templates/apply', {
      templateId: saved.templateId,
      from: OPEN_DAY,
      to: OPEN_DAY,
      weekdays: ALL_DAYS,
      releaseAt: 'now',
    });
    expect(report.data.days[0].created).toEqual(['19:00']);
    const [s] = await t.db.query<{ id: number; capacity: number; film_id: number }>(
      `SELECT id, capacity, film_id FROM hall_schedule WHERE hall_id = $1 AND visit_date = $2 AND begin_time = '19:00'`,
      [dome.hallId, OPEN_DAY],
    );
    expect(s).toMatchObject({ capacity: dome.seats, film_id: film });
    expect(await count(`SELECT count(*)::int AS n FROM session_seats WHERE schedule_id = $1 AND state = 'free'`, [s.id])).toBe(dome.seats);
  });

  it('two admins applying the same template at once make each session once', async () => {
    const main = await hallOf('Main exhibition hall');
    const { data: saved } = await post<{ templateId: number }>('/staff/templates', {
      hallId: main.hallId,
      name: 'Twice',
      sessions: [session('09:00', '11:00', 60), session('11:00', '13:00', 60)],
    });
    const body = { templateId: saved.templateId, from: '2030-05-05', to: '2030-05-11', weekdays: ALL_DAYS, releaseAt: 'now' };
    const [a, b] = await Promise.all([post<ApplyReport>('/staff/templates/apply', body), post<ApplyReport>('/staff/templates/apply', body)]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(a.data.created + b.data.created).toBe(14);
    expect(a.data.skipped + b.data.skipped).toBe(14);
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM hall_schedule WHERE visit_date BETWEEN $1 AND $2 GROUP BY visit_date, begin_time',
      ['2030-05-05', '2030-05-11'],
    );
    expect(rows.map((r) => r.n)).toEqual(Array(14).fill(1));
  });

  it('refuses days and release times against each rule, in Chinese and in English', async () => {
    const templateId = (await hallOf('Main exhibition hall')).templates[0].templateId;
    const base = { templateId, ...WEEK, weekdays: ALL_DAYS, releaseAt: 'now' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ from: '2030-02-30' }, '请选择有效日期', 'Choose valid dates'],
      [{ from: '2030-03-04' }, '不能为已过去的日期排场次', 'Sessions cannot be made for a past day'],
      [{ from: '2031-03-10', to: '2031-03-10' }, '最多为 366 天内的日期排场次', 'Sessions can be made up to 366 days ahead'],
      [
        { from: '2030-03-25', to: '2030-04-25' },
        '结束日期不能早于开始日期，且最多 31 天',
        'The last day cannot be before the first, and a range has at most 31 days',
      ],
      [
        { from: '2030-03-25', to: '2030-03-24' },
        '结束日期不能早于开始日期，且最多 31 天',
        'The last day cannot be before the first, and a range has at most 31 days',
      ],
      [{ weekdays: [] }, '请至少选择一个星期几', 'Choose at least one weekday'],
      [{ from: '2030-03-25', to: '2030-03-25', weekdays: [0] }, '所选范围内没有所选的星期几', 'None of the chosen weekdays falls in that range'],
      [{ releaseAt: 'tonight' }, '放票时间须为“立即”或 YYYY-MM-DD HH:mm', 'The release time is "now" or YYYY-MM-DD HH:mm'],
      [{ releaseAt: '2030-03-05 09:59' }, '放票时间已过，请选择更晚的时间或“立即”', 'That release time has passed: choose a later one or "now"'],
      [{ releaseAt: '2030-03-26 08:00' }, '放票时间不能晚于第一个参观日', 'The release time cannot be after the first visiting day'],
      [{ templateId: 999_999 }, '模板不存在', 'No such template'],
    ];
    for (const [change, zh, en] of cases) {
      for (const path of ['/staff/templates/preview', '/staff/templates/apply']) {
        expect((await post(path, { ...base, ...change }, 'zh')).msg).toBe(zh);
        expect((await post(path, { ...base, ...change }, 'en')).msg).toBe(en);
      }
    }
    expect(await count('SELECT count(*)::int AS n FROM hall_schedule WHERE visit_date BETWEEN $1 AND $2', ['2030-04-01', '2030-04-25'])).toBe(0);
  });
});

describe('release at the set time', () => {
  it('a day is "not released" and refuses orders until its release time, then sells (its waiting room first) with no job run', async () => {
    const main = await hallOf('Main exhibition hall');
    const { data: saved } = await post<{ templateId: number }>('/staff/templates', {
      hallId: main.hallId,
      name: 'Opening',
      sessions: [session('10:00', '15:00', 80)],
    });
    const day = '2030-03-20';
    expect(
      (await post('/staff/templates/apply', { templateId: saved.templateId, from: day, to: day, weekdays: ALL_DAYS, releaseAt: '2030-03-08 20:00' })).code,
    ).toBe(200);
    // Three days on, the day is in the visitors' fortnight but not released.
    t.advance(3 * 86400_000);
    try {
      const calendar = async () => (await t.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar', { lang: 'en' })).data.find((d) => d.date === day);
      expect(await calendar()).toMatchObject({ state: 'notReleased', reason: 'Booking opens at 2030-03-08 20:00' });
      const order = async (lang: Lang) => {
        const hall = (await t.halls(day)).find((h) => h.hallKey === 'main')!;
        const body = orderRequest(
          day,
          hall.hallId,
          hall.scheduleTicketPoolVOS[0].hallScheduleId,
          [{ name: '张三', birth: '1990-01-01', ticketPriceId: priceOf(hall, 'adult') }],
          await t.captchaToken(),
        );
        return t.call('POST', '/config/orderRule/placeOrder', { token: await t.tokenFor('13500009999'), body, lang });
      };
      expect(await order('en')).toMatchObject({ code: 500, msg: 'Booking opens at 2030-03-08 20:00' });
      expect((await order('zh')).msg).toBe('将于2030-03-08 20:00开放预约');
      // At 20:00 museum time (12:00 UTC) it is on sale, through the waiting room while that is
      // open (docs/product.md §2.13: an order without its admission is refused), then directly.
      t.advance(new Date('2030-03-08T12:00:00Z').getTime() - t.now().getTime());
      expect(await calendar()).toMatchObject({ state: 'available', remaining: 80 });
      expect((await order('en')).msg).toBe(QUEUE_TEXTS.needAdmission.en);
      t.advance(Number(QUEUE_CONFIG.queue_after_minutes) * 60_000);
      const placed = await order('en');
      expect(placed.code, placed.msg).toBe(200);
    } finally {
      t.advance(new Date(`${TODAY}T02:00:00Z`).getTime() - t.now().getTime());
    }
  });

  it("sets a day's release time on its own, only for a day not on sale", async () => {
    const later = '2030-03-16 09:00';
    expect((await post('/staff/days/release', { date: NOT_RELEASED_DAY, releaseAt: later })).code).toBe(200);
    const day = (await t.call<StaffDay>('GET', `/staff/day?date=${NOT_RELEASED_DAY}`, { token: admin })).data;
    expect(day.releaseAt).toBe(new Date('2030-03-16T09:00:00+08:00').getTime());
    for (const [lang, msg] of [
      ['zh', '该日已开放预约，放票时间不能再改'],
      ['en', 'This day is already on sale: its release time cannot change'],
    ] as const) {
      expect((await post('/staff/days/release', { date: OPEN_DAY, releaseAt: '2030-03-06 08:00' }, lang)).msg).toBe(msg);
    }
    expect((await post('/staff/days/release', { date: NOT_RELEASED_DAY, releaseAt: '2030-03-18 09:00' }, 'en')).msg).toBe(
      'The release time cannot be after the first visiting day',
    );
    expect((await post('/staff/days/release', { date: NOT_RELEASED_DAY, releaseAt: 'now' })).code).toBe(200);
    const calendar = (await t.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar', { lang: 'en' })).data;
    expect(calendar.find((d) => d.date === NOT_RELEASED_DAY)!.state).toBe('available');
    expect(await count(`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'setRelease' AND subject = $1`, [`day:${NOT_RELEASED_DAY}`])).toBe(2);
  });
});

describe('who may', () => {
  it('only an admin: gate, reviewer and finance are refused; visitor and team tokens reach no staff route', async () => {
    const templateId = (await hallOf('Main exhibition hall')).templates[0].templateId;
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    const calls = [
      () => t.call('GET', '/staff/templates', { token: who, lang }),
      () => post('/staff/templates', { hallId: 1, name: 'X', sessions: [session('09:00', '10:00')] }, lang, who),
      () => post('/staff/templates/preview', { templateId, ...WEEK, weekdays: ALL_DAYS, releaseAt: 'now' }, lang, who),
      () => post('/staff/templates/apply', { templateId, ...WEEK, weekdays: ALL_DAYS, releaseAt: 'now' }, lang, who),
      () => post('/staff/days/release', { date: '2030-04-02', releaseAt: 'now' }, lang, who),
    ];
    let who = gate;
    let lang: Lang = 'en';
    try {
      for (const role of ['gate', 'reviewer', 'finance']) {
        await t.db.query('UPDATE staff_users SET role = $2 WHERE username = $1', [DEMO_GATE.username, role]);
        for (const [i, call] of calls.entries()) {
          lang = i % 2 ? 'zh' : 'en';
          expect(await call(), role).toMatchObject({ code: 403, msg: lang === 'en' ? 'Your staff role may not do this' : '您的岗位无此权限' });
        }
      }
    } finally {
      await t.db.query(`UPDATE staff_users SET role = 'gate' WHERE username = $1`, [DEMO_GATE.username]);
    }
    for (const token of [await t.tokenFor('13700000031'), await t.tokenFor('13700000032', 'team')]) {
      who = token;
      for (const call of calls) expect((await call()).code).toBe(401);
    }
    // Nothing any of them sent was made.
    expect(await count(`SELECT count(*)::int AS n FROM session_templates WHERE name = 'X'`)).toBe(0);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM museum_days WHERE visit_date = '2030-04-02' OR (visit_date BETWEEN $1 AND $2 AND release_at IS NOT NULL AND visit_date IN ('2030-03-30', '2030-03-31'))`,
        [WEEK.from, WEEK.to],
      ),
    ).toBe(0);
  });
});

describe('where sessions come from', () => {
  it("the demo's roll-forward applies only the templates marked to roll forward", async () => {
    t.advance(86400_000);
    try {
      await seedIfEmpty(t.db, t.now);
      const newDay = '2030-03-19';
      expect(await count('SELECT count(*)::int AS n FROM hall_schedule WHERE visit_date = $1', [newDay])).toBe(
        HALLS.reduce((n, h) => n + h.sessions.length, 0),
      );
      expect(await count(`SELECT count(*)::int AS n FROM hall_schedule WHERE visit_date = $1 AND begin_time IN ('09:30', '17:00', '19:00')`, [newDay])).toBe(0);
    } finally {
      t.advance(-86400_000);
    }
  });
});
