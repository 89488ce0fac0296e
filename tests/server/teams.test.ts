import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUploadSweep, UNUSED_UPLOAD_TTL_MS } from '../../server/jobs/uploadSweep.ts';
import { DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { creditCodeCheckChar } from '../../src/domain/fields.ts';
import { museumDate } from '../../src/domain/museumTime.ts';
import { TODAY } from './constants.ts';
import { idCard, makeApp, upload, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const lastCode = (phone: string) => t.sms.outbox!(phone)[0]?.code;

/** A credit code with a valid check character, different for each n. */
function creditCode(n: number): string {
  const first = `9111000${String(n).padStart(10, '0')}`;
  return first + creditCodeCheckChar(first);
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();

async function registration(n: number, overrides: Record<string, unknown> = {}) {
  const phone = `1391000${String(n).padStart(4, '0')}`;
  const image = await png();
  const [credit, letter] = await Promise.all([upload(t, 'credit.png', image), upload(t, 'letter.png', image)]);
  return {
    teamName: `科技中学${n}`,
    teamType: 2,
    contactName: '李老师',
    contactPhone: phone,
    code: '',
    creditCode: creditCode(n),
    address: '科技路2号',
    password: 'School2027',
    confirmPassword: 'School2027',
    creditUpload: credit.data!.uploadId,
    agreementUploads: [],
    letterUpload: letter.data!.uploadId,
    ...overrides,
  };
}

async function register(body: Record<string, unknown>, lang: 'en' | 'zh' = 'en') {
  await t.call('POST', '/ingore/sendMessage', { body: { phone: body.contactPhone } });
  t.advance(61_000);
  return t.call('POST', '/ingore/teamRegister', { body: { ...body, code: body.code || lastCode(String(body.contactPhone)) }, lang });
}

async function staffToken(): Promise<string> {
  const r = await t.call('POST', '/staff/login', { body: DEMO_STAFF });
  expect(r.code).toBe(200);
  return r.data.token;
}

describe('uploads', () => {
  it('takes a real jpg or png, refuses by the bytes, not the name, and caps the size', async () => {
    const ok = await upload(t, 'photo.png', await png());
    expect(ok).toMatchObject({ code: 200, data: { mime: 'image/png', width: 40, height: 30 } });
    const jpeg = await upload(
      t,
      'scan.txt',
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
      { type: 'text/plain' },
    );
    expect(jpeg.data!.mime).toBe('image/jpeg');
    const fake = await upload(t, 'fake.png', Buffer.from('<?php echo 1; ?>'.repeat(10)));
    expect(fake).toMatchObject({ code: 500, msg: 'Only jpg, jpeg or png images are allowed' });
    const big = await upload(t, 'big.png', Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]), { type: 'image/png', lang: 'zh' });
    expect(big).toMatchObject({ code: 500, msg: '图片大小不能超过10MB' });
    const none = await t.call('POST', '/common/ingore/upload', { body: { file: 'x' }, lang: 'en' });
    expect(none).toMatchObject({ code: 500, msg: 'Please upload an image' });
  });
});

describe('unused uploads', () => {
  it("are deleted a day later; a registration's documents stay", async () => {
    const body = await registration(9);
    await register(body);
    const stray = (await upload(t, 'stray.png', await png())).data!.uploadId;
    const count = async (id: string) => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE token = $1', [id]))[0].n;
    expect(await runUploadSweep(t.db, () => t.now())).toBe(0);
    t.advance(UNUSED_UPLOAD_TTL_MS + 1000);
    expect(await runUploadSweep(t.db, () => t.now())).toBeGreaterThanOrEqual(1);
    expect(await count(stray)).toBe(0);
    expect(await count(body.creditUpload)).toBe(1);
    expect(await count(body.letterUpload)).toBe(1);
  });
});

describe('registration', () => {
  it('registers a school that waits for review; the credit code is then taken', async () => {
    const body = await registration(1);
    expect((await t.call('POST', '/system/user/ingore/checkTeamIsExist', { body: { creditCode: body.creditCode } })).data).toEqual({ exists: false });
    const r = await register(body);
    expect(r).toMatchObject({ code: 200, data: { message: 'Registration submitted: it is reviewed within 3 days, and the result comes by text message' } });
    expect((await t.call('POST', '/system/user/ingore/checkTeamIsExist', { body: { creditCode: body.creditCode.toLowerCase() } })).data).toEqual({
      exists: true,
    });
    const again = await register({ ...body, contactPhone: '13910009999' }, 'zh');
    expect(again.msg).toBe('该统一社会信用代码已注册');
  });

  it("refuses each bad field in the user's language, and creates nothing", async () => {
    const body = await registration(2);
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM teams'))[0].n;
    const before = await count();
    const wrongCheck = body.creditCode.slice(0, 17) + (body.creditCode[17] === '0' ? '1' : '0');
    expect((await register({ ...body, creditCode: wrongCheck })).msg).toBe('Please enter a correct unified social credit code');
    expect((await register({ ...body, confirmPassword: 'School2028' })).msg).toBe('The two passwords do not match');
    expect((await register({ ...body, password: 'onlyletters', confirmPassword: 'onlyletters' }, 'zh')).msg).toBe('密码须为8-16位，且同时包含字母和数字');
    expect((await register({ ...body, teamType: 4 })).msg).toBe('Travel agency agreement (both parts) cannot be empty');
    expect((await register({ ...body, letterUpload: 'no-such-upload' })).msg).toBe('The uploaded file is missing or expired; please upload it again');
    expect((await register({ ...body, code: '000000' === lastCode(body.contactPhone) ? '111111' : '000000' })).msg).toBe(
      'Verification code is incorrect or expired',
    );
    expect(await count()).toBe(before);
  });
});

describe('team login and the staff review', () => {
  it('an unreviewed team logs in to see its state; staff approve it and the team is told by text', async () => {
    const body = await registration(3);
    // Registered in Chinese: the museum's texts to it are in Chinese.
    const { data } = await register(body, 'zh');
    const login = await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } });
    expect(login.code).toBe(200);
    const team = login.data.token as string;
    const info = await t.call('GET', '/getUserInfoToTeam', { token: team });
    expect(info.data.team).toMatchObject({ teamId: data.teamId, verifiedStatus: 0, status: 0, contactPhone: '139****0003', teamType: 2 });

    const staff = await staffToken();
    const pending = await t.call('GET', '/staff/teams?state=pending&pageNum=1&pageSize=50', { token: staff });
    const row = pending.data.rows.find((r: { teamId: number }) => r.teamId === data.teamId);
    expect(row).toMatchObject({ contactPhone: body.contactPhone, reviewState: 'pending' });
    expect(row.documents.map((d: { kind: string }) => d.kind)).toEqual(['credit', 'letter']);
    const image = await t.app.inject({
      method: 'GET',
      url: `/prod-api/staff/uploads/${row.documents[0].uploadId}`,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(40);

    const undated = await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: true }, lang: 'en' });
    expect(undated.msg).toBe('Please enter the expiry date of the credit certificate');
    const past = await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: true, creditExpiresOn: TODAY }, lang: 'en' });
    expect(past.msg).toBe('An expiry date must be after today');
    const approved = await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: true, creditExpiresOn: '2031-06-30' } });
    expect(approved.data.reviewState).toBe('approved');
    expect(t.sms.outbox!(body.contactPhone)[0].text).toContain('已通过审核');
    const twice = await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: false, reason: 'x' }, lang: 'en' });
    expect(twice.msg).toMatch(/reviewed already/);
    const after = await t.call('GET', '/getUserInfoToTeam', { token: team });
    expect(after.data.team).toMatchObject({ verifiedStatus: 1, creditExpiresOn: '2031-06-30', teamRunTimeStatus: { creditStatus: 1, protocolStatus: 1 } });
  });

  it("the review's text is in the language the team registered in, whatever the reviewer's", async () => {
    const staff = await staffToken();
    const english = await registration(21);
    const chinese = await registration(22);
    const inEnglish = (await register(english, 'en')).data.teamId;
    const inChinese = (await register(chinese, 'zh')).data.teamId;
    await t.call('POST', `/staff/teams/${inEnglish}/review`, { token: staff, body: { approve: true, creditExpiresOn: '2031-06-30' }, lang: 'zh' });
    expect(t.sms.outbox!(english.contactPhone)[0].text).toBe(
      `[Science Museum] Your group account "${english.teamName}" is approved: log in with your credit code to book.`,
    );
    await t.call('POST', `/staff/teams/${inChinese}/review`, { token: staff, body: { approve: false, reason: '介绍信未盖章' }, lang: 'en' });
    expect(t.sms.outbox!(chinese.contactPhone)[0].text).toBe(`【科技馆】您的团体账号“${chinese.teamName}”未通过审核，原因：介绍信未盖章。请修改后重新提交。`);
    // Registered again, corrected, in English: the next text is in English.
    t.advance(61_000);
    expect((await register({ ...chinese, contactPhone: '13910002299' }, 'en')).data.teamId).toBe(inChinese);
    await t.call('POST', `/staff/teams/${inChinese}/review`, { token: staff, body: { approve: false, reason: 'no stamp' } });
    expect(t.sms.outbox!('13910002299')[0].text).toBe(
      `[Science Museum] Your group account "${chinese.teamName}" was not approved: no stamp. Please correct it and register again.`,
    );
  });

  it('a rejection needs a reason, which the team reads in its text and its info', async () => {
    const body = await registration(4);
    const { data } = await register(body);
    const staff = await staffToken();
    expect((await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: false }, lang: 'en' })).msg).toBe(
      'Please give the reason for the rejection',
    );
    await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: false, reason: '介绍信未盖章' } });
    expect(t.sms.outbox!(body.contactPhone)[0].text).toContain('介绍信未盖章');
    const team = (await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } })).data.token;
    expect((await t.call('GET', '/getUserInfoToTeam', { token: team })).data.team).toMatchObject({ verifiedStatus: 2, reviewReason: '介绍信未盖章' });
    // It registers again, corrected, under the same credit code: the row waits for review again.
    expect((await t.call('POST', '/system/user/ingore/checkTeamIsExist', { body: { creditCode: body.creditCode } })).data.exists).toBe(false);
    t.advance(61_000);
    const again = await register({ ...(await registration(4)), teamName: '科技中学四校区' });
    expect(again.data.teamId).toBe(data.teamId);
    const mine = (await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } })).data.token;
    expect((await t.call('GET', '/getUserInfoToTeam', { token: mine })).data.team).toMatchObject({
      teamName: '科技中学四校区',
      verifiedStatus: 0,
      reviewReason: null,
    });
  });

  it('a rejected registrant keeps no key to the account a new registrant of the same credit code gets approved', async () => {
    // Someone registers under a school's credit code with their own password and phone, and keeps a token.
    const squatter = await registration(40, { contactName: '王冒名', password: 'Squat20261', confirmPassword: 'Squat20261' });
    const { data } = await register(squatter);
    const stolen = (await t.call('POST', '/login', { body: { username: squatter.creditCode, password: 'Squat20261' } })).data.token as string;
    const teacher = { name: '冒名者', certificateType: '1', certificateNumber: idCard('1980-01-01'), phone: '13900009876' };
    expect((await t.call('POST', '/system/topContacts', { token: stolen, body: teacher })).code).toBe(200);
    expect(
      (await t.call('POST', '/message/add', { token: stolen, body: { serviceType: 'other', description: '冒名者的留言', contactName: '王冒名' } })).code,
    ).toBe(200);
    const staff = await staffToken();
    await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: false, reason: '介绍信不符' } });

    // The real school registers under its own code, with its own phone, and is approved.
    t.advance(61_000);
    const school = await registration(40, { contactPhone: '13910008888', teamName: '科技中学四十校' });
    expect((await register(school)).data.teamId).toBe(data.teamId);
    await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: true, creditExpiresOn: '2031-06-30' } });

    // The squatter's token reads and does nothing of the school's; the old password opens nothing.
    for (const [method, url] of [
      ['GET', '/getUserInfoToTeam'],
      ['GET', '/system/topContacts'],
      ['GET', '/message/list?pageNum=1&pageSize=10'],
    ] as const) {
      expect(await t.call(method, url, { token: stolen, lang: 'en' })).toMatchObject({ code: 401, data: null });
    }
    expect((await t.call('POST', '/system/topContacts', { token: stolen, body: teacher })).code).toBe(401);
    expect((await t.call('POST', '/login', { body: { username: squatter.creditCode, password: 'Squat20261' } })).code).toBe(500);
    // The school sees its own account, and nothing the squatter left in it.
    const token = (await t.call('POST', '/login', { body: { username: school.creditCode, password: school.password } })).data.token;
    expect((await t.call('GET', '/getUserInfoToTeam', { token })).data.team).toMatchObject({
      teamName: '科技中学四十校',
      verifiedStatus: 1,
      contactPhone: '139****8888',
    });
    expect((await t.call('GET', '/system/topContacts', { token })).data).toEqual([]);
    expect((await t.call('GET', '/message/list?pageNum=1&pageSize=10', { token })).data).toMatchObject({ total: 0 });
  });

  it('the seeded school logs in; wrong passwords bring the slider check, then a lockout', async () => {
    expect((await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } })).code).toBe(200);
    const code = creditCode(5);
    await register(await registration(5));
    const wrong = (lang: 'en' | 'zh' = 'en', captchaToken?: string) =>
      t.call('POST', '/login', { body: { username: code, password: 'Wrong12345', captchaToken }, lang });
    expect(await wrong()).toMatchObject({ code: 500, msg: 'Credit code or password is incorrect', data: { captchaRequired: false } });
    await wrong();
    expect((await wrong()).data).toEqual({ captchaRequired: true });
    // The right password now needs the slider check first; with it, it logs in.
    expect(await t.call('POST', '/login', { body: { username: code, password: 'School2027' }, lang: 'en' })).toMatchObject({
      msg: 'Please complete the slider check first',
      data: { captchaRequired: true },
    });
    expect((await t.call('POST', '/login', { body: { username: code, password: 'School2027', captchaToken: await t.captchaToken() } })).code).toBe(200);
    for (let i = 3; i < 10; i++) await wrong('en', await t.captchaToken());
    const locked = await t.call('POST', '/login', { body: { username: code, password: 'School2027', captchaToken: await t.captchaToken() }, lang: 'en' });
    expect(locked.msg).toBe('Too many wrong passwords; please try again in 30 min');
    // Only the address that guessed: the school logs in from its own, after the slider check.
    const elsewhere = (captchaToken?: string) =>
      t.call('POST', '/login', { body: { username: code, password: 'School2027', captchaToken }, lang: 'en', ip: '10.50.0.2' });
    expect(await elsewhere()).toMatchObject({ msg: 'Please complete the slider check first', data: { captchaRequired: true } });
    expect((await elsewhere(await t.captchaToken())).code).toBe(200);
    // An unknown credit code answers exactly as a wrong password.
    expect((await t.call('POST', '/login', { body: { username: creditCode(99), password: 'School2027' }, lang: 'en' })).msg).toBe(
      'Credit code or password is incorrect',
    );
  });
});

