/** The visit rating (docs/product.md §1 "rate the system"; the shape is ours): after a visit, the visitor
 * (or the team, for its group order) gives the visit and the booking 1 to 5 stars each, with an
 * optional comment, once per order. The same rules run in the rating card's machine
 * (machines/rating.machine.ts) and on the server (server/services/ratings.ts). */
import type { Text } from './text.ts';
import type { OrderStatus } from './types.ts';

export const STARS = [1, 2, 3, 4, 5] as const;
export type Stars = (typeof STARS)[number];

/** A comment is a line or two on a phone, shown to staff as plain text. */
export const RATING_COMMENT_MAX = 200;

export const RATING_TEXTS = {
  visitStars: { zh: '请为参观体验选择 1-5 星', en: 'Please give the visit 1 to 5 stars' },
  bookingStars: { zh: '请为购票体验选择 1-5 星', en: 'Please give the booking 1 to 5 stars' },
  commentLength: { zh: `评价内容不能超过${RATING_COMMENT_MAX}个字`, en: `A comment can be at most ${RATING_COMMENT_MAX} characters` },
  notPaid: { zh: '只有已支付的订单可以评价', en: 'Only a paid order can be rated' },
  notYet: { zh: '参观之后才能评价', en: 'You can rate this order after your visit' },
  noVisit: { zh: '该订单无人入馆，不能评价', en: 'Nobody of this order came to the museum: there is no visit to rate' },
  rated: { zh: '该订单已评价', en: 'This order has already been rated' },
  notFound: { zh: '订单不存在', en: 'The order does not exist' },
} as const satisfies Record<string, Text>;

/** A rating as the visitor fills it in (0: no star chosen yet). */
export interface RatingForm {
  visitStars: number;
  bookingStars: number;
  comment: string;
}

const isStars = (n: number): n is Stars => (STARS as readonly number[]).includes(n);

/** The first broken rule of a rating, or null. The comment counts characters, not bytes. */
export function checkRating(form: RatingForm): Text | null {
  if (!isStars(form.visitStars)) return RATING_TEXTS.visitStars;
  if (!isStars(form.bookingStars)) return RATING_TEXTS.bookingStars;
  return [...form.comment.trim()].length > RATING_COMMENT_MAX ? RATING_TEXTS.commentLength : null;
}

/** What the server knows of an order when asked whether it may be rated. */
export interface RatingFacts {
  status: OrderStatus;
  /** The last museum day among the order's tickets still standing (a date change moves it). */
  lastVisitDate: string;
  today: string;
  /** Tickets let in at the gate. */
  checked: number;
  /** Tickets whose day passed unused (marked by the missed-visit job). */
  missed: number;
  /** Tickets still waiting for the gate. */
  waiting: number;
  rated: boolean;
}

const PAID: readonly OrderStatus[] = ['completed', 'partlyRefunded', 'changed'];

/** Why an order cannot be rated now, or null. A visit is over when a ticket was let in or the
 * last visit day has passed; an order whose every ticket was missed had no visit. */
export function ratingRefusal(f: RatingFacts): Text | null {
  if (f.rated) return RATING_TEXTS.rated;
  if (!PAID.includes(f.status)) return RATING_TEXTS.notPaid;
  if (f.checked > 0) return null;
  if (f.missed > 0 && f.waiting === 0) return RATING_TEXTS.noVisit;
  return f.lastVisitDate < f.today ? null : RATING_TEXTS.notYet;
}

/** An average of stars for staff, to one decimal (null when nobody rated). */
export function averageStars(total: number, count: number): number | null {
  return count > 0 ? Math.round((total / count) * 10) / 10 : null;
}
