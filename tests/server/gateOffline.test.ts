/** The gate during a short outage over HTTP: the day's list a gate caches (roles;
 * only today's checkable tickets of its hall; digests, never a QR payload or an order number)
 * and the sync of offline check-ins (exactly once against an online gate, a replay answering the
 * same, a refunded ticket refused, scan times bounded, the audit). On PGlite (project server)
 * and PostgreSQL (server-pg). */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE, DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { gateDigest, type GateDay, type GateSyncAnswer } from '../../src/domain/gateOffline.ts';
import type { GateAnswer } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { gateKit } from './gateKit.ts';
import { groupKit } from './groupKit.ts';
import { assertStockInvariant, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
const { teamToken, schoolBody, place: placeGroup, pay } = groupKit(() => t);
const DAY = 86_400_000;

beforeAll(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const { staffToken, detail, paidVisit } = gateKit(() => t);
const day = async (token: string, hallId: number, lang: 'zh' | 'en' = 'zh') => t.call<GateDay>('GET', `/staff/gate/day?hallId=${hallId}`, { token, lang });
const sync = async (token: string, items: unknown[], lang: 'zh' | 'en' = 'en') =>
  t.call<GateSyncAnswer>('POST', '/staff/gate/sync', { token, body: { items }, lang });
const item = (hallId: number, code: { qr: string } | { orderNumber: string }, scannedAt = t.now().getTime(), gateId = 'gate-b') => ({
  id: randomUUID(),
  hallId,
  gateId,
  scannedAt,
  ...code,
});
const checkedAt = async (ticketId: number) =>
  (await t.db.query<{ at: Date | null }>('SELECT checked_at AS at FROM tickets WHERE id = $1', [ticketId]))[0].at?.toISOString() ?? null;

/** The visit day at 10:00 in Shanghai for the test's length (tokens of the day before expire). */
async function onVisitDay(test: () => Promise<void>) {
  t.advance(DAY);
  try {
    await test();
  } finally {
    t.advance(-DAY);
  }
}

describe("the gate's offline list", () => {
  it("holds today's checkable tickets of the hall as digests and masked names, for a gate or an admin only", async () => {
    const visit = await paidVisit(OPEN_DAY, 3);
    const otherHall = await paidVisit(OPEN_DAY, 1, 'temporary');
    const otherDay = await paidVisit('2030-03-09');
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token: visit.token, body: { ticketIds: [visit.tickets[2].ticketId] } })).code).toBe(200);
    await onVisitDay(async () => {
      const gate = await staffToken(DEMO_GATE);
      const [qr] = visit.tickets.map((x) => x.qrCode!);
      expect((await t.call<GateAnswer>('POST', '/staff/gate/checkIn', { token: gate, body: { hallId: visit.hallId, qr } })).data.passed).toBe(true);

      const list = await day(gate, visit.hallId, 'en');
      expect(list.code, list.msg).toBe(200);
      expect(list.data).toMatchObject({ hallId: visit.hallId, hallName: 'Main exhibition hall', date: OPEN_DAY, fetchedAt: t.now().getTime() });
      const ids = list.data.tickets.map((x) => x.ticketId);
      // Ours: the checked one and the one still to check; not the refunded one, nor another hall's or day's.
      expect(ids).toEqual(expect.arrayContaining([visit.tickets[0].ticketId, visit.tickets[1].ticketId]));
      for (const gone of [visit.tickets[2], otherHall.tickets[0], otherDay.tickets[0]]) expect(ids).not.toContain(gone.ticketId);
      const mine = list.data.tickets.filter((x) => x.ticketId === visit.tickets[0].ticketId || x.ticketId === visit.tickets[1].ticketId);
      expect(mine).toMatchObject([
        { status: 'checked', checkedAt: '10:00', userName: '游*甲', ticketName: expect.stringMatching(/adult/i) },
        { status: 'toBeChecked', checkedAt: null, userName: '游*乙' },
      ]);
      expect(mine[0].certificateInfo).toMatch(/^1101\*+\w{4}$/);
      // What lets the gate recognise a ticket: the digests of its code and its order number.
      expect(mine[0].qrDigest).toBe(await gateDigest(qr));
      expect(mine[1].orderDigest).toBe(await gateDigest(visit.orderNumber));
      // Nothing that makes or reads a ticket: no QR payload, nonce, order number or full certificate.
      const sent = JSON.stringify(list.data);
      for (const secret of [qr, qr.split('.')[2], qr.split('.')[3], visit.orderNumber, visit.tickets[1].qrCode!]) expect(sent).not.toContain(secret);
      const full = await t.db.query<{ c: string; n: string }>('SELECT certificate_info AS c, user_name AS n FROM tickets WHERE order_id = $1', [visit.orderId]);
      for (const { c, n } of full) for (const secret of [c, n]) expect(sent).not.toContain(secret);

      // An admin may; a finance clerk may not; visitors and teams reach no staff route.
      expect((await day(await staffToken(DEMO_STAFF), visit.hallId)).code).toBe(200);
      await t.db.query(`UPDATE staff_users SET role = 'finance' WHERE username = $1`, [DEMO_GATE.username]);
      try {
        expect(await day(gate, visit.hallId, 'en')).toMatchObject({ code: 403, msg: 'Your staff role may not do this' });
        expect(await sync(gate, [item(visit.hallId, { qr })])).toMatchObject({ code: 403 });
      } finally {
        await t.db.query(`UPDATE staff_users SET role = 'gate' WHERE username = $1`, [DEMO_GATE.username]);
      }
      const visitor = await t.tokenFor(visit.phone);
      expect((await t.call('GET', `/order/OrderInfo/searchPersonOrder/${visit.orderId}`, { token: visitor })).code).toBe(200);
      expect((await day(visitor, visit.hallId)).code).toBe(401);
      expect((await day(await teamToken(DEMO_SCHOOL.creditCode), visit.hallId)).code).toBe(401);
      expect((await sync(visitor, [item(visit.hallId, { qr })])).code).toBe(401);
      // A hall that is none, and no hall at all, in words.
      expect(await day(gate, 99_999, 'en')).toMatchObject({ code: 500, msg: 'No such hall' });
      expect(await day(gate, 99_999, 'zh')).toMatchObject({ code: 500, msg: '未找到该场馆' });
      expect((await t.call('GET', '/staff/gate/day', { token: gate, lang: 'en' })).msg).toMatch(/Invalid request parameter/);
    });
  });
});

