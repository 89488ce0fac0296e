/** Refund and change rules (docs/product.md §5 "Refund and change", and "child rules apply also after
 * refund or change"). Same shape as the order rules: draft + context -> every violation. */
import { isAdult } from './orderRules.ts';
import { fill, type Text } from './text.ts';
import type { z } from 'zod';
import type * as answers from './answers.ts';
import type { TicketStatus, Violation } from './types.ts';

/** One ticket of the order as the server knows it (its schema: answers.ts refundTicket). */
export type RefundTicket = z.output<typeof answers.refundTicket>;

export interface RefundDraft {
  action: 'refund' | 'change';
  ticketIds: number[];
}

/** An order's facts as the server answers them (answers.ts refundFacts). */
export type RefundContext = z.output<typeof answers.refundFacts>;

/** Before an order's facts have arrived: no ticket is there to refund or change. */
export const NO_REFUND_FACTS: RefundContext = {
  tickets: [],
  group: false,
  maxPartialRefundPercent: null,
  freeChildPerAdult: 0,
  afterCollection: { refund: false, change: false },
};

export const REFUND_RULES = {
  selectTicket: 'selectTicket',
  ticketState: 'ticketState',
  collected: 'collected',
  partialRefund: 'partialRefund',
  oneHallOneDate: 'oneHallOneDate',
  groupCheckedIn: 'groupCheckedIn',
  cinemaChange: 'cinemaChange',
  schoolFree: 'schoolFree',
  childrenLeftAlone: 'childrenLeftAlone',
  childrenChangeAlone: 'childrenChangeAlone',
  freeChildLimit: 'freeChildLimit',
} as const;

export type RefundRule = (typeof REFUND_RULES)[keyof typeof REFUND_RULES];

export const REFUND_MESSAGES = {
  selectTicket: { zh: '请至少选择一张票', en: 'Please select at least one ticket' },
  ticketState: { zh: '所选门票当前状态不可退改', en: 'The selected ticket cannot be refunded or changed in its current state' },
  collectedRefund: {
    zh: '已领取纸质票或手环的门票不可退票',
    en: 'A ticket collected as a paper ticket or wristband cannot be refunded',
  },
  collectedChange: {
    zh: '已领取纸质票或手环的门票不可改签',
    en: 'A ticket collected as a paper ticket or wristband cannot be changed',
  },
  partialRefund: {
    zh: '部分退票最多可退{n}%的门票，或整单退票',
    en: 'A partial refund may take at most {n}% of the tickets; otherwise refund the whole order',
  },
  oneHallOneDate: { zh: '改签仅限同一场馆、同一日期的门票', en: 'A change is for one hall and one date only' },
  sameDate: { zh: '请选择与原参观日期不同的日期', en: 'Choose a date other than the current visit date' },
  groupCheckedIn: { zh: '团体已检票，不能退票或改签', en: 'Cannot refund or change after group check-in' },
  cinemaChange: { zh: '影院门票不支持改签', en: 'Cinema tickets do not support changes' },
  schoolFree: {
    zh: '学校团体免费票不可单独退，取消参观请整单退票',
    en: 'School free tickets are not refundable on their own; to call off the visit, refund the whole order',
  },
  childrenLeftAlone: {
    zh: '退票后不能只剩儿童，请同时退儿童票或保留成人票',
    en: 'Children cannot be left alone: refund their tickets too, or keep an adult ticket',
  },
  childrenChangeAlone: { zh: '儿童不能单独改签，请与成人一同改签', en: 'Children cannot change alone; change together with an adult' },
  freeChildLimit: {
    zh: '每位成人最多携带{n}名免费儿童，请同时处理多出的免费儿童票',
    en: 'Each adult may bring at most {n} free child ticket(s); include the extra free child tickets',
  },
} as const satisfies Record<string, Text>;

/** A date change goes to another day: the tickets' own visit date is refused (a session of
 * the same day is a different visit, not a change of date). */
export function checkRebookDate(visitDate: string, date: string): Text | null {
  return date === visitDate ? REFUND_MESSAGES.sameDate : null;
}

/** Paid tickets not yet used: the only ones a refund or change acts on, and the ones whose
 * holders must still form a valid company afterwards. */
const ACTIVE: readonly TicketStatus[] = ['toBeChecked'];

const adultOf = (t: RefundTicket) => isAdult(t.age, t) === true;

