/** The read caches (server/changes.ts): the calendar, the halls of a day, the settings and the
 * token check are kept in memory, and a write to what they show drops them at once on this
 * instance and, on PostgreSQL, promptly on another instance on the same database. The apps here
 * keep the calendar and halls for an hour, so a fresh answer can only come from a change notice.
 * A write made with triggers off (session_replication_role = replica) sends no notice: it stands
 * for "the database changed behind the cache" and shows that the answer is served from memory. */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { signToken, tokenVerifier } from '../../server/auth.ts';
import { runPayTimeout } from '../../server/jobs/payTimeout.ts';
import { DEMO_USER } from '../../server/seed/museum.ts';
import { DEMO_SCHOOL } from '../../server/seed/accounts.ts';
import { catalogOf } from '../../server/services/catalog.ts';
import type { CalendarDay, HallPool, SchedulePool } from '../../src/domain/types.ts';
import { OPEN_DAY } from './constants.ts';
import { dbLane, makeApp, orderRequest, priceOf, type TestApp } from './helpers.ts';

const HOUR = 3_600_000;
const onPg = dbLane() === 'pg';

const calendarDay = async (t: TestApp, date: string, lang: 'en' | 'zh' = 'en') =>
  (await t.call<CalendarDay[]>('GET', '/pool/ingore/getCalendar', { lang })).data.find((d) => d.date === date)!;
const sessionOf = async (t: TestApp, date: string, id: number): Promise<SchedulePool> =>
  (await t.halls(date)).flatMap((h) => h.scheduleTicketPoolVOS).find((s) => s.hallScheduleId === id)!;
const config = async (t: TestApp, lang: 'en' | 'zh' = 'en') => (await t.call('GET', '/basesetting/HallSetting/ingore/gainAllSystemConfigLogin', { lang })).data;
const userInfo = async (t: TestApp, token: string) => (await t.call('GET', '/getUserInfoToIndividual', { token })).code;

const myOrders = async (t: TestApp, token: string) => (await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?pageNum=1&pageSize=10', { token })).code;

/** A write that sends no change notice. */
const silently = (t: TestApp, sql: string, params: unknown[] = []) =>
  t.db.tx(async (q) => {
    await q.query('SET LOCAL session_replication_role = replica');
    await q.query(sql, params);
  });

const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; jti: string };

/** A session of the open day with room, and its hall. */
async function openSession(t: TestApp): Promise<{ hall: HallPool; session: SchedulePool }> {
  const halls = await t.halls(OPEN_DAY);
  for (const hall of halls) {
    const session = hall.scheduleTicketPoolVOS.find((s) => s.state === 'available' && s.ticketPool > 5);
    if (session && !hall.cinema) return { hall, session };
  }
  throw new Error('no open session');
}

async function book(t: TestApp, phone: string, hall: HallPool, session: SchedulePool, n: number) {
  const token = await t.tokenFor(phone);
  const visitors = Array.from({ length: n }, (_, k) => ({
    name: ['张三', '李四', '王五'][k],
    birth: '1985-06-15',
    seq: String(300 + k),
    ticketPriceId: priceOf(hall, 'adult'),
  }));
  const r = await t.call('POST', '/config/orderRule/placeOrder', { token, body: orderRequest(OPEN_DAY, hall.hallId, session.hallScheduleId, visitors, null) });
  expect(r, JSON.stringify(r)).toMatchObject({ code: 200 });
  return token;
}

