/** Gate check-in (the museum's side): why a ticket is let in or not, in the words the
 * gate shows in big letters. Pure: the server passes what the ticket row says, the gate's
 * hall and today's date. A ticket is checked in exactly once (the server's conditional
 * update decides between two gates); these rules say why any other scan is refused. */
import { maskCertificate, maskName } from './certificates.ts';
import { fill, type Text } from './text.ts';
import type { TicketStatus } from './types.ts';

export const GATE_REFUSALS = {
  unknown: { zh: '无效二维码', en: 'Not a ticket of this museum' },
  notFound: { zh: '未找到该订单的门票', en: 'No ticket found for this order' },
  checked: { zh: '已检票（{time}）', en: 'Already checked in ({time})' },
  refunded: { zh: '门票已退', en: 'This ticket was refunded' },
  changed: { zh: '门票已改签，请使用新门票', en: 'This ticket was changed: use the new one' },
  canceled: { zh: '订单已取消', en: 'This order was canceled' },
  unpaid: { zh: '订单未支付', en: 'This order is not paid' },
  expired: { zh: '门票已过期', en: 'This ticket has expired' },
  otherDay: { zh: '非当日门票（{date}）', en: 'Not for today (ticket for {date})' },
  otherHall: { zh: '非本场馆门票（{hall}）', en: 'Not for this hall (ticket for {hall})' },
} as const satisfies Record<string, Text>;

/** A ticket as the gate sees it. */
export interface GateTicket {
  status: TicketStatus;
  visitDate: string;
  hallId: number;
  hallName: Text;
  /** 'HH:mm' of the check-in, when checked. */
  checkedAt: string | null;
}

/** Why this ticket may not pass this gate now (null: let it in). */
export function gateRefusal(t: GateTicket, gate: { hallId: number; today: string }): Text | null {
  switch (t.status) {
    case 'checked':
      return fill(GATE_REFUSALS.checked, { time: t.checkedAt ?? '' });
    case 'refunded':
      return GATE_REFUSALS.refunded;
    case 'changed':
      return GATE_REFUSALS.changed;
    case 'canceled':
      return GATE_REFUSALS.canceled;
    case 'toBePaid':
    case 'candidate':
      return GATE_REFUSALS.unpaid;
    case 'expired':
      return GATE_REFUSALS.expired;
  }
  if (t.visitDate !== gate.today) return fill(GATE_REFUSALS.otherDay, { date: t.visitDate });
  if (t.hallId !== gate.hallId) return fill(GATE_REFUSALS.otherHall, { hall: t.hallName });
  return null;
}

/** Whose ticket a gate shows: a person masked (name and certificate); a group's pupil by its
 * grade, which names no one (a group order's pupil tickets carry their grade, not a name). */
export function gateHolder(t: { userName: string; certificateInfo: string; role: string | null }) {
  if (t.role === 'student') return { userName: '', certificateInfo: '', grade: t.userName.trim() };
  return { userName: maskName(t.userName), certificateInfo: maskCertificate(t.certificateInfo), grade: null };
}

/** A ticket as a gate lists it (its answer, its offline list). */
export interface GateListedTicket {
  ticketId: number;
  userName: string;
  certificateInfo: string;
  grade: string | null;
  ticketName: string;
  hallName: string;
  beginTime: string;
  endTime: string;
}

/** The lines a gate shows for a scan: one per person ("林*华 · 1101…1234 · Adult · hall 09:00-12:00"),
 * and a group's pupils one line per grade and ticket with their count ("一年级 × 30 · ..."),
 * in the tickets' order. */
export function gateLines(tickets: readonly GateListedTicket[]): Array<{ key: string; who: string; text: string; tickets: number }> {
  const lines: Array<{ key: string; who: string; count: number; rest: string }> = [];
  for (const t of tickets) {
    const rest = `${t.ticketName} · ${t.hallName} ${t.beginTime}-${t.endTime}`;
    const same = t.grade === null ? undefined : lines.find((l) => l.key === `grade:${t.grade}:${rest}`);
    if (same) same.count++;
    else if (t.grade !== null) lines.push({ key: `grade:${t.grade}:${rest}`, who: t.grade, count: 1, rest });
    else lines.push({ key: `ticket:${t.ticketId}`, who: t.userName, count: 0, rest: [t.certificateInfo, rest].filter(Boolean).join(' · ') });
  }
  return lines.map((l) => {
    const who = l.count > 0 ? `${l.who} × ${l.count}` : l.who;
    return { key: l.key, who, text: `${who} · ${l.rest}`, tickets: Math.max(1, l.count) };
  });
}