describe('three kinds of token', () => {
  it('staff, team and visitor tokens are each refused where they do not belong', async () => {
    const staff = await staffToken();
    const team = (await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } })).data.token;
    const visitor = await t.tokenFor('13710000001');
    expect((await t.call('GET', '/order/OrderInfo/getOrderInfoByStatus?pageNum=1&pageSize=10', { token: staff })).code).toBe(401);
    expect((await t.call('GET', '/basesetting/HallSetting/gainAllSystemConfigLogin', { token: staff })).code).toBe(401);
    expect((await t.call('GET', '/getUserInfoToTeam', { token: staff })).code).toBe(401);
    expect((await t.call('GET', '/getUserInfoToTeam', { token: visitor })).code).toBe(401);
    for (const token of [team, visitor]) {
      expect((await t.call('GET', '/staff/teams', { token, lang: 'en' })).msg).toBe('This account type cannot use this function; please log in again');
    }
    expect((await t.call('GET', '/staff/teams')).code).toBe(401);
    expect((await t.call('POST', '/staff/login', { body: { username: 'staff', password: 'guess' }, lang: 'en' })).msg).toBe(
      'Username or password is incorrect',
    );
  });
});

describe('passwords', () => {
  it('a team changes its password with the current one; the old one stops working, and so does every session', async () => {
    const body = await registration(6);
    await register(body);
    const logIn = async (password: string) => (await t.call('POST', '/login', { body: { username: body.creditCode, password } })).data.token as string;
    const token = await logIn(body.password);
    // Another session of the team (a leaked token, a shared computer), used before the change.
    const other = await logIn(body.password);
    expect((await t.call('GET', '/getUserInfoToTeam', { token: other })).code).toBe(200);
    const change = (b: Record<string, string>, lang: 'en' | 'zh' = 'en') => t.call('POST', '/system/user/updateTeamPassword', { token, body: b, lang });
    expect((await change({ oldPassword: 'Wrong12345', password: 'School2030', confirmPassword: 'School2030' })).msg).toBe('The current password is incorrect');
    expect((await change({ oldPassword: body.password, password: 'School2030', confirmPassword: 'School2031' })).msg).toBe('The two passwords do not match');
    expect((await change({ oldPassword: body.password, password: body.password, confirmPassword: body.password }, 'zh')).msg).toBe('新密码不能与原密码相同');
    expect((await change({ oldPassword: body.password, password: 'School2030', confirmPassword: 'School2030' })).code).toBe(200);
    expect((await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } })).code).toBe(500);
    const fresh = await logIn('School2030');
    // Every session from before the change is over, in the user's language; a new login works.
    for (const ended of [token, other]) {
      expect(await t.call('GET', '/getUserInfoToTeam', { token: ended, lang: 'en' })).toMatchObject({
        code: 401,
        msg: 'Your login has expired; please log in again',
      });
    }
    expect((await t.call('GET', '/getUserInfoToTeam', { token: fresh })).code).toBe(200);
    // A visitor's token cannot change a team's password.
    expect(
      (
        await t.call('POST', '/system/user/updateTeamPassword', {
          token: await t.tokenFor('13710000002'),
          body: { oldPassword: 'x', password: 'School2032', confirmPassword: 'School2032' },
        })
      ).code,
    ).toBe(401);
  });

  it('a forgotten password comes back through a code to the registered contact mobile, and lifts the lockout', async () => {
    const body = await registration(7);
    await register(body);
    const before = (await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } })).data.token;
    for (let i = 0; i < 10; i++)
      await t.call('POST', '/login', {
        body: { username: body.creditCode, password: 'Wrong12345', captchaToken: i >= 3 ? await t.captchaToken() : undefined },
      });
    const recover = async (phone: string, lang: 'en' | 'zh' = 'en') => {
      t.advance(61_000);
      await t.call('POST', '/ingore/sendMessage', { body: { phone } });
      return t.call('POST', '/system/user/ingore/getBackTeamPasswordApply', {
        body: { creditCode: body.creditCode, contactPhone: phone, code: lastCode(phone), password: 'School2040', confirmPassword: 'School2040' },
        lang,
      });
    };
    expect((await recover('13910009998')).msg).toBe('The credit code and the registered contact mobile do not match');
    expect((await recover(body.contactPhone)).code).toBe(200);
    expect((await t.call('POST', '/login', { body: { username: body.creditCode, password: 'School2040' } })).code).toBe(200);
    // Whoever held a session from before (the password may have leaked with it) holds it no more.
    expect((await t.call('GET', '/getUserInfoToTeam', { token: before })).code).toBe(401);
  });
});