describe("the sync of a gate's offline check-ins", () => {
  it('checks each in once against the online gates, answers a replay the same, refuses a refunded ticket, in order', async () => {
    const visit = await paidVisit(OPEN_DAY, 4);
    const [a, b, c, d] = visit.tickets;
    expect((await t.call('POST', '/order/refund/frontUserRefund', { token: visit.token, body: { ticketIds: [d.ticketId] } })).code).toBe(200);
    await onVisitDay(async () => {
      const gateA = await staffToken(DEMO_STAFF);
      const gateB = await staffToken(DEMO_GATE);
      // Gate A is online and lets ticket a in; gate B, offline, let a, b and the refunded d in, and c twice.
      expect((await t.call<GateAnswer>('POST', '/staff/gate/checkIn', { token: gateA, body: { hallId: visit.hallId, qr: a.qrCode } })).data.passed).toBe(true);
      const nineThirty = new Date(`${OPEN_DAY}T09:30:00+08:00`).getTime();
      const items = [
        item(visit.hallId, { qr: a.qrCode! }, nineThirty),
        item(visit.hallId, { qr: b.qrCode! }, nineThirty + 60_000),
        item(visit.hallId, { qr: d.qrCode! }, nineThirty + 120_000),
        item(visit.hallId, { qr: c.qrCode! }, nineThirty + 180_000),
        item(visit.hallId, { qr: c.qrCode! }, nineThirty + 240_000),
      ];
      const first = await sync(gateB, items);
      expect(first.code, first.msg).toBe(200);
      expect(first.data.items).toEqual([
        { id: items[0].id, outcome: 'duplicate', count: 0, reason: 'Already checked in (10:00)' },
        { id: items[1].id, outcome: 'checkedIn', count: 1, reason: null },
        { id: items[2].id, outcome: 'refused', count: 0, reason: 'This ticket was refunded' },
        { id: items[3].id, outcome: 'checkedIn', count: 1, reason: null },
        { id: items[4].id, outcome: 'duplicate', count: 0, reason: 'Already checked in (09:33)' },
      ]);
      // The offline check-in counts at its scan time; the online one stays as it was.
      expect(await checkedAt(b.ticketId)).toBe(new Date(nineThirty + 60_000).toISOString());
      expect(await checkedAt(a.ticketId)).toBe(t.now().toISOString());
      expect((await detail(await t.tokenFor(visit.phone), visit.orderId)).tickets.map((x) => x.status)).toEqual(['checked', 'checked', 'checked', 'refunded']);

      // The answer was lost on the way: the same sync again, in zh, and twice at once.
      const again = await sync(gateB, items, 'zh');
      expect(again.data.items.map((x) => [x.outcome, x.reason])).toEqual([
        ['duplicate', '已检票（10:00）'],
        ['checkedIn', null],
        ['refused', '门票已退'],
        ['checkedIn', null],
        ['duplicate', '已检票（09:33）'],
      ]);
      const [x, y] = await Promise.all([sync(gateB, items), sync(gateA, items)]);
      expect(x.data).toEqual(first.data);
      expect(y.data).toEqual(first.data);
      expect(await checkedAt(b.ticketId)).toBe(new Date(nineThirty + 60_000).toISOString());
      // Audited once per check-in made: one online, five offline items (each item once), none for the replays.
      const audits = await t.db.query<{ subject: string; detail: { offline?: boolean; passed: number } }>(
        `SELECT subject, detail FROM staff_audit WHERE action = 'checkIn' AND subject = ANY($1) ORDER BY id`,
        [[a, b, c, d].map((x) => `ticket:${x.ticketId}`)],
      );
      expect(audits.map((r) => [r.subject.replace(/\d+/, ''), r.detail.offline ?? false, r.detail.passed])).toEqual([
        ['ticket:', false, 1],
        ['ticket:', true, 0],
        ['ticket:', true, 1],
        ['ticket:', true, 0],
        ['ticket:', true, 1],
        ['ticket:', true, 0],
      ]);
    });
  });

  it('keeps a scan time only within today and not in the future; checks a group in by its number; refuses what is not a ticket', async () => {
    await onVisitDay(async () => {
      const school = await teamToken(DEMO_SCHOOL.creditCode);
      const g = await placeGroup(school, await schoolBody(OPEN_DAY, {}, 1));
      expect(g.code, g.msg).toBe(200);
      await pay(school, g.data.orderId);
      const { orderNumber, tickets } = (await t.call('GET', `/order/OrderInfo/searchTravelTeamOrder/${g.data.orderId}`, { token: school })).data;
      const visit = await paidVisit(OPEN_DAY, 2);
      const gate = await staffToken(DEMO_GATE);
      const now = t.now().getTime();
      const items = [
        item(visit.hallId, { orderNumber: orderNumber.toLowerCase() }, now - 30 * 60_000),
        // A device clock an hour ahead, and one a day behind: the sync's time instead.
        item(visit.hallId, { qr: visit.tickets[0].qrCode! }, now + 3_600_000),
        item(visit.hallId, { qr: visit.tickets[1].qrCode! }, now - DAY),
        item(visit.hallId, { qr: `${visit.tickets[1].qrCode!}x` }),
      ];
      const r = await sync(gate, items);
      expect(r.data.items.map((x) => [x.outcome, x.count, x.reason])).toEqual([
        ['checkedIn', tickets.length, null],
        ['checkedIn', 1, null],
        ['checkedIn', 1, null],
        ['refused', 0, 'Not a ticket of this museum'],
      ]);
      expect(await checkedAt(tickets[0].ticketId)).toBe(new Date(now - 30 * 60_000).toISOString());
      expect(await checkedAt(visit.tickets[0].ticketId)).toBe(new Date(now).toISOString());
      expect(await checkedAt(visit.tickets[1].ticketId)).toBe(new Date(now).toISOString());
      // Bad input in words, never a crash: no item, an id that is no UUID, too many items.
      expect((await sync(gate, [])).msg).toMatch(/Invalid request parameter/);
      expect((await sync(gate, [{ ...item(visit.hallId, { qr: 'x' }), id: 'one' }])).msg).toMatch(/Invalid request parameter/);
      expect(
        (
          await sync(
            gate,
            Array.from({ length: 501 }, () => item(visit.hallId, { qr: 'x' })),
          )
        ).msg,
      ).toMatch(/Invalid request parameter/);
    });
  });
});
