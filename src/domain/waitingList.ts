/** The waiting list (docs/product.md §1 candidate orders, §3 session status 3/4 and candidateLevel, §4
 * waiting-list order states): when a visitor may join, how full a list looks, and what a
 * candidate order's state is. One set of rules for the machine's guards, the views and the
 * server. */
import type { Text } from './text.ts';
import type { OrderStatus, SchedulePool } from './types.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';

export type SessionStatus = z.output<typeof answers.sessionStatus>;
export type CandidateLevel = z.output<typeof answers.candidateLevel>;
export type CandidateState = z.output<typeof answers.candidateState>;

export const WAITING_LIST_DEFAULTS = {
  /** Minutes before the session begins when unfilled candidates become "full" and are paid back. */
  cutoffMinutes: 120,
  /** Candidate orders (unpaid or standing by) one session's list takes. */
  maxPerSession: 30,
} as const;

export const WAITING_LIST_MESSAGES = {
  notOffered: { zh: '该场次不支持候补', en: 'This session has no waiting list' },
  ticketsLeft: { zh: '该场次仍有余票，请直接购票', en: 'Tickets are still available for this session; please book them directly' },
  listFull: { zh: '该场次候补人数已满', en: 'The waiting list for this session is full' },
  closed: { zh: '该场次候补已截止', en: 'The waiting list for this session has closed' },
  already: { zh: '您已在该场次的候补队列中', en: 'You are already on the waiting list for this session' },
  notStandingBy: { zh: '该候补订单不在候补中，无法取消', en: 'This waiting-list order is no longer standing by and cannot be cancelled' },
  notCandidate: { zh: '该订单不是候补订单', en: 'This order is not a waiting-list order' },
  succeededSms: {
    zh: '【科技馆】您的候补订单{orderNumber}已候补成功，请在“我的订单”查看入馆二维码。',
    en: '[Science Museum] Your waiting-list order {orderNumber} has succeeded; your entry QR codes are in My orders.',
  },
} satisfies Record<string, Text>;

export interface WaitingListSettings {
  cutoffMinutes: number;
  maxPerSession: number;
}

/** The list's settings from the configuration (candidate_cutoff_minutes,
 * candidate_max_per_session), the defaults where a value is missing or not a whole number:
 * the server's rules and the screen's explanation read them alike. */
export function waitingListSettings(config: Readonly<Record<string, string | undefined>>): WaitingListSettings {
  const whole = (key: string, fallback: number) => {
    const v = config[key]?.trim();
    return v && /^\d+$/.test(v) ? Number(v) : fallback;
  };
  return {
    cutoffMinutes: whole('candidate_cutoff_minutes', WAITING_LIST_DEFAULTS.cutoffMinutes),
    maxPerSession: whole('candidate_max_per_session', WAITING_LIST_DEFAULTS.maxPerSession),
  };
}

/** A session or day whose list takes candidates now (status 4), and one that has a list at all (3 or 4). */
export const isListOpen = (x: { status?: SessionStatus }) => x.status === 4;
export const hasList = (x: { status?: SessionStatus }) => x.status === 3 || x.status === 4;

/** A day of getCalendarForCandidate: its best session status and, where a list is open, how busy. */
export interface CandidateDay {
  date: string;
  status: SessionStatus;
  candidateLevel: CandidateLevel | null;
}

/** Only part of a session's state the rules need. */
export type CandidateSession = Pick<SchedulePool, 'state' | 'ticketPool'>;

/** docs/product.md §3 status of a session given its hall's waiting list and how many wait on it. */
export function sessionStatus(session: CandidateSession, list: { offered: boolean; waiting: number; max: number; closed: boolean }): SessionStatus {
  if (session.state === 'available' && session.ticketPool > 0) return 1;
  if (!list.offered || session.state !== 'soldOut' || list.closed) return 2;
  return list.waiting >= list.max ? 3 : 4;
}

/** docs/product.md §3 candidateLevel: medium below half the list, many from there on. */
export function candidateLevel(waiting: number, max: number): CandidateLevel {
  return waiting * 2 < max ? 1 : 2;
}

/** Why a party may not join a session's waiting list now, or null. Checked by the machine's
 * guard on the session list and again by the server in the transaction that adds the order. */
export function joinRefusal(party: number, list: { offered: boolean; remaining: number; waiting: number; max: number; closed: boolean }): Text | null {
  if (!list.offered) return WAITING_LIST_MESSAGES.notOffered;
  if (list.closed) return WAITING_LIST_MESSAGES.closed;
  if (list.remaining >= Math.max(1, party)) return WAITING_LIST_MESSAGES.ticketsLeft;
  if (list.waiting >= list.max) return WAITING_LIST_MESSAGES.listFull;
  return null;
}

/** The instant the list of a session closes: `cutoffMinutes` before it begins. */
export function cutoffAt(beginsAt: Date, cutoffMinutes: number): Date {
  return new Date(beginsAt.getTime() - cutoffMinutes * 60_000);
}

/** What a candidate order is, by its order status; null while it is unpaid (not yet on the list). */
export function candidateStateOf(status: OrderStatus): CandidateState | null {
  switch (status) {
    case 'toBePaid':
      return null;
    case 'standingBy':
      return 'standingBy';
    case 'full':
      return 'full';
    case 'returned':
      return 'returned';
    case 'canceled':
      return 'cancelled';
    default:
      // Filled: from here on a paid order like any other, whatever happens to it later.
      return 'succeeded';
  }
}
