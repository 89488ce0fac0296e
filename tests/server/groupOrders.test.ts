/** Group orders over HTTP (docs/product.md §3 group order, §4 window payers, §5 group rules, refund and
 * change): a school's class visit with its free tickets, every refusal with the client
 * bypassed (zh and en), the day's free pupil tickets under concurrent orders, window payers
 * paid by staff or cancelled by the job, refunds and the whole group's date change; the stock
 * invariant after each. On PGlite (project server) and PostgreSQL (server-pg). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import { DEMO_AGENCY, DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { museumInstant } from '../../server/time.ts';
import type { GroupSetting, SeatMap } from '../../src/domain/types.ts';
import { seatNumberOf } from '../../src/domain/seats.ts';
import { OPEN_DAY, SEED_TIME, TODAY } from './constants.ts';
import { assertStockInvariant, makeApp, type TestApp } from './helpers.ts';
import { groupKit, type GroupBody } from './groupKit.ts';

let t: TestApp;
let school: string;
let agency: string;
let staff: string;
const {
  teamToken,
  newSchool,
  lastSchoolName,
  newSchoolLogin,
  groupHalls,
  mainHall,
  grade,
  teachers,
  leader,
  schoolBody,
  agencyBody,
  place,
  detail,
  freeUsed,
  pay,
} = groupKit(() => t);
type Body = GroupBody;
const LATER_DAY = '2030-03-09';
const OTHER_DAY = '2030-03-10';

beforeAll(async () => {
  t = await makeApp();
  school = await teamToken(DEMO_SCHOOL.creditCode);
  agency = await teamToken(DEMO_AGENCY.creditCode);
  staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe('a school books a class visit', () => {
  it('getSchoolFreeTicket gives the draft its prices, the free pupil quota and the rules', async () => {
    const h = await mainHall(OPEN_DAY);
    expect(h.group).toEqual({ groupMin: 16, groupMax: 200, schoolOnly: false, offSeasonOnly: false });
    const s = await t.call<GroupSetting>('GET', `/config/orderRule/getSchoolFreeTicket?hallId=${h.hallId}&useDate=${OPEN_DAY}`, { token: school });
    expect(s.data).toMatchObject({
      teamType: 2,
      adultPrice: 3000,
      studentPrice: 1500,
      freeStudentQuota: 300,
      studentsPerFreeTeacher: 15,
      blocked: null,
      today: TODAY,
    });
    // Only the halls taking groups; the team's calendar counts them only.
    expect((await groupHalls(OPEN_DAY)).map((x) => x.hallKey)).toEqual(['main', 'temporary', 'cinema']);
    const days = await t.call('GET', '/pool/getHallCalendar', { token: school });
    expect(days.data.find((d: { date: string }) => d.date === OPEN_DAY).state).toBe('available');
    expect((await t.call('GET', '/pool/getHallCalendar', { token: await t.tokenFor('13500000001') })).code).toBe(401);
  });

  it('2 grades of 40, 5 teachers and a leader: 80 free pupils, 5 free staff tickets, one teacher pays; paid, 86 tickets with QR codes', async () => {
    const before = await t.remaining((await schoolBody(OPEN_DAY)).hallScheduleId);
    const r = await place(school, await schoolBody(OPEN_DAY));
    expect(r.code, r.msg).toBe(200);
    const d = await detail(school, r.data.orderId);
    expect(d).toMatchObject({ status: 'toBePaid', amount: 3000, ticketNum: 86 });
    expect(d.group.lines).toEqual([
      { role: 'student', free: true, count: 80, unitPrice: 0, amount: 0 },
      { role: 'leader', free: true, count: 1, unitPrice: 0, amount: 0 },
      { role: 'teacher', free: true, count: 4, unitPrice: 0, amount: 0 },
      { role: 'teacher', free: false, count: 1, unitPrice: 3000, amount: 3000 },
    ]);
    expect(d.group.leader).toEqual({ name: '王*师', certificateInfo: '1101**********1005', mobile: '138****8000' });
    expect(d.group.gradeList.map((g) => g.name)).toEqual(['一年级', '二年级']);
    expect(d.payDeadline! - t.now().getTime()).toBe(30 * 60_000 + 2000);
    expect(await t.remaining(d.tickets[0].hallScheduleId!)).toBe(before - 86);
    expect(await freeUsed(OPEN_DAY)).toBe(80);
    await pay(school, r.data.orderId);
    const paid = await detail(school, r.data.orderId);
    expect(paid.status).toBe('completed');
    expect(paid.tickets.every((x) => x.status === 'toBeChecked' && x.qrCode)).toBe(true);
    // The team's order list has it; another team and a visitor cannot read it.
    const list = await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?pageNum=1&pageSize=10', { token: school });
    expect(list.data.rows.map((o: { orderId: number }) => o.orderId)).toContain(r.data.orderId);
    expect((await t.call('GET', `/order/OrderInfo/searchTravelTeamOrder/${r.data.orderId}`, { token: agency, lang: 'en' })).msg).toBe(
      'The order does not exist',
    );
    expect((await t.call('GET', `/order/OrderInfo/searchPersonOrder/${r.data.orderId}`, { token: school })).code).toBe(401);
  });

  it('nothing to pay: 45 pupils bring 3 free staff tickets for 2 teachers and the leader; the order is complete at once', async () => {
    const r = await place(school, await schoolBody(OPEN_DAY, { gradeList: [grade('三年级', 25, 20)], teacherList: teachers(2, 1) }, 1));
    expect(r.code, r.msg).toBe(200);
    const d = await detail(school, r.data.orderId);
    expect(d).toMatchObject({ status: 'completed', amount: 0, ticketNum: 48 });
    expect(d.tickets.every((x) => x.qrCode)).toBe(true);
  });
});

describe("every group rule is enforced on the server, in the caller's language", () => {
  it.each([
    [
      'below the group minimum',
      async () => schoolBody(OPEN_DAY, { gradeList: [grade('一年级', 5, 5)], teacherList: [], orderAdditionInfo: { ...leader(), personNumber: 11 } }),
      'A group needs at least 16 people',
      '团体人数不能少于16人',
    ],
    [
      'a grade that does not add up',
      async () =>
        schoolBody(OPEN_DAY, { gradeList: [{ ...grade('一年级', 20, 20), all: 41, beijing: 41 }], orderAdditionInfo: { ...leader(), personNumber: 47 } }),
      'The count of "一年级" must equal boys plus girls',
      '“一年级”的人数应等于男生与女生人数之和',
    ],
    [
      'a size that does not match the lists',
      async () => schoolBody(OPEN_DAY, { orderAdditionInfo: { ...leader(), personNumber: 20 } }),
      'The group size does not match the lists',
      '团体总人数与名单不符',
    ],
    [
      'a teacher with a malformed ID',
      async () =>
        schoolBody(OPEN_DAY, {
          teacherList: [{ name: '李老师', certificateType: '1', certificateInfo: '110101' }],
          orderAdditionInfo: { ...leader(), personNumber: 82 },
        }),
      'Teacher 1: ID card number format is wrong',
      '教师1：身份证号码格式错误',
    ],
    [
      'window payment the day before the visit',
      async () => schoolBody(OPEN_DAY, { payMethod: 'window' }),
      'Window payment must be made 2 days before the visit; please pay online for this date',
      '窗口支付须在参观日2天前完成，该日期请选择在线支付',
    ],
  ])('%s', async (_, body, en, zh) => {
    const b = await body();
    const before = await t.remaining(b.hallScheduleId);
    expect(await place(school, b, 'en')).toMatchObject({ code: 500, msg: en });
    expect(await place(school, { ...b, captchaToken: await t.captchaToken() }, 'zh')).toMatchObject({ code: 500, msg: zh });
    expect(await t.remaining(b.hallScheduleId)).toBe(before);
  });

  it('a tour leader ticket needs enough charged tickets', async () => {
    expect(await place(agency, await agencyBody(OPEN_DAY, 18), 'en')).toMatchObject({ code: 500, msg: 'Tour leader tickets unavailable' });
  });

  it('a school-only hall refuses an agency; an off-season-only hall refuses groups in season', async () => {
    await t.db.query(`UPDATE halls SET school_only = true WHERE hall_key = 'main'`);
    try {
      expect(await place(agency, await agencyBody(OPEN_DAY, 30), 'en')).toMatchObject({ code: 500, msg: 'This hall is for school groups only' });
    } finally {
      await t.db.query(`UPDATE halls SET school_only = false WHERE hall_key = 'main'`);
    }
    await t.db.query(`UPDATE halls SET off_season_only = true WHERE hall_key = 'main'`);
    await t.db.query(`UPDATE sys_config SET value = '11,12' WHERE key = 'off_season_months'`);
    try {
      expect(await place(school, await schoolBody(OPEN_DAY), 'zh')).toMatchObject({ code: 500, msg: '该场馆仅在淡季接待团体' });
    } finally {
      await t.db.query(`UPDATE halls SET off_season_only = false WHERE hall_key = 'main'`);
      await t.db.query(`UPDATE sys_config SET value = '1,2,3,11,12' WHERE key = 'off_season_months'`);
    }
  });

  it("a frozen team cannot book; a visitor cannot send a group order, nor a team a visitor's", async () => {
    const other = await newSchool();
    await t.db.query(`UPDATE teams SET frozen = true WHERE team_name = $1`, [lastSchoolName()]);
    expect(await place(other, await schoolBody(OPEN_DAY), 'en')).toMatchObject({
      code: 500,
      msg: 'Account abnormal, cannot book: please go to the group centre',
    });
    const visitor = await t.tokenFor('13500000002');
    expect(await place(visitor, await schoolBody(OPEN_DAY), 'en')).toMatchObject({ code: 500, msg: 'Invalid request parameter: ticketInfoList' });
    const h = await mainHall(OPEN_DAY);
    const individual = { date: OPEN_DAY, captchaToken: '', ticketInfoList: [] };
    expect((await t.call('POST', '/config/orderRule/placeOrder', { token: school, body: individual, lang: 'en' })).msg).toBe(
      'Invalid request parameter: orderAdditionInfo',
    );
    expect(h.hallId).toBeGreaterThan(0);
  });

  it("a school's child count is refused by name (its pupils are counted by grade, docs/product.md §3.3); a count of 0 is taken", async () => {
    const children = { ...(await schoolBody(OPEN_DAY)), childTicketNum: 2 };
    expect(await place(school, children, 'en')).toMatchObject({ code: 500, msg: 'Invalid request parameter: childTicketNum' });
    expect(await place(school, children, 'zh')).toMatchObject({ code: 500, msg: '请求参数有误：childTicketNum' });
    expect((await place(school, { ...(await schoolBody(OPEN_DAY)), childTicketNum: 0 }, 'en')).code).toBe(200);
  });
});

describe('prices by group type', () => {
  it('a contracted agency pays 80% while its agreement is valid, the public price after; the tour leader rides free', async () => {
    await t.db.query(`UPDATE teams SET team_type = 5 WHERE credit_code = $1`, [DEMO_AGENCY.creditCode]);
    try {
      const r = await place(agency, await agencyBody(LATER_DAY, 30));
      expect(r.code, r.msg).toBe(200);
      const d = await detail(agency, r.data.orderId);
      expect(d.amount).toBe(30 * 2400);
      expect(d.group.lines).toEqual([
        { role: 'visitor', free: false, count: 30, unitPrice: 2400, amount: 72000 },
        { role: 'leader', free: true, count: 1, unitPrice: 0, amount: 0 },
      ]);
      await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${d.orderNumber}`, { token: agency });
      await t.db.query(`UPDATE teams SET protocol_expires_on = '2030-03-01' WHERE credit_code = $1`, [DEMO_AGENCY.creditCode]);
      const later = await place(agency, await agencyBody(LATER_DAY, 30));
      expect((await detail(agency, later.data.orderId)).amount).toBe(30 * 3000);
      await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${(await detail(agency, later.data.orderId)).orderNumber}`, { token: agency });
    } finally {
      await t.db.query(`UPDATE teams SET team_type = 4, protocol_expires_on = '2030-03-10' WHERE credit_code = $1`, [DEMO_AGENCY.creditCode]);
    }
  });
});

describe("the day's free pupil tickets", () => {
  it('two schools racing for the last free tickets: one gets them, the other is told to check the price again; the quota is never exceeded', async () => {
    const h = await mainHall(LATER_DAY);
    await t.db.query(`UPDATE halls SET school_free_daily = $2 WHERE id = $1`, [h.hallId, (await freeUsed(LATER_DAY)) + 100]);
    try {
      const [a, b] = [await newSchool(), await newSchool()];
      // Both saw 80 free pupils and ¥30 to pay.
      const bodies = [
        await schoolBody(LATER_DAY, { quotedAmount: 3000 }, 0),
        await schoolBody(LATER_DAY, { teacherList: teachers(5, 3), quotedAmount: 3000 }, 2),
      ];
      const [ra, rb] = await Promise.all([place(a, bodies[0]), place(b, bodies[1])]);
      expect([ra.code, rb.code].sort()).toEqual([200, 500]);
      expect([ra.msg, rb.msg]).toContain('价格已变化（当日学校免费名额或协议价格有变），请返回重新确认');
      const [{ used }] = await t.db.query<{ used: number }>('SELECT used FROM school_free_used WHERE hall_id = $1 AND visit_date = $2', [h.hallId, LATER_DAY]);
      const [{ quota }] = await t.db.query<{ quota: number }>('SELECT school_free_daily AS quota FROM halls WHERE id = $1', [h.hallId]);
      expect(used).toBeLessThanOrEqual(quota);
    } finally {
      await t.db.query(`UPDATE halls SET school_free_daily = 300 WHERE id = $1`, [h.hallId]);
    }
  });
});

describe('a group in a dome', () => {
  it("sits together where the cinema seats it: one seat each, sold with the tickets, at the dome's prices", async () => {
    const dome = (await groupHalls(LATER_DAY)).find((h) => h.hallKey === 'cinema')!;
    expect(dome.group).toMatchObject({ groupMax: 150 });
    const token = await newSchool();
    const body: Body = {
      ...(await schoolBody(LATER_DAY, { gradeList: [grade('五年级', 10, 10)], teacherList: teachers(2, 20) })),
      hallId: dome.hallId,
      hallScheduleId: dome.scheduleTicketPoolVOS[0].hallScheduleId,
    };
    const r = await place(token, body);
    expect(r.code, r.msg).toBe(200);
    const d = await detail(token, r.data.orderId);
    // No free pupil tickets in the dome: 20 pupils at ¥20, the leader and 2 teachers at ¥40.
    expect(d.amount).toBe(20 * 2000 + 3 * 4000);
    const seats = d.tickets.map((x) => x.seat?.number);
    expect(seats.every(Boolean)).toBe(true);
    expect(new Set(seats).size).toBe(23);
    await pay(token, r.data.orderId);
    expect((await detail(token, r.data.orderId)).tickets.every((x) => x.seat && x.qrCode)).toBe(true);

    // Another school chooses its own seats: it gets those; one taken first answers 505 with it.
    const other = await newSchool();
    const map = (await t.call('GET', `/pool/getSeatByScheduleId?scheduleId=${body.hallScheduleId}`, { token: other })).data as SeatMap;
    const mine = map.seats
      .filter((x) => x.state === 'available')
      .slice(-23)
      .map(seatNumberOf);
    const chosen = await place(
      other,
      { ...body, teacherList: teachers(2, 30), captchaToken: await t.captchaToken(), seatNumbers: [seats[0]!, ...mine.slice(1)] },
      'en',
    );
    expect(chosen, chosen.msg).toMatchObject({ code: 505, data: { takenSeats: [seats[0]] } });
    const placed = await place(other, { ...body, teacherList: teachers(2, 30), captchaToken: await t.captchaToken(), seatNumbers: mine });
    expect(placed.code, placed.msg).toBe(200);
    const before = await detail(other, placed.data.orderId);
    expect(before.tickets.map((x) => x.seat?.number).sort()).toEqual([...mine].sort());
    // Before paying it moves to other seats, all or none; another team cannot move them.
    const others = map.seats
      .filter((x) => x.state === 'available' && !mine.includes(seatNumberOf(x)))
      .slice(0, 23)
      .map(seatNumberOf);
    expect((await t.call('POST', '/order/ticketInfo/changeSeats', { token, body: { orderId: placed.data.orderId, seats: others }, lang: 'en' })).code).toBe(
      500,
    );
    expect((await t.call('POST', '/order/ticketInfo/changeSeats', { token: other, body: { orderId: placed.data.orderId, seats: others } })).code).toBe(200);
    expect((await detail(other, placed.data.orderId)).tickets.map((x) => x.seat?.number).sort()).toEqual([...others].sort());
    expect(
      (await place(await newSchool(), { ...body, teacherList: teachers(2, 40), captchaToken: await t.captchaToken(), seatNumbers: mine.slice(1) }, 'en')).msg,
    ).toBe('The group size does not match the lists');
  });
});

describe('the last tickets of a session', () => {
  it('groups racing for fewer tickets than they need: never oversold, the refused told how many are left, a cancel gives them back once', async () => {
    const h = await mainHall(OTHER_DAY);
    const session = h.scheduleTicketPoolVOS[2].hallScheduleId;
    // Leave room for one group of 22 only.
    const left = await t.remaining(session);
    await t.db.query('UPDATE hall_schedule SET sold_external = sold_external + $2, sold = sold + $2 WHERE id = $1', [session, left - 30]);
    const teams = await Promise.all([newSchool(), newSchool(), newSchool()]);
    const bodies = await Promise.all(teams.map((_, i) => schoolBody(OTHER_DAY, { gradeList: [grade('六年级', 10, 10)], teacherList: teachers(1, 10 + i) }, 2)));
    const answers = await Promise.all(teams.map((token, i) => place(token, bodies[i], 'en')));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 200)) expect(a.msg).toBe('Remaining tickets (8) are below the group minimum; please pick another session');
    expect(await t.remaining(session)).toBe(8);
    const winner = answers.findIndex((a) => a.code === 200);
    const number = (await detail(teams[winner], answers[winner].data.orderId)).orderNumber;
    expect((await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${number}`, { token: teams[winner] })).code).toBe(200);
    expect((await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${number}`, { token: teams[winner], lang: 'en' })).code).toBe(500);
    expect(await t.remaining(session)).toBe(30);
  });
});

describe('window payers', () => {
  it('pay at the window by the end of the day two days before; staff take the money; an unpaid one is cancelled after, its stock and free tickets back once', async () => {
    const login = await newSchoolLogin();
    let other = await login();
    const paid = await place(other, await schoolBody(LATER_DAY, { payMethod: 'window', gradeList: [grade('四年级', 10, 10)], teacherList: teachers(1, 4) }));
    expect(paid.code, paid.msg).toBe(200);
    const d = await detail(other, paid.data.orderId);
    expect(d).toMatchObject({ status: 'toBePaid', group: { payMethod: 'window', windowPayLastDay: '2030-03-07' } });
    expect(d.payDeadline).toBe(museumInstant('2030-03-08').getTime() + 2000);
    // A window order does not block the next one (online orders do).
    expect((await t.call('GET', '/config/orderRule/selectNotPayOrderByUserId', { token: other })).data.orderId).toBeNull();
    // The cashier looks it up by its number: whose, where, how much, payable until when.
    const found = await t.call('GET', `/staff/orders/window?orderNumber=${d.orderNumber.toLowerCase()}`, { token: staff, lang: 'en' });
    expect(found.data).toMatchObject({
      orderNumber: d.orderNumber,
      teamName: lastSchoolName(),
      amount: 0 + d.amount,
      windowPayLastDay: '2030-03-07',
      payable: true,
      hallName: 'Main exhibition hall',
    });
    expect((await t.call('GET', `/staff/orders/window?orderNumber=${d.orderNumber}`, { token: other })).code).toBe(401);
    const taken = await t.call('POST', '/staff/orders/windowPayment', { token: staff, body: { orderNumber: d.orderNumber, method: 'cash' } });
    expect(taken).toMatchObject({ code: 200, data: { status: 'completed' } });
    expect((await t.call('POST', '/staff/orders/windowPayment', { token: staff, body: { orderNumber: d.orderNumber, method: 'cash' }, lang: 'en' })).msg).toBe(
      'This order is closed or already paid and cannot be paid',
    );
    expect((await t.call('POST', '/staff/orders/windowPayment', { token: other, body: { orderNumber: d.orderNumber, method: 'cash' } })).code).toBe(401);

    const unpaid = await place(other, await schoolBody(LATER_DAY, { payMethod: 'window', gradeList: [grade('五年级', 10, 10)], teacherList: teachers(1, 5) }));
    const u = await detail(other, unpaid.data.orderId);
    const session = u.tickets[0].hallScheduleId!;
    const [left, free] = [await t.remaining(session), await freeUsed(LATER_DAY)];
    t.advance(museumInstant('2030-03-08').getTime() + 3000 - t.now().getTime());
    try {
      await runPayTimeout(t.db, t.now);
      await runPayTimeout(t.db, t.now);
      other = await login();
      expect((await detail(other, unpaid.data.orderId)).status).toBe('canceled');
      // Every unpaid order of the session timed out with it (the race's winner too): each gave its stock back once.
      const [back] = await t.db.query<{ tickets: number; pupils: number }>(
        `SELECT count(*) FILTER (WHERE k.schedule_id = $2)::int AS tickets, count(*) FILTER (WHERE k.free AND k.role = 'student')::int AS pupils
           FROM tickets k JOIN orders o ON o.id = k.order_id JOIN hall_schedule s ON s.id = k.schedule_id
          WHERE o.canceled_at = $1 AND s.visit_date = $3 AND s.hall_id = (SELECT hall_id FROM hall_schedule WHERE id = $2)`,
        [t.now(), session, LATER_DAY],
      );
      expect(back.tickets).toBeGreaterThanOrEqual(22);
      expect(await t.remaining(session)).toBe(left + back.tickets);
      expect(await freeUsed(LATER_DAY)).toBe(free - back.pupils);
      expect((await t.call('GET', `/staff/orders/window?orderNumber=${u.orderNumber}`, { token: staff })).data).toMatchObject({
        status: 'canceled',
        payable: false,
      });
      expect(
        (await t.call('POST', '/staff/orders/windowPayment', { token: staff, body: { orderNumber: u.orderNumber, method: 'card' }, lang: 'en' })).msg,
      ).toBe('This order is closed or already paid and cannot be paid');
    } finally {
      t.advance(new Date(SEED_TIME).getTime() - t.now().getTime());
    }
  });
});

describe('refunds and the date change of a group', () => {
  async function paidSchoolOrder(date: string, session: number) {
    const token = await newSchool();
    const r = await place(token, await schoolBody(date, { gradeList: [grade('一年级', 15, 15)], teacherList: teachers(3, 6) }, session));
    expect(r.code, r.msg).toBe(200);
    await pay(token, r.data.orderId);
    return { token, orderId: r.data.orderId as number };
  }

  it("a school's free tickets are not refundable on their own; a charged teacher's is", async () => {
    const { token, orderId } = await paidSchoolOrder(LATER_DAY, 1);
    const d = await detail(token, orderId);
    const freePupil = d.tickets.find((x) => x.price === 0)!;
    expect(await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [freePupil.ticketId] }, lang: 'en' })).toMatchObject({
      code: 500,
      msg: 'School free tickets are not refundable on their own; to call off the visit, refund the whole order',
    });
    const charged = d.tickets.find((x) => x.price > 0)!;
    const r = await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [charged.ticketId] } });
    expect(r).toMatchObject({ code: 200, data: { refundAmount: 3000, orderStatus: 'partlyRefunded' } });
  });

  it('two schools swapping days at once both arrive: no deadlock, every free pupil ticket counted once', async () => {
    // Two days no other test of this file books.
    const [dayA, dayB] = ['2030-03-12', '2030-03-13'];
    const a = await paidSchoolOrder(dayA, 0);
    const b = await paidSchoolOrder(dayB, 1);
    const [later, other] = [(await mainHall(dayA)).scheduleTicketPoolVOS, (await mainHall(dayB)).scheduleTicketPoolVOS];
    const [usedLater, usedOther] = [await freeUsed(dayA), await freeUsed(dayB)];
    for (const [toA, toB] of [
      [other[2], later[2]],
      [later[1], other[1]],
      [other[0], later[0]],
    ]) {
      const moved = await Promise.all([
        t.call('POST', '/config/orderRule/rebook/group', { token: a.token, body: { orderId: a.orderId, hallScheduleId: toA.hallScheduleId } }),
        t.call('POST', '/config/orderRule/rebook/group', { token: b.token, body: { orderId: b.orderId, hallScheduleId: toB.hallScheduleId } }),
      ]);
      expect(
        moved.map((m) => m.code),
        moved.map((m) => m.msg).join(),
      ).toEqual([200, 200]);
    }
    // Each ended on the other's day: the days' free pupil tickets are as before.
    expect([await freeUsed(dayA), await freeUsed(dayB)]).toEqual([usedLater, usedOther]);
  });

  it('the whole group moves to another day: its stock and free pupil tickets go with it; nothing moves once a ticket is checked in', async () => {
    const { token, orderId } = await paidSchoolOrder(LATER_DAY, 2);
    const before = await detail(token, orderId);
    const target = (await mainHall(OTHER_DAY)).scheduleTicketPoolVOS[0].hallScheduleId;
    const [fromLeft, toLeft, fromFree, toFree] = [
      await t.remaining(before.tickets[0].hallScheduleId!),
      await t.remaining(target),
      await freeUsed(LATER_DAY),
      await freeUsed(OTHER_DAY),
    ];
    const r = await t.call('POST', '/config/orderRule/rebook/group', { token, body: { orderId, hallScheduleId: target } });
    expect(r, r.msg).toMatchObject({ code: 200, data: { visitDate: OTHER_DAY, orderStatus: 'changed' } });
    expect(r.data.newTicketIds).toHaveLength(34);
    expect(await t.remaining(before.tickets[0].hallScheduleId!)).toBe(fromLeft + 34);
    expect(await t.remaining(target)).toBe(toLeft - 34);
    expect([await freeUsed(LATER_DAY), await freeUsed(OTHER_DAY)]).toEqual([fromFree - 30, toFree + 30]);
    const after = await detail(token, orderId);
    expect(after.visitDate).toBe(OTHER_DAY);
    expect(after.tickets.filter((x) => x.status === 'toBeChecked').every((x) => x.visitDate === OTHER_DAY && x.qrCode)).toBe(true);
    // The same day again is refused; a checked-in group changes nothing.
    const sameDay = (await mainHall(OTHER_DAY)).scheduleTicketPoolVOS[1].hallScheduleId;
    expect((await t.call('POST', '/config/orderRule/rebook/group', { token, body: { orderId, hallScheduleId: sameDay }, lang: 'en' })).msg).toBe(
      'Choose a date other than the current visit date',
    );
    await t.db.query(`UPDATE tickets SET status = 'checked' WHERE id = $1`, [r.data.newTicketIds[0]]);
    const back = (await mainHall(LATER_DAY)).scheduleTicketPoolVOS[0].hallScheduleId;
    expect((await t.call('POST', '/config/orderRule/rebook/group', { token, body: { orderId, hallScheduleId: back }, lang: 'en' })).msg).toBe(
      'Cannot refund or change after group check-in',
    );
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: [r.data.newTicketIds[40 - 7]] }, lang: 'en' })).msg).toBe(
      'Cannot refund or change after group check-in',
    );
    // Another team cannot move it.
    expect((await t.call('POST', '/config/orderRule/rebook/group', { token: agency, body: { orderId, hallScheduleId: back }, lang: 'en' })).msg).toBe(
      'The order does not exist',
    );
  });
});
