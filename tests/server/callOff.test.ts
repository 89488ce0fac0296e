/** Calling off a session over HTTP (docs/product.md §2.7): who may, every refusal, and the
 * job that settles each order once: paid individual and group orders refunded in full through
 * the provider, unpaid ones cancelled, holds released, the waiting list paid back, a text in
 * the contact's language, an issued invoice flagged, the audit. Then two job runs racing (two
 * instances on PostgreSQL), and a run that dies mid-way resumed by another: no refund twice,
 * none missing. And the finance desk's refused refunds: retry, settle by hand. On PGlite and
 * PostgreSQL. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_FINANCE, DEMO_GATE, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { runCallOffs, startCallOffJob } from '../../server/jobs/callOffs.ts';
import { runWaitingList } from '../../server/jobs/waitingList.ts';
import { claimCallOffOrders, runCallOffRound } from '../../server/services/callOff.ts';
import { runRefunds, startRefundJob } from '../../server/jobs/refunds.ts';
import type { Db, TxQueryable } from '../../server/db/db.ts';
import type { PaymentProvider, RefundInput, RefundState } from '../../server/providers/payment.ts';
import type { StaffDay } from '../../src/domain/types.ts';
import { OPEN_DAY, TODAY } from './constants.ts';
import { groupKit } from './groupKit.ts';
import { assertStockInvariant, dbLane, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
let finance: string;
const kit = groupKit(() => t);
const ADULT = '1990-01-01';
let phoneSeq = 0;
const newPhone = () => `1360000${String(++phoneSeq).padStart(4, '0')}`;
/** Every refund the provider was asked for, by out_refund_no. */
const sent: string[] = [];
/** What the provider answers a refund (a test makes it refuse). */
let answerRefund: ((input: RefundInput) => RefundState) | null = null;

function spyOn(payment: PaymentProvider) {
  const refund = payment.refund.bind(payment);
  (payment as { refund: PaymentProvider['refund'] }).refund = async (input) => {
    sent.push(input.outRefundNo);
    return answerRefund ? answerRefund(input) : refund(input);
  };
}

beforeAll(async () => {
  t = await makeApp();
  spyOn(t.deps.providers.payment);
  admin = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
  finance = (await t.call('POST', '/staff/login', { body: DEMO_FINANCE })).data.token;
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: Record<string, unknown>, lang: 'zh' | 'en' = 'en', token = admin) => t.call('POST', path, { token, body, lang });
const REASON = { reasonZh: '水管爆裂', reasonEn: 'A burst pipe' };

async function mainSession(date: string, index: number) {
  const hall = (await t.halls(date)).find((h) => h.hallKey === 'main')!;
  return { hall, scheduleId: hall.scheduleTicketPoolVOS[index].hallScheduleId };
}

/** A visitor's order of n adults in the session (lang: the language she books in), paid unless told. */
async function order(date: string, index: number, n: number, opts: { paid?: boolean; lang?: 'zh' | 'en'; candidate?: boolean; cart?: boolean } = {}) {
  const phone = newPhone();
  const token = await t.tokenFor(phone);
  const { hall, scheduleId } = await mainSession(date, index);
  const visitors = Array.from({ length: n }, (_, i) => ({
    name: `游客${'甲乙丙丁'[i]}`,
    birth: ADULT,
    ticketPriceId: priceOf(hall, 'adult'),
    seq: String(500 + i),
  }));
  const body = {
    ...orderRequest(date, hall.hallId, scheduleId, visitors, await t.captchaToken()),
    ...(opts.candidate ? { isCandidateOrder: 1 } : {}),
    ...(opts.cart ? { poolFlag: 1 } : {}),
  };
  const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body, lang: opts.lang ?? 'zh' });
  expect(r.code, r.msg).toBe(200);
  if (opts.paid !== false && !opts.cart) await kit.pay(token, r.data.orderId);
  return { token, phone, orderId: r.data.orderId as number, scheduleId };
}

/** A session with one of each (and `extraPaid` more paid visitors): a paid visitor (en) with an issued invoice, a paid school order,
 * an unpaid order, a cart hold, then (the session made full) a paid waiting-list order. */
