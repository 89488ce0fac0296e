/** The visitor's personal centre over HTTP: her base info, the e-mail bound and unbound, the
 * phone changed with a code to the new number, and account cancellation: refused while she
 * has money in tickets to come, otherwise everything personal gone from the database in one
 * go, the stock given back, every token refused, the number free to register again. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { OPEN_DAY, TODAY } from './constants.ts';
import { assertStockInvariant, idCard, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';
import type { HallPool } from '../../src/domain/types.ts';

let t: TestApp;
let main: HallPool;
let team: string;
let staff: string;
let seq = 0;
const newPhone = () => `1361000${String(++seq).padStart(4, '0')}`;

beforeAll(async () => {
  t = await makeApp();
  [main] = await t.halls(OPEN_DAY);
  team = (await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } })).data.token;
  staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
});
afterEach(async () => {
  await assertStockInvariant(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** Sends a code to `phone` (from its own address, clear of other tests' throttles) and reads it. */
async function codeFor(phone: string): Promise<string> {
  t.advance(61_000);
  const sent = await t.call('POST', '/ingore/sendMessage', { body: { phone }, ip: `10.9.${seq}.1` });
  expect(sent.code, sent.msg).toBe(200);
  return t.sms.outbox!(phone)[0].code;
}
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const userIdOf = async (phone: string) => (await t.db.query<{ id: number }>('SELECT id FROM users WHERE phone = $1', [phone]))[0]?.id;
const info = async (token: string) => (await t.call('GET', '/getUserInfoToIndividual', { token })).data?.user;

async function login(phone: string): Promise<string> {
  const r = await t.call('POST', '/login', { body: { phone, code: await codeFor(phone) } });
  expect(r.code, r.msg).toBe(200);
  return r.data.token;
}

describe('base info and e-mail', () => {
  it('shows the phone masked, the registration day and the e-mail; binds, replaces and unbinds it, audited', async () => {
    const phone = newPhone();
    const token = await t.tokenFor(phone);
    expect(await info(token)).toMatchObject({ phone: `136****${phone.slice(-4)}`, email: null, registeredAt: TODAY });

    const bind = (email: string, lang: 'zh' | 'en' = 'en') => t.call('POST', '/system/user/bindUserEmail', { token, body: { email }, lang });
    expect((await bind('not-an-email')).msg).toBe('Please enter a correct e-mail address');
    expect((await bind('a@b', 'zh')).msg).toBe('请输入正确的邮箱地址');
    expect((await bind('  ', 'en')).msg).toBe('E-mail cannot be empty');
    expect((await info(token)).email).toBeNull();
    expect((await bind(' li.ming@example.com ')).code).toBe(200);
    expect((await bind('ming@example.cn')).code).toBe(200);
    expect((await info(token)).email).toBe('ming@example.cn');

    expect((await t.call('GET', '/system/user/unBindUserEmail', { token })).code).toBe(200);
    expect((await info(token)).email).toBeNull();
    expect((await t.call('GET', '/system/user/unBindUserEmail', { token, lang: 'en' })).msg).toBe('No e-mail is bound to this account');
    expect((await t.call('GET', '/system/user/unBindUserEmail', { token })).msg).toBe('当前未绑定邮箱');
    const audit = await t.db.query<{ action: string }>('SELECT action FROM account_audit WHERE user_id = $1 ORDER BY id', [await userIdOf(phone)]);
    expect(audit.map((a) => a.action)).toEqual(['bindEmail', 'bindEmail', 'unbindEmail']);
  });

  it('refuses a team and a staff token on every visitor-only call', async () => {
    const calls: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', '/getUserInfoToIndividual', undefined],
      ['POST', '/system/user/bindUserEmail', { email: 'x@example.com' }],
      ['GET', '/system/user/unBindUserEmail', undefined],
      ['POST', '/system/user/changePhoneNumber', { phone: '13900000000', code: '123456' }],
      ['GET', '/cancelCustomerAccount', undefined],
      ['POST', '/cancelCustomerAccount', { phone: '13900000000', code: '123456' }],
    ];
    for (const [method, url, body] of calls) {
      for (const token of [team, staff, undefined]) expect((await t.call(method, url, { token, body })).code, `${method} ${url}`).toBe(401);
    }
  });
});

