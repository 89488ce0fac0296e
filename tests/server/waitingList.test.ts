/** The waiting list over HTTP (docs/product.md §1, §3 status 3/4, §4 waiting-list order): joining only a
 * full session, paying up front, filling first come first served with whole parties, cancel
 * with the money back, the cut-off, and the races with general sale; the stock invariant after
 * each scenario. On PGlite (project server) and PostgreSQL (server-pg, with two instances). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertStockInvariant, dbLane, makeApp, orderRequest, priceOf, type TestApp, type Visitor } from './helpers.ts';
import { OPEN_DAY, SOLD_OUT_DAY } from './constants.ts';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import { runWaitingList } from '../../server/jobs/waitingList.ts';
import { museumInstant } from '../../server/time.ts';
import type { HallPool, OrderDetail } from '../../src/domain/types.ts';
import type { CandidateDay } from '../../src/domain/waitingList.ts';

let t: TestApp;
let phoneSeq = 0;
const newPhone = () => `1360000${String(++phoneSeq).padStart(4, '0')}`;
const ADULTS = ['1990-01-01', '1985-05-05', '1970-07-07', '1995-09-09'];

beforeAll(async () => {
  t = await makeApp();
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const hallOf = async (date: string, key: string) => (await t.halls(date)).find((h) => h.hallKey === key)!;
const adults = (h: HallPool, n: number, seq = 0): Visitor[] =>
  Array.from({ length: n }, (_, i) => ({ name: '张三', birth: ADULTS[i], seq: String(100 + seq * 4 + i), ticketPriceId: priceOf(h, 'adult') }));

async function join(token: string, date: string, h: HallPool, i: number, party: number, lang: 'zh' | 'en' = 'zh', seq = 0) {
  const body = {
    ...orderRequest(date, h.hallId, h.scheduleTicketPoolVOS[i].hallScheduleId, adults(h, party, seq), await t.captchaToken()),
    isCandidateOrder: 1,
  };
  return t.call('POST', '/config/orderRule/placeOrder', { token, body, lang });
}

async function pay(token: string, orderId: number) {
  const c = await t.call('POST', '/pay/create', { token, body: { orderId } });
  expect(c.code, c.msg).toBe(200);
  const payId = new URL(c.data.payUrl, 'http://x').searchParams.get('payId')!;
  const [{ amount }] = await t.db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
  expect(await t.payNotify(payId, amount)).toBe(204);
}

/** A visitor on the list: joined and paid. */
async function standingBy(date: string, h: HallPool, i: number, party: number) {
  const phone = newPhone();
  const token = await t.tokenFor(phone);
  const r = await join(token, date, h, i, party, 'zh', phoneSeq);
  expect(r.code, r.msg).toBe(200);
  await pay(token, r.data.orderId);
  return { phone, token, orderId: r.data.orderId as number };
}

