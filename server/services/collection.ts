/** Ticket collection (docs/product.md §4.1): the staff at a hall's window or gate hand out a
 * paper ticket or a wristband for a paid ticket of today, and record it. Once: the record is
 * one conditional update from "not collected", so two windows never hand out two for one
 * ticket. The ticket stays to be checked (its holder still passes the gate); a collected
 * ticket is refunded or changed only as the settings allow (src/domain/refundRules.ts). Each
 * collection is in the staff audit. */
import type { z } from 'zod';
import { collectionRefusal } from '../../src/domain/collection.ts';
import type { collectBody } from '../../src/domain/contracts.ts';
import type { Lang } from '../../src/domain/text.ts';
import type { GateAnswer } from '../../src/domain/types.ts';
import type { AppDeps } from '../context.ts';
import { museumDate } from '../time.ts';
import { audit } from './audit.ts';
import { answer, gateTicket, ROWS, scanRefusal, scanSelector, type GateRow } from './gate.ts';

/** The tickets of the scan handed out now (`passed` in the answer: collected by this call), or why not. */
export async function collectTickets(deps: AppDeps, staffId: number, body: z.output<typeof collectBody>, lang: Lang): Promise<GateAnswer> {
  const now = deps.clock();
  const today = museumDate(now);
  return deps.db.tx(async (q) => {
    const selector = await scanSelector(q, body);
    let handed: number[] = [];
    let rows: GateRow[] = [];
    if (selector) {
      const n = selector.params.length;
      const updated = await q.query<{ id: number }>(
        `UPDATE tickets t SET collected_at = $${n + 1}, collected_as = $${n + 2}, collected_by = $${n + 3}
           FROM hall_schedule s
          WHERE s.id = t.schedule_id AND ${selector.where} AND t.status = 'toBeChecked' AND t.collected_at IS NULL
            AND s.visit_date = $${n + 4} AND s.hall_id = $${n + 5}
          RETURNING t.id`,
        [...selector.params, now, body.form, staffId, today, body.hallId],
      );
      handed = updated.map((r) => r.id);
      rows = await q.query<GateRow>(`${ROWS} WHERE ${selector.where} ORDER BY t.id`, selector.params);
    }
    const refusal = scanRefusal(body, rows, handed, (r) =>
      collectionRefusal(
        { ...gateTicket(r), collected: r.collected_as ? { form: r.collected_as, at: r.collected_time ?? '' } : null },
        { hallId: body.hallId, today },
      ),
    );
    await audit(q, staffId, 'collectTickets', selector?.subject ?? 'qr', { hallId: body.hallId, form: body.form, collected: handed.length }, now);
    return answer(rows, handed, refusal, lang);
  });
}
