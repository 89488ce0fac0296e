/** Ticket collection over HTTP: the gate's staff hand out a paper ticket or a wristband for a
 * paid ticket of today at their hall, once, audited; the ticket still passes the gate; a
 * collected ticket is refunded or changed only as refund_for_print_ticket and
 * change_switch_after_get_ticket allow (zh and en). On PGlite (project server) and PostgreSQL
 * (server-pg). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FINANCE, DEMO_GATE, DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import type { GateAnswer } from '../../src/domain/types.ts';
import { museumDate } from '../../src/domain/museumTime.ts';
import { OPEN_DAY } from './constants.ts';
import { gateKit } from './gateKit.ts';
import { assertStockInvariant, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
const { staffToken, detail, paidVisit } = gateKit(() => t);
/** Two visitors' paid visits of OPEN_DAY, bought the day before. */
let visits: Array<Awaited<ReturnType<ReturnType<typeof gateKit>['paidVisit']>>>;
beforeAll(async () => {
  t = await makeApp();
  visits = [await paidVisit(OPEN_DAY, 3), await paidVisit(OPEN_DAY, 2)];
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const collect = (token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en') =>
  t.call<GateAnswer>('POST', '/staff/gate/collect', { token, body, lang });
const LATER_DAY = '2030-03-09';
/** The clock on the visit day (tokens of the day before expire with it). */
const onVisitDay = () => {
  if (museumDate(t.now()) < OPEN_DAY) t.advance(86_400_000);
};

describe('ticket collection', () => {
  it('hands out a wristband or paper ticket once per ticket of today at its hall; the ticket still passes the gate', async () => {
    const visit = visits[0];
    const [qr] = visit.tickets.map((x) => x.qrCode!);
    const gate = await staffToken(DEMO_GATE);
    // The day before: nothing to hand out yet.
    expect((await collect(gate, { hallId: visit.hallId, qr, form: 'wristband' })).data).toMatchObject({
      passed: false,
      reason: `Not for today (ticket for ${OPEN_DAY})`,
    });
    onVisitDay();
    const desk = await staffToken(DEMO_GATE);
    const one = await collect(desk, { hallId: visit.hallId, qr, form: 'wristband' });
    expect(one.data).toMatchObject({ passed: true, count: 1, reason: null, tickets: [{ userName: '游*甲', passed: true }] });
    expect((await collect(desk, { hallId: visit.hallId, qr, form: 'paper' })).data).toMatchObject({
      passed: false,
      reason: 'Already collected (wristband, 10:00)',
    });
    expect((await collect(desk, { hallId: visit.hallId, qr, form: 'paper' }, 'zh')).data.reason).toBe('已取票（手环，10:00）');
    // By order number: the rest of the order at once, as paper tickets.
    const rest = await collect(desk, { hallId: visit.hallId, orderNumber: visit.orderNumber.toLowerCase(), form: 'paper' });
    expect(rest.data).toMatchObject({ passed: true, count: 2 });
    expect(rest.data.tickets.map((x) => x.passed)).toEqual([false, true, true]);
    expect((await collect(desk, { hallId: visit.hallId, orderNumber: 'NOSUCHORDER', form: 'paper' })).data.reason).toBe('No ticket found for this order');
    expect((await collect(desk, { hallId: visit.hallId, qr: 'hello', form: 'paper' })).data.reason).toBe('Not a ticket of this museum');
    // A form the desk does not hand out is refused at the edge.
    expect((await collect(desk, { hallId: visit.hallId, qr, form: 'badge' })).code).toBe(500);
    // Collected, still to be checked: the holder passes the gate, and nothing is handed out for a used ticket.
    expect((await t.call<GateAnswer>('POST', '/staff/gate/checkIn', { token: desk, body: { hallId: visit.hallId, qr } })).data.passed).toBe(true);
    expect((await detail(await t.tokenFor(visit.phone), visit.orderId)).tickets.map((x) => x.status)).toEqual(['checked', 'toBeChecked', 'toBeChecked']);
    const [audit] = await t.db.query<{ action: string; subject: string; detail: unknown }>(
      "SELECT action, subject, detail FROM staff_audit WHERE action = 'collectTickets' AND subject = $1",
      [`order:${visit.orderNumber}`],
    );
    expect(audit.detail).toEqual({ hallId: visit.hallId, form: 'paper', collected: 2 });
    const [row] = await t.db.query<{ collected_as: string; collected_by: number }>('SELECT collected_as, collected_by FROM tickets WHERE id = $1', [
      visit.tickets[0].ticketId,
    ]);
    expect(row.collected_as).toBe('wristband');
    expect(row.collected_by).toBeGreaterThan(0);
  });

  it('only a gate role records it: visitors and teams are refused as logins of the wrong kind, finance by its role', async () => {
    const body = { hallId: 1, orderNumber: 'X', form: 'paper' };
    expect((await collect(await t.tokenFor('13900000031'), body)).code).toBe(401);
    const school = await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } });
    expect((await collect(school.data.token, body)).code).toBe(401);
    expect((await collect(await staffToken(DEMO_FINANCE), body)).code).toBe(403);
    expect((await collect(await staffToken(DEMO_STAFF), body)).code).toBe(200);
  });

  it('a collected ticket is refunded or changed only as the settings allow; uncollected ones as before', async () => {
    onVisitDay();
    const visit = visits[1];
    const admin = await staffToken(DEMO_STAFF);
    const desk = await staffToken(DEMO_GATE);
    expect((await collect(desk, { hallId: visit.hallId, qr: visit.tickets[0].qrCode, form: 'paper' })).data.passed).toBe(true);
    const token = await t.tokenFor(visit.phone);
    const [collected, other] = visit.tickets.map((x) => x.ticketId);
    const later = (await t.halls(LATER_DAY)).find((h) => h.hallId === visit.hallId)!.scheduleTicketPoolVOS[0].hallScheduleId;
    const refund = (ids: number[], lang: 'zh' | 'en' = 'en') => t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds: ids }, lang });
    const rebook = (lang: 'zh' | 'en' = 'en') =>
      t.call('POST', '/config/orderRule/rebook/person', {
        token,
        body: { orderId: visit.orderId, ticketIds: [collected, other], hallScheduleId: later },
        lang,
      });
    const setting = (key: string, value: string) => t.call('POST', '/staff/settings/config', { token: admin, body: { key, value } });

    // Seeded 0 and 0: neither.
    expect((await refund([collected])).msg).toBe('A ticket collected as a paper ticket or wristband cannot be refunded');
    expect((await refund([collected], 'zh')).msg).toBe('已领取纸质票或手环的门票不可退票');
    expect((await rebook()).msg).toBe('A ticket collected as a paper ticket or wristband cannot be changed');
    expect((await rebook('zh')).msg).toBe('已领取纸质票或手环的门票不可改签');
    // The facts the client's rules read say so too.
    expect((await t.call('GET', `/order/refund/rules/${visit.orderId}`, { token })).data).toMatchObject({
      afterCollection: { refund: false, change: false },
      tickets: [
        { ticketId: collected, collected: true },
        { ticketId: other, collected: false },
      ],
    });

    // Changes allowed, refunds not: the whole order moves, its collected ticket too.
    expect((await setting('change_switch_after_get_ticket', '1')).code).toBe(200);
    const moved = await rebook();
    expect(moved.code, moved.msg).toBe(200);
    const [newCollected, newOther] = moved.data.newTicketIds as number[];
    // The new tickets were never handed out: refundable like any.
    expect((await refund([newOther])).code).toBe(200);
    expect((await setting('refund_for_print_ticket', '1')).code).toBe(200);
    expect((await refund([newCollected])).code).toBe(200);
  });
});