describe('change phone', () => {
  it('moves the account to a new number proved by its code; the old number no longer opens it', async () => {
    const [oldPhone, newNumber] = [newPhone(), newPhone()];
    const token = await login(oldPhone);
    const id = await userIdOf(oldPhone);
    await t.call('POST', '/system/topContacts', { token, body: { name: '李明', certificateType: '1', certificateNumber: idCard('1990-02-02'), phone: '' } });

    const code = await codeFor(newNumber);
    const change = (body: { phone: string; code: string }, lang: 'zh' | 'en' = 'en') => t.call('POST', '/system/user/changePhoneNumber', { token, body, lang });
    expect((await change({ phone: newNumber, code: wrong(code) })).msg).toBe('Verification code is incorrect or expired');
    expect((await change({ phone: newNumber, code: wrong(code) }, 'zh')).msg).toBe('验证码错误或已过期');
    expect((await change({ phone: '1234', code })).msg).toBe('Please enter a correct mobile number');
    // A code sent to another number does not prove this one.
    const otherCode = await codeFor(oldPhone);
    if (otherCode !== code) expect((await change({ phone: newNumber, code: otherCode })).msg).toBe('Verification code is incorrect or expired');
    expect(await userIdOf(newNumber)).toBeUndefined();

    expect((await change({ phone: newNumber, code })).code).toBe(200);
    // The token in hand stays valid: same account, same frequent visitors.
    expect(await info(token)).toMatchObject({ userId: id, phone: `136****${newNumber.slice(-4)}` });
    expect((await t.call('GET', '/system/topContacts', { token })).data).toHaveLength(1);
    const [audit] = await t.db.query<{ detail: unknown }>(`SELECT detail FROM account_audit WHERE user_id = $1 AND action = 'changePhone'`, [id]);
    expect(audit.detail).toEqual({ from: oldPhone, to: newNumber });

    // The new number logs into this account; the old one registers a new, empty one.
    expect((await info(await login(newNumber))).userId).toBe(id);
    const fresh = await login(oldPhone);
    expect((await info(fresh)).userId).not.toBe(id);
    expect((await t.call('GET', '/system/topContacts', { token: fresh })).data).toEqual([]);
  });

  it('refuses a number of another account and the number in use, in zh and en, leaving the code unspent', async () => {
    const [mine, theirs] = [newPhone(), newPhone()];
    const token = await t.tokenFor(mine);
    await t.tokenFor(theirs);
    const code = await codeFor(theirs);
    const change = (phone: string, lang: 'zh' | 'en') => t.call('POST', '/system/user/changePhoneNumber', { token, body: { phone, code }, lang });
    expect((await change(theirs, 'en')).msg).toBe('This mobile number belongs to another account');
    expect((await change(theirs, 'zh')).msg).toBe('该手机号已绑定其他账户');
    const own = await codeFor(mine);
    expect((await t.call('POST', '/system/user/changePhoneNumber', { token, body: { phone: mine, code: own }, lang: 'en' })).msg).toBe(
      'The new number is the one you already use',
    );
    expect((await t.call('POST', '/system/user/changePhoneNumber', { token, body: { phone: mine, code: own } })).msg).toBe('新手机号与当前手机号相同');
    // The owner of the number can still log in with the code the refusal did not spend.
    expect((await t.call('POST', '/login', { body: { phone: theirs, code } })).code).toBe(200);
  });
});