describe('freezing, unfreezing and renewals', () => {
  it('staff freeze a team; it cannot book, asks to be unfrozen with a stamped explanation, and is unfrozen', async () => {
    const staff = await staffToken();
    const body = await registration(8);
    const { data } = await register(body);
    const team = (await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } })).data.token;
    const status = (lang: 'en' | 'zh' = 'en') => t.call('POST', '/system/user/checkTeamFreezeById', { token: team, body: { teamId: data.teamId }, lang });
    expect((await status()).data).toMatchObject({ canBook: false, message: 'Account abnormal, cannot book: please go to the group centre' });
    await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: true, creditExpiresOn: '2031-06-30' } });
    expect((await status()).data).toMatchObject({ frozen: false, canBook: true, message: null, discounts: true });
    // Another team's id is not this team's business.
    expect((await t.call('POST', '/system/user/checkTeamFreezeById', { token: team, body: { teamId: 1 } })).code).toBe(500);

    const upload1 = (await upload(t, 'explanation.png', await png())).data!.uploadId;
    expect((await t.call('POST', '/system/user/freeAccountApply', { token: team, body: { uploadId: upload1 }, lang: 'en' })).msg).toBe(
      'The account is not frozen: there is nothing to unfreeze',
    );
    // The reason is chosen from the list, so each reader sees it in its language; "another
    // reason" needs the note, and a reason typed alone is no longer taken.
    const freeze = (b: object) => t.call('POST', `/staff/teams/${data.teamId}/freeze`, { token: staff, body: b, lang: 'en' });
    expect((await freeze({ kind: 'other', reason: ' ' })).msg).toBe('Please say what the other reason is');
    expect((await freeze({ reason: '3次预约未到馆' })).code).toBe(500);
    expect((await freeze({ kind: 'asleep' })).code).toBe(500);
    expect((await status()).data).toMatchObject({ frozen: false });
    expect((await freeze({ kind: 'missedVisits', reason: '3次' })).code).toBe(200);
    // The group registered in English and is told in English.
    expect(t.sms.outbox!(body.contactPhone)[0].text).toContain('frozen: Booked visits missed more than once: 3次.');
    expect((await status()).data).toMatchObject({ frozen: true, frozenReason: 'Booked visits missed more than once: 3次' });
    const inConsole = (lang: 'zh' | 'en') => t.call('GET', `/staff/teams/${data.teamId}`, { token: staff, lang });
    expect((await inConsole('en')).data.frozenReason).toBe('Booked visits missed more than once: 3次');
    expect((await inConsole('zh')).data.frozenReason).toBe('多次预约未到馆：3次');
    expect((await status('zh')).data).toMatchObject({
      frozen: true,
      frozenReason: '多次预约未到馆：3次',
      canBook: false,
      message: '账户异常，无法预约：请前往团体中心查看',
    });

    const asked = await t.call('POST', '/system/user/freeAccountApply', { token: team, body: { uploadId: upload1 } });
    expect(asked.data).toMatchObject({ kind: 'unfreeze', state: 'pending' });
    expect((await t.call('POST', '/system/user/freeAccountApply', { token: team, body: { uploadId: upload1 }, lang: 'en' })).msg).toBe(
      'A request of this kind is being reviewed; please wait for its result',
    );
    const pending = await t.call('GET', '/staff/requests?state=pending', { token: staff });
    const request = pending.data.find((r: { teamId: number }) => r.teamId === data.teamId);
    // The reviewer reads whose request it is by the team's credit code, as on its registration.
    expect(request.creditCode).toBe(body.creditCode);
    const image = await t.app.inject({ method: 'GET', url: `/prod-api/staff/uploads/${request.uploadIds[0]}`, headers: { authorization: `Bearer ${staff}` } });
    expect(image.headers['content-type']).toBe('image/png');
    await t.call('POST', `/staff/requests/${request.requestId}/review`, { token: staff, body: { approve: true } });
    expect((await status()).data).toMatchObject({ frozen: false, canBook: true });
    expect((await t.call('GET', '/system/user/teamRequests', { token: team })).data[0]).toMatchObject({ kind: 'unfreeze', state: 'approved' });
    // Teams and visitors cannot decide requests.
    expect((await t.call('POST', `/staff/requests/${request.requestId}/review`, { token: team, body: { approve: true } })).code).toBe(401);
  });

  it("a frozen school asks to have its free bookings restored: its unfreezing, a school's call only, a team's token only", async () => {
    const staff = await staffToken();
    const approved = async (body: Record<string, unknown>) => {
      const { data } = await register(body);
      await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: true, creditExpiresOn: '2031-06-30' } });
      const token = (await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } })).data.token as string;
      return { teamId: data.teamId as number, token };
    };
    const school = await approved(await registration(23));
    const company = await approved(await registration(24, { teamName: '科技公司24', teamType: 3 }));
    const explanation = (await upload(t, 'explanation.png', await png())).data!.uploadId;
    const restore = (token: string | undefined, lang: 'en' | 'zh' = 'en') =>
      t.call('POST', '/system/user/restoreTeamFreeOrderApply', { token, body: { uploadId: explanation }, lang });

    // A team's call: no token, a visitor's or the staff's is refused as a login of the wrong kind.
    expect((await restore(undefined)).code).toBe(401);
    expect((await restore(await t.tokenFor('13900000021'))).code).toBe(401);
    expect((await restore(staff)).code).toBe(401);
    expect((await restore(school.token)).msg).toBe('The account is not frozen: there is nothing to unfreeze');

    for (const team of [school, company]) await t.call('POST', `/staff/teams/${team.teamId}/freeze`, { token: staff, body: { kind: 'fewVisitors' } });
    // Only a school has free bookings to restore; a company asks to be unfrozen.
    expect((await restore(company.token)).msg).toBe('Only a school asks to have its free bookings restored; other groups ask to be unfrozen');
    expect((await restore(company.token, 'zh')).msg).toBe('只有学校团体可申请恢复免费预约，其他团体请申请解冻');
    expect((await t.call('GET', '/system/user/teamRequests', { token: company.token })).data).toEqual([]);

    const asked = await restore(school.token);
    expect(asked.data).toMatchObject({ kind: 'unfreeze', state: 'pending', uploadIds: [explanation] });
    // One unfreeze request at a time, whichever call sent it.
    expect((await t.call('POST', '/system/user/freeAccountApply', { token: school.token, body: { uploadId: explanation }, lang: 'en' })).msg).toBe(
      'A request of this kind is being reviewed; please wait for its result',
    );
    await t.call('POST', `/staff/requests/${asked.data.requestId}/review`, { token: staff, body: { approve: true } });
    const status = await t.call('POST', '/system/user/checkTeamFreezeById', { token: school.token, body: { teamId: school.teamId } });
    expect(status.data).toMatchObject({ frozen: false, canBook: true });
  });

  it('a renewed certificate or agreement gets its new date from the staff; only agencies send an agreement', async () => {
    const staff = await staffToken();
    const agency = await t.call('POST', '/login', { body: { username: '91350100M00010001T', password: 'Agency2026' } });
    const school = (await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } })).data.token;
    const [a, b] = [(await upload(t, 'p1.png', await png())).data!.uploadId, (await upload(t, 'p2.png', await png())).data!.uploadId];
    expect((await t.call('POST', '/system/user/updateTeamProtocol', { token: school, body: { uploadIds: [a, b] }, lang: 'en' })).msg).toBe(
      'Only travel agencies upload an agreement',
    );
    const asked = await t.call('POST', '/system/user/updateTeamProtocol', { token: agency.data.token, body: { uploadIds: [a, b] } });
    expect(asked.data.uploadIds).toHaveLength(2);
    const review = (body: Record<string, unknown>) => t.call('POST', `/staff/requests/${asked.data.requestId}/review`, { token: staff, body, lang: 'en' });
    expect((await review({ approve: true })).msg).toBe('Please enter the expiry date of the travel agency agreement');
    expect((await review({ approve: true, expiresOn: TODAY })).msg).toBe('An expiry date must be after today');
    expect((await review({ approve: true, expiresOn: '2032-01-31' })).data.state).toBe('approved');
    const info = await t.call('GET', '/getUserInfoToTeam', { token: agency.data.token });
    expect(info.data.team.protocolExpiresOn).toBe('2032-01-31');
    const credit = await t.call('POST', '/system/user/updateTeamCredit', { token: school, body: { uploadId: a } });
    await t.call('POST', `/staff/requests/${credit.data.requestId}/review`, { token: staff, body: { approve: false, reason: '证书不清晰' } });
    expect((await t.call('GET', '/system/user/teamRequests', { token: school })).data[0]).toMatchObject({
      kind: 'credit',
      state: 'rejected',
      reviewReason: '证书不清晰',
    });
  });
});