/** Children never stay (or travel) without an adult, and free children stay within the
 * per-adult allowance. Returns the rule broken by this set of tickets, if any. */
function companyRule(tickets: RefundTicket[], freeChildPerAdult: number): 'alone' | 'free' | null {
  if (tickets.length === 0) return null;
  const adults = tickets.filter(adultOf).length;
  if (adults === 0) return 'alone';
  const free = tickets.filter((t) => t.isChildFreeTicket).length;
  return free > adults * freeChildPerAdult ? 'free' : null;
}

export function checkRefund(draft: RefundDraft, ctx: RefundContext): Violation[] {
  const out: Violation[] = [];
  const add = (rule: RefundRule, message: Text) => out.push({ rule, message });
  const chosen = new Set(draft.ticketIds);
  const selected = ctx.tickets.filter((t) => chosen.has(t.ticketId));

  if (selected.length === 0) {
    add(REFUND_RULES.selectTicket, REFUND_MESSAGES.selectTicket);
    return out;
  }
  // A group at the gate already: that is the reason, whichever tickets were picked.
  if (ctx.group && ctx.tickets.some((t) => t.status === 'checked')) add(REFUND_RULES.groupCheckedIn, REFUND_MESSAGES.groupCheckedIn);
  if (selected.length !== chosen.size || selected.some((t) => !ACTIVE.includes(t.status))) {
    add(REFUND_RULES.ticketState, REFUND_MESSAGES.ticketState);
  }
  // A paper ticket or wristband is in the visitor's hands: the museum's settings say whether
  // such a ticket may still go back or move.
  if (selected.some((t) => t.collected) && !ctx.afterCollection[draft.action]) {
    add(REFUND_RULES.collected, draft.action === 'refund' ? REFUND_MESSAGES.collectedRefund : REFUND_MESSAGES.collectedChange);
  }

  const active = ctx.tickets.filter((t) => ACTIVE.includes(t.status));
  const remaining = active.filter((t) => !chosen.has(t.ticketId));
  // A group is judged by the group rules, except that its children (a family group's, an
  // agency's; docs/product.md §3.3) are never left or moved without an adult either.
  const company = !ctx.group || ctx.tickets.some((t) => t.kind === 'child');

  if (draft.action === 'refund') {
    const whole = remaining.length === 0;
    // A school's free tickets go only with the whole visit (and that freezes the school: teamFreezing.ts).
    if (!whole && selected.some((t) => t.schoolFree)) add(REFUND_RULES.schoolFree, REFUND_MESSAGES.schoolFree);
    const limit = ctx.maxPartialRefundPercent;
    if (!whole && limit !== null && selected.length * 100 > limit * active.length) {
      add(REFUND_RULES.partialRefund, fill(REFUND_MESSAGES.partialRefund, { n: limit }));
    }
  } else {
    if (selected.some((t) => t.cinema)) add(REFUND_RULES.cinemaChange, REFUND_MESSAGES.cinemaChange);
    const first = selected[0];
    if (selected.some((t) => t.hallId !== first.hallId || t.visitDate !== first.visitDate)) {
      add(REFUND_RULES.oneHallOneDate, REFUND_MESSAGES.oneHallOneDate);
    }
    // The changed tickets travel together to the new date: they need their adult with them
    // (a group's pupils travel with their teachers: the group rules judge a group).
    const moving = company ? companyRule(selected, ctx.freeChildPerAdult) : null;
    if (moving === 'alone') add(REFUND_RULES.childrenChangeAlone, REFUND_MESSAGES.childrenChangeAlone);
    if (moving === 'free') add(REFUND_RULES.freeChildLimit, fill(REFUND_MESSAGES.freeChildLimit, { n: ctx.freeChildPerAdult }));
  }

  // What stays behind must still be a valid company, per hall and date (a visitors' order).
  const groups = new Map<string, RefundTicket[]>();
  for (const t of company ? remaining : []) {
    const key = `${t.hallId}|${t.visitDate}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const staying = [...groups.values()].map((g) => companyRule(g, ctx.freeChildPerAdult));
  if (staying.includes('alone')) add(REFUND_RULES.childrenLeftAlone, REFUND_MESSAGES.childrenLeftAlone);
  if (staying.includes('free') && !out.some((v) => v.rule === REFUND_RULES.freeChildLimit)) {
    add(REFUND_RULES.freeChildLimit, fill(REFUND_MESSAGES.freeChildLimit, { n: ctx.freeChildPerAdult }));
  }
  return out;
}