describe('read caches on one instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeApp({ captcha: 'off', readCacheMs: HOUR });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the calendar and the halls come from memory until a write to what they show', async () => {
    const { session } = await openSession(t);
    const day = await calendarDay(t, OPEN_DAY);
    await silently(t, 'UPDATE hall_schedule SET sold = sold + 1 WHERE id = $1', [session.hallScheduleId]);
    expect((await calendarDay(t, OPEN_DAY)).remaining).toBe(day.remaining);
    expect((await sessionOf(t, OPEN_DAY, session.hallScheduleId)).ticketPool).toBe(session.ticketPool);

    // Any write to the sessions, here one that changes nothing, drops both.
    await t.db.query('UPDATE hall_schedule SET stopped = stopped WHERE id = $1', [session.hallScheduleId]);
    expect((await calendarDay(t, OPEN_DAY)).remaining).toBe(day.remaining - 1);
    expect((await sessionOf(t, OPEN_DAY, session.hallScheduleId)).ticketPool).toBe(session.ticketPool - 1);
    await t.db.query('UPDATE hall_schedule SET sold = sold - 1 WHERE id = $1', [session.hallScheduleId]);
  });

  it("a visitor's own booking shows on her next calendar and halls read, and so does the stock given back", async () => {
    const { hall, session } = await openSession(t);
    const day = await calendarDay(t, OPEN_DAY);
    const zhDay = await calendarDay(t, OPEN_DAY, 'zh');
    await book(t, '13711110001', hall, session, 2);
    expect((await calendarDay(t, OPEN_DAY)).remaining).toBe(day.remaining - 2);
    expect((await calendarDay(t, OPEN_DAY, 'zh')).remaining).toBe(zhDay.remaining - 2);
    expect((await sessionOf(t, OPEN_DAY, session.hallScheduleId)).ticketPool).toBe(session.ticketPool - 2);

    // Unpaid past its hold, the job gives the tickets back: the next reads show them again.
    t.advance(20 * 60_000);
    expect(await runPayTimeout(t.db, t.now)).toBeGreaterThan(0);
    expect((await calendarDay(t, OPEN_DAY)).remaining).toBe(day.remaining);
    expect((await sessionOf(t, OPEN_DAY, session.hallScheduleId)).ticketPool).toBe(session.ticketPool);
  });

  it("a read inside a transaction never waits for another's read queued behind that transaction (PGlite's one connection)", async () => {
    const catalog = catalogOf({ db: t.db, clock: t.now });
    // A settings write drops them: the next callers read them again.
    await t.db.query(`UPDATE sys_config SET value = value WHERE key = 'hallStatus'`);
    const { inside, outside } = await t.db.tx(async (q) => {
      const outside = catalog.config(t.db);
      return { inside: await catalog.config(q), outside };
    });
    expect(inside.hallStatus).toBe('1');
    expect((await outside).hallStatus).toBe('1');
  });

  it('a day closed, or a settings change, shows at once; settings come from memory otherwise', async () => {
    await calendarDay(t, OPEN_DAY);
    await t.db.query(`UPDATE museum_days SET closed = true, reason_en = 'Maintenance', reason_zh = '维护' WHERE visit_date = $1`, [OPEN_DAY]);
    expect(await calendarDay(t, OPEN_DAY)).toMatchObject({ state: 'closed', reason: 'Maintenance' });
    await t.db.query('UPDATE museum_days SET closed = false WHERE visit_date = $1', [OPEN_DAY]);
    expect((await calendarDay(t, OPEN_DAY)).state).toBe('available');

    const before = await config(t);
    await silently(t, `UPDATE texts SET en = 'Behind the cache' WHERE name = 'system_name'`);
    expect((await config(t)).systemName).toBe(before.systemName);
    await t.db.query(`UPDATE texts SET en = 'Science museum, renamed' WHERE name = 'system_name'`);
    expect((await config(t)).systemName).toBe('Science museum, renamed');
    // The settings stop shows on the calendar at once too.
    await t.db.query(`UPDATE sys_config SET value = '0' WHERE key = 'hallStatus'`);
    expect((await calendarDay(t, OPEN_DAY)).state).toBe('closed');
    expect((await config(t)).config.hallStatus).toBe('0');
    await t.db.query(`UPDATE sys_config SET value = '1' WHERE key = 'hallStatus'`);
    expect((await calendarDay(t, OPEN_DAY)).state).toBe('available');
  });

  it('a token is checked in memory: a logout or a cancelled account refuses it on the next request', async () => {
    const token = await t.tokenFor('13711110002');
    expect(await userInfo(t, token)).toBe(200);
    // Cancelled behind the cache: the token check asked nothing of the database.
    await silently(t, 'UPDATE users SET cancelled_at = now(), phone = NULL, email = NULL WHERE id = $1', [Number(claims(token).sub)]);
    // (The order list reads no account row of its own: only the token check could refuse.)
    expect(await myOrders(t, token)).toBe(200);
    await t.db.query("UPDATE users SET cancelled_at = cancelled_at - interval '1 second' WHERE id = $1", [Number(claims(token).sub)]);
    expect(await myOrders(t, token)).toBe(401);

    const other = await t.tokenFor('13711110003');
    expect(await userInfo(t, other)).toBe(200);
    expect((await t.call('POST', '/logout', { token: other })).code).toBe(200);
    expect(await userInfo(t, other)).toBe(401);
  });

  it('a token seen for the first time is judged from memory too, unless its account is newer than what memory holds', async () => {
    // The seed's visitor existed when the instance read the refused accounts: her token's first
    // request is judged from memory (the cancellation behind it is not seen).
    const [{ id }] = await t.db.query<{ id: number }>(`SELECT id FROM users WHERE phone = $1`, [DEMO_USER.phone]);
    const [before] = await t.db.query<{ email: string | null }>('SELECT email FROM users WHERE id = $1', [id]);
    await silently(t, 'UPDATE users SET cancelled_at = now(), phone = NULL, email = NULL WHERE id = $1', [id]);
    const seeded = await signToken(t.app.tokenSecret, id, 'individual', t.now(), 3600);
    expect(await myOrders(t, seeded)).toBe(200);
    // A notice names the account: asked of the database, refused.
    await t.db.query(`UPDATE users SET cancelled_at = cancelled_at - interval '1 second' WHERE id = $1`, [id]);
    expect(await myOrders(t, seeded)).toBe(401);
    await silently(t, 'UPDATE users SET cancelled_at = NULL, phone = $2, email = $3 WHERE id = $1', [id, DEMO_USER.phone, before.email]);
    // An account made since is asked of the database on its first request.
    const fresh = await t.tokenFor('13711110005');
    await silently(t, 'UPDATE users SET cancelled_at = now(), phone = NULL WHERE phone = $1', ['13711110005']);
    expect(await myOrders(t, fresh)).toBe(401);
  });
});