describe("the team's own details", () => {
  it('address, e-mail and contact person change with every rule checked; another team is untouched', async () => {
    const a = await registration(10);
    await register(a);
    const token = (await t.call('POST', '/login', { body: { username: a.creditCode, password: a.password } })).data.token;
    const info = await t.call('POST', '/system/user/updateTeamInfo', { token, body: { address: '科技路9号', email: 'office@school.cn' } });
    expect(info.data.team).toMatchObject({ address: '科技路9号', email: 'office@school.cn', contactName: '李老师' });
    expect((await t.call('POST', '/system/user/updateTeamInfo', { token, body: { address: ' ', email: '' }, lang: 'en' })).msg).toBe('Address cannot be empty');
    expect((await t.call('POST', '/system/user/updateTeamInfo', { token, body: { address: 'x', email: 'no-at' }, lang: 'en' })).msg).toBe(
      'Please enter a correct e-mail address',
    );
    expect((await t.call('POST', '/system/user/updateTeamContacterInfo', { token, body: { contactName: 'Mr Li' }, lang: 'zh' })).msg).toMatch(/姓名须为/);
    const contact = await t.call('POST', '/system/user/updateTeamContacterInfo', { token, body: { contactName: '王老师' } });
    expect(contact.data.team).toMatchObject({ contactName: '王老师', address: '科技路9号' });
    // The demo school is another team: its details did not move.
    const school = (await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } })).data.token;
    expect((await t.call('GET', '/getUserInfoToTeam', { token: school })).data.team).toMatchObject({ address: '科技路1号', contactName: '王老师' });
    expect((await t.call('POST', '/system/user/updateTeamInfo', { token: await t.tokenFor('13710000003'), body: { address: 'x' } })).code).toBe(401);
  });
});