async function busySession(date: string, index: number, extraPaid = 0) {
  for (let i = 0; i < extraPaid; i++) await order(date, index, 1);
  const paid = await order(date, index, 2, { lang: 'en' });
  const applied = await t.call('POST', '/invoice/apply', {
    token: paid.token,
    body: { orderId: paid.orderId, titleType: 1, title: '张三', email: 'a@example.com' },
  });
  expect(applied.code, applied.msg).toBe(200);
  expect((await t.call('POST', `/staff/invoices/${applied.data.invoiceId}/issue`, { token: finance })).code).toBe(200);
  const school = await kit.newSchool();
  const g = await kit.place(school, await kit.schoolBody(date, { gradeList: [kit.grade('一年级', 10, 10)], teacherList: kit.teachers(2) }, index));
  expect(g.code, g.msg).toBe(200);
  await kit.pay(school, g.data.orderId);
  const unpaid = await order(date, index, 1, { paid: false });
  await order(date, index, 1, { cart: true });
  const [s] = await t.db.query<{ sold: number; held: number }>('SELECT sold, held FROM hall_schedule WHERE id = $1', [paid.scheduleId]);
  expect((await post('/staff/sessions/capacity', { scheduleId: paid.scheduleId, capacity: s.sold + s.held })).code).toBe(200);
  const waiting = await order(date, index, 1, { candidate: true, lang: 'en' });
  return { scheduleId: paid.scheduleId, paid, school: g.data.orderId as number, unpaid, waiting, invoiceId: applied.data.invoiceId as number };
}

const statusOf = async (orderId: number) => (await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]))[0].status;

/** For every order of the session: refunds recorded and their sum, against what it paid. */
async function refundsOf(scheduleId: number) {
  return t.db.query<{ order_id: number; n: number; refunded: number; paid: number; sent: number }>(
    `SELECT o.id AS order_id, count(r.id)::int AS n, coalesce(sum(r.amount), 0)::int AS refunded,
            (SELECT coalesce(sum(amount), 0)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'paid') AS paid,
            count(r.id) FILTER (WHERE r.status = 'done')::int AS sent
       FROM calloff_orders co JOIN session_calloffs c ON c.id = co.calloff_id JOIN orders o ON o.id = co.order_id
       LEFT JOIN refunds r ON r.order_id = o.id
      WHERE c.schedule_id = $1 GROUP BY o.id ORDER BY o.id`,
    [scheduleId],
  );
}

/** Each paid order refunded once, in full; each refund sent to the provider once. */
async function expectEachRefundedOnce(scheduleId: number) {
  for (const r of await refundsOf(scheduleId)) {
    if (r.paid > 0) expect(r, JSON.stringify(r)).toMatchObject({ n: 1, refunded: r.paid, sent: 1 });
    else expect(r.n).toBe(0);
  }
  const numbers = await t.db.query<{ out_refund_no: string }>(
    `SELECT r.out_refund_no FROM refunds r JOIN calloff_orders co ON co.refund_id = r.id JOIN session_calloffs c ON c.id = co.calloff_id WHERE c.schedule_id = $1`,
    [scheduleId],
  );
  for (const { out_refund_no } of numbers) expect(sent.filter((n) => n === out_refund_no)).toHaveLength(1);
}

