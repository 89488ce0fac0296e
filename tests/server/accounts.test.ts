import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp({ smsPerIpPerHour: 25 });
});
afterAll(async () => {
  await t?.close();
});

const lastCode = (phone: string) => t.sms.outbox!(phone)[0]?.code;

describe('verification codes', () => {
  it('refuses a bad phone in the request language', async () => {
    const r = await t.call('POST', '/ingore/sendMessage', { body: { phone: '12345' }, lang: 'en' });
    expect(r).toMatchObject({ code: 500, msg: 'Please enter a correct mobile number' });
    expect((await t.call('POST', '/ingore/sendMessage', { body: {} })).code).toBe(500);
  });

  it('one per phone per 60 s, ten per day; dev outbox newest first', async () => {
    const phone = '13700000001';
    expect((await t.call('POST', '/ingore/sendMessage', { body: { phone } })).code).toBe(200);
    const again = await t.call('POST', '/ingore/sendMessage', { body: { phone }, lang: 'en' });
    expect(again.code).toBe(500);
    expect(again.msg).toMatch(/try again in 60 s/);
    for (let i = 0; i < 9; i++) {
      t.advance(61_000);
      expect((await t.call('POST', '/ingore/sendMessage', { body: { phone } })).code).toBe(200);
    }
    t.advance(61_000);
    const daily = await t.call('POST', '/ingore/sendMessage', { body: { phone }, lang: 'en' });
    expect(daily.code).toBe(500);
    expect(daily.msg).toMatch(/today/);
    const outbox = await t.call('GET', `/dev/sms/outbox?phone=${phone}`);
    expect(outbox.data).toHaveLength(10);
    expect(outbox.data[0].sentAt).toBeGreaterThan(outbox.data[9].sentAt);
    expect(outbox.data[0]).toMatchObject({ phone });
    expect(outbox.data[0].text).toContain(outbox.data[0].code);
  });

  it('per client address per hour', async () => {
    let last = 0;
    for (let i = 0; i < 26; i++) {
      last = (await t.call('POST', '/ingore/sendMessage', { body: { phone: `135000001${String(i).padStart(2, '0')}` }, ip: '10.1.1.1' })).code;
      if (i < 25) expect(last).toBe(200);
    }
    expect(last).toBe(500);
    expect((await t.call('POST', '/ingore/sendMessage', { body: { phone: '13500000999' }, ip: '10.1.1.2' })).code).toBe(200);
  });
});

