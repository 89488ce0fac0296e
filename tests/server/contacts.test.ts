import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import { CONTACTS_MAX } from '../../src/domain/contacts.ts';
import { idCard, makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const teacher = { name: '张老师', certificateType: '1', certificateNumber: idCard('1985-03-02'), phone: '13900001234' };

async function schoolToken(): Promise<string> {
  return (await t.call('POST', '/login', { body: { username: DEMO_SCHOOL.creditCode, password: DEMO_SCHOOL.password } })).data.token;
}

describe('frequent visitors', () => {
  it('a team adds, lists masked, reads in full, changes and deletes its own', async () => {
    const token = await schoolToken();
    const added = await t.call('POST', '/system/topContacts', { token, body: teacher });
    expect(added.code).toBe(200);
    const list = await t.call('GET', '/system/topContacts', { token });
    expect(list.data).toEqual([
      {
        contactId: added.data.contactId,
        name: '张老师',
        certificateType: '1',
        certificateNumber: `1101**********${teacher.certificateNumber.slice(-4)}`,
        phone: '139****1234',
        faceUrl: null,
      },
    ]);
    const full = await t.call('GET', `/system/topContacts/${added.data.contactId}`, { token });
    expect(full.data).toMatchObject({ certificateNumber: teacher.certificateNumber, phone: '13900001234' });

    const changed = await t.call('POST', `/system/topContacts/${added.data.contactId}`, { token, body: { ...teacher, name: '张晓', phone: '' } });
    expect(changed.data).toMatchObject({ name: '张晓', phone: null });
    expect((await t.call('DELETE', `/system/topContacts/${added.data.contactId}`, { token })).code).toBe(200);
    expect((await t.call('GET', '/system/topContacts', { token })).data).toEqual([]);
    expect((await t.call('DELETE', `/system/topContacts/${added.data.contactId}`, { token, lang: 'en' })).msg).toBe('This frequent visitor does not exist');
  });

  it("refuses each bad field in the user's language and the same certificate twice, and stores nothing", async () => {
    const token = await t.tokenFor('13710000101');
    const refusal = async (body: Record<string, unknown>, lang: 'en' | 'zh' = 'en') =>
      (await t.call('POST', '/system/topContacts', { token, body: { ...teacher, ...body }, lang })).msg;
    expect(await refusal({ name: 'Zhang' })).toMatch(/^Name must be/);
    expect(await refusal({ certificateNumber: ' ' })).toBe('ID number cannot be empty');
    expect(await refusal({ certificateNumber: '110101198503020011' }, 'zh')).toBe('身份证号码格式错误');
    expect(await refusal({ phone: '12345' })).toBe('Please enter a correct mobile number');
    expect((await t.call('POST', '/system/topContacts', { token, body: { ...teacher, certificateType: '9' } })).code).toBe(500);
    expect((await t.call('GET', '/system/topContacts', { token })).data).toEqual([]);

    expect(
      (await t.call('POST', '/system/topContacts', { token, body: { ...teacher, certificateNumber: teacher.certificateNumber.toLowerCase() } })).code,
    ).toBe(200);
    expect(await refusal({ name: '张三' })).toBe('This certificate is already among the frequent visitors');
    // A second person may not take the first one's certificate by an edit either.
    const other = await t.call('POST', '/system/topContacts', { token, body: { ...teacher, name: '李四', certificateNumber: idCard('1990-01-01') } });
    const edit = await t.call('POST', `/system/topContacts/${other.data.contactId}`, { token, body: teacher, lang: 'en' });
    expect(edit.msg).toBe('This certificate is already among the frequent visitors');
    expect((await t.call('GET', '/system/topContacts', { token })).data.map((c: { name: string }) => c.name)).toEqual(['张老师', '李四']);
  });

  it(`keeps at most ${CONTACTS_MAX}, even when added at once`, async () => {
    const token = await t.tokenFor('13710000102');
    const adds = Array.from({ length: CONTACTS_MAX + 5 }, (_, i) =>
      t.call('POST', '/system/topContacts', { token, body: { ...teacher, certificateNumber: idCard('1980-01-01', String(100 + i)) }, lang: 'en' }),
    );
    const answers = await Promise.all(adds);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(CONTACTS_MAX);
    expect(answers.filter((a) => a.code !== 200).map((a) => a.msg)).toEqual(
      Array(5).fill(`At most ${CONTACTS_MAX} frequent visitors: please delete one you no longer need`),
    );
    expect((await t.call('GET', '/system/topContacts', { token })).data).toHaveLength(CONTACTS_MAX);
  });

  it("no account reaches another's, and staff tokens have none", async () => {
    const school = await schoolToken();
    const visitor = await t.tokenFor('13710000103');
    const mine = (await t.call('POST', '/system/topContacts', { token: visitor, body: teacher })).data.contactId;
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', teacher],
      ['DELETE', undefined],
    ] as const) {
      const answer = await t.call(method, `/system/topContacts/${mine}`, { token: school, body, lang: 'en' });
      expect(answer.msg).toBe('This frequent visitor does not exist');
    }
    expect((await t.call('GET', `/system/topContacts/${mine}`, { token: visitor })).data.name).toBe('张老师');
    // The same person may be a visitor's contact and a team's: the lists are apart.
    expect((await t.call('POST', '/system/topContacts', { token: school, body: teacher })).code).toBe(200);
    const staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
    expect((await t.call('GET', '/system/topContacts', { token: staff })).code).toBe(401);
    expect((await t.call('GET', '/system/topContacts')).code).toBe(401);
  });
});
