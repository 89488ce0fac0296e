/** The release rush: the buyers of one session who come while a sale is being written are sold
 * together in one transaction (services/placeOrder.ts), and each still gets her own answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertStockInvariant, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import { OPEN_DAY } from './constants.ts';
import { addDays, museumDate, museumInstant } from '../../server/time.ts';
import { buyersOrders } from '../../server/services/orders.ts';
import { salesWaiting } from '../../server/services/placeOrder.ts';
import type { HallPool } from '../../src/domain/types.ts';
import type { TxQueryable } from '../../server/db/db.ts';

let t: TestApp;
let main: HallPool;
let phoneSeq = 0;
let visitorSeq = 0;
const newPhone = () => `1371111${String(++phoneSeq).padStart(4, '0')}`;
const ADULT = '1990-01-01';

beforeAll(async () => {
  t = await makeApp();
  [main] = await t.halls(OPEN_DAY);
});
afterAll(async () => {
  await t?.close();
});

let sessionsMade = 0;
/** A session of its own for each test, tomorrow, `capacity` places. */
async function newSession(capacity = 100): Promise<number> {
  const [{ id }] = await t.db.query<{ id: number }>(
    `INSERT INTO hall_schedule (hall_id, visit_date, begin_time, end_time, capacity) VALUES ($1, $2, $3, '23:59', $4) RETURNING id`,
    [main.hallId, OPEN_DAY, `07:${String(++sessionsMade).padStart(2, '0')}`, capacity],
  );
  return id;
}

/** An order of `people` adults for the session, with a fresh slider token unless one is given. */
async function orderFor(session: number, people = 1, captcha?: string, name = '孙八') {
  const visitors = Array.from({ length: people }, () => ({
    name,
    birth: ADULT,
    ticketPriceId: priceOf(main, 'adult'),
    seq: String(100 + (++visitorSeq % 800)),
  }));
  return orderRequest(OPEN_DAY, main.hallId, session, visitors, captcha ?? (await t.captchaToken()));
}

const place = (token: string, body: unknown) => t.call('POST', '/config/orderRule/placeOrder', { token, body, lang: 'en' });

/** How many transactions wrote these orders (PostgreSQL's xmin: the writing transaction's id). */
async function transactionsOf(orderIds: number[]): Promise<number> {
  const [{ n }] = await t.db.query<{ n: number }>('SELECT count(DISTINCT xmin::text)::int AS n FROM orders WHERE id = ANY($1::int[])', [orderIds]);
  return n;
}

/** Sold elsewhere (the window, a partner) but for `left`. */
async function leaveOnly(session: number, left: number) {
  await t.db.query('UPDATE hall_schedule SET sold_external = sold_external + capacity - held - $2 - sold, sold = capacity - held - $2 WHERE id = $1', [
    session,
    left,
  ]);
}

/** Five buyers: the first finds the session idle and is sold alone, and her transaction starts
 * only once the four after her wait for the next batch, as they would behind a slower database.
 * (On PostgreSQL's pool, each could otherwise come after the batch before hers had ended.) */
async function fourBehindTheFirst<R>(session: number, send: (buyer: number) => Promise<R>): Promise<R[]> {
  const tx = t.db.tx;
  let held = false;
  t.db.tx = async <T>(work: (q: TxQueryable) => Promise<T>): Promise<T> => {
    t.db.tx = tx;
    held = true;
    await expect.poll(() => salesWaiting(t.deps, session)).toBe(4);
    return tx(work);
  };
  try {
    const first = send(0);
    await expect.poll(() => held).toBe(true);
    return await Promise.all([first, ...[1, 2, 3, 4].map(send)]);
  } finally {
    t.db.tx = tx;
  }
}

/** Five buyers of a fresh session (the first, then four behind her), the fourth's ticket refused by the database: as it is
 * inserted, or at COMMIT (a deferred trigger, checked after every statement of the sale: the only
 * way here to make a COMMIT fail). Their answers' codes and messages, and how many places sold. */
