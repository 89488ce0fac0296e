/** Teams frozen by their own bookings (docs/product.md §4 "Team freezing and restrictions"): refunding a
 * school's free pupil tickets (the whole visit) and the third refund in the window, each told
 * first by refundCheckBlack (zh and en); a passed group visit nobody came to, or too few of its
 * free pupils, judged once by the missed-visit job after the gate's source marked tickets
 * 'checked'. A frozen team cannot book; its text message waits for the commit. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMissedVisits } from '../../server/jobs/missedVisits.ts';
import { DEMO_AGENCY } from '../../server/seed/accounts.ts';
import type { TeamInfo } from '../../src/domain/types.ts';
import { assertStockInvariant, makeApp, type TestApp } from './helpers.ts';
import { groupKit } from './groupKit.ts';

let t: TestApp;
const { teamToken, newSchoolLogin, grade, teachers, schoolBody, agencyBody, place, detail, pay } = groupKit(() => t);
const DAY = '2030-03-09';

beforeAll(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const info = async (token: string, lang: 'zh' | 'en' = 'zh') => (await t.call<{ team: TeamInfo }>('GET', '/getUserInfoToTeam', { token, lang })).data.team;
const refundCheck = (token: string, ticketIds: number[], lang: 'zh' | 'en') =>
  t.call('POST', '/order/refund/refundCheckBlack', { token, body: { ticketIds }, lang });
const refund = (token: string, ticketIds: number[]) => t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds } });
const notices = async () => (await t.db.query<{ text: string }>('SELECT text FROM sms_notices WHERE sent_at IS NULL ORDER BY id')).map((n) => n.text);

/** A new school's paid visit of 30 pupils, 3 teachers and the leader (2 free staff tickets: two teachers pay). */
async function paidSchoolVisit(session = 0) {
  const login = await newSchoolLogin();
  const token = await login();
  const r = await place(token, await schoolBody(DAY, { gradeList: [grade('一年级', 15, 15)], teacherList: teachers(3) }, session));
  expect(r.code, r.msg).toBe(200);
  await pay(token, r.data.orderId);
  return { login, token, orderId: r.data.orderId as number, tickets: (await detail(token, r.data.orderId)).tickets };
}

describe('a refund that freezes a team', () => {
  it("calling off a school's visit gives back its free pupil tickets and freezes the school, after a warning in zh and en", async () => {
    const { token, orderId, tickets } = await paidSchoolVisit();
    const teacher = tickets.find((x) => x.price > 0)!;
    // A charged teacher's ticket alone: no warning, and the school stays open.
    expect((await refundCheck(token, [teacher.ticketId], 'en')).data).toMatchObject({ warn: false, message: '' });
    expect((await refund(token, [teacher.ticketId])).code).toBe(200);
    expect((await info(token)).status).toBe(0);
    // Free pupils alone are refused; the whole order calls the visit off.
    const rest = tickets.filter((x) => x.ticketId !== teacher.ticketId).map((x) => x.ticketId);
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: rest.slice(0, 2) }, lang: 'en' })).msg).toBe(
      'School free tickets are not refundable on their own; to call off the visit, refund the whole order',
    );
    const zh = await refundCheck(token, rest, 'zh');
    expect(zh.data).toMatchObject({ warn: true, message: '退订学校免费学生票后，团体账户将被冻结，需上传盖章说明申请解冻。确定退票吗？' });
    expect((await refundCheck(token, rest, 'en')).data.message).toBe(
      "Refunding the school's free pupil tickets freezes your group account until a stamped explanation is approved. Refund anyway?",
    );
    const done = await refund(token, rest);
    // The second charged teacher's ¥30 comes back; the free tickets return nothing but the places.
    expect(done.data).toMatchObject({ refundAmount: 3000, orderStatus: 'refunded' });
    const { orderNumber } = await detail(token, orderId);
    expect(await info(token)).toMatchObject({ status: 1, frozenReason: `退订学校免费学生票（${DAY}，订单${orderNumber}）` });
    expect((await info(token, 'en')).frozenReason).toBe(`Refunded a school's free pupil tickets (${DAY}, order ${orderNumber})`);
    expect((await notices()).at(-1)).toContain(`退订学校免费学生票（${DAY}，订单${orderNumber}）`);
    expect(await place(token, await schoolBody(DAY), 'en')).toMatchObject({
      code: 500,
      msg: 'Account abnormal, cannot book: please go to the group centre',
    });
  });

  it("an agency's third refund in the window is announced and freezes it; the staff's unfreezing clears the reason", async () => {
    const agency = await teamToken(DEMO_AGENCY.creditCode);
    const orders: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await place(agency, await agencyBody(DAY, 20));
      expect(r.code, r.msg).toBe(200);
      await pay(agency, r.data.orderId);
      orders.push(r.data.orderId);
    }
    const one = async (orderId: number) => [(await detail(agency, orderId)).tickets.find((x) => x.price > 0)!.ticketId];
    for (const orderId of orders.slice(0, 2)) {
      expect((await refundCheck(agency, await one(orderId), 'zh')).data.warn).toBe(false);
      expect((await refund(agency, await one(orderId))).code).toBe(200);
    }
    const third = await one(orders[2]);
    expect((await refundCheck(agency, third, 'en')).data).toMatchObject({
      warn: true,
      message: 'This would be refund number 3 within 180 days: your group account will be frozen until a stamped explanation is approved. Refund anyway?',
    });
    expect((await info(agency)).status).toBe(0);
    // An agency that registered in English is told in English.
    await t.db.query(`UPDATE teams SET lang = 'en' WHERE credit_code = $1`, [DEMO_AGENCY.creditCode]);
    expect((await refund(agency, third)).code).toBe(200);
    expect(await info(agency, 'en')).toMatchObject({ status: 1, frozenReason: '3 refunds within 180 days' });
    expect((await notices()).at(-1)).toContain('Your group account is frozen: 3 refunds within 180 days.');
    await t.db.query(`UPDATE teams SET lang = 'zh', frozen = false, frozen_reason = NULL, frozen_reason_en = NULL WHERE credit_code = $1`, [
      DEMO_AGENCY.creditCode,
    ]);
  });
});