describe('account cancellation', () => {
  const adult = (name: string, birth: string) => ({ name, birth, ticketPriceId: priceOf(main, 'adult') });
  const schedule = () => main.scheduleTicketPoolVOS[0].hallScheduleId;

  async function placeOrder(token: string, visitors: ReturnType<typeof adult>[], cart = false): Promise<number> {
    const body = { ...orderRequest(OPEN_DAY, main.hallId, schedule(), visitors, cart ? null : await t.captchaToken()), ...(cart ? { poolFlag: 1 } : {}) };
    const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body });
    expect(r.code, r.msg).toBe(200);
    return r.data.orderId;
  }
  async function pay(token: string, orderId: number): Promise<void> {
    const c = await t.call('POST', '/pay/create', { token, body: { orderId } });
    const payId = new URL(c.data.payUrl, 'http://x').searchParams.get('payId')!;
    const [{ amount }] = await t.db.query<{ amount: number }>('SELECT amount FROM payments WHERE pay_id = $1', [payId]);
    expect(await t.payNotify(payId, amount)).toBe(204);
  }
  const cancel = (token: string, body: { phone: string; code: string }, lang: 'zh' | 'en' = 'en') =>
    t.call('POST', '/cancelCustomerAccount', { token, body, lang });

  it('is refused while a paid ticket is still to be used, in zh and en, and changes nothing', async () => {
    const phone = newPhone();
    const token = await login(phone);
    await pay(token, await placeOrder(token, [adult('王芳', '1991-01-01'), adult('王强', '1992-01-01')]));
    expect((await t.call('GET', '/cancelCustomerAccount', { token })).data).toMatchObject({ upcomingTickets: 2, keptOrders: 1, unpaidOrders: 0 });
    const code = await codeFor(phone);
    expect((await cancel(token, { phone, code })).msg).toBe('You have 2 paid ticket(s) not yet used: refund them before cancelling the account');
    expect((await cancel(token, { phone, code }, 'zh')).msg).toBe('您有2张未使用的已支付门票，请先退票后再注销账户');
    expect((await info(token)).userId).toBe(await userIdOf(phone));
  });

  it('deletes the personal data in one go, releases the stock, keeps the paid order anonymised and refuses every token', async () => {
    const [phone, neighbour] = [newPhone(), newPhone()];
    const token = await login(phone);
    const second = await login(phone);
    const other = await t.tokenFor(neighbour);
    await t.call('POST', '/system/topContacts', {
      token: other,
      body: { name: '赵六', certificateType: '1', certificateNumber: idCard('1980-08-08'), phone: '' },
    });

    // A visit already made (paid, its day past), then what she still has going on.
    const paid = await placeOrder(token, [adult('陈静', '1990-03-03')]);
    await pay(token, paid);
    t.advance(2 * 86_400_000);
    const [later] = await t.halls('2030-03-09');
    const unpaidBody = orderRequest(
      '2030-03-09',
      later.hallId,
      later.scheduleTicketPoolVOS[0].hallScheduleId,
      [{ name: '陈静', birth: '1990-03-03', ticketPriceId: priceOf(later, 'adult') }],
      await t.captchaToken(),
    );
    const unpaid = (await t.call('POST', '/config/orderRule/placeOrder', { token, body: unpaidBody })).data.orderId as number;
    const cartBody = {
      ...orderRequest(
        '2030-03-09',
        later.hallId,
        later.scheduleTicketPoolVOS[1].hallScheduleId,
        [{ name: '陈小静', birth: '1995-04-04', ticketPriceId: priceOf(later, 'adult') }],
        null,
      ),
      poolFlag: 1,
    };
    expect((await t.call('POST', '/config/orderRule/placeOrder', { token, body: cartBody })).code).toBe(200);
    await t.call('POST', '/system/topContacts', {
      token,
      body: { name: '陈小静', certificateType: '1', certificateNumber: idCard('1995-04-04'), phone: '13900001111' },
    });
    await t.call('POST', '/message/add', { token, body: { serviceType: 'consult', description: '我的电话是13612345678', contactName: '陈静' } });
    expect(
      (await t.call('POST', '/order/rating', { token, body: { orderId: paid, visitStars: 4, bookingStars: 3, comment: '我是陈静 13612345678' } })).code,
    ).toBe(200);
    await t.call('POST', '/system/user/bindUserEmail', { token, body: { email: 'chen@example.com' } });
    const userId = await userIdOf(phone);
    const remainingBefore = await t.remaining(later.scheduleTicketPoolVOS[0].hallScheduleId);

    const facts = await t.call('GET', '/cancelCustomerAccount', { token });
    expect(facts.data).toEqual({
      upcomingTickets: 0,
      standingBy: 0,
      unpaidOrders: 1,
      cartHeld: 1,
      contacts: 1,
      messages: 1,
      keptOrders: 1,
      blockedUntil: null,
    });

    const code = await codeFor(phone);
    expect((await cancel(token, { phone: neighbour, code })).msg).toBe('Please enter the mobile number of this account');
    expect((await cancel(token, { phone, code: wrong(code) })).msg).toBe('Verification code is incorrect or expired');
    expect((await cancel(token, { phone, code: wrong(code) }, 'zh')).msg).toBe('验证码错误或已过期');
    const done = await cancel(token, { phone, code });
    expect(done.code, done.msg).toBe(200);
    expect(done.data.cancelled).toEqual(facts.data);

    // Nothing personal left of her.
    const [user] = await t.db.query('SELECT phone, email, user_name, cancelled_at FROM users WHERE id = $1', [userId]);
    expect(user).toMatchObject({ phone: null, email: null, user_name: '' });
    expect(user.cancelled_at).not.toBeNull();
    // Her rating's words go; its stars stay in the museum's averages.
    expect(await t.db.query('SELECT comment, visit_stars, booking_stars FROM ratings WHERE order_id = $1', [paid])).toEqual([
      { comment: '', visit_stars: 4, booking_stars: 3 },
    ]);
    const tickets = await t.db.query<{ user_name: string; certificate_info: string }>(
      'SELECT t.user_name, t.certificate_info FROM tickets t JOIN orders o ON o.id = t.order_id WHERE o.user_id = $1',
      [userId],
    );
    expect(tickets.length).toBe(2);
    expect(tickets.every((x) => x.user_name === '' && x.certificate_info === '')).toBe(true);
    expect(
      await t.db.query(`SELECT 1 FROM cart_lines WHERE user_id = $1 AND (user_name <> '' OR certificate_info <> '' OR status = 'held')`, [userId]),
    ).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM contacts WHERE user_id = $1', [userId])).toEqual([]);
    expect(await t.db.query(`SELECT description, contact_name FROM messages WHERE user_id = $1`, [userId])).toEqual([{ description: '', contact_name: '' }]);
    expect(await t.db.query(`SELECT 1 FROM account_audit WHERE user_id = $1 AND detail::text LIKE '%' || $2 || '%'`, [userId, phone.slice(-8)])).toEqual([]);
    const personal = await t.db.query(
      `SELECT 1 FROM users WHERE phone = $1 UNION ALL SELECT 1 FROM tickets WHERE user_name IN ('陈静', '陈小静')
       UNION ALL SELECT 1 FROM cart_lines WHERE user_name IN ('陈静', '陈小静') UNION ALL SELECT 1 FROM contacts WHERE name = '陈小静'`,
      [phone],
    );
    expect(personal).toEqual([]);

    // Accounting keeps the paid order and its money; the unpaid one is cancelled, its ticket back on sale.
    const orders = await t.db.query<{ id: number; status: string; amount: number }>('SELECT id, status, amount FROM orders WHERE user_id = $1 ORDER BY id', [
      userId,
    ]);
    expect(orders.map((o) => [o.id, o.status])).toEqual([
      [paid, 'completed'],
      [unpaid, 'canceled'],
    ]);
    expect(await t.remaining(later.scheduleTicketPoolVOS[0].hallScheduleId)).toBe(remainingBefore + 1);

    // Every token of the account is refused, not only the one that cancelled.
    for (const tk of [token, second]) {
      expect((await t.call('GET', '/getUserInfoToIndividual', { token: tk })).code).toBe(401);
      expect((await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?pageNum=1&pageSize=10', { token: tk })).code).toBe(401);
    }
    // The neighbour is untouched; the number registers again as a new, empty account.
    // (a token of now: two days have passed)
    expect((await t.call('GET', '/system/topContacts', { token: await t.tokenFor(neighbour) })).data).toHaveLength(1);
    const again = await login(phone);
    expect((await info(again)).userId).not.toBe(userId);
    expect((await t.call('GET', '/system/topContacts', { token: again })).data).toEqual([]);
    const [{ n }] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM account_audit WHERE user_id = $1 AND action = 'cancel'`, [userId]);
    expect(n).toBe(1);
  });
});