async function fourthRefusedByTheDatabase(at: 'insert' | 'commit') {
  const session = await newSession();
  await t.db.query(`CREATE FUNCTION refuse_test_ticket() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN IF NEW.user_name = '故障' THEN RAISE EXCEPTION 'test: a ticket the database refuses'; END IF; RETURN NEW; END $$`);
  await t.db.query(
    `${at === 'insert' ? 'CREATE TRIGGER refuse_test_ticket BEFORE INSERT' : 'CREATE CONSTRAINT TRIGGER refuse_test_ticket AFTER INSERT'} ON tickets
     ${at === 'commit' ? 'DEFERRABLE INITIALLY DEFERRED' : ''} FOR EACH ROW EXECUTE FUNCTION refuse_test_ticket()`,
  );
  try {
    const buyers = await Promise.all(Array.from({ length: 5 }, () => t.tokenFor(newPhone())));
    const bodies = await Promise.all(buyers.map((_, i) => orderFor(session, 1, undefined, i === 3 ? '故障' : '孙八')));
    const before = await t.remaining(session);
    const answers = await fourBehindTheFirst(session, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/config/orderRule/placeOrder',
        headers: { authorization: `Bearer ${buyers[i]}`, language: 'en_us' },
        payload: bodies[i],
      }),
    );
    await assertStockInvariant(t.db);
    return {
      codes: answers.map((a) => (a.statusCode === 200 ? a.json().code : a.statusCode)),
      messages: answers.map((a) => String(a.json().msg)),
      sold: before - (await t.remaining(session)),
    };
  } finally {
    await t.db.query('DROP TRIGGER refuse_test_ticket ON tickets');
    await t.db.query('DROP FUNCTION refuse_test_ticket()');
  }
}

