/** Reading the caller's orders: one order, its status, the unpaid one, the list. */
import { z } from 'zod';
import { ticketQr } from '../ticketQr.ts';
import { orderListQuery } from '../../src/domain/contracts.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail } from '../http.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { GroupOrderDetail, OrderDetail, OrderStatus, OrderSummary, Page, TicketStatus } from '../../src/domain/types.ts';
import { groupView, type StoredGroupInfo } from './groupView.ts';
import { seatNumberOf } from '../../src/domain/seats.ts';
import { maskCertificate } from '../../src/domain/certificates.ts';
import { museumDateTime } from '../time.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { candidateStateOf } from '../../src/domain/waitingList.ts';
import { certificateTypeColumn } from '../db/columns.ts';

export interface OrderRow {
  id: number;
  order_number: string;
  user_id: number;
  status: OrderStatus;
  amount: number;
  ticket_num: number;
  created_at: Date;
  pay_deadline: Date | null;
  pay_time: Date | null;
  visit_date: string;
  hall_name_zh: string;
  hall_name_en: string;
  begin_time: string;
  end_time: string;
  short_link_flag: string | null;
  is_candidate: boolean;
}

export const ORDER_SELECT = `SELECT o.*, h.name_zh AS hall_name_zh, h.name_en AS hall_name_en, s.begin_time, s.end_time
  FROM orders o JOIN halls h ON h.id = o.hall_id JOIN hall_schedule s ON s.id = o.schedule_id`;

/** Reads never write. An unpaid order past its deadline is cancelled, whether or not the
 * pay-timeout job (which returns its stock) has reached it yet: reads show it so. */
export function asOf<T extends { status: OrderStatus; pay_deadline: Date | null }>(o: T, now: Date): T {
  return o.status === 'toBePaid' && o.pay_deadline && o.pay_deadline.getTime() <= now.getTime() ? { ...o, status: 'canceled' } : o;
}

/** The same, in SQL (parameter `$n` is now). */
const effectiveStatus = (n: number) => `(CASE WHEN o.status = 'toBePaid' AND o.pay_deadline <= $${n} THEN 'canceled' ELSE o.status END)`;

export const summary = (o: OrderRow, lang: Lang): OrderSummary => ({
  orderId: o.id,
  orderNumber: o.order_number,
  status: o.status,
  amount: o.amount,
  ticketNum: o.ticket_num,
  createTime: museumDateTime(o.created_at),
  visitDate: o.visit_date,
  hallName: lang === 'en' ? o.hall_name_en : o.hall_name_zh,
  beginTime: o.begin_time,
  endTime: o.end_time,
  isCandidate: o.is_candidate,
  candidate: o.is_candidate ? candidateStateOf(o.status) : null,
});

/** The detail of one order row: tickets masked, each with its own session. */
export async function detailOf(q: Queryable, o: OrderRow, lang: Lang): Promise<OrderDetail> {
  const tickets = await q.query<{
    id: number;
    user_name: string;
    certificate_type: string;
    certificate_info: string;
    ticket_name_zh: string;
    ticket_name_en: string;
    price: number;
    status: TicketStatus;
    qr_code: string | null;
    schedule_id: number;
    visit_date: string;
    begin_time: string;
    end_time: string;
    hall_name_zh: string;
    hall_name_en: string;
    row_label: string | null;
    seat_label: string | null;
    row_no: number | null;
    col_no: number | null;
    choose_mode: number;
    film_zh: string | null;
    film_en: string | null;
  }>(
    `SELECT t.*, s.visit_date, s.begin_time, s.end_time, h.name_zh AS hall_name_zh, h.name_en AS hall_name_en,
            hs.row_label, hs.seat_label, hs.row_no, hs.col_no, h.choose_mode, f.name_zh AS film_zh, f.name_en AS film_en
     FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id JOIN halls h ON h.id = s.hall_id
     LEFT JOIN session_seats ss ON ss.ticket_id = t.id LEFT JOIN hall_seats hs ON hs.id = ss.seat_id LEFT JOIN films f ON f.id = s.film_id
     WHERE t.order_id = $1 ORDER BY t.id`,
    [o.id],
  );
  // Money back: 'pending' and 'processing' are both "on its way" to the visitor.
  const refunds = await q.query<{ amount: number; status: string; created_at: Date }>(
    `SELECT amount, status, created_at FROM refunds WHERE order_id = $1 ORDER BY id`,
    [o.id],
  );
  return {
    ...summary(o, lang),
    refunds: refunds.map((r) => ({
      amount: r.amount,
      status: r.status === 'done' ? 'refunded' : r.status === 'failed' ? 'failed' : 'inProgress',
      createTime: museumDateTime(r.created_at),
    })),
    payDeadline: o.status === 'toBePaid' && o.pay_deadline ? o.pay_deadline.getTime() : null,
    payTime: o.pay_time ? museumDateTime(o.pay_time) : null,
    shortLinkFlag: o.short_link_flag ?? null,
    seatsChangeable: o.status === 'toBePaid' && tickets.some((t) => t.row_label !== null && t.choose_mode === 1),
    tickets: tickets.map((t) => ({
      ticketId: t.id,
      userName: t.user_name,
      certificateType: certificateTypeColumn(t.certificate_type),
      certificateInfo: maskCertificate(t.certificate_info),
      ticketName: lang === 'en' ? t.ticket_name_en : t.ticket_name_zh,
      price: t.price,
      status: o.status === 'canceled' && t.status === 'toBePaid' ? 'canceled' : t.status,
      qrCode: ticketQr(t.id, t.qr_code),
      hallScheduleId: t.schedule_id,
      visitDate: t.visit_date,
      hallName: lang === 'en' ? t.hall_name_en : t.hall_name_zh,
      beginTime: t.begin_time,
      endTime: t.end_time,
      seat: t.row_label && t.seat_label ? { rowLabel: t.row_label, seatLabel: t.seat_label, number: seatNumberOf({ row: t.row_no!, col: t.col_no! }) } : null,
      filmName: lang === 'en' ? t.film_en : t.film_zh,
    })),
  };
}

