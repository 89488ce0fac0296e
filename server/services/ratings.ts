/** The visit rating: an order's owner rates the visit and the booking once, after the
 * visit (src/domain/rating.ts decides when, here on what the database says); the staff read the
 * averages of a day per hall. */
import type { z } from 'zod';
import type { ratingBody } from '../../src/domain/contracts.ts';
import { averageStars, checkRating, RATING_TEXTS, ratingRefusal, type RatingFacts } from '../../src/domain/rating.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { OrderRating, OrderStatus, StaffDay } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { fail } from '../http.ts';
import { museumDate, museumDateTime } from '../time.ts';

interface RatingRow {
  visit_stars: number;
  booking_stars: number;
  comment: string;
  created_at: Date;
}

/** The order's facts for the rule, or null when the order is not this account's. */
async function factsOf(q: Queryable, userId: number, orderId: number, today: string): Promise<(RatingFacts & { row: RatingRow | null }) | null> {
  const [order] = await q.query<{ status: OrderStatus; visit_date: string }>('SELECT status, visit_date FROM orders WHERE id = $1 AND user_id = $2', [
    orderId,
    userId,
  ]);
  if (!order) return null;
  const [tickets] = await q.query<{ checked: number; missed: number; waiting: number; last_day: string | null }>(
    `SELECT count(*) FILTER (WHERE t.status = 'checked')::int AS checked,
            count(*) FILTER (WHERE t.status = 'expired')::int AS missed,
            count(*) FILTER (WHERE t.status = 'toBeChecked')::int AS waiting,
            max(s.visit_date) FILTER (WHERE t.status IN ('checked', 'expired', 'toBeChecked')) AS last_day
       FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id WHERE t.order_id = $1`,
    [orderId],
  );
  const [row] = await q.query<RatingRow>('SELECT visit_stars, booking_stars, comment, created_at FROM ratings WHERE order_id = $1', [orderId]);
  return {
    status: order.status,
    lastVisitDate: tickets.last_day ?? order.visit_date,
    today,
    checked: tickets.checked,
    missed: tickets.missed,
    waiting: tickets.waiting,
    rated: row !== undefined,
    row: row ?? null,
  };
}

function cardOf(orderId: number, facts: RatingFacts & { row: RatingRow | null }, lang: Lang): OrderRating {
  const refusal = ratingRefusal(facts);
  const r = facts.row;
  return {
    orderId,
    rateable: refusal === null,
    refusal: refusal ? refusal[lang] : null,
    rating: r ? { visitStars: r.visit_stars, bookingStars: r.booking_stars, comment: r.comment, createTime: museumDateTime(r.created_at) } : null,
  };
}

/** The order's rating card. Another account's order does not exist. */
export async function orderRating(deps: AppDeps, userId: number, orderId: number, lang: Lang): Promise<OrderRating> {
  const facts = await factsOf(deps.db, userId, orderId, museumDate(deps.clock()));
  if (!facts) throw fail(RATING_TEXTS.notFound);
  return cardOf(orderId, facts, lang);
}

/** Rates the order once: the rules again, under the order's lock; the comment stored trimmed. */
export async function rateOrder(deps: AppDeps, userId: number, body: z.output<typeof ratingBody>, lang: Lang): Promise<OrderRating> {
  const form = { visitStars: body.visitStars, bookingStars: body.bookingStars, comment: body.comment };
  const broken = checkRating(form);
  if (broken) throw fail(broken);
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    // The order locked: two submissions are decided one after the other.
    await lockRows(q, 'orders', { id: body.orderId, user_id: userId }, ['id']);
    const facts = await factsOf(q, userId, body.orderId, museumDate(now));
    if (!facts) throw fail(RATING_TEXTS.notFound);
    const refused = ratingRefusal(facts);
    if (refused) throw fail(refused);
    const [row] = await q.query<RatingRow>(
      `INSERT INTO ratings (order_id, user_id, visit_stars, booking_stars, comment, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (order_id) DO NOTHING RETURNING visit_stars, booking_stars, comment, created_at`,
      [body.orderId, userId, form.visitStars, form.bookingStars, form.comment.trim(), now],
    );
    if (!row) throw fail(RATING_TEXTS.rated);
    return cardOf(body.orderId, { ...facts, rated: true, row }, lang);
  });
}

/** The day's ratings per hall: orders of that museum day (their order's day), halls in order. */
export async function dayRatings(q: Queryable, date: string, lang: Lang): Promise<StaffDay['ratings']> {
  const rows = await q.query<{ hall_id: number; name_zh: string; name_en: string; n: number; visit: number; booking: number }>(
    `SELECT h.id AS hall_id, h.name_zh, h.name_en, count(*)::int AS n, sum(r.visit_stars)::int AS visit, sum(r.booking_stars)::int AS booking
       FROM ratings r JOIN orders o ON o.id = r.order_id JOIN halls h ON h.id = o.hall_id
      WHERE o.visit_date = $1 GROUP BY h.id ORDER BY h.sort, h.id`,
    [date],
  );
  return rows.map((r) => ({
    hallId: r.hall_id,
    hallName: lang === 'en' ? r.name_en : r.name_zh,
    count: r.n,
    visit: averageStars(r.visit, r.n) ?? 0,
    booking: averageStars(r.booking, r.n) ?? 0,
  }));
}
