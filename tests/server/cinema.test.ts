import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCartExpiry } from '../../server/jobs/cartExpiry.ts';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import type { HallPool, SeatMap } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { assertStockInvariant, idCard, makeApp, orderRequest, priceOf, type TestApp, type Visitor } from './helpers.ts';

let t: TestApp;
let domeA: HallPool;
let domeB: HallPool;
let phoneSeq = 0;
const newPhone = () => `1380000${String(++phoneSeq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await makeApp();
  const halls = await t.halls(OPEN_DAY);
  domeA = halls.find((h) => h.hallKey === 'cinema')!;
  domeB = halls.find((h) => h.hallKey === 'cinema2')!;
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

const ADULT = '1985-03-02';
const CHILD = '2022-05-01';
const session = (h: HallPool, i = 0) => h.scheduleTicketPoolVOS[i].hallScheduleId;
const adult = (h: HallPool, n: number): Visitor => ({ name: '观众' + '甲乙丙丁'[n], birth: ADULT, ticketPriceId: priceOf(h, 'adult'), seq: String(200 + n) });
const child = (h: HallPool): Visitor => ({ name: '小观众', birth: CHILD, ticketPriceId: priceOf(h, 'child'), seq: '300' });

const map = async (scheduleId: number, token: string): Promise<SeatMap> =>
  (await t.call('GET', `/pool/getSeatByScheduleId?scheduleId=${scheduleId}`, { token })).data;
const stateOf = (m: SeatMap, seat: string) => m.seats.find((s) => `${s.row}-${s.col}` === seat)?.state;

/** placeOrder with the seats chosen, one per visitor ('*' or undefined: the server assigns). */
async function order(
  token: string,
  h: HallPool,
  visitors: Visitor[],
  seats: Array<string | undefined>,
  opts: { i?: number; lang?: 'en' | 'zh'; cart?: boolean } = {},
) {
  const body = orderRequest(OPEN_DAY, h.hallId, session(h, opts.i ?? 0), visitors, opts.cart ? null : await t.captchaToken());
  body.ticketInfoList.forEach((line, k) => {
    // A seat makes a cinema line, as the client's request builder marks it.
    if (seats[k] !== undefined) Object.assign(line, { seatNumber: seats[k], cinemaFlag: 1 });
  });
  return t.call('POST', '/config/orderRule/placeOrder', { token, body: opts.cart ? { ...body, poolFlag: 1 } : body, lang: opts.lang ?? 'en' });
}

async function pay(token: string, orderId: number) {
  const c = await t.call('POST', '/pay/create', { token, body: { orderId } });
  const payId = new URL(c.data.payUrl, 'http://x').searchParams.get('payId')!;
  const [{ amount }] = await t.db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
  expect(await t.payNotify(payId, amount)).toBe(204);
}

describe('the dome cinemas', () => {
  it('show their films per session and each seat as the hall is built', async () => {
    const token = await t.tokenFor(newPhone());
    const sessions = (await t.call('GET', `/pool/getScheduleByHallId?hallId=${domeA.hallId}&queryDate=${OPEN_DAY}`, { token, lang: 'en' })).data;
    expect(sessions.map((s: { film: { name: string } }) => s.film.name)).toEqual(['Secrets of the Universe', 'Into the Deep Sea', 'Kingdom of the Dinosaurs']);
    expect(sessions[0]).toMatchObject({ capacity: 157, ticketPool: 157, state: 'available', film: { durationMin: 40, poster: '/films/universe.svg' } });

    const m = await map(session(domeA), token);
    expect(m).toMatchObject({ chooseMode: 1, rows: 10, cols: 17 });
    expect(m.seats.filter((s) => s.state === 'available')).toHaveLength(157);
    expect(m.seats.filter((s) => s.state === 'notAvailable').map((s) => `${s.rowLabel}-${s.seatLabel}`)).toEqual(['7-8', '7-9', '10-6']);
    // Column 9 is the aisle: no seat there; the seat right of it is number 9.
    expect(m.seats.some((s) => s.col === 9)).toBe(false);
    expect(m.seats.find((s) => s.row === 1 && s.col === 10)!.seatLabel).toBe('9');
    expect((await t.call('GET', `/pool/getScheduleByHallId?hallId=${session(domeA)}&queryDate=${OPEN_DAY}`, { token, lang: 'en' })).msg).toMatch(
      /not a cinema/,
    );
    const blocked = (await t.call('GET', '/pool/getBlock', { token })).data;
    expect(blocked.filter((b: { hallId: number }) => b.hallId === domeA.hallId)).toHaveLength(3);
  });

  it('sells the seats the visitor picks; the seat is then taken for everyone else', async () => {
    const a = await t.tokenFor(newPhone());
    const b = await t.tokenFor(newPhone());
    const placed = await order(a, domeA, [adult(domeA, 0), adult(domeA, 1)], ['5-8', '5-10']);
    expect(placed.code, placed.msg).toBe(200);
    const m = await map(session(domeA), b);
    expect([stateOf(m, '5-8'), stateOf(m, '5-10'), stateOf(m, '5-11')]).toEqual(['sold', 'sold', 'available']);

    const lost = await order(b, domeA, [adult(domeA, 2), adult(domeA, 3)], ['5-8', '5-7']);
    expect(lost).toMatchObject({ code: 505, msg: 'A seat you chose has just been taken: please choose again', data: { takenSeats: ['5-8'] } });
    expect((await order(b, domeA, [adult(domeA, 2)], ['5-8'], { lang: 'zh' })).msg).toBe('所选座位已被他人选走，请重新选座');
    expect((await order(b, domeA, [adult(domeA, 2)], ['7-8'])).msg).toBe('A seat you chose is not for sale');
    expect((await order(b, domeA, [adult(domeA, 2)], ['5-9'])).msg).toBe('A seat you chose is not for sale');
    expect((await order(b, domeA, [adult(domeA, 2), adult(domeA, 3)], ['6-1', '6-1'])).msg).toBe('Each seat takes one visitor');
    expect(await t.remaining(session(domeA))).toBe(155);

    // Paid: sold; the unpaid hold becomes a sale.
    await pay(a, placed.data.orderId);
    const [seat] = await t.db.query<{ state: string }>(
      `SELECT ss.state FROM session_seats ss JOIN tickets tk ON tk.id = ss.ticket_id WHERE tk.order_id = $1 LIMIT 1`,
      [placed.data.orderId],
    );
    expect(seat.state).toBe('sold');
    const detail = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${placed.data.orderId}`, { token: a, lang: 'en' })).data;
    expect(detail.tickets.map((x: { seat: unknown; filmName: string }) => [x.seat, x.filmName])).toEqual([
      [{ rowLabel: '5', seatLabel: '8', number: '5-8' }, 'Secrets of the Universe'],
      [{ rowLabel: '5', seatLabel: '9', number: '5-10' }, 'Secrets of the Universe'],
    ]);
  });

  it('gives a seat wanted by many at once to exactly one buyer', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, () => t.tokenFor(newPhone())));
    const answers = await Promise.all(buyers.map((token) => order(token, domeA, [adult(domeA, 0), adult(domeA, 1)], ['3-3', '3-4'], { i: 1 })));
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(new Set(answers.filter((r) => r.code !== 200).map((r) => r.msg))).toEqual(new Set(['A seat you chose has just been taken: please choose again']));
    expect(await t.remaining(session(domeA, 1))).toBe(155);
  });

  it('frees the seats of an unpaid order when its time is up, and of a refund', async () => {
    const a = await t.tokenFor(newPhone());
    await order(a, domeA, [adult(domeA, 0)], ['2-2'], { i: 2 });
    expect(stateOf(await map(session(domeA, 2), a), '2-2')).toBe('sold');
    expect(await runPayTimeout(t.db, () => new Date(t.now().getTime() + 3600_000))).toBeGreaterThanOrEqual(1);
    expect(stateOf(await map(session(domeA, 2), a), '2-2')).toBe('available');

    const b = await t.tokenFor(newPhone());
    const again = await order(b, domeA, [adult(domeA, 0)], ['2-2'], { i: 2 });
    expect(again.code, again.msg).toBe(200);
    await pay(b, again.data.orderId);
    const detail = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${again.data.orderId}`, { token: b })).data;
    const refunded = await t.call('POST', '/order/refund/frontUserRefund', {
      token: b,
      body: { ticketIds: detail.tickets.map((x: { ticketId: number }) => x.ticketId) },
    });
    expect(refunded.code, refunded.msg).toBe(200);
    expect(stateOf(await map(session(domeA, 2), b), '2-2')).toBe('available');
  });

  it("holds a cart line's seat until it expires; at checkout the seat goes into the order", async () => {
    const a = await t.tokenFor(newPhone());
    const held = await order(a, domeA, [adult(domeA, 0)], ['9-1'], { cart: true });
    expect(held.code, held.msg).toBe(200);
    expect(stateOf(await map(session(domeA), a), '9-1')).toBe('sold');
    t.advance(16 * 60_000); // the cart hold of 15 minutes and its slack
    await runCartExpiry(t.db, t.now);
    expect(stateOf(await map(session(domeA), a), '9-1')).toBe('available');

    const again = await order(a, domeA, [adult(domeA, 0)], ['9-1'], { cart: true });
    const co = await t.call('POST', '/config/orderRule/placeOrder', {
      token: a,
      body: { cartTicketIds: again.data.cartTicketIds, captchaToken: await t.captchaToken() },
    });
    expect(co.code, co.msg).toBe(200);
    const [owner] = await t.db.query<{ order_id: number }>(
      `SELECT tk.order_id FROM session_seats ss JOIN hall_seats h ON h.id = ss.seat_id JOIN tickets tk ON tk.id = ss.ticket_id
        WHERE ss.schedule_id = $1 AND h.row_no = 9 AND h.col_no = 1`,
      [session(domeA)],
    );
    expect(owner.order_id).toBe(co.data.orderId);
  });

  it('moves an unpaid order to other seats in one go, or not at all', async () => {
    const a = await t.tokenFor(newPhone());
    const b = await t.tokenFor(newPhone());
    const placed = await order(a, domeA, [adult(domeA, 0), adult(domeA, 1)], ['8-1', '8-2'], { i: 1 });
    const orderId = placed.data.orderId;
    await order(b, domeA, [adult(domeA, 2)], ['8-4'], { i: 1 });
    const change = (seats: string[], token = a, lang: 'en' | 'zh' = 'en') =>
      t.call('POST', '/order/ticketInfo/changeSeats', { token, body: { orderId, seats }, lang });
    const seatsOf = async () =>
      (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token: a })).data.tickets.map((x: { seat: { number: string } }) => x.seat.number);

    // One of the new seats is someone else's: nothing moves.
    expect(await change(['8-3', '8-4'])).toMatchObject({ code: 505, data: { takenSeats: ['8-4'] } });
    expect(await seatsOf()).toEqual(['8-1', '8-2']);
    expect((await change(['8-3'])).msg).toBe('Please choose a seat for each visitor');
    expect((await change(['8-3', '7-8'])).msg).toBe('A seat you chose is not for sale');
    expect((await change(['8-3', '8-3'])).msg).toBe('Each seat takes one visitor');
    // Another account cannot move this order's seats.
    expect((await change(['8-5', '8-6'], b)).msg).toBe('The seats of this order cannot be changed');

    expect((await change(['8-2', '8-3'])).code).toBe(200);
    expect(await seatsOf()).toEqual(['8-2', '8-3']);
    const m = await map(session(domeA, 1), a);
    expect([stateOf(m, '8-1'), stateOf(m, '8-2'), stateOf(m, '8-3')]).toEqual(['available', 'sold', 'sold']);
    expect((await t.call('GET', `/order/OrderInfo/searchPersonOrder/${orderId}`, { token: a })).data.seatsChangeable).toBe(true);

    await pay(a, orderId);
    expect((await change(['8-5', '8-6'], a, 'zh')).msg).toBe('该订单的座位不能更换');
  });

  it('assigns seats side by side in the small dome, a child beside an adult, whatever the client sent', async () => {
    const a = await t.tokenFor(newPhone());
    const placed = await order(a, domeB, [adult(domeB, 0), child(domeB), adult(domeB, 1)], ['1-1', '*', undefined]);
    expect(placed.code, placed.msg).toBe(200);
    const seats = await t.db.query<{ row: number; col: number }>(
      `SELECT h.row_no AS row, h.col_no AS col FROM session_seats ss JOIN hall_seats h ON h.id = ss.seat_id JOIN tickets tk ON tk.id = ss.ticket_id
        WHERE tk.order_id = $1 ORDER BY h.col_no`,
      [placed.data.orderId],
    );
    expect(new Set(seats.map((s) => s.row)).size).toBe(1);
    expect(seats[2].col - seats[0].col).toBe(2);
    expect(seats.some((s) => s.row === 1 && s.col === 1)).toBe(false);
  });

  it('sells a package: admission and a film at one price, a ticket in each session per visitor, seats together', async () => {
    const a = await t.tokenFor(newPhone());
    const [pkg] = (await t.call('GET', `/pool/ingore/getPackages?queryDate=${OPEN_DAY}`, { lang: 'en' })).data;
    expect(pkg).toMatchObject({
      name: 'Exhibition and dome film',
      price: 5500,
      admission: { hallName: 'Main exhibition hall' },
      film: { hallName: 'Dome cinema' },
    });
    expect(pkg.film.sessions.map((s: { film: { name: string } }) => s.film.name)).toHaveLength(3);
    const admissionId = pkg.admission.sessions[0].hallScheduleId;
    const filmId = pkg.film.sessions[2].hallScheduleId;
    const before = [await t.remaining(admissionId), await t.remaining(filmId)];
    const body = (visitors: Array<{ userName: string; birth: string; seq: string }>) => ({
      packageId: pkg.packageId,
      date: OPEN_DAY,
      admissionScheduleId: admissionId,
      filmScheduleId: filmId,
      visitors: visitors.map((v) => ({ userName: v.userName, certificate: '1', certificateInfo: idCard(v.birth, v.seq) })),
      captchaToken: '',
    });
    const toddler = await t.call('POST', '/config/orderRule/placeOrder', {
      token: a,
      body: {
        ...body([
          { userName: '王小宝', birth: '2029-01-01', seq: '501' },
          { userName: '王大明', birth: ADULT, seq: '502' },
        ]),
        captchaToken: await t.captchaToken(),
      },
      lang: 'en',
    });
    expect(toddler.msg).toBe('Dome cinema is for visitors aged 3 and over; this visitor will be 1 on the visit date');
    expect([await t.remaining(admissionId), await t.remaining(filmId)]).toEqual(before);

    const placed = await t.call('POST', '/config/orderRule/placeOrder', {
      token: a,
      body: {
        ...body([
          { userName: '王大明', birth: ADULT, seq: '502' },
          { userName: '王小红', birth: '2018-02-02', seq: '503' },
        ]),
        captchaToken: await t.captchaToken(),
      },
      lang: 'en',
    });
    expect(placed.code, placed.msg).toBe(200);
    const detail = (await t.call('GET', `/order/OrderInfo/searchPersonOrder/${placed.data.orderId}`, { token: a, lang: 'en' })).data;
    expect(detail.amount).toBe(11000);
    expect(detail.tickets.map((x: { hallScheduleId: number; filmName: string | null }) => [x.hallScheduleId, x.filmName])).toEqual([
      [admissionId, null],
      [admissionId, null],
      [filmId, 'Kingdom of the Dinosaurs'],
      [filmId, 'Kingdom of the Dinosaurs'],
    ]);
    const [s1, s2] = detail.tickets.slice(2).map((x: { seat: { number: string } }) => x.seat.number.split('-').map(Number));
    expect(s1[0]).toBe(s2[0]);
    expect(Math.abs(s1[1] - s2[1])).toBe(1);
    expect([await t.remaining(admissionId), await t.remaining(filmId)]).toEqual([before[0] - 2, before[1] - 2]);

    // The package's part prices are not for sale on their own.
    const b = await t.tokenFor(newPhone());
    const alone = await t.call('POST', '/config/orderRule/placeOrder', {
      token: b,
      body: orderRequest(OPEN_DAY, domeA.hallId, filmId, [{ name: '钱七', birth: ADULT, ticketPriceId: pkg.film.price.ticketPriceId }], await t.captchaToken()),
      lang: 'en',
    });
    expect(alone.msg).toBe('Session or ticket type not selectable');
  });
});