export async function orderDetail(deps: AppDeps, userId: number, orderId: number, lang: Lang): Promise<OrderDetail> {
  const [o] = await deps.db.query<OrderRow>(`${ORDER_SELECT} WHERE o.id = $1 AND o.user_id = $2`, [orderId, userId]);
  if (!o) throw fail(ORDER_TEXTS.orderNotFound);
  return detailOf(deps.db, asOf(o, deps.clock()), lang);
}

/** searchTravelTeamOrder: a group order of the caller with its group part. */
export async function groupOrderDetail(deps: AppDeps, userId: number, orderId: number, lang: Lang): Promise<GroupOrderDetail> {
  const [o] = await deps.db.query<OrderRow & { group_info: StoredGroupInfo | null; pay_method: 'online' | 'window' }>(
    `${ORDER_SELECT} WHERE o.id = $1 AND o.user_id = $2 AND o.group_info IS NOT NULL`,
    [orderId, userId],
  );
  if (!o || !o.group_info) throw fail(ORDER_TEXTS.orderNotFound);
  return { ...(await detailOf(deps.db, asOf(o, deps.clock()), lang)), group: groupView(o.group_info, o.pay_method, o.visit_date) };
}

export async function orderStatus(deps: AppDeps, userId: number, orderId: number) {
  const [row] = await deps.db.query<{ status: OrderStatus; pay_deadline: Date | null }>(
    'SELECT status, pay_deadline FROM orders WHERE id = $1 AND user_id = $2',
    [orderId, userId],
  );
  if (!row) throw fail(ORDER_TEXTS.orderNotFound);
  const o = asOf(row, deps.clock());
  return { status: o.status, payDeadline: o.status === 'toBePaid' && o.pay_deadline ? o.pay_deadline.getTime() : null };
}

export async function unpaidOrder(deps: AppDeps, userId: number) {
  const [o] = await deps.db.query<{ id: number; order_number: string }>(
    // A group's order waiting for the window is not one to pay here.
    `SELECT id, order_number FROM orders WHERE user_id = $1 AND status = 'toBePaid' AND pay_method = 'online' AND pay_deadline > $2 ORDER BY id DESC LIMIT 1`,
    [userId, deps.clock()],
  );
  return { orderId: o?.id ?? null, orderNumber: o?.order_number ?? null };
}

export async function listOrders(deps: AppDeps, userId: number, query: z.output<typeof orderListQuery>, lang: Lang): Promise<Page<OrderSummary>> {
  const { status, pageNum, pageSize } = query;
  const now = deps.clock();
  const filter = status ? `AND ${effectiveStatus(3)} = $2` : 'AND $2 = $2 AND $3 = $3';
  const rows = await deps.db.query<OrderRow>(`${ORDER_SELECT} WHERE o.user_id = $1 ${filter} ORDER BY o.created_at DESC, o.id DESC LIMIT $4 OFFSET $5`, [
    userId,
    status,
    now,
    pageSize,
    (pageNum - 1) * pageSize,
  ]);
  const [{ n }] = await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE o.user_id = $1 ${filter}`, [userId, status, now]);
  return { rows: rows.map((o) => summary(asOf(o, now), lang)), total: n };
}
