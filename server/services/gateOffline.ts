/** The gate during a short outage, the server's side: the day's list a gate caches
 * when it opens its hall, and the sync of the check-ins it made offline.
 *
 * The list carries digests of each ticket's QR payload and order number, never the payload
 * (src/domain/gateOffline.ts says why). The sync applies each item once, in the order sent,
 * by the same check-in as online (services/gate.ts `checkInScan`): an item is claimed by its
 * id first, so a sync sent again (its answer lost on the way), or twice at once, answers the
 * same without a second check-in. A ticket checked meanwhile by another gate is a duplicate
 * the staff must see; anything else the online gate refuses is refused with its reason. */
import type { z } from 'zod';
import type { gateSyncBody } from '../../src/domain/contracts.ts';
import { gateHolder } from '../../src/domain/gate.ts';
import { checkedAtOf, gateDigest, type GateDay, type GateSyncAnswer } from '../../src/domain/gateOffline.ts';
import type { Lang, Text } from '../../src/domain/text.ts';
import type { AppDeps } from '../context.ts';
import { fail } from '../http.ts';
import { museumDate } from '../time.ts';
import { ticketQr } from '../ticketQr.ts';
import { audit } from './audit.ts';
import { checkInScan } from './gate.ts';

const NO_HALL: Text = { zh: '未找到该场馆', en: 'No such hall' };

interface DayRow {
  id: number;
  qr_code: string;
  order_number: string;
  status: 'toBeChecked' | 'checked';
  user_name: string;
  certificate_info: string;
  role: string | null;
  ticket_name_zh: string;
  ticket_name_en: string;
  begin_time: string;
  end_time: string;
  checked_time: string | null;
}

/** The tickets of `hallId` today that a gate may still meet: paid and not yet checked, or checked
 * (a second scan is answered with its time). Refunded, changed or unpaid ones are left out: offline
 * they are "not a ticket of this hall today". */
export async function gateDay(deps: AppDeps, hallId: number, lang: Lang): Promise<GateDay> {
  const now = deps.clock();
  const today = museumDate(now);
  const [hall] = await deps.db.query<{ name_zh: string; name_en: string }>('SELECT name_zh, name_en FROM halls WHERE id = $1', [hallId]);
  if (!hall) throw fail(NO_HALL);
  const rows = await deps.db.query<DayRow>(
    `SELECT t.id, t.qr_code, o.order_number, t.status, t.user_name, t.certificate_info, t.role, t.ticket_name_zh, t.ticket_name_en, s.begin_time, s.end_time,
            to_char(t.checked_at AT TIME ZONE 'Asia/Shanghai', 'HH24:MI') AS checked_time
       FROM tickets t JOIN hall_schedule s ON s.id = t.schedule_id JOIN orders o ON o.id = t.order_id
      WHERE s.hall_id = $1 AND s.visit_date = $2 AND t.status IN ('toBeChecked', 'checked') AND t.qr_code IS NOT NULL
      ORDER BY s.begin_time, t.id`,
    [hallId, today],
  );
  const tickets = await Promise.all(
    rows.map(async (r) => ({
      ticketId: r.id,
      qrDigest: await gateDigest(ticketQr(r.id, r.qr_code)!),
      orderDigest: await gateDigest(r.order_number.toUpperCase()),
      ...gateHolder({ userName: r.user_name, certificateInfo: r.certificate_info, role: r.role }),
      ticketName: lang === 'en' ? r.ticket_name_en : r.ticket_name_zh,
      beginTime: r.begin_time,
      endTime: r.end_time,
      status: r.status,
      checkedAt: r.checked_time,
    })),
  );
  return { hallId, hallName: lang === 'en' ? hall.name_en : hall.name_zh, date: today, fetchedAt: now.getTime(), tickets };
}

type SyncItem = z.output<typeof gateSyncBody>['items'][number];
interface Stored {
  outcome: GateSyncAnswer['items'][number]['outcome'];
  count: number;
  reason: Text | null;
}

/** Applies a gate's offline check-ins in order, each once; answers every item it settled. */
export async function syncGate(deps: AppDeps, staffId: number, body: z.output<typeof gateSyncBody>, lang: Lang): Promise<GateSyncAnswer> {
  const items: GateSyncAnswer['items'] = [];
  for (const item of body.items) {
    const stored = await syncItem(deps, staffId, item);
    // Not settled (another sync of this item has not finished): it stays on the device.
    if (stored) items.push({ id: item.id, outcome: stored.outcome, count: stored.count, reason: stored.reason ? stored.reason[lang] : null });
  }
  return { items };
}

/** One item in its own transaction: a refusal of one never undoes another's check-in. */
async function syncItem(deps: AppDeps, staffId: number, item: SyncItem): Promise<Stored | null> {
  const now = deps.clock();
  return deps.db.tx(async (q) => {
    const claimed = await q.query(
      `INSERT INTO gate_sync_items (id, staff_id, gate_id, scanned_at, synced_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [item.id, staffId, item.gateId, new Date(item.scannedAt), now],
    );
    if (claimed.length === 0) {
      const [row] = await q.query<{ answer: Stored | null }>('SELECT answer FROM gate_sync_items WHERE id = $1', [item.id]);
      return row?.answer ?? null;
    }
    const scan = 'qr' in item ? { hallId: item.hallId, qr: item.qr } : { hallId: item.hallId, orderNumber: item.orderNumber };
    const at = checkedAtOf(item.scannedAt, now);
    const { passed, refusal, refusedStatus, subject } = await checkInScan(q, scan, { hallId: item.hallId, today: museumDate(now), staffId, now: at });
    const stored: Stored = {
      outcome: passed.length > 0 ? 'checkedIn' : refusedStatus === 'checked' ? 'duplicate' : 'refused',
      count: passed.length,
      reason: refusal,
    };
    await q.query('UPDATE gate_sync_items SET answer = $2 WHERE id = $1', [item.id, JSON.stringify(stored)]);
    await audit(
      q,
      staffId,
      'checkIn',
      subject,
      { hallId: item.hallId, passed: passed.length, offline: true, gateId: item.gateId, item: item.id, checkedAt: at.toISOString() },
      now,
    );
    return stored;
  });
}
