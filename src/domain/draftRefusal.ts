/** What the console's editors (coupon batches, notices, FAQs) say of a draft whose shape the
 * server's schema refuses: the field (a path such as `name.zh`) and what it wants, in zh and en. */
import type { z } from 'zod';
import { fill, type Text } from './text.ts';

/** Why a draft is refused, and the field the refusal belongs beside. */
export interface DraftRefusal {
  field: string;
  text: Text;
}

export const DRAFT_TEXTS = {
  fieldInvalid: { zh: '请检查此项', en: 'Check this field' },
  fieldRequired: { zh: '请填写此项', en: 'Fill this in' },
  fieldRange: { zh: '须为 {min} 到 {max} 之间的整数', en: 'A whole number from {min} to {max}' },
  fieldLonger: { zh: '最多 {n} 个字', en: 'At most {n} characters' },
} as const satisfies Record<string, Text>;

/** The first problem of a shape: a number's field says its range (`ranges`, by field), an empty
 * or missing text "fill this in", a long one its most characters. */
export function shapeRefusal(error: z.ZodError, ranges: Record<string, readonly [number, number]> = {}): DraftRefusal {
  const issue = error.issues[0];
  const field = issue.path.join('.');
  const range = ranges[field];
  if (range) return { field, text: fill(DRAFT_TEXTS.fieldRange, { min: range[0], max: range[1] }) };
  if (issue.code === 'too_small' && issue.origin === 'string') return { field, text: DRAFT_TEXTS.fieldRequired };
  if (issue.code === 'too_big' && issue.origin === 'string') return { field, text: fill(DRAFT_TEXTS.fieldLonger, { n: Number(issue.maximum) }) };
  if (issue.code === 'invalid_type') return { field, text: DRAFT_TEXTS.fieldRequired };
  return { field, text: DRAFT_TEXTS.fieldInvalid };
}