describe('a new contact mobile', () => {
  it('is proved by a code to the new number and replaces the registered one only when the staff approve', async () => {
    const staff = await staffToken();
    const body = await registration(11);
    const { data } = await register(body);
    await t.call('POST', `/staff/teams/${data.teamId}/review`, { token: staff, body: { approve: true, creditExpiresOn: '2031-06-30' } });
    const team = (await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } })).data.token;
    const ask = async (phone: string, code?: string, lang: 'en' | 'zh' = 'en') => {
      t.advance(61_000);
      await t.call('POST', '/ingore/sendMessage', { body: { phone } });
      return t.call('POST', '/system/user/updateTeamContacterMobile', { token: team, body: { phone, code: code ?? lastCode(phone) }, lang });
    };
    expect((await ask('1391', '123456')).msg).toBe('Please enter a correct mobile number');
    expect((await ask(body.contactPhone, undefined, 'zh')).msg).toBe('新手机号码与当前联系人手机相同');
    expect((await ask('13920001111', '000000')).msg).toBe('Verification code is incorrect or expired');
    const allowed = () => t.call('POST', '/system/user/validateRenewSubmitApply', { token: team, body: { kind: 'phone' }, lang: 'en' });
    expect((await allowed()).data).toEqual({ allowed: true, message: null });

    const asked = await ask('13920001111');
    expect(asked.data).toMatchObject({ kind: 'phone', state: 'pending', newPhone: '13920001111', uploadIds: [] });
    expect((await allowed()).data).toEqual({ allowed: false, message: 'A request of this kind is being reviewed; please wait for its result' });
    // Until the staff decide, the registered mobile stays the contact.
    expect((await t.call('GET', '/getUserInfoToTeam', { token: team })).data.team.contactPhone).toBe('139****0011');

    const pending = (await t.call('GET', '/staff/requests?state=pending', { token: staff })).data;
    expect(pending.find((r: { requestId: number }) => r.requestId === asked.data.requestId)).toMatchObject({ kind: 'phone', newPhone: '13920001111' });
    await t.call('POST', `/staff/requests/${asked.data.requestId}/review`, { token: staff, body: { approve: true } });
    expect((await t.call('GET', '/getUserInfoToTeam', { token: team })).data.team.contactPhone).toBe('139****1111');
    // The team registered in English: the text is in English.
    expect(t.sms.outbox!('13920001111')[0].text).toBe('[Science Museum] Your contact mobile change request is approved.');
    // The password now comes back through the new number only.
    t.advance(61_000);
    await t.call('POST', '/ingore/sendMessage', { body: { phone: '13920001111' } });
    const recovered = await t.call('POST', '/system/user/ingore/getBackTeamPasswordApply', {
      body: { creditCode: body.creditCode, contactPhone: '13920001111', code: lastCode('13920001111'), password: 'School2041', confirmPassword: 'School2041' },
    });
    expect(recovered.code).toBe(200);
  });

  it('is refused to an unreviewed team and to other kinds of token', async () => {
    const body = await registration(12);
    await register(body);
    const team = (await t.call('POST', '/login', { body: { username: body.creditCode, password: body.password } })).data.token;
    t.advance(61_000);
    await t.call('POST', '/ingore/sendMessage', { body: { phone: '13920002222' } });
    const refused = await t.call('POST', '/system/user/updateTeamContacterMobile', {
      token: team,
      body: { phone: '13920002222', code: lastCode('13920002222') },
      lang: 'zh',
    });
    expect(refused.msg).toBe('团体尚未通过审核');
    const visitor = await t.tokenFor('13710000004');
    expect((await t.call('POST', '/system/user/updateTeamContacterMobile', { token: visitor, body: { phone: '13920002222', code: '123456' } })).code).toBe(401);
    expect(
      (await t.call('POST', '/system/user/updateTeamContacterMobile', { token: await staffToken(), body: { phone: '13920002222', code: '123456' } })).code,
    ).toBe(401);
  });
});

