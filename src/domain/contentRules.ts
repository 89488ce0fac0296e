/** The notices and the FAQs an admin writes in the staff console (docs/product.md §2.11): a
 * notice's title and text in zh and en and the last day it is shown (none: until taken down); a
 * question's category, question and answer in zh and en and its place in the list. Both are
 * plain text (paragraphs by new lines), as the visitor's and the team's screens show them. The
 * console checks a draft with these rules before it sends it; the server checks it again. */
import { z } from 'zod';
import { shapeRefusal, type DraftRefusal } from './draftRefusal.ts';
import type { Text } from './text.ts';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
const pair = (max: number) => z.strictObject({ zh: z.string().trim().min(1).max(max), en: z.string().trim().min(1).max(max) });

export const noticeEdit = z.strictObject({
  title: pair(100),
  content: pair(5000),
  /** The last museum day it is listed; null: until it is taken down. */
  applicableEnd: day.nullable(),
});
export const faqEdit = z.strictObject({
  /** The category groups read questions by (TeamFAQs `category`, 60 at most). */
  category: pair(60),
  question: pair(200),
  answer: pair(5000),
  sort: z.number().int().min(0).max(999),
});
export type NoticeEdit = z.output<typeof noticeEdit>;
export type FaqEdit = z.output<typeof faqEdit>;

/** What the console lists: every notice (those past their last day too) and every question. */
export const staffContent = z.strictObject({
  notices: z.array(noticeEdit.extend({ noticeId: z.number().int(), publishedAt: z.string() })),
  faqs: z.array(faqEdit.extend({ faqId: z.number().int() })),
});
export type StaffContent = z.output<typeof staffContent>;

export const CONTENT_TEXTS = {
  pastEnd: { zh: '最后展示日不能早于今天', en: 'The last day shown cannot be before today' },
  noNotice: { zh: '公告不存在', en: 'The notice does not exist' },
  noFaq: { zh: '问题不存在', en: 'The question does not exist' },
} as const satisfies Record<string, Text>;

/** What a notice may be on `today` (a museum date): shown until today at least. */
export function noticeRefusal(n: NoticeEdit, today: string): DraftRefusal | null {
  return n.applicableEnd !== null && n.applicableEnd < today ? { field: 'applicableEnd', text: CONTENT_TEXTS.pastEnd } : null;
}

export function noticeDraftRefusal(draft: unknown, today: string): DraftRefusal | null {
  const parsed = noticeEdit.safeParse(draft);
  return parsed.success ? noticeRefusal(parsed.data, today) : shapeRefusal(parsed.error);
}

export function faqDraftRefusal(draft: unknown): DraftRefusal | null {
  const parsed = faqEdit.safeParse(draft);
  return parsed.success ? null : shapeRefusal(parsed.error, { sort: [0, 999] });
}