describe('a passed group visit', () => {
  it('nobody came, or too few of the free pupils: the school is frozen once; enough pupils keep it open', async () => {
    const none = await paidSchoolVisit(1);
    const few = await paidSchoolVisit(1);
    const enough = await paidSchoolVisit(2);
    // The gate's source marks who came: 12 of 30 free pupils, then 27 of 30 (80 % needed).
    const pupils = (v: typeof none) => v.tickets.filter((x) => x.price === 0 && x.ticketName.startsWith('学生')).map((x) => x.ticketId);
    await t.db.query(`UPDATE tickets SET status = 'checked' WHERE id = ANY($1::int[])`, [pupils(few).slice(0, 12)]);
    await t.db.query(`UPDATE tickets SET status = 'checked' WHERE id = ANY($1::int[])`, [pupils(enough).slice(0, 27)]);
    expect(await runMissedVisits(t.db, t.now)).toBe(0);
    t.advance(5 * 86400_000); // 2030-03-10 10:00: the visit day has passed
    await runMissedVisits(t.db, t.now);
    const expired = async (v: typeof none) => (await t.db.query(`SELECT 1 FROM tickets WHERE order_id = $1 AND status = 'expired'`, [v.orderId])).length;
    expect([await expired(none), await expired(few), await expired(enough)]).toEqual([34, 22, 7]);
    const [a, b, c] = [await none.login(), await few.login(), await enough.login()];
    const noneNumber = (await detail(a, none.orderId)).orderNumber;
    expect(await info(a, 'en')).toMatchObject({ status: 1, frozenReason: `The group did not come to its booked visit (${DAY}, order ${noneNumber})` });
    expect(await info(b)).toMatchObject({ status: 1, frozenReason: `免费学生到馆人数过少（${DAY}，12/30人，低于80%）` });
    expect((await info(b, 'en')).frozenReason).toBe(`Too few of the free pupils came (${DAY}: 12 of 30, under 80%)`);
    expect((await info(c)).status).toBe(0);
    // blackOrderList: the team's own missed visits, without a visitor's blacklist status.
    const record = await t.call('GET', '/order/OrderInfo/missedVisits?pageNum=1&pageSize=10', { token: a, lang: 'en' });
    expect(record.data).toMatchObject({
      total: 1,
      status: null,
      rows: [{ orderId: none.orderId, visitDate: DAY, ticketNum: 34, hallName: 'Main exhibition hall' }],
    });
    expect((await t.call('GET', '/order/OrderInfo/missedVisits?pageNum=1&pageSize=10', { token: c })).data).toMatchObject({
      total: 1,
      rows: [{ ticketNum: 7 }],
    });
    // Judged once: unfrozen by the staff, the next run leaves the school alone.
    await t.db.query(`UPDATE teams SET frozen = false WHERE user_id = (SELECT user_id FROM orders WHERE id = $1)`, [none.orderId]);
    await runMissedVisits(t.db, t.now);
    expect((await info(a)).status).toBe(0);
  });
});
