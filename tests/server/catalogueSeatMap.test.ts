/** A dome's seat map changed by an admin (docs/product.md §2.8): from a spreadsheet's CSV, read
 * whole and refused with the line and cell that is wrong before anything is written; the
 * visitor's map of a session to come shows the new map at once; a seat sold for a session to
 * come is never taken away or renumbered (the refusal names the tickets and sessions); only an
 * admin may, and each change is audited. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE, DEMO_STAFF } from '../../server/seed/accounts.ts';
import type { HallEdit, StaffHall } from '../../src/domain/catalogueRules.ts';
import { ADULT_PRICE, MAIN_HALL } from '../catalogue.fixtures.ts';
import type { HallPool, SeatMap } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { assertStockInvariant, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;

const ROWS = ['SSSS_SSSS', 'SSSS_SSSS', 'SSSS_SSSS', 'SSSSSSSSS'];

/** A dome of its own (the demo's sell seats of their own), with a price and a session on OPEN_DAY. */
beforeAll(async () => {
  t = await makeApp({ captcha: 'off' });
  admin = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
  const post = async (path: string, body: unknown) => {
    const answer = await t.call('POST', path, { token: admin, body });
    expect(answer.code, answer.msg).toBe(200);
    return answer.data;
  };
  const dome: HallEdit = {
    ...MAIN_HALL,
    key: 'dome3',
    name: { zh: '三号球幕', en: 'Dome three' },
    childAgeMin: null,
    childAgeMax: null,
    waitingList: false,
    cinema: { chooseMode: 1, rows: ROWS },
  };
  const { hallId } = await post('/staff/catalogue/halls', dome);
  await post(`/staff/catalogue/halls/${hallId}/prices`, ADULT_PRICE);
  const [film] = await t.db.query<{ id: number }>('SELECT id FROM films ORDER BY id LIMIT 1');
  const { templateId } = await post('/staff/templates', {
    hallId,
    name: 'Films',
    sessions: [{ beginTime: '10:00', endTime: '11:00', capacity: 0, filmId: film.id }],
  });
  await post('/staff/templates/apply', { templateId, from: OPEN_DAY, to: OPEN_DAY, weekdays: [0, 1, 2, 3, 4, 5, 6], releaseAt: 'now' });
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function domeNow(): Promise<StaffHall> {
  return (await t.call<StaffHall[]>('GET', '/staff/catalogue/halls', { token: admin })).data.find((h) => h.key === 'dome3')!;
}
const importCsv = async (csv: string, lang: 'zh' | 'en' = 'en', token = admin, hallId?: number) =>
  t.call<{ hallId: number } | null>('POST', `/staff/catalogue/halls/${hallId ?? (await domeNow()).hallId}/seatMap`, { token, lang, body: { csv } });
const asCsv = (rows: string[]) => rows.map((r) => [...r].join(',')).join('\n');
const pool = async (): Promise<HallPool> => (await t.halls(OPEN_DAY)).find((h) => h.hallKey === 'dome3')!;
const seatMap = async (token: string, scheduleId: number): Promise<SeatMap> =>
  (await t.call('GET', `/pool/getSeatByScheduleId?scheduleId=${scheduleId}`, { token })).data;
/** An unpaid order of one adult for `seat` ("row-col") of the hall's first session. */
async function buySeat(token: string, hall: HallPool, seat: string, seq: string) {
  const visitor = { name: '观众', birth: '1985-03-02', ticketPriceId: priceOf(hall, 'adult'), seq };
  const body = orderRequest(OPEN_DAY, hall.hallId, hall.scheduleTicketPoolVOS[0].hallScheduleId, [visitor], null);
  Object.assign(body.ticketInfoList[0], { seatNumber: seat, cinemaFlag: 1 });
  return t.call('POST', '/config/orderRule/placeOrder', { token, body });
}
const audits = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'updateHall'`))[0].n;

describe("a dome's seat map", () => {
  it('a bad CSV is refused with its line and cell, in zh and en, and nothing is written', async () => {
    const before = await audits();
    const rows = [...ROWS];
    const bad = asCsv(rows).split('\n');
    bad[3] = bad[3].replace(/^S,S,S/, 'S,S,Z');
    for (const [lang, msg] of [
      ['zh', '第 4 行第 3 格“Z”无效：只能填 S（座位）、X（不售座位）或 _（过道，也可留空）'],
      ['en', 'Line 4, cell 3: "Z" is not S (seat), X (blocked seat) or _ (aisle; an empty cell is an aisle too)'],
    ] as const) {
      const answer = await importCsv(bad.join('\n'), lang);
      expect(answer.code).toBe(500);
      expect(answer.msg).toBe(msg);
    }
    expect((await importCsv('S,S\n\nS,S', 'en')).msg).toBe('Line 2 is empty: write _ for a row that is all aisle');
    expect((await importCsv('', 'zh')).msg).toBe('CSV 文件没有任何一行');
    // A hall that is no dome has no seat map.
    const main = (await t.call<StaffHall[]>('GET', '/staff/catalogue/halls', { token: admin })).data.find((h) => h.key === 'main')!;
    expect((await importCsv('S,S', 'en', admin, main.hallId)).msg).toBe('The hall is not a dome cinema: it has no seat map');
    expect((await domeNow()).cinema!.rows).toEqual(rows);
    expect(await audits()).toBe(before);
  });

  it('a seat sold for a session to come cannot be taken away or renumbered: the refusal says which tickets and sessions', async () => {
    const hall = await pool();
    const scheduleId = hall.scheduleTicketPoolVOS[0].hallScheduleId;
    const token = await t.tokenFor('13700000301');
    // Row 2, the third seat from the left, is sold.
    const placed = await buySeat(token, hall, '2-3', '301');
    expect(placed.code, placed.msg).toBe(200);
    const at = `${OPEN_DAY} ${hall.scheduleTicketPoolVOS[0].beginTime}`;
    const rows = [...ROWS];
    expect((await domeNow()).facts.takenSeats).toEqual([{ row: 2, col: 3, seatLabel: '3', sessions: [at] }]);
    const before = await audits();
    expect(rows[1].startsWith('SSS')).toBe(true);
    // An aisle where the seat is, an aisle left of it (renumbering it), the seat blocked.
    for (const row2 of [`SS_${rows[1].slice(3)}`, `_${rows[1].slice(1)}`, `SSX${rows[1].slice(3)}`]) {
      const changed = [rows[0], row2, ...rows.slice(2)];
      const answer = await importCsv(asCsv(changed), 'en');
      expect(answer.msg).toBe(
        `The new seat map takes away or renumbers the seats of 1 tickets sold or awaiting payment for today or later (1 sessions: row 2 seat 3: ${at}): keep those seats, or call those sessions off first`,
      );
    }
    const zh = await importCsv(asCsv([rows[0], `SS_${rows[1].slice(3)}`, ...rows.slice(2)]), 'zh');
    expect(zh.msg).toBe(`新座位图会去掉或改号 1 张今日及以后已售或待支付的票所占的座位（1 个场次：2排3座：${at}）：请保留这些座位，或先取消这些场次`);
    // The grid editor's save (the hall's own call) is refused the same way.
    const { facts: __, ...edit } = await domeNow();
    const grid = await t.call('POST', `/staff/catalogue/halls/${edit.hallId}`, {
      token: admin,
      lang: 'en',
      body: { ...edit, hallId: undefined, cinema: { ...edit.cinema!, rows: [rows[0], `SSX${rows[1].slice(3)}`, ...rows.slice(2)] } },
    });
    expect(grid.msg).toMatch(/^The new seat map takes away or renumbers the seats of 1 tickets/);
    expect((await domeNow()).cinema!.rows).toEqual(rows);
    expect(await audits()).toBe(before);
    expect((await seatMap(token, scheduleId)).seats.find((s) => s.row === 2 && s.col === 3)?.state).toBe('sold');
  });

  it('a new map that keeps the sold seats is what a visitor sees at once: a back row added, a seat blocked, an aisle made', async () => {
    const rows = [...ROWS];
    const hall = await pool();
    const scheduleId = hall.scheduleTicketPoolVOS[0].hallScheduleId;
    const before = hall.scheduleTicketPoolVOS[0].ticketPool;
    // Row 1: the first seat blocked; the last row: its last seat an aisle; a new back row of 4.
    const last = rows[rows.length - 1];
    const changed = [`X${rows[0].slice(1)}`, ...rows.slice(1, -1), `${last.slice(0, -1)}_`, 'SS_SS'];
    const answer = await importCsv(`\uFEFF${asCsv(changed)}\r\n`, 'en');
    expect(answer.code, answer.msg).toBe(200);
    expect((await domeNow()).cinema!.rows).toEqual(changed.map((r) => r.padEnd(rows[0].length, '_')));

    const token = await t.tokenFor('13700000302');
    const map = await seatMap(token, scheduleId);
    const at = (row: number, col: number) => map.seats.find((s) => s.row === row && s.col === col);
    expect(at(1, 1)?.state).toBe('notAvailable');
    expect(at(rows.length, last.length)).toBeUndefined();
    expect([1, 2, 4, 5].map((col) => at(rows.length + 1, col)?.state)).toEqual(['available', 'available', 'available', 'available']);
    expect(at(rows.length + 1, 4)?.seatLabel).toBe('3');
    expect(at(2, 3)?.state).toBe('sold');
    expect(map.rows).toBe(rows.length + 1);
    // The session sells the new seats: one blocked, one gone, four new (the day's pool says so at once).
    expect((await pool()).scheduleTicketPoolVOS[0].ticketPool).toBe(before + 2);
    // A new seat sells.
    const placed = await buySeat(token, hall, `${rows.length + 1}-5`, '302');
    expect(placed.code, placed.msg).toBe(200);
    // Audited with what it replaced.
    const [audit] = await t.db.query<{ detail: { from: { cinema: { rows: string[] } }; to: { cinema: { rows: string[] } } } }>(
      `SELECT detail FROM staff_audit WHERE action = 'updateHall' AND subject = 'hall:dome3' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.detail.from.cinema.rows).toEqual(rows);
    expect(audit.detail.to.cinema.rows[rows.length]).toBe('SS_SS'.padEnd(rows[0].length, '_'));
  });

  it('only an admin changes a seat map: other staff, visitors and teams are refused', async () => {
    const rows = (await domeNow()).cinema!.rows;
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    const visitor = await t.tokenFor('13700000303');
    const team = await t.tokenFor('13700000304', 'team');
    expect((await importCsv('S,S,S', 'en', gate)).code).toBe(403);
    for (const token of [visitor, team]) expect((await importCsv('S,S,S', 'en', token)).code).not.toBe(200);
    expect((await t.call('POST', `/staff/catalogue/halls/${(await domeNow()).hallId}/seatMap`, { body: { csv: 'S' } })).code).not.toBe(200);
    expect((await domeNow()).cinema!.rows).toEqual(rows);
  });
});
