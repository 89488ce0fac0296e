/** Calling off a session (docs/product.md §2.7): whether an admin may, what happens to each of
 * its orders, what the contact is told; and the finance desk's refusals for a refund the
 * platform refused. Pure: the server passes the facts it read, the console shows the same texts. */
import { invoiceYuan } from './invoiceIssue.ts';
import { DAY_TEXTS } from './staffDay.ts';
import { fill, type Lang, type Text } from './text.ts';

export const CALL_OFF_TEXTS = {
  noSession: DAY_TEXTS.noSession,
  reasonNeeded: DAY_TEXTS.reasonNeeded,
  already: { zh: '该场次已取消', en: 'This session is already called off' },
  ended: { zh: '该场次已结束，不能取消', en: 'This session has ended: it cannot be called off' },
  noResume: { zh: '已取消的场次不能恢复售票', en: 'A called-off session cannot go on sale again' },
  /** What visitors read on the calendar, the halls, the cart and the waiting list. */
  visitorReason: { zh: '本场次已取消：{reason}', en: 'This session is called off: {reason}' },
  confirm: {
    zh: '取消后不可恢复：{paid} 个已付款订单全额退款，{unpaid} 个未付款订单取消，{waiting} 个候补订单退款，每位联系人都会收到短信。',
    en: 'This cannot be undone. Paid orders refunded in full: {paid}; unpaid orders cancelled: {unpaid}; waiting-list orders paid back: {waiting}. Every contact gets a text message.',
  },
  refundedSms: {
    zh: '【科技馆】很抱歉，{date} {time} {hall}场次因故取消（{reason}），您的订单{orderNumber}已全额退款{amount}，原路退回。',
    en: '[Science Museum] We are sorry: the {hall} session of {date} {time} is called off ({reason}). Order {orderNumber} is refunded in full, {amount}, to how you paid.',
  },
  canceledSms: {
    zh: '【科技馆】很抱歉，{date} {time} {hall}场次因故取消（{reason}），您未付款的订单{orderNumber}已取消。',
    en: '[Science Museum] We are sorry: the {hall} session of {date} {time} is called off ({reason}). Your unpaid order {orderNumber} is cancelled.',
  },
} as const satisfies Record<string, Text>;

export const REFUND_DESK_TEXTS = {
  notFound: { zh: '退款不存在', en: 'No such refund' },
  notFailed: { zh: '该退款未被支付平台拒绝，无需处理', en: 'The payment platform has not refused this refund: nothing to do' },
  settled: { zh: '该退款已线下处理', en: 'This refund is already settled by hand' },
  noteNeeded: { zh: '请填写处理说明（如线下转账的凭证号）', en: 'Write a note: how the money went back (a transfer reference, for example)' },
} as const satisfies Record<string, Text>;

/** What the admin asks: the session and why, in both languages. */
export interface CallOffRequest {
  reasonZh: string;
  reasonEn: string;
}

/** What the server knows of the session when an admin calls it off. */
export interface CallOffSession {
  exists: boolean;
  calledOff: boolean;
  /** Its end time is past (museum time). */
  ended: boolean;
}

/** Why an admin may not call this session off, or null. */
export function checkCallOff(request: CallOffRequest, session: CallOffSession): Text | null {
  if (!session.exists) return CALL_OFF_TEXTS.noSession;
  if (session.calledOff) return CALL_OFF_TEXTS.already;
  if (session.ended) return CALL_OFF_TEXTS.ended;
  if (request.reasonZh.trim() === '' || request.reasonEn.trim() === '') return CALL_OFF_TEXTS.reasonNeeded;
  return null;
}

/** The order statuses, as the call-off settles them. */
export type CallOffAction = 'refund' | 'cancel' | 'payBack' | 'nothing';

/** What the call-off does to an order of the session: by its status now (read under its lock),
 * and whether it has tickets of the session still live (paid, not gone back). */
export function callOffAction(order: { status: string; liveTickets: number }): CallOffAction {
  switch (order.status) {
    case 'toBePaid':
      return 'cancel';
    case 'standingBy':
    case 'full':
      return 'payBack';
    case 'completed':
    case 'partlyRefunded':
    case 'changed':
      return order.liveTickets > 0 ? 'refund' : 'nothing';
    default:
      return 'nothing';
  }
}

/** The outcome written per order: what the staff read. */
export const CALL_OFF_OUTCOMES = ['refunded', 'canceled', 'paidBack', 'nothing'] as const;
export type CallOffOutcome = (typeof CALL_OFF_OUTCOMES)[number];

export const outcomeOf = (action: CallOffAction): CallOffOutcome =>
  action === 'refund' ? 'refunded' : action === 'cancel' ? 'canceled' : action === 'payBack' ? 'paidBack' : 'nothing';

/** The text to the order's contact, in the order's language; none when nothing happened. */
export function callOffSms(
  outcome: CallOffOutcome,
  lang: Lang,
  facts: { orderNumber: string; hall: Text; date: string; time: string; reason: Text; amount: number },
): string | null {
  if (outcome === 'nothing') return null;
  const text = outcome === 'canceled' ? CALL_OFF_TEXTS.canceledSms : CALL_OFF_TEXTS.refundedSms;
  return fill(text, { ...facts, amount: invoiceYuan(facts.amount) })[lang];
}

/** The sentence the admin confirms. */
export const callOffConfirm = (counts: { paid: number; unpaid: number; waiting: number }): Text => fill(CALL_OFF_TEXTS.confirm, counts);

/** Why a refund may not be settled by hand (or retried), or null. `note` only when settling. */
export function checkRefundDesk(refund: { status: string; settled: boolean } | null, note?: string): Text | null {
  if (!refund) return REFUND_DESK_TEXTS.notFound;
  if (refund.settled) return REFUND_DESK_TEXTS.settled;
  if (refund.status !== 'failed') return REFUND_DESK_TEXTS.notFailed;
  if (note !== undefined && note.trim() === '') return REFUND_DESK_TEXTS.noteNeeded;
  return null;
}
