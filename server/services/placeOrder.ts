/** placeOrder, a visitor's direct order of one session (docs/product.md §7 "Orders"): every rule again on
 * the server, then stock and order in one transaction.
 *
 * In the release rush the buyers of one session are sold together (server/batches.ts): while
 * one transaction sells, the buyers who arrive wait, and the next transaction takes them all,
 * one statement per step whatever their number (their accounts locked, their orders read, the
 * slider's tokens spent, the stock taken and the orders and tickets written). Each buyer is
 * still answered alone: a refusal (blacklisted, an unpaid order, the risk policy, the slider,
 * not enough tickets left) is hers only, and the others' orders are made. At low load a batch is
 * one buyer and starts at once. An order with a seat or a coupon is sold alone, as is every
 * buyer of a batch whose transaction failed as a whole before its COMMIT (a deadlock, say): a
 * seat or a coupon taken by someone else refuses that buyer by rolling back her own transaction. */
import type { DirectOrderBody } from '../../src/domain/contracts.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { PlaceOrderResult, TicketPrice } from '../../src/domain/types.ts';
import { draftFromRequest } from '../../src/domain/orderRequest.ts';
import type { AppDeps } from '../context.ts';
import type { TxQueryable } from '../db/db.ts';
import { lockRows } from '../db/locks.ts';
import { BizError, fail } from '../http.ts';
import { batches, type Batches } from '../batches.ts';
import { consumeTokens, restoreTokens } from '../providers/captcha.ts';
import { refuseBlocked } from './blacklist.ts';
import { refuseCoupons, resolveCoupons } from './coupons.ts';
import { completeOrder } from './payments.ts';
import { assessRisk, riskEnabled } from './risk.ts';
import { seatsForParty } from './seats.ts';
import { minutes } from './settings.ts';
import { placeCandidateOrder } from './waitingList.ts';
import {
  buyersOrders,
  checkedSession,
  lockBuyer,
  lockBuyers,
  newTickets,
  passRiskAndCaptcha,
  refuseUnpaid,
  sellOrder,
  settleUnpaid,
  writeOrders,
  type BookableSession,
  type NewOrder,
} from './orders.ts';
import { ORDER_TEXTS } from './orderTexts.ts';

/** A buyer's order, checked outside any transaction against the session as the catalog keeps it. */
interface Sale {
  userId: number;
  now: Date;
  lang: Lang;
  captchaToken: string;
  session: BookableSession;
  lines: Array<{ line: DirectOrderBody['ticketInfoList'][number]; price: TicketPrice }>;
}

type Answer = PromiseSettledResult<PlaceOrderResult>;

/** The most buyers one transaction sells. */
const MOST_BUYERS = 100;

export async function placeOrder(deps: AppDeps, userId: number, input: DirectOrderBody, lang: Lang): Promise<PlaceOrderResult> {
  if (input.isCandidateOrder === 1) {
    refuseCoupons(input.ticketInfoList);
    return placeCandidateOrder(deps, userId, input, lang);
  }
  const now = deps.clock();
  const draft = draftFromRequest(input);
  if (deps.config.captcha === 'off') draft.captchaToken = draft.captchaToken ?? 'captcha-off';
  // One session per individual order, every rule checked on the session's row and the rest as the catalog keeps them.
  const session = await checkedSession(deps, draft, input.ticketInfoList, input.date, now, 'submit');
  const lines = input.ticketInfoList.map((line) => ({ line, price: session.prices.find((p) => p.ticketPriceId === line.ticketPriceId)! }));
  const sale: Sale = { userId, now, lang, captchaToken: input.captchaToken, session, lines };
  const plain = !session.hall.cinema && lines.every(({ line }) => !line.coupons?.length);
  return plain ? sellersOf(deps)(session.schedule.id, sale) : sellAlone(deps, sale);
}

const accepted = (riskEnable: boolean, orderId: number): PlaceOrderResult => ({ orderId, riskEnable, riskPolicy: 1, riskPrompt: null });

/** One buyer in her own transaction: her account, then the session's row last, so that a rush
 * queues on the session only for the one statement that sells and the commit. */
async function sellAlone(deps: AppDeps, { userId, now, lang, captchaToken, session, lines }: Sale): Promise<PlaceOrderResult> {
  const { schedule, hall, config } = session;
  return deps.db.tx(async (q) => {
    await lockBuyer(q, userId, now, config);
    const ordersToday = await refuseUnpaid(q, userId, now);
    const refused = await passRiskAndCaptcha(q, deps, config, userId, now, captchaToken, lang, ordersToday);
    if (refused) return refused;
    const seats = await seatsForParty(
      q,
      hall,
      schedule.id,
      lines.map(({ line }) => line.seatNumber),
      lines.map(({ price }) => price.kind === 'child'),
    );
    // The coupons checked again under the buyer's lock; takeCoupon's conditional update decides a race.
    const coupons = await resolveCoupons(
      q,
      userId,
      hall.id,
      lines.map(({ line, price }) => ({ coupons: line.coupons, price })),
      now,
    );
    const tickets = newTickets(lines, schedule.id, seats).map((t, i) => {
      const coupon = coupons[i];
      return coupon ? { ...t, price: coupon.price, couponId: coupon.couponId } : t;
    });
    const orderId = await sellOrder(q, newOrder({ userId, now, session, lang }, tickets));
    if (orderId === null) throw fail(ORDER_TEXTS.soldOut);
    // Free-ticket coupons can leave nothing to pay: the order is complete at once, as a school's free visit is.
    if (tickets.every((t) => t.price === 0)) await completeOrder(q, orderId, now);
    return accepted(riskEnabled(config), orderId);
  });
}

