/** When a team is frozen by its own bookings (docs/product.md §4 "Team freezing and restrictions"): a
 * missed group visit, too few visitors after a free-pupil booking, too many refunds, and
 * refunding a school's free pupil tickets (the whole visit called off; after a
 * confirmation). Pure: the server passes what its tables say; the reason is kept on the team
 * in both languages and sent to its contact by text message. */
import { fill, type Text } from './text.ts';
import { TEAM_TYPES, type TeamType } from './team.ts';

export const FREEZE_REASONS = {
  missedVisit: {
    zh: '团体未按预约到馆（{date}，订单{order}）',
    en: 'The group did not come to its booked visit ({date}, order {order})',
  },
  tooFewVisitors: {
    zh: '免费学生到馆人数过少（{date}，{came}/{booked}人，低于{percent}%）',
    en: 'Too few of the free pupils came ({date}: {came} of {booked}, under {percent}%)',
  },
  tooManyRefunds: {
    zh: '{days}天内退票{n}次',
    en: '{n} refunds within {days} days',
  },
  freePupilsRefunded: {
    zh: '退订学校免费学生票（{date}，订单{order}）',
    en: "Refunded a school's free pupil tickets ({date}, order {order})",
  },
} as const satisfies Record<string, Text>;

/** What the staff freeze a team for, chosen from a list (docs/product.md §4): a reason typed
 * in one language could not be shown to a team that reads the other. A note the staff add
 * follows the chosen reason as typed. */
export const STAFF_FREEZE_KINDS = {
  missedVisits: { zh: '多次预约未到馆', en: 'Booked visits missed more than once' },
  refunds: { zh: '频繁退票', en: 'Frequent refunds' },
  fewVisitors: { zh: '到馆人数远少于预约', en: 'Far fewer visitors came than were booked' },
  untrueDetails: { zh: '登记信息不实', en: 'Untrue registration details' },
  other: { zh: '其他原因', en: 'Another reason' },
} as const satisfies Record<string, Text>;

export type StaffFreezeKind = keyof typeof STAFF_FREEZE_KINDS;
export const STAFF_FREEZE_KIND_KEYS = Object.keys(STAFF_FREEZE_KINDS) as [StaffFreezeKind, ...StaffFreezeKind[]];

export const STAFF_FREEZE_REFUSALS = {
  kind: { zh: '请选择冻结原因', en: 'Please choose the reason for freezing' },
  note: { zh: '选择“其他原因”时请写明原因', en: 'Please say what the other reason is' },
} as const satisfies Record<string, Text>;

const isStaffFreezeKind = (kind: string): kind is StaffFreezeKind => Object.hasOwn(STAFF_FREEZE_KINDS, kind);

/** Why a staff freeze is refused before it is sent: no reason chosen, or "another reason" unsaid. */
export function checkStaffFreeze(kind: string, note: string): Text | null {
  if (!isStaffFreezeKind(kind)) return STAFF_FREEZE_REFUSALS.kind;
  if (kind === 'other' && note.trim() === '') return STAFF_FREEZE_REFUSALS.note;
  return null;
}

/** The reason kept on the team in both languages: the chosen reason, then the note as typed. */
export function staffFreezeReason(kind: StaffFreezeKind, note: string): Text {
  const chosen = STAFF_FREEZE_KINDS[kind];
  const n = note.trim();
  return n === '' ? chosen : { zh: `${chosen.zh}：${n}`, en: `${chosen.en}: ${n}` };
}

/** A freeze's reason in the reader's language. A team frozen by hand before the staff chose
 * from a list has its reason in Chinese only: an English reader is told so, not shown Chinese
 * as if it were the reason in her language. */
export function frozenReasonIn(lang: 'zh' | 'en', zh: string, en: string | null): string {
  if (lang === 'zh') return zh;
  return en ?? `Frozen by the museum (the reason was given in Chinese only: ${zh})`;
}

