/** Gate check-in over HTTP: a visitor's signed ticket QR and a group's order number
 * checked in exactly once, at their hall on their day; every other scan refused with the
 * reason in zh and en (checked, refunded, another day, another hall, forged); two gates at
 * once; staff roles on every staff route; the audit; missed visits only from tickets never
 * checked. On PGlite (project server) and PostgreSQL (server-pg). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runMissedVisits } from '../../server/jobs/missedVisits.ts';
import { DEMO_GATE, DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import type { GateAnswer } from '../../src/domain/types.ts';
import { OPEN_DAY, SEED_TIME } from './constants.ts';
import { gateKit } from './gateKit.ts';
import { groupKit } from './groupKit.ts';
import { assertStockInvariant, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
const { teamToken, schoolBody, place: placeGroup, pay } = groupKit(() => t);

beforeAll(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const checkIn = async (token: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'zh') =>
  t.call<GateAnswer>('POST', '/staff/gate/checkIn', { token, body, lang });
const { staffToken, detail, paidVisit } = gateKit(() => t);

describe('gate check-in', () => {
  it("lets a visitor's ticket in once at its hall on its day, and says why any other scan is refused", async () => {
    const visit = await paidVisit(OPEN_DAY, 2);
    const other = await paidVisit('2030-03-09');
    const [qr, second] = visit.tickets.map((x) => x.qrCode!);
    expect(qr).toMatch(/^T1\.\d+\.[\w-]+\.[\w-]{86}$/);
    // The day before the visit: not yet.
    expect((await checkIn(await staffToken(DEMO_GATE), { hallId: visit.hallId, qr }, 'en')).data).toMatchObject({
      passed: false,
      reason: `Not for today (ticket for ${OPEN_DAY})`,
    });
    t.advance(86_400_000); // 2030-03-06 10:00, the visit day (tokens of the day before have expired)
    try {
      const gate = await staffToken(DEMO_GATE);
      const visitor = await t.tokenFor(visit.phone);
      const passed = await checkIn(gate, { hallId: visit.hallId, qr }, 'en');
      expect(passed.data).toMatchObject({
        passed: true,
        count: 1,
        reason: null,
        tickets: [{ userName: '游*甲', hallName: 'Main exhibition hall', visitDate: OPEN_DAY, passed: true }],
      });
      expect(passed.data.tickets[0].certificateInfo).toMatch(/^1101\*+\w{4}$/);
      expect((await checkIn(gate, { hallId: visit.hallId, qr })).data).toMatchObject({ passed: false, reason: '已检票（10:00）' });
      expect((await detail(visitor, visit.orderId)).tickets.map((x) => x.status)).toEqual(['checked', 'toBeChecked']);
      // Another hall's gate; another day's ticket; a refunded ticket.
      const children = (await t.halls(OPEN_DAY)).find((h) => h.hallKey !== 'main')!;
      expect((await checkIn(gate, { hallId: children.hallId, qr: second }, 'en')).data.reason).toBe('Not for this hall (ticket for Main exhibition hall)');
      expect((await checkIn(gate, { hallId: other.hallId, qr: other.tickets[0].qrCode }, 'en')).data.reason).toBe('Not for today (ticket for 2030-03-09)');
      expect((await t.call('POST', '/order/refund/frontUserRefund', { token: visitor, body: { ticketIds: [visit.tickets[1].ticketId] } })).code).toBe(200);
      expect((await checkIn(gate, { hallId: visit.hallId, qr: second }, 'en')).data.reason).toBe('This ticket was refunded');
      // A forged or edited code is no ticket of this museum, in zh and en.
      const [, id, nonce, signature] = qr.split('.');
      // Another ticket's id, a changed nonce, a changed signature, stray characters, no code at all.
      const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
      // The last character's low bits are padding: the same bytes, written differently.
      const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const repadded = `${signature.slice(0, -1)}${B64[B64.indexOf(signature.at(-1)!) ^ 1]}`;
      for (const forged of [
        `T1.${Number(id) + 1}.${nonce}.${signature}`,
        `T1.${id}.${nonce}x.${signature}`,
        `T1.${id}.${nonce}.${flipped}`,
        `T1.${id}.${nonce}.${repadded}`,
        `${qr}x`,
        'hello',
      ]) {
        expect((await checkIn(gate, { hallId: visit.hallId, qr: forged }, 'en')).data).toMatchObject({
          passed: false,
          reason: 'Not a ticket of this museum',
          tickets: [],
        });
      }
      expect((await checkIn(gate, { hallId: visit.hallId, qr: 'x' })).data.reason).toBe('无效二维码');
    } finally {
      t.advance(-86_400_000);
    }
  });

  it('checks a whole group in by its order number, once; two gates scanning one ticket at once let it in once', async () => {
    t.advance(86_400_000);
    try {
      const school = await teamToken(DEMO_SCHOOL.creditCode);
      const g = await placeGroup(school, await schoolBody(OPEN_DAY, {}, 1));
      expect(g.code, g.msg).toBe(200);
      await pay(school, g.data.orderId);
      const { orderNumber, tickets } = (await t.call('GET', `/order/OrderInfo/searchTravelTeamOrder/${g.data.orderId}`, { token: school })).data;
      const gate = await staffToken(DEMO_GATE);
      const first = await checkIn(gate, { hallId: (await t.halls(OPEN_DAY))[0].hallId, orderNumber: orderNumber.toLowerCase() }, 'en');
      expect(first.data).toMatchObject({ passed: true, count: 86 });
      expect(first.data.tickets).toHaveLength(86);
      // A pupil's ticket names a grade, not a person: no masked name, no empty certificate.
      const pupils = first.data.tickets.filter((p) => p.grade !== null);
      expect(new Set(pupils.map((p) => `${p.grade}|${p.userName}|${p.certificateInfo}`))).toEqual(new Set(['一年级||', '二年级||']));
      expect(first.data.tickets.find((p) => p.grade === null)!.userName).toMatch(/\*/);
      expect((await checkIn(gate, { hallId: (await t.halls(OPEN_DAY))[0].hallId, orderNumber }, 'en')).data.reason).toMatch(
        /^Already checked in \(\d\d:\d\d\)$/,
      );
      expect((await checkIn(gate, { hallId: 1, orderNumber: 'NOSUCHORDER' }, 'en')).data.reason).toBe('No ticket found for this order');
      // Checked in: the group can no longer be refunded.
      expect((await t.call('POST', '/order/refund/frontUserRefund', { token: school, body: { ticketIds: [tickets[85].ticketId] }, lang: 'en' })).msg).toBe(
        'Cannot refund or change after group check-in',
      );

      const visit = await paidVisit(OPEN_DAY);
      const [a, b] = await Promise.all([
        checkIn(gate, { hallId: visit.hallId, qr: visit.tickets[0].qrCode }),
        checkIn(await staffToken(DEMO_STAFF), { hallId: visit.hallId, qr: visit.tickets[0].qrCode }),
      ]);
      expect([a.data.passed, b.data.passed].sort()).toEqual([false, true]);
      const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_audit WHERE action = 'checkIn' AND subject = $1`, [
        `ticket:${visit.tickets[0].ticketId}`,
      ]);
      expect(n).toBe(2);
    } finally {
      t.advance(-86_400_000);
    }
  });

  it('only tickets never checked become missed visits', async () => {
    const visit = await paidVisit(OPEN_DAY, 2);
    t.advance(86_400_000);
    try {
      const gate = await staffToken(DEMO_GATE);
      expect((await checkIn(gate, { hallId: visit.hallId, qr: visit.tickets[0].qrCode })).data.passed).toBe(true);
      t.advance(86_400_000); // the day after the visit
      await runMissedVisits(t.db, t.now);
      expect((await detail(await t.tokenFor(visit.phone), visit.orderId)).tickets.map((x) => x.status)).toEqual(['checked', 'expired']);
    } finally {
      t.advance(new Date(SEED_TIME).getTime() - t.now().getTime());
    }
  });
});

describe('staff roles', () => {
  it('a gate attendant checks tickets in and nothing else; the reviewer does not check in; visitors and teams reach no staff route', async () => {
    const gate = await staffToken(DEMO_GATE);
    const refusal = { code: 403, msg: 'Your staff role may not do this' };
    expect(await t.call('GET', '/staff/teams', { token: gate, lang: 'en' })).toMatchObject(refusal);
    expect(await t.call('GET', '/staff/orders/window?orderNumber=X', { token: gate, lang: 'en' })).toMatchObject(refusal);
    expect(await t.call('POST', '/staff/teams/1/freeze', { token: gate, body: { kind: 'other', reason: 'x' }, lang: 'en' })).toMatchObject(refusal);
    await t.db.query(`UPDATE staff_users SET role = 'reviewer' WHERE username = $1`, [DEMO_GATE.username]);
    try {
      expect(await checkIn(gate, { hallId: 1, qr: 'x' }, 'en')).toMatchObject(refusal);
      expect((await t.call('GET', '/staff/teams', { token: gate })).code).toBe(200);
    } finally {
      await t.db.query(`UPDATE staff_users SET role = 'gate' WHERE username = $1`, [DEMO_GATE.username]);
    }
    expect((await checkIn(await t.tokenFor('13700000001'), { hallId: 1, qr: 'x' })).code).toBe(401);
    expect((await checkIn(await teamToken(DEMO_SCHOOL.creditCode), { hallId: 1, qr: 'x' })).code).toBe(401);
    // Both a wrong body and a missing one are refused in words.
    expect((await checkIn(gate, { hallId: 1 }, 'en')).code).toBe(500);
  });
});
