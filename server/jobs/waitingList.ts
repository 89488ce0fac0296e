/** The waiting list's periodic work: lists past their cut-off become 'full', full orders are
 * paid back ('returned'), and the texts of filled orders are sent. Each step claims its rows
 * with FOR UPDATE SKIP LOCKED and is guarded by the state it leaves: safe with several instances. */
import { drain, every, type JobOptions } from './every.ts';
import type { Db } from '../db/db.ts';
import type { Clock } from '../time.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { closeDueLists, returnFullOrders, sendNotices } from '../services/waitingList.ts';

export async function runWaitingList(db: Db, clock: Clock, sms: SmsProvider, batch = 100): Promise<{ full: number; returned: number; texts: number }> {
  const full = await drain(() => db.tx((q) => closeDueLists(q, clock(), batch), 'job'), batch);
  const returned = await drain(() => db.tx((q) => returnFullOrders(q, clock(), batch), 'job'), batch);
  const texts = await drain(() => sendNotices(db, sms, clock(), batch), batch);
  return { full, returned, texts };
}

export function startWaitingListJob(db: Db, clock: Clock, sms: SmsProvider, intervalMs = 5000, options: JobOptions = {}): () => Promise<void> {
  return every('waitingList', () => runWaitingList(db, clock, sms), intervalMs, options);
}