/** How many call-off texts each contact got of the sessions on `date` (the text names the date). */
const textsPerContact = async (date: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sms_notices WHERE text LIKE '%' || $1 || '%' GROUP BY phone`, [date])).map((x) => x.n);

describe('who may call a session off, and every refusal', () => {
  it('refuses visitors, teams, staff who are not admins, an unknown, ended or called-off session, and no reason', async () => {
    const { scheduleId } = await mainSession(OPEN_DAY, 2);
    const visitor = await t.tokenFor(newPhone());
    const team = await kit.newSchool();
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    for (const token of [visitor, team]) {
      expect((await post('/staff/sessions/callOff', { scheduleId, ...REASON }, 'en', token)).code).toBe(401);
      expect((await t.call('GET', `/staff/sessions/callOff?scheduleId=${scheduleId}`, { token })).code).toBe(401);
      expect((await t.call('GET', '/staff/refunds/failed', { token })).code).toBe(401);
    }
    for (const token of [gate, finance]) {
      const r = await post('/staff/sessions/callOff', { scheduleId, ...REASON }, 'en', token);
      expect(r).toMatchObject({ code: 403, msg: 'Your staff role may not do this' });
    }
    expect((await t.call('GET', '/staff/refunds/failed', { token: gate })).code).toBe(403);
    expect((await post('/staff/sessions/callOff', { scheduleId: 999_999, ...REASON })).msg).toBe('No such session');
    expect((await post('/staff/sessions/callOff', { scheduleId, reasonZh: '水管爆裂' }, 'zh')).msg).toBe('请填写中英文原因，游客将看到它');
    // An ended session: yesterday's.
    const [y] = await t.db.query<{ id: number }>(
      `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) SELECT hall_id, '2030-03-04', begin_time, end_time, capacity FROM hall_schedule WHERE id = $1 RETURNING id`,
      [scheduleId],
    );
    expect((await post('/staff/sessions/callOff', { scheduleId: y.id, ...REASON })).msg).toBe('This session has ended: it cannot be called off');
    expect((await post('/staff/sessions/callOff', { scheduleId: y.id, ...REASON }, 'zh')).msg).toBe('该场次已结束，不能取消');
    // Called off once; never twice, never resumed.
    expect((await post('/staff/sessions/callOff', { scheduleId, ...REASON })).code).toBe(200);
    expect((await post('/staff/sessions/callOff', { scheduleId, ...REASON })).msg).toBe('This session is already called off');
    expect((await post('/staff/sessions/callOff', { scheduleId, ...REASON }, 'zh')).msg).toBe('该场次已取消');
    expect((await post('/staff/sessions/stop', { scheduleId, stopped: false })).msg).toBe('A called-off session cannot go on sale again');
    await runCallOffs(t.deps);
  });
});

describe('calling a session off', () => {
  it('previews, then refunds every paid order in full, cancels the unpaid, releases holds, pays the waiting list back, texts each contact', async () => {
    const s = await busySession(OPEN_DAY, 0);
    const preview = await t.call('GET', `/staff/sessions/callOff?scheduleId=${s.scheduleId}`, { token: admin, lang: 'en' });
    expect(preview.data).toMatchObject({ paid: 2, unpaid: 1, waiting: 1 });
    expect(preview.data.confirm).toBe(
      'This cannot be undone. Paid orders refunded in full: 2; unpaid orders cancelled: 1; waiting-list orders paid back: 1. Every contact gets a text message.',
    );
    const called = await post('/staff/sessions/callOff', { scheduleId: s.scheduleId, ...REASON });
    expect(called.data).toMatchObject({ state: 'running', total: 4, settled: 0, reason: 'A burst pipe' });
    // Holds are gone at once; nobody can book it any more, and visitors read why.
    const [h] = await t.db.query<{ held: number }>('SELECT held FROM hall_schedule WHERE id = $1', [s.scheduleId]);
    expect(h.held).toBe(0);
    const pool = (await mainSession(OPEN_DAY, 0)).hall.scheduleTicketPoolVOS[0];
    expect(pool).toMatchObject({ state: 'stopped' });
    const again = await order(OPEN_DAY, 1, 1); // another session still sells
    expect(again.orderId).toBeGreaterThan(0);
    const token = await t.tokenFor(newPhone());
    const { hall } = await mainSession(OPEN_DAY, 0);
    const refused = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: orderRequest(OPEN_DAY, hall.hallId, s.scheduleId, [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(hall, 'adult') }], await t.captchaToken()),
      lang: 'en',
    });
    expect(refused).toMatchObject({ code: 500, msg: 'This session is called off: A burst pipe' });
    const carted = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: {
        ...orderRequest(OPEN_DAY, hall.hallId, s.scheduleId, [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(hall, 'adult') }], await t.captchaToken()),
        poolFlag: 1,
      },
    });
    expect(carted).toMatchObject({ code: 500, msg: '本场次已取消：水管爆裂' });
    const joined = await t.call('POST', '/config/orderRule/placeOrder', {
      token,
      body: {
        ...orderRequest(OPEN_DAY, hall.hallId, s.scheduleId, [{ name: '张三', birth: ADULT, ticketPriceId: priceOf(hall, 'adult') }], await t.captchaToken()),
        isCandidateOrder: 1,
      },
      lang: 'en',
    });
    expect(joined).toMatchObject({ code: 500, msg: 'This session is called off: A burst pipe' });

    await runCallOffs(t.deps);
    await runRefunds(t.deps);
    const done = (await t.call('GET', `/staff/sessions/callOff/progress?scheduleId=${s.scheduleId}`, { token: admin, lang: 'zh' })).data;
    expect(done).toMatchObject({ state: 'done', total: 4, settled: 4, reason: '水管爆裂' });
    const by = new Map(done.orders.map((o: { orderId: number }) => [o.orderId, o]));
    expect(by.get(s.paid.orderId)).toMatchObject({ outcome: 'refunded', refundStatus: 'done', group: false });
    expect(by.get(s.school)).toMatchObject({ outcome: 'refunded', refundStatus: 'done', group: true });
    expect(by.get(s.unpaid.orderId)).toMatchObject({ outcome: 'canceled', amount: 0, refundStatus: null });
    expect(by.get(s.waiting.orderId)).toMatchObject({ outcome: 'paidBack', refundStatus: 'done' });
    expect(await statusOf(s.paid.orderId)).toBe('refunded');
    expect(await statusOf(s.school)).toBe('refunded');
    expect(await statusOf(s.unpaid.orderId)).toBe('canceled');
    expect(await statusOf(s.waiting.orderId)).toBe('canceled');
    await expectEachRefundedOnce(s.scheduleId);
    const [inv] = await t.db.query<{ refunded_after_issue: number }>('SELECT refunded_after_issue FROM invoices WHERE id = $1', [s.invoiceId]);
    expect(inv.refunded_after_issue).toBeGreaterThan(0);
    // Texts, each in the contact's language: the visitors booked in English, the school in Chinese.
    await runWaitingList(t.db, t.now, t.sms);
    expect(t.sms.outbox!(s.paid.phone)[0].text).toMatch(
      /^\[Science Museum\] We are sorry: the Main exhibition hall session of 2030-03-06 09:00 is called off \(A burst pipe\)/,
    );
    expect(t.sms.outbox!(s.waiting.phone)[0].text).toMatch(/refunded in full/);
    expect(t.sms.outbox!(s.unpaid.phone)[0].text).toMatch(/^【科技馆】.*（水管爆裂），您未付款的订单.*已取消。$/);
    expect(t.sms.outbox!('13900139123').some((m) => /全额退款/.test(m.text))).toBe(true);
    // The audit, and the day screen says it.
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE subject = $1`, [`session:${s.scheduleId}`]);
    expect(audit.map((a) => a.action)).toContain('callOffSession');
    const day = (await t.call<StaffDay>('GET', `/staff/day?date=${OPEN_DAY}`, { token: admin, lang: 'en' })).data;
    expect(day.sessions.find((x) => x.scheduleId === s.scheduleId)).toMatchObject({
      calledOff: true,
      stopped: true,
      stopReason: 'This session is called off: A burst pipe',
    });
    // Run again: nothing more happens.
    expect(await runCallOffs(t.deps)).toBe(0);
    await expectEachRefundedOnce(s.scheduleId);
  });
});