describe('questions and notices for groups', () => {
  it("answers the questions of a category in the request's language, and notices until their last day", async () => {
    const all = await t.call('GET', '/basesetting/HallSetting/ingore/TeamFAQs', { lang: 'en' });
    expect(all.data.length).toBeGreaterThanOrEqual(4);
    const account = await t.call('GET', `/basesetting/HallSetting/ingore/TeamFAQs?category=${encodeURIComponent('账号与密码')}`, { lang: 'en' });
    expect(account.data.map((f: { category: string }) => f.category)).toEqual(['Account and password', 'Account and password']);
    const list = await t.call('GET', '/basesetting/HallSetting/ingore/getInformationManagement?pageNum=1&pageSize=10', { lang: 'zh' });
    expect(list.data.rows.map((n: { title: string }) => n.title)).toEqual(['球幕影院设备检修通知', '团体预约须知']);
    const one = await t.call('GET', `/basesetting/HallSetting/ingore/getInformationManagement?pageNum=1&pageSize=1&id=${list.data.rows[1].noticeId}`, {
      lang: 'en',
    });
    expect(one.data.rows[0]).toMatchObject({ title: 'Notes for group visits' });
    expect(one.data.rows[0].content).toContain('\n');
    t.advance(9 * 86_400_000);
    const later = await t.call('GET', '/basesetting/HallSetting/ingore/getInformationManagement?pageNum=1&pageSize=10', { lang: 'en' });
    expect(later.data.rows.map((n: { title: string }) => n.title)).toEqual(['Notes for group visits']);
    // The client names the day the notices must still apply on (docs/product.md §7 applicableEnd).
    const asked = await t.call('GET', `/basesetting/HallSetting/ingore/getInformationManagement?pageNum=1&pageSize=10&applicableEnd=${museumDate(t.now())}`, {
      lang: 'en',
    });
    expect(asked.data.rows).toEqual(later.data.rows);
    expect(
      (await t.call('GET', '/basesetting/HallSetting/ingore/getInformationManagement?pageNum=1&pageSize=10&applicableEnd=tomorrow', { lang: 'en' })).msg,
    ).toBe('Invalid request parameter: applicableEnd');
  });
});
