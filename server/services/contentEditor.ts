/** The notices and FAQs an admin writes in the staff console (docs/product.md §2.11): each draft
 * checked by src/domain/contentRules.ts (what the console checked before sending it), written,
 * changed or taken down, and audited with what it replaced. The visitors' and teams' calls read
 * these tables on every request (no cache to drop), so a change is seen at its commit. */
import type { Queryable } from '../db/db.ts';
import { CONTENT_TEXTS, noticeRefusal, type FaqEdit, type NoticeEdit, type StaffContent } from '../../src/domain/contentRules.ts';
import type { Text } from '../../src/domain/text.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { museumDate } from '../time.ts';
import { audit } from './audit.ts';

const NOTICE = `SELECT id, title_zh, title_en, content_zh, content_en, to_char(applicable_end, 'YYYY-MM-DD') AS applicable_end, published_at FROM notices`;
const FAQ = 'SELECT id, category_zh, category_en, question_zh, question_en, answer_zh, answer_en, sort FROM faqs';

interface NoticeRow {
  id: number;
  title_zh: string;
  title_en: string;
  content_zh: string;
  content_en: string;
  applicable_end: string | null;
  published_at: Date;
}
type FaqRow = { id: number; sort: number } & Record<`${'category' | 'question' | 'answer'}_${'zh' | 'en'}`, string>;

const noticeOf = (r: NoticeRow): NoticeEdit => ({
  title: { zh: r.title_zh, en: r.title_en },
  content: { zh: r.content_zh, en: r.content_en },
  applicableEnd: r.applicable_end,
});
const faqOf = (r: FaqRow): FaqEdit => ({
  category: { zh: r.category_zh, en: r.category_en },
  question: { zh: r.question_zh, en: r.question_en },
  answer: { zh: r.answer_zh, en: r.answer_en },
  sort: r.sort,
});

/** Every notice, newest first (past ones too), and every question in the visitors' order. */
export async function staffContent(deps: AppDeps): Promise<StaffContent> {
  const notices = await deps.db.query<NoticeRow>(`${NOTICE} ORDER BY published_at DESC, id DESC`);
  const faqs = await deps.db.query<FaqRow>(`${FAQ} ORDER BY sort, id`);
  return {
    notices: notices.map((r) => ({ ...noticeOf(r), noticeId: r.id, publishedAt: r.published_at.toISOString() })),
    faqs: faqs.map((r) => ({ ...faqOf(r), faqId: r.id })),
  };
}

/** The row `id` of `table` read for update, or the refusal `missing`. */
async function before<R>(q: Queryable, select: string, id: number, missing: Text): Promise<R> {
  const [row] = await q.query<R>(`${select} WHERE id = $1 FOR UPDATE`, [id]);
  if (!row) throw fail(missing);
  return row;
}

/** A new notice (`noticeId` null, published now) or a change of one (its publishing time kept). */
export async function saveNotice(deps: AppDeps, staffId: number, noticeId: number | null, body: NoticeEdit): Promise<{ noticeId: number }> {
  const now = deps.clock();
  const refused = noticeRefusal(body, museumDate(now));
  if (refused) throw fail(refused.text);
  const values = [body.title.zh.trim(), body.title.en.trim(), body.content.zh.trim(), body.content.en.trim(), body.applicableEnd];
  return deps.db.tx(async (q) => {
    const from = noticeId === null ? null : noticeOf(await before<NoticeRow>(q, NOTICE, noticeId, CONTENT_TEXTS.noNotice));
    const [{ id }] =
      noticeId === null
        ? await q.query<{ id: number }>(
            `INSERT INTO notices (title_zh, title_en, content_zh, content_en, applicable_end, published_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [...values, now],
          )
        : await q.query<{ id: number }>(
            'UPDATE notices SET title_zh = $2, title_en = $3, content_zh = $4, content_en = $5, applicable_end = $6 WHERE id = $1 RETURNING id',
            [noticeId, ...values],
          );
    await audit(q, staffId, noticeId === null ? 'createNotice' : 'updateNotice', `notice:${id}`, { from, to: body }, now);
    return { noticeId: id };
  });
}

/** A new question (`faqId` null) or a change of one. */
export async function saveFaq(deps: AppDeps, staffId: number, faqId: number | null, body: FaqEdit): Promise<{ faqId: number }> {
  const now = deps.clock();
  const values = [body.category, body.question, body.answer].flatMap((t) => [t.zh.trim(), t.en.trim()]);
  return deps.db.tx(async (q) => {
    const from = faqId === null ? null : faqOf(await before<FaqRow>(q, FAQ, faqId, CONTENT_TEXTS.noFaq));
    const [{ id }] =
      faqId === null
        ? await q.query<{ id: number }>(
            `INSERT INTO faqs (category_zh, category_en, question_zh, question_en, answer_zh, answer_en, sort) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [...values, body.sort],
          )
        : await q.query<{ id: number }>(
            `UPDATE faqs SET category_zh = $2, category_en = $3, question_zh = $4, question_en = $5, answer_zh = $6, answer_en = $7, sort = $8 WHERE id = $1 RETURNING id`,
            [faqId, ...values, body.sort],
          );
    await audit(q, staffId, faqId === null ? 'createFaq' : 'updateFaq', `faq:${id}`, { from, to: body }, now);
    return { faqId: id };
  });
}

/** Takes a notice or a question down; the audit keeps what it said. */
export async function deleteContent(deps: AppDeps, staffId: number, kind: 'notice' | 'faq', id: number): Promise<null> {
  const now = deps.clock();
  await deps.db.tx(async (q) => {
    const was = kind === 'notice' ? noticeOf(await before(q, NOTICE, id, CONTENT_TEXTS.noNotice)) : faqOf(await before(q, FAQ, id, CONTENT_TEXTS.noFaq));
    await q.query(`DELETE FROM ${kind === 'notice' ? 'notices' : 'faqs'} WHERE id = $1`, [id]);
    await audit(q, staffId, kind === 'notice' ? 'deleteNotice' : 'deleteFaq', `${kind}:${id}`, { from: was }, now);
  });
  return null;
}