describe('exactly once', () => {
  it('two instances running the job at once settle each order once', async () => {
    const date = '2030-03-09';
    const s = await busySession(date, 0, 4);
    expect((await post('/staff/sessions/callOff', { scheduleId: s.scheduleId, ...REASON })).code).toBe(200);
    const other = dbLane() === 'pg' ? await makeApp({}, { databaseUrl: t.databaseUrl! }) : t;
    if (other !== t) spyOn(other.deps.providers.payment);
    try {
      await Promise.all([runCallOffs(t.deps, 2), runCallOffs(other.deps, 2), runCallOffs(t.deps, 3), runCallOffs(other.deps, 1)]);
      await Promise.all([runRefunds(t.deps), runRefunds(other.deps)]);
    } finally {
      if (other !== t) await other.close();
    }
    const progress = (await t.call('GET', `/staff/sessions/callOff/progress?scheduleId=${s.scheduleId}`, { token: admin })).data;
    expect(progress).toMatchObject({ state: 'done', total: 8, settled: 8 });
    await expectEachRefundedOnce(s.scheduleId);
    expect(await statusOf(s.unpaid.orderId)).toBe('canceled');
    expect(await statusOf(s.waiting.orderId)).toBe('canceled');
    // Holds released and stock back; one text to each contact (visitors and the school).
    const [stock] = await t.db.query<{ sold: number; held: number }>('SELECT sold, held FROM hall_schedule WHERE id = $1', [s.scheduleId]);
    expect(stock).toEqual({ sold: 0, held: 0 });
    expect(await textsPerContact(date)).toEqual(Array.from({ length: 8 }, () => 1));
  });

  it.skipIf(dbLane() !== 'pg')('two instances, each with its own job loops and clock, settle a session once', async () => {
    const date = '2030-03-12';
    const s = await busySession(date, 0, 6);
    const other = await makeApp({}, { databaseUrl: t.databaseUrl! });
    spyOn(other.deps.providers.payment);
    other.advance(1000); // its own clock, a second ahead
    const stops = [t, other].flatMap((x) => [startCallOffJob(x.deps, 100), startRefundJob(x.deps, 100)]);
    try {
      expect((await post('/staff/sessions/callOff', { scheduleId: s.scheduleId, ...REASON })).code).toBe(200);
      await vi.waitFor(async () => expect((await refundsOf(s.scheduleId)).filter((r) => r.paid > 0 && r.sent === 0)).toEqual([]), { timeout: 30_000 });
    } finally {
      await Promise.all(stops.map((stop) => stop()));
      await other.close();
    }
    const progress = (await t.call('GET', `/staff/sessions/callOff/progress?scheduleId=${s.scheduleId}`, { token: admin })).data;
    expect(progress).toMatchObject({ state: 'done', total: 10, settled: 10 });
    await expectEachRefundedOnce(s.scheduleId);
    expect(await textsPerContact(date)).toEqual(Array.from({ length: 10 }, () => 1));
  });

  it('a run killed mid-way (leases taken, one transaction cut) is resumed by another: none twice, none missing', async () => {
    const date = '2030-03-10';
    const s = await busySession(date, 0, 3);
    expect((await post('/staff/sessions/callOff', { scheduleId: s.scheduleId, ...REASON })).code).toBe(200);
    // The first instance settles two orders, then leases two more and dies before settling them.
    expect(await runCallOffRound(t.deps, { limit: 2 })).toBe(2);
    expect(await claimCallOffOrders(t.deps, t.now(), 2)).toHaveLength(2);
    // One more dies inside its transaction (the connection cut before COMMIT): rolled back, nothing of it stays.
    const cut = cutBeforeDone(t.db);
    const logs: string[] = [];
    expect(await runCallOffRound({ ...t.deps, db: cut }, { limit: 1, log: (m) => logs.push(m) })).toBe(1);
    expect(logs.join('\n')).toMatch(/killed/);
    // Another instance now: the leased ones (and the one cut, waiting its turn) wait; the rest are settled.
    expect(await runCallOffs(t.deps)).toBe(2);
    let progress = (await t.call('GET', `/staff/sessions/callOff/progress?scheduleId=${s.scheduleId}`, { token: admin })).data;
    expect(progress).toMatchObject({ state: 'running', total: 7, settled: 4 });
    // The leases run out: the dead instance's orders are taken up.
    t.advance(10 * 60_000);
    expect(await runCallOffs(t.deps)).toBe(3);
    await runRefunds(t.deps);
    progress = (await t.call('GET', `/staff/sessions/callOff/progress?scheduleId=${s.scheduleId}`, { token: admin })).data;
    expect(progress).toMatchObject({ state: 'done', total: 7, settled: 7 });
    await expectEachRefundedOnce(s.scheduleId);
  });
});