describe('the token check', () => {
  const secret = new TextEncoder().encode('a-secret-of-the-test-that-is-long-enough');
  const now = new Date('2030-03-05T02:00:00Z');
  const verify = tokenVerifier(secret);

  it('takes the tokens signToken makes, and nothing else', async () => {
    const token = await signToken(secret, 42, 'team', now, 3600);
    expect(verify(token, now)).toMatchObject({ userId: 42, kind: 'team', jti: claims(token).jti });
    // Expired at its exp; not before it.
    expect(verify(token, new Date(now.getTime() + 3600_000))).toBeNull();
    expect(verify(token, new Date(now.getTime() + 3599_000))).not.toBeNull();
    // Another key, a changed claim, a cut signature, no signature, garbage.
    expect(tokenVerifier(new TextEncoder().encode('another-secret-of-the-test-long-enough'))(token, now)).toBeNull();
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' })).toString('base64url');
    expect(verify(`${h}.${forged}.${s}`, now)).toBeNull();
    expect(verify(`${h}.${p}.${s.slice(0, -2)}`, now)).toBeNull();
    expect(verify(`${h}.${p}.`, now)).toBeNull();
    expect(verify('x.y.z', now)).toBeNull();
    expect(verify('', now)).toBeNull();
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    expect(verify(none, now)).toBeNull();
  });

  it('refuses another algorithm, a not-yet-valid token, a missing or foreign kind, and critical headers', async () => {
    const iat = Math.floor(now.getTime() / 1000);
    const make = (claims: Record<string, unknown>) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('7')
        .setJti('j1')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 60)
        .sign(secret);
    expect(verify(await make({ kind: 'individual' }), now)).toMatchObject({ userId: 7, kind: 'individual', version: 0 });
    // The account's version it was issued for (none: 0, as every account had before versions).
    expect(verify(await make({ kind: 'team', ver: 3 }), now)).toMatchObject({ userId: 7, kind: 'team', version: 3 });
    for (const ver of [-1, 1.5, '3', null]) expect(verify(await make({ kind: 'team', ver }), now)).toBeNull();
    expect(
      verify(
        await new SignJWT({ kind: 'individual' })
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject('7')
          .setJti('j')
          .setExpirationTime(iat + 60)
          .sign(new Uint8Array(64)),
        now,
      ),
    ).toBeNull();
    expect(verify(await make({ kind: 'individual', nbf: iat + 10 }), now)).toBeNull();
    expect(verify(await make({}), now)).toBeNull();
    expect(verify(await make({ kind: 'admin' }), now)).toBeNull();
    // jose will not sign a header it does not understand: made by hand, signed with the right key.
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const signed = (header: object, payload: object) => {
      const input = `${part(header)}.${part(payload)}`;
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    };
    const payload = { kind: 'staff', sub: '7', jti: 'j2', exp: iat + 60 };
    expect(verify(signed({ alg: 'HS256' }, payload), now)).toMatchObject({ userId: 7, kind: 'staff' });
    expect(verify(signed({ alg: 'HS256', crit: ['x'], x: 1 }, payload), now)).toBeNull();
    expect(verify(signed({ alg: 'HS256' }, { ...payload, sub: 'seven' }), now)).toBeNull();
    expect(verify(signed({ alg: 'HS256' }, { ...payload, exp: String(iat + 60) }), now)).toBeNull();
  });
});