function newOrder({ userId, now, session, lang }: Pick<Sale, 'userId' | 'now' | 'session' | 'lang'>, tickets: NewOrder['tickets']): NewOrder {
  const { schedule, hall, config } = session;
  return { userId, now, holdMinutes: minutes(config, 'person_pay_hold_period', 15), tickets, hallId: hall.id, visitDate: schedule.visit_date, lang };
}

const sellers = new WeakMap<AppDeps, Batches<number, Sale, PlaceOrderResult>>();

/** The app's batches of sales, one queue per session; a buyer is never twice in one batch. */
function sellersOf(deps: AppDeps) {
  let sell = sellers.get(deps);
  if (!sell) {
    sell = batches<number, Sale, PlaceOrderResult>({ most: MOST_BUYERS, distinct: (sale) => sale.userId, run: (sales) => sellBatch(deps, sales) });
    sellers.set(deps, sell);
  }
  return sell;
}

/** How many buyers of a session wait for its next batch while one is being sold. */
export function salesWaiting(deps: AppDeps, scheduleId: number): number {
  return sellersOf(deps).waiting(scheduleId);
}

async function sellBatch(deps: AppDeps, sales: Sale[]): Promise<Answer[]> {
  let written = false;
  try {
    return await deps.db.tx(async (q) => {
      const answers = await sellTogether(q, deps, sales);
      written = true;
      return answers;
    });
  } catch (error) {
    // A failure of the COMMIT itself (the connection lost) leaves its outcome unknown: the orders
    // may be made, so no one is sold again, and each buyer is answered with it, as alone.
    if (sales.length === 1 || written) throw error;
    // A failure of the whole is no one buyer's answer: each is sold again alone.
    return Promise.allSettled(sales.map((sale) => sellAlone(deps, sale)));
  }
}

/** The steps of sellAlone for a batch of buyers of one session, in one transaction, in their
 * order of arrival. A buyer's refusal is her answer, not the transaction's end. */
async function sellTogether(q: TxQueryable, deps: AppDeps, sales: Sale[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  const refuse = (i: number, reason: unknown) => void (answers[i] = { status: 'rejected', reason });
  const missedVisits = await lockBuyers(
    q,
    sales.map((s) => s.userId),
  );
  const ordersOf = await buyersOrders(q, sales, false);

  let inPlay: number[] = [];
  for (const [i, { userId, now, lang, session }] of sales.entries()) {
    try {
      refuseBlocked(missedVisits.get(userId) ?? [], session.config, now);
      const ordersToday = await settleUnpaid(q, userId, ordersOf(userId), now);
      const risk = await assessRisk(q, session.config, userId, 'placeOrder', now, lang, ordersToday);
      if (risk.riskPolicy > 0) inPlay.push(i);
      else answers[i] = { status: 'fulfilled', value: { orderId: null, ...risk } };
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      refuse(i, error);
    }
  }

  // The slider's tokens, spent together; a token given twice serves its first buyer only.
  const spent = new Set<string>();
  if (deps.config.captcha !== 'off' && inPlay.length > 0) {
    const valid = await consumeTokens(
      q,
      inPlay.map((i) => ({ token: sales[i].captchaToken, now: sales[i].now })),
    );
    inPlay = inPlay.filter((i) => {
      const token = sales[i].captchaToken;
      if (valid.has(token) && !spent.has(token)) {
        spent.add(token);
        return true;
      }
      refuse(i, fail(ORDER_TEXTS.captcha));
      return false;
    });
  }

  const orders = (indexes: number[]) => indexes.map((i) => newOrder(sales[i], newTickets(sales[i].lines, sales[i].session.schedule.id, [])));
  let sold = inPlay;
  let made = inPlay.length > 0 ? await writeOrders(q, orders(inPlay), true) : [];
  if (made === null) {
    // Not enough for all of them: whoever fits, in order of arrival, under the session row's lock.
    sold = inPlay.length > 1 ? await whoFits(q, sales, inPlay) : [];
    const short = inPlay.filter((i) => !sold.includes(i));
    for (const i of short) refuse(i, fail(ORDER_TEXTS.soldOut));
    await restoreTokens(
      q,
      short.map((i) => sales[i].captchaToken).filter((t) => spent.has(t)),
    );
    made = sold.length > 0 ? await writeOrders(q, orders(sold), true) : [];
    if (made === null) throw new Error('placeOrder: the stock moved under its lock');
  }
  for (const [k, i] of sold.entries()) {
    const { orderId } = made[k];
    const { lines, now, session } = sales[i];
    if (lines.every(({ price }) => price.price === 0)) await completeOrder(q, orderId, now);
    answers[i] = { status: 'fulfilled', value: accepted(riskEnabled(session.config), orderId) };
  }
  return answers;
}

/** The buyers (indexes into `sales`) whose tickets fit in what the session has left, in order:
 * a party too big for what is left does not stop a smaller one behind it. */
async function whoFits(q: TxQueryable, sales: Sale[], indexes: number[]): Promise<number[]> {
  const [session] = await lockRows(q, 'hall_schedule', { id: sales[indexes[0]].session.schedule.id }, ['capacity', 'sold', 'held', 'stopped']);
  let left = session && !session.stopped ? session.capacity - session.sold - session.held : 0;
  return indexes.filter((i) => {
    const n = sales[i].lines.length;
    if (n > left) return false;
    left -= n;
    return true;
  });
}