/** A database whose transactions fail at the statement that marks a call-off order done: as if
 * the process died there, PostgreSQL rolls the whole transaction back. */
function cutBeforeDone(db: Db): Db {
  const cut = (q: TxQueryable): TxQueryable => ({
    ...q,
    query: (async (text: string, params?: unknown[]) => {
      if (/UPDATE calloff_orders SET state = 'done'/.test(text)) throw new Error('killed -9');
      return q.query(text, params as never);
    }) as TxQueryable['query'],
  });
  return { ...db, tx: (fn, kind) => db.tx((q) => fn(cut(q)), kind) };
}

describe("the finance desk's refused refunds", () => {
  it('lists a refund the platform refused; retries it, or settles it by hand with a note, audited', async () => {
    const a = await order(OPEN_DAY, 1, 1);
    const b = await order(OPEN_DAY, 1, 1);
    answerRefund = () => ({ status: 'ABNORMAL', refundId: null });
    for (const o of [a, b]) {
      const detail = await t.call('GET', `/order/OrderInfo/searchPersonOrder/${o.orderId}`, { token: o.token });
      expect((await t.call('POST', '/order/refund/frontUserRefund', { token: o.token, body: { ticketIds: [detail.data.tickets[0].ticketId] } })).code).toBe(
        200,
      );
    }
    answerRefund = null;
    const failed = (await t.call('GET', '/staff/refunds/failed', { token: finance })).data as Array<{ refundId: number; orderId: number }>;
    const ra = failed.find((r) => r.orderId === a.orderId)!;
    const rb = failed.find((r) => r.orderId === b.orderId)!;
    expect(ra).toMatchObject({ lastError: 'ABNORMAL', settled: null });
    expect((await post(`/staff/refunds/${ra.refundId}/settle`, { note: ' ' }, 'en', finance)).msg).toBe(
      'Write a note: how the money went back (a transfer reference, for example)',
    );
    expect((await post(`/staff/refunds/${ra.refundId}/retry`, {}, 'en', finance)).code).toBe(200);
    const [r] = await t.db.query<{ status: string }>('SELECT status FROM refunds WHERE id = $1', [ra.refundId]);
    expect(r.status).toBe('done');
    expect((await post(`/staff/refunds/${ra.refundId}/retry`, {}, 'zh', finance)).msg).toBe('该退款未被支付平台拒绝，无需处理');
    expect((await post(`/staff/refunds/${rb.refundId}/settle`, { note: '银行转账 20300305-01' }, 'en', finance)).code).toBe(200);
    expect((await post(`/staff/refunds/${rb.refundId}/settle`, { note: 'again' }, 'en', finance)).msg).toBe('This refund is already settled by hand');
    expect((await post(`/staff/refunds/${rb.refundId}/retry`, {}, 'en', admin)).msg).toBe('This refund is already settled by hand');
    expect((await post('/staff/refunds/999999/retry', {}, 'en', finance)).msg).toBe('No such refund');
    const settled = (await t.call('GET', '/staff/refunds/failed?settled=1', { token: finance })).data as Array<{ refundId: number }>;
    expect(settled.find((x) => x.refundId === rb.refundId)).toMatchObject({ settled: { by: DEMO_FINANCE.username, note: '银行转账 20300305-01' } });
    const open = (await t.call('GET', '/staff/refunds/failed', { token: finance })).data as Array<{ refundId: number }>;
    expect(open.map((x) => x.refundId)).not.toContain(rb.refundId);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE subject IN ($1, $2) ORDER BY id`, [
      `refund:${ra.refundId}`,
      `refund:${rb.refundId}`,
    ]);
    expect(audit.map((x) => x.action)).toEqual(['retryRefund', 'settleRefund']);
    expect(TODAY).toBe('2030-03-05');
  });
});
