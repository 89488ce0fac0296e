/** Gate check-in: a ticket's signed QR, or an order number typed in (a group's
 * whole order at once), checked in at a hall's gate today. Exactly once: the check-in is one
 * conditional update from 'toBeChecked', so of two gates scanning the same ticket at once one
 * lets it in and the other says when it was. Every other scan is refused with the reason
 * (src/domain/gate.ts). Each check-in is in the staff audit. */
import type { z } from 'zod';
import type { checkInBody } from '../../src/domain/contracts.ts';
import { GATE_REFUSALS, gateHolder, gateRefusal, type GateTicket } from '../../src/domain/gate.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { GateAnswer, TicketStatus } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { museumDate } from '../time.ts';
import { readTicketQr } from '../ticketQr.ts';
import { audit } from './audit.ts';

export interface GateRow {
  id: number;
  status: TicketStatus;
  user_name: string;
  certificate_info: string;
  role: string | null;
  ticket_name_zh: string;
  ticket_name_en: string;
  visit_date: string;
  begin_time: string;
  end_time: string;
  hall_id: number;
  name_zh: string;
  name_en: string;
  checked_time: string | null;
  collected_as: 'paper' | 'wristband' | null;
  collected_time: string | null;
}

export const ROWS = `SELECT t.id, t.status, t.user_name, t.certificate_info, t.role, t.ticket_name_zh, t.ticket_name_en, s.visit_date, s.begin_time, s.end_time,
    s.hall_id, h.name_zh, h.name_en, to_char(t.checked_at AT TIME ZONE 'Asia/Shanghai', 'HH24:MI') AS checked_time,
    t.collected_as, to_char(t.collected_at AT TIME ZONE 'Asia/Shanghai', 'HH24:MI') AS collected_time
  FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id JOIN halls h ON h.id = s.hall_id`;

/** A ticket row as the gate's rules read it. */
export function gateTicket(r: GateRow): GateTicket {
  return { status: r.status, visitDate: r.visit_date, hallId: r.hall_id, hallName: { zh: r.name_zh, en: r.name_en }, checkedAt: r.checked_time };
}

export function answer(rows: GateRow[], passed: number[], refusal: Text | null, lang: Lang): GateAnswer {
  return {
    passed: passed.length > 0,
    count: passed.length,
    reason: refusal ? refusal[lang] : null,
    tickets: rows.map((r) => ({
      ticketId: r.id,
      ...gateHolder({ userName: r.user_name, certificateInfo: r.certificate_info, role: r.role }),
      ticketName: lang === 'en' ? r.ticket_name_en : r.ticket_name_zh,
      hallName: lang === 'en' ? r.name_en : r.name_zh,
      visitDate: r.visit_date,
      beginTime: r.begin_time,
      endTime: r.end_time,
      passed: passed.includes(r.id),
    })),
  };
}

/** Checks in what `where` selects (tickets t, sessions s) at this hall today; returns the ids let in. */
async function checkInWhere(q: Queryable, where: string, params: unknown[], gate: { hallId: number; today: string; staffId: number; now: Date }) {
  const n = params.length;
  const rows = await q.query<{ id: number }>(
    `UPDATE tickets t SET status = 'checked', checked_at = $${n + 1}, checked_by = $${n + 2}
       FROM hall_schedule s
      WHERE s.id = t.schedule_id AND ${where} AND t.status = 'toBeChecked' AND s.visit_date = $${n + 3} AND s.hall_id = $${n + 4}
      RETURNING t.id`,
    [...params, gate.now, gate.staffId, gate.today, gate.hallId],
  );
  return rows.map((r) => r.id);
}

export async function checkIn(deps: AppDeps, staffId: number, body: z.output<typeof checkInBody>, lang: Lang): Promise<GateAnswer> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    const { rows, passed, refusal, subject } = await checkInScan(q, body, { hallId: body.hallId, today: museumDate(now), staffId, now });
    await audit(q, staffId, 'checkIn', subject, { hallId: body.hallId, passed: passed.length }, now);
    return answer(rows, passed, refusal, lang);
  });
}

/** What was scanned or typed: one ticket, or every ticket of an order (a group at once), as a
 * condition on tickets t; null: a forged or edited code, or a ticket not issued with this nonce
 * (not this museum's ticket). The gate's check-in and the staff's collection read scans alike. */
export async function scanSelector(
  q: Queryable,
  body: { qr: string } | { orderNumber: string },
): Promise<{ where: string; params: unknown[]; subject: string } | null> {
  if ('qr' in body) {
    const code = readTicketQr(body.qr);
    const [ticket] = code ? await q.query<{ id: number }>('SELECT id FROM tickets WHERE id = $1 AND qr_code = $2', [code.ticketId, code.nonce]) : [];
    return ticket ? { where: 't.id = $1', params: [ticket.id], subject: `ticket:${ticket.id}` } : null;
  }
  const number = body.orderNumber.trim().toUpperCase();
  return { where: `t.order_id = (SELECT id FROM orders WHERE order_number = $1) AND t.status <> 'changed'`, params: [number], subject: `order:${number}` };
}

/** Why a scan did nothing (null: it did something to one ticket at least): no ticket of this
 * museum, no such order, or `why` of the first ticket it left alone. */
export function scanRefusal(body: { qr: string } | { orderNumber: string }, rows: GateRow[], done: number[], why: (r: GateRow) => Text | null): Text | null {
  if (rows.length === 0) return 'qr' in body ? GATE_REFUSALS.unknown : GATE_REFUSALS.notFound;
  const left = rows.find((r) => !done.includes(r.id));
  return done.length > 0 || !left ? null : why(left);
}

/** One scan (a QR or an order number) checked in at `gate.hallId` today, at `gate.now`, inside
 * the caller's transaction: the tickets it is about, those let in, and why not (null: in). The
 * online gate and the offline sync (services/gateOffline.ts) both check in through it. */
export async function checkInScan(q: Queryable, body: z.output<typeof checkInBody>, gate: { hallId: number; today: string; staffId: number; now: Date }) {
  const selector = await scanSelector(q, body);
  const passed = selector ? await checkInWhere(q, selector.where, selector.params, gate) : [];
  const rows = selector ? await q.query<GateRow>(`${ROWS} WHERE ${selector.where} ORDER BY t.id`, selector.params) : [];
  const refused = rows.find((r) => !passed.includes(r.id));
  const refusal = scanRefusal(body, rows, passed, (r) => gateRefusal(gateTicket(r), gate));
  return { rows, passed, refusal, refusedStatus: passed.length > 0 ? null : (refused?.status ?? null), subject: selector?.subject ?? 'qr' };
}
