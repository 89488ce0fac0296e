/** The demo admin's token and a POST in its name (or another token's), answering the envelope. */
import { DEMO_STAFF } from '../../server/seed/accounts.ts';
import type { TestApp } from './helpers.ts';

export type Answer<T = unknown> = { code: number; msg: string; data: T };

export async function asAdmin(t: TestApp) {
  const token: string = (await t.call('POST', '/staff/login', { body: DEMO_STAFF })).data.token;
  const post = <T = unknown>(path: string, body: unknown, lang: 'zh' | 'en' = 'en', as = token): Promise<Answer<T>> =>
    t.call('POST', path, { token: as, body, lang });
  /** A session of the hall on `date`, from a template of its own applied at once. */
  const sessionOn = async (hallId: number, date: string, session: { beginTime: string; endTime: string; capacity: number; filmId: number | null }) => {
    const template = await post<{ templateId: number } | null>('/staff/templates', { hallId, name: `At ${session.beginTime}`, sessions: [session] });
    if (!template.data) throw new Error(template.msg);
    const applied = await post('/staff/templates/apply', {
      templateId: template.data.templateId,
      from: date,
      to: date,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      releaseAt: 'now',
    });
    if (applied.code !== 200) throw new Error(applied.msg);
  };
  return { token, post, sessionOn };
}
