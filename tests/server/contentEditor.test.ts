/** Notices and FAQs an admin writes in the staff console (docs/product.md §2.11): a new notice is
 * in the visitors' list at once in their language, a change is seen, a notice taken down is gone;
 * a question is read under its category; bad values are refused by field in zh and en; only an
 * admin's staff token reaches these calls, and every change is audited with what it replaced. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GATE } from '../../server/seed/accounts.ts';
import type { FaqEdit, NoticeEdit, StaffContent } from '../../src/domain/contentRules.ts';
import type { Faq, Notice, Page } from '../../src/domain/types.ts';
import { makeApp, type TestApp } from './helpers.ts';
import { asAdmin } from './asAdmin.ts';

let t: TestApp;
let admin: string;
let post: Awaited<ReturnType<typeof asAdmin>>['post'];

beforeAll(async () => {
  t = await makeApp();
  ({ token: admin, post } = await asAdmin(t));
});
afterAll(async () => {
  await t?.close();
});

const CLOSED_EAST: NoticeEdit = {
  title: { zh: '东门临时关闭', en: 'East gate closed for works' },
  content: { zh: '请从北门入馆。', en: 'Please come in by the north gate.' },
  applicableEnd: '2030-03-31',
};
const PARKING: FaqEdit = {
  category: { zh: '交通', en: 'Getting here' },
  question: { zh: '大巴在哪里停？', en: 'Where can a coach park?' },
  answer: { zh: '北门外的大巴停车场。', en: 'In the coach park outside the north gate.' },
  sort: 5,
};

const content = async () => (await t.call<StaffContent>('GET', '/staff/content', { token: admin })).data;
const visitorNotices = async (lang: 'zh' | 'en') =>
  (await t.call<Page<Notice>>('GET', '/basesetting/HallSetting/ingore/getInformationManagement?pageNum=1&pageSize=50', { lang })).data.rows;
const faqs = async (lang: 'zh' | 'en', category: string) =>
  (await t.call<Faq[]>('GET', `/basesetting/HallSetting/ingore/TeamFAQs?category=${encodeURIComponent(category)}`, { lang })).data;
const audits = async (subject: string) =>
  (await t.db.query<{ action: string; detail: { from: unknown } }>('SELECT action, detail FROM staff_audit WHERE subject = $1 ORDER BY id', [subject])).map(
    (a) => [a.action, a.detail.from],
  );

describe('notices', () => {
  it('a new notice is the first a visitor reads, in her language; a change is seen; taken down, it is gone', async () => {
    const made = await post('/staff/content/notices', CLOSED_EAST);
    expect(made.code, made.msg).toBe(200);
    const { noticeId } = made.data as { noticeId: number };
    expect((await visitorNotices('en'))[0]).toMatchObject({ noticeId, title: 'East gate closed for works', content: 'Please come in by the north gate.' });
    expect((await visitorNotices('zh'))[0]).toMatchObject({ noticeId, title: '东门临时关闭' });
    expect((await content()).notices[0]).toMatchObject({ noticeId, ...CLOSED_EAST });

    const changed = { ...CLOSED_EAST, title: { zh: '东门关闭至月底', en: 'East gate closed until the end of March' } };
    expect((await post(`/staff/content/notices/${noticeId}`, changed)).code).toBe(200);
    expect((await visitorNotices('en'))[0]).toMatchObject({ noticeId, title: 'East gate closed until the end of March' });

    expect((await post(`/staff/content/notices/${noticeId}/delete`, undefined)).code).toBe(200);
    expect((await visitorNotices('en')).some((n) => n.noticeId === noticeId)).toBe(false);
    expect((await post(`/staff/content/notices/${noticeId}/delete`, undefined)).msg).toBe('The notice does not exist');
    expect(await audits(`notice:${noticeId}`)).toEqual([
      ['createNotice', null],
      ['updateNotice', CLOSED_EAST],
      ['deleteNotice', changed],
    ]);
  });

  it('bad values are refused by what is wrong, in zh and en, and nothing changes', async () => {
    const before = (await content()).notices.length;
    const past = { ...CLOSED_EAST, applicableEnd: '2030-03-04' };
    expect((await post('/staff/content/notices', past)).msg).toBe('The last day shown cannot be before today');
    expect((await post('/staff/content/notices', past, 'zh')).msg).toBe('最后展示日不能早于今天');
    for (const body of [
      { ...CLOSED_EAST, title: { zh: '', en: 'x' } },
      { ...CLOSED_EAST, content: { zh: 'x'.repeat(5001), en: 'x' } },
      { title: CLOSED_EAST.title },
    ]) {
      expect((await post('/staff/content/notices', body)).msg).toMatch(/^Invalid request parameter/);
    }
    expect((await post('/staff/content/notices/99999', CLOSED_EAST, 'zh')).msg).toBe('公告不存在');
    expect((await content()).notices).toHaveLength(before);
  });
});

describe('FAQs', () => {
  it('a new question is read under its category in both languages; a change and a removal too', async () => {
    const { faqId } = (await post('/staff/content/faqs', PARKING)).data as { faqId: number };
    expect(await faqs('en', 'Getting here')).toEqual([{ faqId, category: 'Getting here', question: 'Where can a coach park?', answer: PARKING.answer.en }]);
    expect((await faqs('zh', '交通'))[0]).toMatchObject({ faqId, question: '大巴在哪里停？' });
    expect((await post(`/staff/content/faqs/${faqId}`, { ...PARKING, answer: { zh: '南门外。', en: 'Outside the south gate.' } })).code).toBe(200);
    expect((await faqs('en', 'Getting here'))[0].answer).toBe('Outside the south gate.');
    expect((await post(`/staff/content/faqs/${faqId}/delete`, undefined)).code).toBe(200);
    expect(await faqs('en', 'Getting here')).toEqual([]);
    expect((await audits(`faq:${faqId}`)).map(([action]) => action)).toEqual(['createFaq', 'updateFaq', 'deleteFaq']);
    expect((await post(`/staff/content/faqs/${faqId}`, PARKING, 'zh')).msg).toBe('问题不存在');
    expect((await post('/staff/content/faqs', { ...PARKING, sort: -1 })).msg).toMatch(/^Invalid request parameter/);
  });
});

it('only an admin: other staff, visitors and teams are refused, and nothing changes', async () => {
  const before = await content();
  const gate = (await t.call('POST', '/staff/login', { body: DEMO_GATE })).data.token;
  const visitor = await t.tokenFor('13621990001');
  const team = await t.tokenFor('13621990002', 'team');
  const [{ noticeId }] = before.notices;
  for (const token of [gate, visitor, team]) {
    expect((await t.call('GET', '/staff/content', { token })).code).not.toBe(200);
    expect((await post('/staff/content/notices', CLOSED_EAST, 'en', token)).code).not.toBe(200);
    expect((await post(`/staff/content/notices/${noticeId}/delete`, undefined, 'en', token)).code).not.toBe(200);
    expect((await post('/staff/content/faqs', PARKING, 'en', token)).code).not.toBe(200);
  }
  expect((await post('/staff/content/notices', CLOSED_EAST, 'zh', gate)).msg).toBe('您的岗位无此权限');
  expect((await t.call('GET', '/staff/content')).code).not.toBe(200);
  expect(await content()).toEqual(before);
});
