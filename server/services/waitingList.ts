/** The waiting list (docs/product.md §1, §4 waiting-list order): joining a full session with a candidate
 * order paid up front, filling candidates first-come first-served with every ticket that comes
 * back, the visitor's cancel, and the cut-off that pays unfilled ones back.
 *
 * One discipline, the stock's: a candidate order owns no stock until it is filled; filling
 * takes stock with the same conditional update as a sale, inside the transaction that gave the
 * stock back (offerToCandidates, in stock.ts: every release ends in it), so general sale never
 * sees a returned ticket while a candidate that fits is waiting. A fill is guarded by the order's status, so it
 * happens once; candidates are claimed with FOR UPDATE SKIP LOCKED, so a fill never waits on
 * a candidate someone else holds (its own cancel), and two instances never fill one twice. */
import { flagIssuedInvoice } from './invoices.ts';
import { recordRefund, submitRefundNow } from './refundSubmit.ts';
import type { AppDeps } from '../context.ts';
import type { Db, Queryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import type { DirectOrderBody } from '../../src/domain/contracts.ts';
import { fail } from '../http.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { CancelOrderResult, PlaceOrderResult } from '../../src/domain/types.ts';
import { draftFromRequest } from '../../src/domain/orderRequest.ts';
import { joinRefusal, waitingListSettings, WAITING_LIST_MESSAGES } from '../../src/domain/waitingList.ts';
import { museumDate } from '../time.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { getConfig, minutes } from './settings.ts';
import { checkedSession, insertOrder, lockBuyer, newTickets, passRiskAndCaptcha, refuseUnpaid } from './orders.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { offersWaitingList, POOL_MESSAGES } from './pool.ts';
import { riskEnabled } from './risk.ts';
import { sessionCutoff, waitingCounts } from './candidateCounts.ts';

/** placeOrder with isCandidateOrder 1: every order rule but the stock, then the list's own
 * rules (open, not past its cut-off, really full for this party, not full itself, one order
 * per visitor) under the session's row lock, so concurrent joins cannot overfill it. The
 * order is unpaid like any other; paid, it stands by. */
export async function placeCandidateOrder(deps: AppDeps, userId: number, input: DirectOrderBody, lang: Lang): Promise<PlaceOrderResult> {
  const now = deps.clock();
  const draft = draftFromRequest(input);
  if (deps.config.captcha === 'off') draft.captchaToken = draft.captchaToken ?? 'captcha-off';
  // The party's rules, as for a sale; the stock is the list's business below.
  const { schedule, hall, prices, config } = await checkedSession(deps, draft, input.ticketInfoList, input.date, now, 'submit', 'waitingList');
  if (!offersWaitingList(hall)) throw fail(WAITING_LIST_MESSAGES.notOffered);
  const settings = waitingListSettings(config);
  const holdMinutes = minutes(config, 'person_pay_hold_period', 15);
  const party = input.ticketInfoList.length;

  return deps.db.tx(async (q) => {
    await lockBuyer(q, userId, now, config);
    await refuseUnpaid(q, userId, now);
    const [locked] = await lockRows(q, 'hall_schedule', { id: schedule.id }, ['capacity', 'sold', 'held', 'stopped', 'stop_reason_zh', 'stop_reason_en']);
    const s = locked && { ...locked, remaining: locked.capacity - locked.sold - locked.held };
    // Stopped (or called off) since the rules were read: no one joins its list now.
    if (s.stopped) throw fail(s.stop_reason_zh ? { zh: s.stop_reason_zh, en: s.stop_reason_en ?? s.stop_reason_zh } : POOL_MESSAGES.stopped);
    const waiting = (await waitingCounts(q, [schedule.id])).get(schedule.id) ?? 0;
    const refused = joinRefusal(party, {
      offered: true,
      remaining: s.remaining,
      waiting,
      max: settings.maxPerSession,
      closed: now.getTime() >= sessionCutoff(schedule, settings).getTime(),
    });
    if (refused) throw fail(refused);
    const mine = await q.query(`SELECT 1 FROM orders WHERE user_id = $1 AND schedule_id = $2 AND is_candidate AND status IN ('toBePaid', 'standingBy')`, [
      userId,
      schedule.id,
    ]);
    if (mine.length > 0) throw fail(WAITING_LIST_MESSAGES.already);
    const risk = await passRiskAndCaptcha(q, deps, config, userId, now, input.captchaToken, lang);
    if (risk) return risk;
    const lines = input.ticketInfoList.map((line) => ({ line, price: prices.find((p) => p.ticketPriceId === line.ticketPriceId)! }));
    const tickets = newTickets(lines, schedule.id, []);
    const orderId = await insertOrder(q, { userId, now, holdMinutes, tickets, hallId: hall.id, visitDate: schedule.visit_date, kind: 'candidate', lang });
    return { orderId, riskEnable: riskEnabled(config), riskPolicy: 1, riskPrompt: null };
  });
}

/** Pays a candidate order back in full (a refund recorded, sent by the provider after the
 * transaction commits) and gives it its end state. Guarded by the state it leaves, so money
 * goes back once. The refund's id, or null when the order was not in `from`. */
export async function payBack(q: Queryable, orderId: number, from: 'standingBy' | 'full', to: 'canceled' | 'returned', now: Date): Promise<number | null> {
  const [o] = await q.query<{ user_id: number; amount: number }>(
    `UPDATE orders SET status = $3, canceled_at = $4, refunded_amount = amount WHERE id = $1 AND status = $2 RETURNING user_id, amount`,
    [orderId, from, to, now],
  );
  if (!o) return null;
  // A waiting order is invoiced only once filled, so this finds none today; a return is a refund all the same.
  await flagIssuedInvoice(q, orderId, o.amount, now);
  const tickets = await q.query<{ id: number }>(`UPDATE tickets SET status = 'canceled' WHERE order_id = $1 AND status = 'candidate' RETURNING id`, [orderId]);
  return recordRefund(q, { orderId, userId: o.user_id, amount: o.amount, ticketIds: tickets.map((t) => t.id), now });
}

/** candidateOrderCancelPerson: the owner leaves the list; the money comes back in full. An
 * unpaid candidate is cancelled like any unpaid order (/order/OrderInfo/cancel). */
export async function cancelCandidate(deps: AppDeps, userId: number, orderId: number): Promise<CancelOrderResult> {
  const now = deps.clock();
  const refundId = await deps.db.tx(async (q) => {
    const [o] = await lockRows(q, 'orders', { id: orderId, user_id: userId }, ['status', 'is_candidate']);
    if (!o) throw fail(ORDER_TEXTS.orderNotFound);
    if (!o.is_candidate) throw fail(WAITING_LIST_MESSAGES.notCandidate);
    const paidBack = await payBack(q, orderId, 'standingBy', 'canceled', now);
    if (paidBack === null) throw fail(WAITING_LIST_MESSAGES.notStandingBy);
    return paidBack;
  });
  await submitRefundNow(deps, refundId);
  return { orderId, status: 'canceled' };
}

/** The cut-off, first half: standing-by orders of sessions whose list has closed become
 * 'full'; unpaid candidates of those sessions are cancelled. Claims rows with SKIP LOCKED. */
export async function closeDueLists(q: Queryable, now: Date, limit = 100): Promise<number> {
  const settings = waitingListSettings(await getConfig(q));
  // Sessions beginning before now + cut-off (by day first, then the exact instant in JS).
  const horizon = museumDate(new Date(now.getTime() + settings.cutoffMinutes * 60_000));
  const due = await q.query<{ id: number; status: string; visit_date: string; begin_time: string }>(
    `SELECT o.id, o.status, s.visit_date, s.begin_time FROM orders o JOIN hall_schedule s ON s.id = o.schedule_id
      WHERE o.is_candidate AND o.status = 'standingBy' AND s.visit_date <= $1
      ORDER BY o.id LIMIT $2 FOR UPDATE OF o SKIP LOCKED`, // a claim (SKIP LOCKED, by session date): never waits
    [horizon, limit],
  );
  let n = 0;
  for (const o of due) {
    if (now.getTime() < sessionCutoff(o, settings).getTime()) continue;
    const done = await q.query(`UPDATE orders SET status = 'full' WHERE id = $1 AND status = 'standingBy' RETURNING id`, [o.id]);
    n += done.length;
  }
  return n;
}

/** The cut-off, second half: every 'full' order is paid back and becomes 'returned'. */
export async function returnFullOrders(q: Queryable, now: Date, limit = 100): Promise<number> {
  // A claim (SKIP LOCKED, a batch): never waits, so not lockRows.
  const due = await q.query<{ id: number }>(`SELECT id FROM orders WHERE status = 'full' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, [limit]);
  let n = 0;
  // The refund job sends their money back once this transaction has committed.
  for (const o of due) if ((await payBack(q, o.id, 'full', 'returned', now)) !== null) n++;
  return n;
}

/** Sends the text messages fills decided (after their transactions committed), each once. */
export async function sendNotices(db: Db, sms: SmsProvider, now: Date, limit = 50): Promise<number> {
  const notices = await db.tx((q) =>
    q.query<{ id: number; phone: string; text: string }>(
      // A claim (SKIP LOCKED, a batch): never waits, so not lockRows.
      `UPDATE sms_notices SET sent_at = $1 WHERE id IN (SELECT id FROM sms_notices WHERE sent_at IS NULL ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id, phone, text`,
      [now, limit],
    ),
  );
  for (const n of notices) await sms.send({ phone: n.phone, text: n.text, code: '', sentAt: now.getTime() }).catch(() => undefined);
  return notices.length;
}