describe.skipIf(!onPg)('two instances on one PostgreSQL (server-pg lane only)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await makeApp({ captcha: 'off', readCacheMs: HOUR });
    b = await makeApp({ captcha: 'off', readCacheMs: HOUR }, { databaseUrl: a.databaseUrl! });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Asks until `check` holds (a notice normally takes a millisecond or two; 20 s at most, for a
   * busy machine); the apps keep their reads an hour, so only a notice can make it hold. */
  async function soon(check: () => Promise<boolean>): Promise<boolean> {
    return vi
      .waitFor(async () => expect(await check()).toBe(true), { timeout: 60_000, interval: 20 })
      .then(
        () => true,
        () => false,
      );
  }

  it("a booking on one instance shows on the other's calendar and halls", async () => {
    const { hall, session } = await openSession(b);
    const day = await calendarDay(b, OPEN_DAY);
    await book(a, '13722220001', hall, session, 3);
    expect(await soon(async () => (await calendarDay(b, OPEN_DAY)).remaining === day.remaining - 3)).toBe(true);
    expect((await sessionOf(b, OPEN_DAY, session.hallScheduleId)).ticketPool).toBe(session.ticketPool - 3);
  });

  it("a settings change on one instance shows on the other's settings call", async () => {
    expect((await config(b)).config.hallStatus).toBe('1');
    await a.db.query(`UPDATE sys_config SET value = '0' WHERE key = 'hallStatus'`);
    expect(await soon(async () => (await config(b)).config.hallStatus === '0')).toBe(true);
    await a.db.query(`UPDATE sys_config SET value = '1' WHERE key = 'hallStatus'`);
  });

  it('a logout on one instance refuses the token on the other', async () => {
    const token = await a.tokenFor('13722220002');
    expect(await userInfo(b, token)).toBe(200);
    expect(await userInfo(a, token)).toBe(200);
    expect((await a.call('POST', '/logout', { token })).code).toBe(200);
    expect(await soon(async () => (await userInfo(b, token)) === 401)).toBe(true);
  });

  it("a group's password changed on one instance ends its sessions on the other", async () => {
    const login = async (app: TestApp, password: string) =>
      (await app.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password } })).data.token as string;
    const team = async (app: TestApp, token: string) => (await app.call('GET', '/getUserInfoToTeam', { token })).code;
    const token = await login(b, DEMO_SCHOOL.password);
    expect(await team(b, token)).toBe(200);
    const changed = await a.call('POST', '/system/user/updateTeamPassword', {
      token: await login(a, DEMO_SCHOOL.password),
      body: { oldPassword: DEMO_SCHOOL.password, password: 'School2099', confirmPassword: 'School2099' },
    });
    expect(changed.code).toBe(200);
    expect(await soon(async () => (await team(b, token)) === 401)).toBe(true);
    expect(await team(b, await login(b, 'School2099'))).toBe(200);
  });

  it('with its listening connection lost, an instance serves nothing from memory until it listens again', async () => {
    const { session } = await openSession(b);
    await sessionOf(b, OPEN_DAY, session.hallScheduleId);
    // Every connection listening on the test database, the listeners of both instances among them.
    await a.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    await silently(a, 'UPDATE hall_schedule SET sold = sold + 1 WHERE id = $1', [session.hallScheduleId]);
    expect(await soon(async () => (await sessionOf(b, OPEN_DAY, session.hallScheduleId)).ticketPool === session.ticketPool - 1)).toBe(true);
    // Back to listening (within a second or so), it caches again: a write that sends no notice
    // does not show. Then notices drop it again.
    const pool = async () => (await sessionOf(b, OPEN_DAY, session.hallScheduleId)).ticketPool;
    const fromMemory = async () => {
      const before = await pool();
      await silently(a, 'UPDATE hall_schedule SET sold = sold + 1 WHERE id = $1', [session.hallScheduleId]);
      const after = await pool();
      await silently(a, 'UPDATE hall_schedule SET sold = sold - 1 WHERE id = $1', [session.hallScheduleId]);
      return after === before;
    };
    await vi.waitFor(async () => expect(await fromMemory()).toBe(true), { timeout: 60_000, interval: 50 });
    await sessionOf(b, OPEN_DAY, session.hallScheduleId);
    await a.db.query('UPDATE hall_schedule SET sold = sold - 1 WHERE id = $1', [session.hallScheduleId]);
    expect(await soon(async () => (await sessionOf(b, OPEN_DAY, session.hallScheduleId)).ticketPool === session.ticketPool)).toBe(true);
  });
});
