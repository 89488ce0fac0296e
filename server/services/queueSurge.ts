/** The surge room's measure (docs/architecture.md §12): each instance times the orders of each
 * day as they are answered, and when a day's recent orders say the database is at its limit
 * (src/domain/releaseQueue.ts surgeSign) it marks the day's surge on its row, until
 * queue_surge_minutes after that sign. Every instance's gate reads the mark with the day it
 * keeps (a change notice drops that copy everywhere), so they all open the room together; the
 * leased admissions' round logs its end. */
import { queueSetting, surgeSign, type OrderSample } from '../../src/domain/releaseQueue.ts';
import type { AppDeps } from '../context.ts';
import { processLog } from '../logger.ts';
import { catalogOf } from './catalog.ts';

/** The most recent orders of a day kept by an instance: enough for a p90, small to sort. */
const SAMPLES_MAX = 500;
/** Days with no order for this long are forgotten by the measure. */
const FORGET_MS = 3_600_000;

/** A day's measure on one instance: its recent orders, and until when this instance leaves the
 * mark alone (it has just marked, or is marking: the many orders that end together in a surge,
 * and those before the change notice brings the new mark, write once, not once each). */
interface Meter {
  samples: OrderSample[];
  quietUntil: number;
}

const meters = new WeakMap<AppDeps, Map<string, Meter>>();

function meterOf(deps: AppDeps, date: string, now: number): Meter {
  let byDay = meters.get(deps);
  if (!byDay) meters.set(deps, (byDay = new Map()));
  let meter = byDay.get(date);
  if (!meter) {
    for (const [day, kept] of byDay) if (kept.samples.length === 0 || kept.samples[kept.samples.length - 1].at < now - FORGET_MS) byDay.delete(day);
    byDay.set(date, (meter = { samples: [], quietUntil: 0 }));
  }
  return meter;
}

/** Takes one order of `date` that took `ms` (by the server's clock, so a test moves it) into the
 * measure, and marks the day's surge when the recent orders are a sign of one. Never fails the
 * order it measured: a failure here is logged. */
export async function measureOrder(deps: AppDeps, date: string, ms: number, now: Date): Promise<void> {
  try {
    const meter = meterOf(deps, date, now.getTime());
    const { samples } = meter;
    samples.push({ at: now.getTime(), ms });
    if (samples.length > SAMPLES_MAX) samples.splice(0, samples.length - SAMPLES_MAX);
    const catalog = catalogOf(deps);
    const config = await catalog.config(deps.db);
    const sign = surgeSign(config, samples, now.getTime());
    if (!sign.sign || now.getTime() < meter.quietUntil) return;
    const day = await catalog.day(deps.db, date);
    const lastsMs = queueSetting(config, 'queue_surge_minutes') * 60_000;
    // Renewed once half of it has run: one write for the many signs of a surge.
    if (!day || (day.surge_until && day.surge_until.getTime() - now.getTime() > lastsMs / 2) || now.getTime() < meter.quietUntil) return;
    meter.quietUntil = now.getTime() + lastsMs / 2;
    try {
      await markSurge(deps, date, now, lastsMs, sign);
    } catch (error) {
      meter.quietUntil = 0;
      throw error;
    }
  } catch (error) {
    processLog.error({ cause: String(error), date }, '[queue] the order measure failed');
  }
}

/** The day's surge until `now + lastsMs`: begun now unless one is running. A second instance's
 * mark of the same moment finds the row renewed (the update's condition read again under its
 * lock) and writes nothing. */
async function markSurge(deps: AppDeps, date: string, now: Date, lastsMs: number, sign: { orders: number; p90Ms: number | null; perSecond: number }) {
  const until = new Date(now.getTime() + lastsMs);
  const [row] = await deps.db.query<{ was: Date | null; surge_from: Date }>(
    `UPDATE museum_days d SET surge_until = $2, surge_from = CASE WHEN o.was > $3 THEN coalesce(d.surge_from, $3) ELSE $3 END
       FROM (SELECT surge_until AS was FROM museum_days WHERE visit_date = $1) o
      WHERE d.visit_date = $1 AND (d.surge_until IS NULL OR d.surge_until < $4)
      RETURNING o.was, d.surge_from`,
    [date, until, now, new Date(now.getTime() + lastsMs / 2)],
  );
  if (!row) return;
  const began = !row.was || row.was <= now;
  processLog.warn(
    {
      event: began ? 'queueSurgeStart' : 'queueSurgeRenew',
      date,
      from: row.surge_from,
      until,
      orders: sign.orders,
      p90Ms: sign.p90Ms,
      perSecond: sign.perSecond,
    },
    began ? '[queue] orders at the database limit: the day opens its surge room' : '[queue] the surge room stays open',
  );
}

/** The surges that have run out, their end logged once (the leased admissions' round). Read
 * first: an update of museum_days sends its change notice even when it changes no row, and every
 * instance would drop its copy of the days each second. */
export async function endSurges(deps: AppDeps, now: Date): Promise<void> {
  const due = await deps.db.query('SELECT 1 FROM museum_days WHERE surge_from IS NOT NULL AND surge_until <= $1 LIMIT 1', [now]);
  if (due.length === 0) return;
  const ended = await deps.db.query<{ visit_date: string; began: Date; surge_until: Date }>(
    `UPDATE museum_days d SET surge_from = NULL
       FROM (SELECT visit_date, surge_from AS began FROM museum_days WHERE surge_from IS NOT NULL AND surge_until <= $1) o
      WHERE d.visit_date = o.visit_date AND d.surge_from IS NOT NULL AND d.surge_until <= $1
      RETURNING d.visit_date, o.began, d.surge_until`,
    [now],
  );
  for (const day of ended) {
    processLog.warn(
      { event: 'queueSurgeEnd', date: day.visit_date, from: day.began, until: day.surge_until },
      '[queue] the surge is over: the day books directly again',
    );
  }
}