describe('the release rush', () => {
  it('a burst of buyers is sold in fewer transactions than orders, and each refusal is its buyer’s own', async () => {
    const [session, other] = [await newSession(), await newSession()];
    const today = museumDate(t.now());
    const phones = Array.from({ length: 12 }, newPhone);
    const buyers = await Promise.all(phones.map((phone) => t.tokenFor(phone)));
    const [, unpaid, risky] = buyers;
    // Three missed visits this season: blacklisted.
    await t.db.query(`UPDATE users SET missed_visits = $2 WHERE phone = $1`, [phones[0], [1, 2, 3].map((d) => addDays(today, -d))]);
    // An order not yet paid.
    expect((await place(unpaid, await orderFor(other))).code).toBe(200);
    // Five orders today already: the risk policy's limit.
    for (let i = 0; i < 5; i++) {
      const r = await place(risky, await orderFor(other));
      expect(r.code, r.msg).toBe(200);
      const [{ order_number }] = await t.db.query<{ order_number: string }>('SELECT order_number FROM orders WHERE id = $1', [r.data.orderId]);
      expect((await t.call('GET', `/order/OrderInfo/cancel?orderNumber=${order_number}`, { token: risky })).code).toBe(200);
    }
    const before = await t.remaining(session);
    const bodies = await Promise.all(buyers.map(() => orderFor(session, 2)));
    // The slider token of one plain buyer was spent already.
    await t.db.query('UPDATE captcha_tokens SET used = true WHERE token = $1', [bodies[3].captchaToken]);

    const answers = await Promise.all(buyers.map((token, i) => place(token, bodies[i])));

    expect(answers[0].msg).toBe('Account abnormal, cannot book: please contact service');
    expect(answers[1].msg).toBe('You have an unpaid order; please pay or cancel it first');
    expect(answers[2]).toMatchObject({ code: 200, data: { orderId: null, riskPolicy: 0 } });
    expect(answers[2].data.riskPrompt).toMatch(/Too many orders/);
    expect(answers[3].msg).toBe('The security check has expired; please verify again');
    const sold = answers.slice(4).map((a) => a.data?.orderId as number);
    expect(sold.every((id) => typeof id === 'number')).toBe(true);
    expect(await t.remaining(session)).toBe(before - 2 * 8);
    expect(await transactionsOf(sold)).toBeLessThan(sold.length);
    await assertStockInvariant(t.db);
  });

  it('not enough for everyone: never more than what is left, no party refused while there was room for it, and a refused buyer’s slider token still works', async () => {
    const [session, other] = [await newSession(), await newSession()];
    await leaveOnly(session, 3);
    const buyers = await Promise.all(Array.from({ length: 6 }, () => t.tokenFor(newPhone())));
    const parties = [2, 2, 1, 2, 1, 2];
    const bodies = await Promise.all(parties.map((n) => orderFor(session, n)));

    const answers = await Promise.all(buyers.map((token, i) => place(token, bodies[i])));

    const sold = parties.filter((_, i) => answers[i].code === 200);
    const refused = parties.filter((_, i) => answers[i].code !== 200);
    for (const [i, a] of answers.entries()) if (a.code !== 200) expect(a.msg, `buyer ${i}`).toMatch(/^Venue sold out|^Not enough tickets/);
    const left = await t.remaining(session);
    expect(sold.reduce((a, b) => a + b, 0)).toBe(3 - left);
    // No party was refused while there was room for it.
    expect(Math.min(...refused)).toBeGreaterThan(left);
    await assertStockInvariant(t.db);
    // A refusal for stock spends no slider token: each refused buyer orders elsewhere with hers.
    for (const [i, a] of answers.entries()) {
      if (a.code === 200) continue;
      const again = await place(buyers[i], await orderFor(other, 1, bodies[i].captchaToken));
      expect(again.code, again.msg).toBe(200);
    }
  });

  it('one slider token sent by two buyers at once buys once; one buyer twice at once gets one order', async () => {
    const session = await newSession();
    const [ann, bob, cat] = await Promise.all([0, 1, 2].map(() => t.tokenFor(newPhone())));
    const shared = await t.captchaToken();
    const answers = await Promise.all([
      place(ann, await orderFor(session)),
      place(bob, await orderFor(session, 1, shared)),
      place(cat, await orderFor(session, 1, shared)),
      place(ann, await orderFor(session)),
    ]);
    expect(answers[0].code).toBe(200);
    expect(answers[3].msg).toBe('You have an unpaid order; please pay or cancel it first');
    expect(
      answers
        .slice(1, 3)
        .map((a) => a.code)
        .sort(),
    ).toEqual([200, 500]);
    expect(answers.slice(1, 3).find((a) => a.code === 500)!.msg).toBe('The security check has expired; please verify again');
    await assertStockInvariant(t.db);
  });

  it('a fault in one buyer’s order fails her alone: the others of her batch are sold one by one', async () => {
    const { codes, messages, sold } = await fourthRefusedByTheDatabase('insert');
    expect(codes).toEqual([200, 200, 200, 500, 200]);
    expect(messages[3]).not.toMatch(/test: a ticket/);
    expect(sold).toBe(4);
  });

  it('a batch whose COMMIT fails (its outcome unknown when the connection is lost) sells no one of it again alone', async () => {
    const { codes, sold } = await fourthRefusedByTheDatabase('commit');
    // The first buyer found the session idle and was sold alone; the four behind her together.
    expect(codes).toEqual([200, 500, 500, 500, 500]);
    expect(sold).toBe(1);
  });

  it('each buyer of a batch counts her orders of her own museum day, when the batch straddles midnight', async () => {
    const [late, early] = [newPhone(), newPhone()];
    const session = await newSession();
    for (const phone of [late, early]) expect((await place(await t.tokenFor(phone), await orderFor(session))).code).toBe(200);
    const midnight = museumInstant(museumDate(t.now()));
    // Both orders were placed at 23:50 the day before.
    await t.db.query(`UPDATE orders o SET created_at = $2 FROM users u WHERE u.id = o.user_id AND u.phone = ANY($1::text[])`, [
      [late, early],
      new Date(midnight.getTime() - 10 * 60_000),
    ]);
    const ids = await t.db.query<{ id: number; phone: string }>('SELECT id, phone FROM users WHERE phone = ANY($1::text[])', [[late, early]]);
    const idOf = (phone: string) => ids.find((u) => u.phone === phone)!.id;
    const ordersOf = await buyersOrders(
      t.db,
      [
        { userId: idOf(late), now: new Date(midnight.getTime() - 60_000) },
        { userId: idOf(early), now: new Date(midnight.getTime() + 60_000) },
      ],
      false,
    );
    expect(ordersOf(idOf(late)).today).toBe(1);
    expect(ordersOf(idOf(early)).today).toBe(0);
  });
});
