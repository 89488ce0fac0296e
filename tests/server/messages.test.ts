/** The message board over HTTP: a visitor and a team leave messages within the rules (zh and
 * en refusals), read only their own, at most five a day; the staff with the reply ability answer,
 * the writer reads the reply and gets a text; the board closed by config refuses new messages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AGENCY, DEMO_GATE, DEMO_SCHOOL, DEMO_STAFF } from '../../server/seed/accounts.ts';
import type { MessageDetail, MessageSummary, Page, StaffMessageDetail, StaffMessageSummary } from '../../src/domain/types.ts';
import { groupKit } from './groupKit.ts';
import { makeApp, type TestApp } from './helpers.ts';

let t: TestApp;
let staff: string;
const { teamToken } = groupKit(() => t);

beforeAll(async () => {
  t = await makeApp();
  staff = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
});
afterAll(async () => {
  await t?.close();
});

const message = { serviceType: 'lostProperty', description: '周六在穹幕影院丢了一把蓝色雨伞', contactName: '李雷' };
const add = (token: string, body: Record<string, unknown> = message, lang: 'zh' | 'en' = 'en') =>
  t.call<MessageDetail>('POST', '/message/add', { token, body, lang });

describe('the message board', () => {
  it('a visitor leaves a message, reads it with its service code; another account cannot', async () => {
    const visitor = await t.tokenFor('13500000001');
    const added = await add(visitor);
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ serviceType: 'lostProperty', description: message.description, contactName: '李雷', replyTime: null, replies: [] });
    expect(added.data.serviceCode).toMatch(/^LY\d{8}\d{6}$/);
    const list = await t.call<Page<MessageSummary>>('GET', '/message/list?pageNum=1&pageSize=10', { token: visitor });
    expect(list.data.rows.map((m) => m.messageId)).toEqual([added.data.messageId]);

    const other = await t.tokenFor('13500000002');
    expect((await t.call('GET', `/message/${added.data.messageId}`, { token: other, lang: 'en' })).msg).toBe('The message does not exist');
    expect((await t.call<Page<MessageSummary>>('GET', '/message/list?pageNum=1&pageSize=10', { token: other })).data.total).toBe(0);
    // A staff token is not a writer's.
    expect((await t.call('GET', '/message/list?pageNum=1&pageSize=10', { token: staff })).code).toBe(401);
    expect((await t.call('GET', '/message/list?pageNum=1&pageSize=10')).code).toBe(401);
  });

  it('refuses a message that breaks a rule, in the language of the request', async () => {
    const visitor = await t.tokenFor('13500000003');
    expect((await add(visitor, { ...message, serviceType: 'praise' })).msg).toBe('Please choose a service type');
    expect((await add(visitor, { ...message, description: '  ' }, 'zh')).msg).toBe('留言内容不能为空');
    expect((await add(visitor, { ...message, description: '太贵' })).msg).toBe('The message must be 5-500 characters');
    expect((await add(visitor, { ...message, description: '好'.repeat(501) }, 'zh')).msg).toBe('留言内容须为5-500个字');
    expect((await add(visitor, { ...message, contactName: '' })).msg).toBe('Contact name cannot be empty');
    expect((await add(visitor, { ...message, contactName: 'R2-D2 <script>' })).code).toBe(500);
    expect((await add(visitor, { serviceType: 'other' })).msg).toMatch(/^Invalid request parameter/);
    expect((await t.db.query('SELECT 1 FROM messages m JOIN users u ON u.id = m.user_id WHERE u.phone = $1', ['13500000003'])).length).toBe(0);
  });

  it('five messages a museum day per account, counted under a lock; the next day opens again', async () => {
    const visitor = await t.tokenFor('13500000004');
    const answers = await Promise.all(Array.from({ length: 7 }, () => add(visitor)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.msg === 'You have left 5 messages today; please come back tomorrow')).toHaveLength(2);
    t.advance(24 * 3600_000);
    expect((await add(await t.tokenFor('13500000004'))).code).toBe(200);
  });

  it('a team writes as itself; the staff see who wrote, reply, and the team reads the reply and gets a text', async () => {
    const school = await teamToken(DEMO_SCHOOL.creditCode);
    const asked = (await add(school, { serviceType: 'consult', description: 'Can the pupils bring packed lunches?', contactName: 'Wang Fang' })).data;
    const agency = await teamToken(DEMO_AGENCY.creditCode);
    expect((await t.call('GET', `/message/${asked.messageId}`, { token: agency })).code).toBe(500);

    const waiting = await t.call<Page<StaffMessageSummary>>('GET', '/staff/messages?state=waiting&pageNum=1&pageSize=50', { token: staff });
    expect(waiting.data.rows.find((m) => m.messageId === asked.messageId)).toMatchObject({ writerKind: 'team', writer: DEMO_SCHOOL.name });
    const visitorRow = waiting.data.rows.find((m) => m.writerKind === 'visitor')!;
    expect(visitorRow.writer).toMatch(/^135\*{4}\d{4}$/);

    expect((await t.call('POST', `/staff/messages/${asked.messageId}/reply`, { token: staff, body: { body: ' ' }, lang: 'en' })).msg).toBe(
      'Reply cannot be empty',
    );
    expect((await t.call('POST', `/staff/messages/${asked.messageId}/reply`, { token: staff, body: { body: '长'.repeat(501) }, lang: 'zh' })).msg).toBe(
      '回复内容不能超过500个字',
    );
    const replied = await t.call<StaffMessageDetail>('POST', `/staff/messages/${asked.messageId}/reply`, {
      token: staff,
      body: { body: 'Yes: the picnic area is on floor 1.' },
    });
    expect(replied.data.replies.map((r) => r.body)).toEqual(['Yes: the picnic area is on floor 1.']);

    const read = (await t.call<MessageDetail>('GET', `/message/${asked.messageId}`, { token: school })).data;
    expect(read.replyTime).not.toBeNull();
    expect(read.replies.map((r) => r.body)).toEqual(['Yes: the picnic area is on floor 1.']);
    const [sms] = await t.db.query<{ text: string; phone: string }>(
      'SELECT n.text, n.phone FROM sms_notices n JOIN teams t ON t.contact_phone = n.phone WHERE t.credit_code = $1 ORDER BY n.id DESC LIMIT 1',
      [DEMO_SCHOOL.creditCode],
    );
    expect(sms.text).toContain(asked.serviceCode);
    const replies = await t.call<Page<StaffMessageSummary>>('GET', '/staff/messages?state=replied&pageNum=1&pageSize=50', { token: staff });
    expect(replies.data.rows.map((m) => m.messageId)).toContain(asked.messageId);
    const [entry] = await t.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE subject = $1`, [`message:${asked.messageId}`]);
    expect(entry.action).toBe('message.reply');
  });

  it('only staff who may reply: a gate account, a visitor and a team are refused', async () => {
    const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
    expect((await t.call('GET', '/staff/messages', { token: gate })).code).toBe(403);
    const visitor = await t.tokenFor('13500000005');
    expect((await t.call('GET', '/staff/messages', { token: visitor })).code).toBe(401);
    const school = await teamToken(DEMO_SCHOOL.creditCode);
    expect((await t.call('POST', '/staff/messages/1/reply', { token: school, body: { body: 'hi' } })).code).toBe(401);
    expect((await t.call('POST', '/staff/messages/999999/reply', { token: staff, body: { body: 'hi' }, lang: 'en' })).msg).toBe('The message does not exist');
  });

  it('a board closed in the settings takes no new message; the old ones stay readable', async () => {
    const visitor = await t.tokenFor('13500000006');
    const kept = (await add(visitor)).data;
    expect((await t.call('POST', '/staff/settings/config', { token: staff, body: { key: 'audience_message_function', value: '0' } })).code).toBe(200);
    expect((await add(visitor, message, 'zh')).msg).toBe('留言板暂未开放');
    expect((await t.call('GET', `/message/${kept.messageId}`, { token: visitor })).code).toBe(200);
    await t.call('POST', '/staff/settings/config', { token: staff, body: { key: 'audience_message_function', value: '1' } });
  });
});