const detail = async (token: string, orderId: number) => (await t.call<OrderDetail>('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token })).data;

/** A paid order of `party` adults at general sale. */
async function bought(date: string, h: HallPool, i: number, party: number) {
  const token = await t.tokenFor(newPhone());
  const r = await t.call('POST', '/config/orderRule/placeOrder', {
    token,
    body: orderRequest(date, h.hallId, h.scheduleTicketPoolVOS[i].hallScheduleId, adults(h, party, phoneSeq), await t.captchaToken()),
  });
  expect(r.code, r.msg).toBe(200);
  await pay(token, r.data.orderId);
  const tickets = (await detail(token, r.data.orderId)).tickets.map((x) => x.ticketId);
  return { token, tickets };
}

/** The ticket window sold the rest of a session. */
async function sellOut(h: HallPool, i: number) {
  await t.db.query('UPDATE hall_schedule SET sold_external = sold_external + (capacity - sold - held), sold = capacity - held WHERE id = $1', [
    h.scheduleTicketPoolVOS[i].hallScheduleId,
  ]);
}

const refund = (token: string, ticketIds: number[]) => t.call('POST', '/order/refund/frontUserRefund', { token, body: { ticketIds } });

describe('the waiting list', () => {
  it('shows full sessions of halls with a list as open (status 4), the rest as they are', async () => {
    const main = await hallOf(SOLD_OUT_DAY, 'main');
    expect(main.scheduleTicketPoolVOS.map((s) => [s.state, s.status, s.candidateLevel])).toEqual([
      ['soldOut', 4, 1],
      ['soldOut', 4, 1],
      ['soldOut', 4, 1],
    ]);
    expect((await hallOf(SOLD_OUT_DAY, 'cinema')).scheduleTicketPoolVOS[0].status).toBe(2);
    expect((await hallOf(OPEN_DAY, 'main')).scheduleTicketPoolVOS[0].status).toBe(1);
    const forCandidates = (await t.call<HallPool[]>('GET', `/pool/ingore/getHallForCandidate?queryDate=${SOLD_OUT_DAY}`)).data;
    expect(forCandidates.map((h) => h.hallKey)).toEqual(['main', 'temporary']);
    const days = (await t.call<CandidateDay[]>('GET', '/pool/ingore/getCalendarForCandidate')).data;
    expect(days.find((d) => d.date === SOLD_OUT_DAY)).toEqual({ date: SOLD_OUT_DAY, status: 4, candidateLevel: 1 });
    expect(days.find((d) => d.date === OPEN_DAY)?.status).toBe(1);
  });

  it('refuses a session with tickets left, a cinema, a second place, in the visitor language', async () => {
    const token = await t.tokenFor(newPhone());
    const open = await join(token, OPEN_DAY, await hallOf(OPEN_DAY, 'main'), 0, 1, 'en');
    expect(open).toMatchObject({ code: 500, msg: 'Tickets are still available for this session; please book them directly' });
    const zh = await join(token, OPEN_DAY, await hallOf(OPEN_DAY, 'main'), 0, 1, 'zh');
    expect(zh.msg).toBe('该场次仍有余票，请直接购票');
    const cinema = await hallOf(SOLD_OUT_DAY, 'cinema');
    const body = {
      ...orderRequest(SOLD_OUT_DAY, cinema.hallId, cinema.scheduleTicketPoolVOS[0].hallScheduleId, adults(cinema, 1), await t.captchaToken()),
      isCandidateOrder: 1,
    };
    expect((await t.call('POST', '/config/orderRule/placeOrder', { token, body, lang: 'en' })).msg).toBe('This session has no waiting list');
    const main = await hallOf(SOLD_OUT_DAY, 'main');
    const first = await join(token, SOLD_OUT_DAY, main, 2, 1);
    expect(first.code, first.msg).toBe(200);
    await pay(token, first.data.orderId);
    expect((await join(token, SOLD_OUT_DAY, main, 2, 1, 'en')).msg).toBe('You are already on the waiting list for this session');
    expect(await detail(token, first.data.orderId)).toMatchObject({
      status: 'standingBy',
      isCandidate: true,
      candidate: 'standingBy',
      tickets: [{ status: 'candidate', qrCode: null }],
    });
  });

  it('fills returned tickets first come first served, whole parties only, before general sale, and texts the visitor', async () => {
    const main = await hallOf(OPEN_DAY, 'main');
    const owner = await bought(OPEN_DAY, main, 1, 4);
    await sellOut(main, 1);
    const a = await standingBy(OPEN_DAY, main, 1, 2); // first, a party of two
    const b = await standingBy(OPEN_DAY, main, 1, 1);
    const c = await standingBy(OPEN_DAY, main, 1, 1);
    const id = main.scheduleTicketPoolVOS[1].hallScheduleId;

    expect((await refund(owner.token, [owner.tickets[0]])).code).toBe(200);
    // One ticket: A's party of two does not fit, B (next) gets it; nothing goes on sale.
    expect((await detail(b.token, b.orderId)).candidate).toBe('succeeded');
    expect((await detail(a.token, a.orderId)).candidate).toBe('standingBy');
    expect((await detail(c.token, c.orderId)).candidate).toBe('standingBy');
    expect(await t.remaining(id)).toBe(0);
    const filled = await detail(b.token, b.orderId);
    expect(filled).toMatchObject({ status: 'completed', tickets: [{ status: 'toBeChecked' }] });
    expect(filled.tickets[0].qrCode).toMatch(/^T1\.\d+\.[\w-]+\.[\w-]{86}$/);

    // A general-sale buyer finds it sold out while the refund goes to C.
    expect((await refund(owner.token, [owner.tickets[1]])).code).toBe(200);
    expect((await detail(c.token, c.orderId)).candidate).toBe('succeeded');
    expect((await detail(a.token, a.orderId)).candidate).toBe('standingBy');

    // Two at once: A's whole party.
    expect((await refund(owner.token, owner.tickets.slice(2))).code).toBe(200);
    expect((await detail(a.token, a.orderId)).candidate).toBe('succeeded');
    expect(await t.remaining(id)).toBe(0);

    const texts = await runWaitingList(t.db, t.now, t.sms);
    expect(texts.texts).toBeGreaterThanOrEqual(3);
    const [phoneB] = await t.db.query<{ phone: string }>('SELECT u.phone FROM users u JOIN orders o ON o.user_id = u.id WHERE o.id = $1', [b.orderId]);
    expect(t.sms.outbox!(phoneB.phone)[0].text).toMatch(/候补成功/);
    expect((await runWaitingList(t.db, t.now, t.sms)).texts).toBe(0); // each text once
  });

  it('a candidate that pays while stock it fits is on sale is filled at once', async () => {
    const main = await hallOf(OPEN_DAY, 'main');
    const owner = await bought(OPEN_DAY, main, 2, 1);
    await sellOut(main, 2);
    const token = await t.tokenFor(newPhone());
    const joined = await join(token, OPEN_DAY, main, 2, 1);
    expect(joined.code, joined.msg).toBe(200);
    // Returned while the candidate is unpaid (not yet on the list): it goes on sale ...
    await refund(owner.token, owner.tickets);
    expect(await t.remaining(main.scheduleTicketPoolVOS[2].hallScheduleId)).toBe(1);
    // ... until the candidate pays.
    await pay(token, joined.data.orderId);
    expect((await detail(token, joined.data.orderId)).candidate).toBe('succeeded');
    expect(await t.remaining(main.scheduleTicketPoolVOS[2].hallScheduleId)).toBe(0);
  });

  it('a standing-by order is cancelled with the money back in full, once', async () => {
    const temp = await hallOf(SOLD_OUT_DAY, 'temporary');
    const c = await standingBy(SOLD_OUT_DAY, temp, 1, 2);
    const r = await t.call('POST', `/order/refund/candidateOrderCancelPerson?orderId=${c.orderId}`, { token: c.token });
    expect(r).toMatchObject({ code: 200, data: { orderId: c.orderId, status: 'canceled' } });
    const d = await detail(c.token, c.orderId);
    expect(d).toMatchObject({ candidate: 'cancelled', tickets: [{ status: 'canceled' }, { status: 'canceled' }] });
    const refunds = await t.db.query<{ amount: number }>('SELECT amount FROM refunds WHERE order_id = $1', [c.orderId]);
    expect(refunds).toEqual([{ amount: d.amount }]);
    const again = await t.call('POST', `/order/refund/candidateOrderCancelPerson?orderId=${c.orderId}`, { token: c.token, lang: 'en' });
    expect(again.msg).toBe('This waiting-list order is no longer standing by and cannot be cancelled');
    // Nobody else's order.
    const other = await t.tokenFor(newPhone());
    expect((await t.call('POST', `/order/refund/candidateOrderCancelPerson?orderId=${c.orderId}`, { token: other, lang: 'en' })).msg).toBe(
      'The order does not exist',
    );
  });

  it('an unpaid candidate times out like any order; its place goes', async () => {
    const temp = await hallOf(SOLD_OUT_DAY, 'temporary');
    const token = await t.tokenFor(newPhone());
    const r = await join(token, SOLD_OUT_DAY, temp, 2, 1);
    t.advance(16 * 60_000);
    await runPayTimeout(t.db, t.now);
    expect(await detail(token, r.data.orderId)).toMatchObject({ status: 'canceled', candidate: 'cancelled', tickets: [{ status: 'canceled' }] });
  });

  it('a cancel racing a fill: one of them wins, the stock stays whole', async () => {
    const main = await hallOf(OPEN_DAY, 'main');
    const owner = await bought(OPEN_DAY, main, 0, 1);
    await sellOut(main, 0);
    const c = await standingBy(OPEN_DAY, main, 0, 1);
    const [cancel, back] = await Promise.all([
      t.call('POST', `/order/refund/candidateOrderCancelPerson?orderId=${c.orderId}`, { token: c.token }),
      refund(owner.token, owner.tickets),
    ]);
    expect(back.code).toBe(200);
    const state = (await detail(c.token, c.orderId)).candidate;
    if (cancel.code === 200) {
      expect(state).toBe('cancelled');
      expect(await t.remaining(main.scheduleTicketPoolVOS[0].hallScheduleId)).toBe(1);
    } else {
      expect(state).toBe('succeeded');
      expect(await t.remaining(main.scheduleTicketPoolVOS[0].hallScheduleId)).toBe(0);
    }
  });

  it('a refund racing a buyer at general sale: the candidate gets the ticket, the buyer is told it is sold out', async () => {
    const temp = await hallOf(OPEN_DAY, 'temporary');
    const owner = await bought(OPEN_DAY, temp, 0, 1);
    await sellOut(temp, 0);
    const c = await standingBy(OPEN_DAY, temp, 0, 1);
    const buyer = await t.tokenFor(newPhone());
    const [back, sale] = await Promise.all([
      refund(owner.token, owner.tickets),
      t.call('POST', '/config/orderRule/placeOrder', {
        token: buyer,
        lang: 'en',
        body: orderRequest(OPEN_DAY, temp.hallId, temp.scheduleTicketPoolVOS[0].hallScheduleId, adults(temp, 1, 90), await t.captchaToken()),
      }),
    ]);
    expect(back.code).toBe(200);
    expect(sale.msg).toMatch(/sold out/i);
    expect((await detail(c.token, c.orderId)).candidate).toBe('succeeded');
  });

  it('a full list says so (status 3) and takes nobody more', async () => {
    const temp = await hallOf(SOLD_OUT_DAY, 'temporary');
    await t.db.query(`UPDATE sys_config SET value = '1' WHERE key = 'candidate_max_per_session'`);
    try {
      const session = temp.scheduleTicketPoolVOS[2];
      const first = await join(await t.tokenFor(newPhone()), SOLD_OUT_DAY, temp, 2, 1);
      expect(first.code, first.msg).toBe(200);
      const refused = await join(await t.tokenFor(newPhone()), SOLD_OUT_DAY, temp, 2, 1, 'en');
      expect(refused.msg).toBe('The waiting list for this session is full');
      const after = (await hallOf(SOLD_OUT_DAY, 'temporary')).scheduleTicketPoolVOS.find((s) => s.hallScheduleId === session.hallScheduleId)!;
      expect([after.status, after.candidateLevel]).toEqual([3, 2]);
    } finally {
      await t.db.query(`UPDATE sys_config SET value = '30' WHERE key = 'candidate_max_per_session'`);
    }
  });

  it('at the cut-off unfilled candidates are full, then paid back (returned); joining is closed', async () => {
    const main = await hallOf(SOLD_OUT_DAY, 'main');
    const c = await standingBy(SOLD_OUT_DAY, main, 1, 2);
    const session = main.scheduleTicketPoolVOS[1];
    const cutoff = museumInstant(SOLD_OUT_DAY, session.beginTime).getTime() - 120 * 60_000;
    t.advance(cutoff - t.now().getTime() - 1000);
    expect((await runWaitingList(t.db, t.now, t.sms)).full).toBe(0);
    t.advance(1000);
    const late = await join(await t.tokenFor(newPhone()), SOLD_OUT_DAY, main, 1, 1, 'en');
    expect(late.msg).toBe('The waiting list for this session has closed');
    const b = dbLane() === 'pg' ? await makeApp({}, { databaseUrl: t.databaseUrl! }) : null;
    try {
      // Two instances run the job at once: each order is paid back once.
      const runs = await Promise.all([runWaitingList(t.db, t.now, t.sms), ...(b ? [runWaitingList(b.db, t.now, b.sms)] : [])]);
      expect(runs.reduce((n, r) => n + r.returned, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await b?.close();
    }
    const d = await detail(await t.tokenFor(c.phone), c.orderId); // days later: a new login
    expect(d).toMatchObject({ status: 'returned', candidate: 'returned' });
    const refunds = await t.db.query<{ amount: number }>('SELECT amount FROM refunds WHERE order_id = $1', [c.orderId]);
    expect(refunds).toEqual([{ amount: d.amount }]);
  });
});