describe('login', () => {
  it('wrong code, then the right one (single use), creates the user with bindStatus 1', async () => {
    const phone = '13700000002';
    await t.call('POST', '/ingore/sendMessage', { body: { phone } });
    const code = lastCode(phone)!;
    const wrong = await t.call('POST', '/login', { body: { phone, code: code === '000000' ? '111111' : '000000' }, lang: 'en' });
    expect(wrong).toMatchObject({ code: 500, msg: 'Verification code is incorrect or expired' });
    const zh = await t.call('POST', '/login', { body: { phone, code: code === '000000' ? '111111' : '000000' } });
    expect(zh.msg).toBe('验证码错误或已过期');
    const right = await t.call('POST', '/login', { body: { phone, code } });
    expect(right.code).toBe(200);
    const token = right.data.token as string;
    const info = await t.call('GET', '/getUserInfoToIndividual', { token });
    expect(info.data.user).toMatchObject({ userType: 1, bindStatus: 1, phone: '137****0002' });
    expect((await t.call('POST', '/login', { body: { phone, code } })).code).toBe(500);
  });

  it('a body of neither login names the field', async () => {
    const neither = await t.call('POST', '/login', { body: { phone: '13700000003' }, lang: 'en' });
    expect(neither).toMatchObject({ code: 500, msg: 'Invalid request parameter: code' });
  });

  it('a code expires after 5 minutes', async () => {
    const phone = '13700000003';
    await t.call('POST', '/ingore/sendMessage', { body: { phone } });
    t.advance(5 * 60_000 + 1000);
    expect((await t.call('POST', '/login', { body: { phone, code: lastCode(phone) } })).code).toBe(500);
  });

  const wrongFor = (code: string) => (code === '999999' ? '888888' : '999999');

  it('a guesser is cut off after 5 wrong codes for a phone; the owner elsewhere still logs in', async () => {
    const phone = '13700000004';
    await t.call('POST', '/ingore/sendMessage', { body: { phone }, ip: '10.9.0.1' });
    const code = lastCode(phone)!;
    for (let i = 0; i < 5; i++) {
      expect((await t.call('POST', '/login', { body: { phone, code: wrongFor(code) }, ip: '10.6.6.6' })).code).toBe(500);
    }
    // Even the right code is no use to the guesser's address now.
    const cut = await t.call('POST', '/login', { body: { phone, code }, ip: '10.6.6.6', lang: 'en' });
    expect(cut).toMatchObject({ code: 500, msg: 'Too many wrong codes; please try again in 15 min' });
    expect((await t.call('POST', '/login', { body: { phone, code }, ip: '10.6.6.6' })).msg).toBe('验证码错误次数过多，请15分钟后再试');
    // The owner's code was not voided and the phone is not locked.
    expect((await t.call('POST', '/login', { body: { phone, code }, ip: '10.9.0.1' })).code).toBe(200);
    // The guesser's address may try again once the window has passed.
    t.advance(15 * 60_000 + 1000);
    expect((await t.call('POST', '/login', { body: { phone, code: '123456' }, ip: '10.6.6.6', lang: 'en' })).msg).toBe(
      'Verification code is incorrect or expired',
    );
  });

  it('one address guessing over many phones is cut off after 30 wrong codes', async () => {
    for (let i = 0; i < 30; i++) {
      const r = await t.call('POST', '/login', { body: { phone: `1370001${String(i).padStart(4, '0')}`, code: '123456' }, ip: '10.7.7.7' });
      expect(r.code).toBe(500);
    }
    const next = await t.call('POST', '/login', { body: { phone: '13700019999', code: '123456' }, ip: '10.7.7.7', lang: 'en' });
    expect(next.msg).toMatch(/Too many wrong codes; please try again in \d+ min/);
    expect((await t.call('POST', '/login', { body: { phone: '13700019999', code: '123456' }, ip: '10.7.7.8', lang: 'en' })).msg).toBe(
      'Verification code is incorrect or expired',
    );
  });

  it('a code guessed at from many addresses is spent after 20 tries; a new code works at once', async () => {
    const phone = '13700000005';
    await t.call('POST', '/ingore/sendMessage', { body: { phone } });
    const code = lastCode(phone)!;
    let last;
    for (let i = 0; i < 20; i++) last = await t.call('POST', '/login', { body: { phone, code: wrongFor(code) }, ip: `10.8.0.${i}`, lang: 'en' });
    expect(last!.msg).toBe('This code can no longer be used; please request a new one');
    expect((await t.call('POST', '/login', { body: { phone, code } })).code).toBe(500);
    t.advance(61_000);
    await t.call('POST', '/ingore/sendMessage', { body: { phone } });
    expect((await t.call('POST', '/login', { body: { phone, code: lastCode(phone) } })).code).toBe(200);
  });

  it('the demo user exists', async () => {
    const phone = '13800138000';
    await t.call('POST', '/ingore/sendMessage', { body: { phone } });
    const { data } = await t.call('POST', '/login', { body: { phone, code: lastCode(phone) } });
    const info = await t.call('GET', '/getUserInfoToIndividual', { token: data.token });
    expect(info.data.user.userName).toBe('Demo');
  });
});

describe('tokens', () => {
  it('401 without a token, with a bad one, and with the wrong kind; logout revokes', async () => {
    expect((await t.call('GET', '/getUserInfoToIndividual')).code).toBe(401);
    expect((await t.call('GET', '/getUserInfoToIndividual', { token: 'x.y.z' })).code).toBe(401);
    const team = await t.tokenFor('13700000009', 'team');
    const wrong = await t.call('GET', '/getUserInfoToIndividual', { token: team, lang: 'en' });
    expect(wrong.code).toBe(401);
    const person = await t.tokenFor('13700000008');
    expect((await t.call('GET', '/getUserInfoToTeam', { token: person })).code).toBe(401);
    expect((await t.call('GET', '/getUserInfoToIndividual', { token: person })).code).toBe(200);
    expect((await t.call('POST', '/logout', { token: person })).code).toBe(200);
    expect((await t.call('GET', '/getUserInfoToIndividual', { token: person })).code).toBe(401);
  });

  it('an expired token is refused', async () => {
    const token = await t.tokenFor('13700000007');
    t.advance(3601_000);
    expect((await t.call('GET', '/getUserInfoToIndividual', { token })).code).toBe(401);
  });
});
