/** The museum's content for groups (docs/product.md §7 TeamFAQs, getInformationManagement): questions
 * by category and the notices still applicable, in the request's language. */
import type { z } from 'zod';
import type { AppDeps } from '../context.ts';
import type { faqQuery, noticeQuery } from '../../src/domain/contracts.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { Faq, Notice, Page } from '../../src/domain/types.ts';
import { museumDate } from '../time.ts';

export async function teamFaqs(deps: AppDeps, query: z.output<typeof faqQuery>, lang: Lang): Promise<Faq[]> {
  const rows = await deps.db.query<{ id: number; category: string; question: string; answer: string }>(
    `SELECT id, category_${lang} AS category, question_${lang} AS question, answer_${lang} AS answer FROM faqs
      WHERE $1::text IS NULL OR category_zh = $1 OR category_en = $1 ORDER BY sort, id`,
    [query.category?.trim() || null],
  );
  return rows.map((r) => ({ faqId: r.id, category: r.category, question: r.question, answer: r.answer }));
}

/** Notices whose last applicable day has not passed, newest first; `id` narrows to one. */
export async function notices(deps: AppDeps, query: z.output<typeof noticeQuery>, lang: Lang): Promise<Page<Notice>> {
  const where = `(applicable_end IS NULL OR applicable_end >= $1) AND ($2::int IS NULL OR id = $2)`;
  const params = [query.applicableEnd ?? museumDate(deps.clock()), query.id ?? null];
  const rows = await deps.db.query<{ id: number; title: string; content: string; publish_time: string }>(
    `SELECT id, title_${lang} AS title, content_${lang} AS content,
            to_char(published_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') AS publish_time
       FROM notices WHERE ${where} ORDER BY published_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [...params, query.pageSize, (query.pageNum - 1) * query.pageSize],
  );
  const [{ n }] = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notices WHERE ${where}`, params);
  return { rows: rows.map((r) => ({ noticeId: r.id, title: r.title, content: r.content, publishTime: r.publish_time })), total: n };
}