/** What refundCheckBlack tells a team before a refund that freezes it. */
export const FREEZE_WARNINGS = {
  freePupils: {
    zh: '退订学校免费学生票后，团体账户将被冻结，需上传盖章说明申请解冻。确定退票吗？',
    en: "Refunding the school's free pupil tickets freezes your group account until a stamped explanation is approved. Refund anyway?",
  },
  tooManyRefunds: {
    zh: '这将是您{days}天内第{n}次退票，团体账户将被冻结，需上传盖章说明申请解冻。确定退票吗？',
    en: 'This would be refund number {n} within {days} days: your group account will be frozen until a stamped explanation is approved. Refund anyway?',
  },
} as const satisfies Record<string, Text>;

export interface FreezeSettings {
  /** A school's visit with free pupils needs at least this share of them checked in (percent). */
  minArrivalPercent: number;
  /** This many refunds within `windowDays` freeze the team (0: never). */
  refundLimit: number;
  windowDays: number;
}

export const FREEZE_DEFAULTS: FreezeSettings = { minArrivalPercent: 80, refundLimit: 3, windowDays: 180 };

/** A group order whose visit day has passed, as the gate left it. */
export interface GroupVisit {
  visitDate: string;
  orderNumber: string;
  /** Tickets that were live on the day (checked in or missed). */
  tickets: number;
  checked: number;
  freePupils: number;
  freePupilsChecked: number;
}

/** Why a passed group visit freezes its team, if it does: nobody came, or (a school with free
 * pupils) fewer of them than the configured share. */
export function visitFreeze(v: GroupVisit, s: FreezeSettings): Text | null {
  if (v.tickets === 0) return null;
  if (v.checked === 0) return fill(FREEZE_REASONS.missedVisit, { date: v.visitDate, order: v.orderNumber });
  if (v.freePupils > 0 && v.freePupilsChecked * 100 < v.freePupils * s.minArrivalPercent) {
    return fill(FREEZE_REASONS.tooFewVisitors, { date: v.visitDate, came: v.freePupilsChecked, booked: v.freePupils, percent: s.minArrivalPercent });
  }
  return null;
}

/** A refund about to happen: the team's type, whether it gives back free pupil tickets, and how
 * many refunds the team made in the window before it. */
export interface TeamRefund {
  teamType: TeamType;
  freePupils: number;
  earlierRefunds: number;
  visitDate: string;
  orderNumber: string;
}

/** Whether this refund freezes the team: the warning shown before it, and the reason kept after. */
export function refundFreeze(r: TeamRefund, s: FreezeSettings): { warning: Text; reason: Text } | null {
  if (r.teamType === TEAM_TYPES.school && r.freePupils > 0) {
    return { warning: FREEZE_WARNINGS.freePupils, reason: fill(FREEZE_REASONS.freePupilsRefunded, { date: r.visitDate, order: r.orderNumber }) };
  }
  const n = r.earlierRefunds + 1;
  if (s.refundLimit > 0 && n >= s.refundLimit) {
    return {
      warning: fill(FREEZE_WARNINGS.tooManyRefunds, { n, days: s.windowDays }),
      reason: fill(FREEZE_REASONS.tooManyRefunds, { n, days: s.windowDays }),
    };
  }
  return null;
}

const whole = (v: string | undefined, fallback: number) => (v && /^\d+$/.test(v.trim()) ? Number(v.trim()) : fallback);

/** The freeze settings from the config table (docs/product.md §3 config; migration 013). */
export function freezeSettings(config: Record<string, string>): FreezeSettings {
  return {
    minArrivalPercent: Math.min(100, whole(config.team_min_arrival_percent, FREEZE_DEFAULTS.minArrivalPercent)),
    refundLimit: whole(config.team_refund_freeze_count, FREEZE_DEFAULTS.refundLimit),
    windowDays: whole(config.black_list_window_days, FREEZE_DEFAULTS.windowDays),
  };
}
