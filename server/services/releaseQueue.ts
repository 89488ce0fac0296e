/** The waiting room at a release (docs/product.md §2.13, docs/architecture.md §12): a visitor
 * who opens a day's booking while its queue is open takes a place (one per account and day, its
 * number from one sequence) stamped with when her entry reached the instance (the line's order,
 * then the place: an entry that waited for the database keeps its turn), reads her position
 * cheaply, and is admitted in order by the leased job (server/jobs/releaseQueue.ts);
 * placeOrder for that day then refuses whoever holds no running admission. */
import { jwtVerify, SignJWT } from 'jose';
import type { Lang } from '../../src/domain/text.ts';
import {
  QUEUE_POLL_MS,
  QUEUE_REQUIRED_CODE,
  QUEUE_TEXTS,
  queueEnabled,
  queueEstimate,
  queueReason,
  queueSetting,
  queueWindow,
  type QueuePlacePush,
  type QueueState,
  type QueueStatus,
} from '../../src/domain/releaseQueue.ts';
import type { QueueFigures } from '../../src/domain/queueFigures.ts';
import type { AppDeps } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { fail, refusal } from '../http.ts';
import { consumeToken } from '../providers/captcha.ts';
import { catalogOf } from './catalog.ts';
import { endSurges } from './queueSurge.ts';
import { lockBuyer } from './orders.ts';
import { ORDER_TEXTS } from './orderTexts.ts';
import { assessRisk, RISK_TEXTS } from './risk.ts';

/** How often a waiting visitor's page reads its position. */
const POLL_MS = QUEUE_POLL_MS;
/** How long the line of a day (its waiting places, in order) is kept for the position reads. */
const LINE_MS = 1000;

interface PlaceRow {
  place: number;
  state: Exclude<QueueState, 'off'>;
  /** When her entry reached an instance: the line's order, then the place (docs/architecture.md §12). */
  entered_at: Date;
  seen_at: Date;
  admit_until: Date | null;
}

/** A place as of `now`: an admission whose time ran out is spent, whether or not the admissions'
 * round has marked it yet (it does so within a second): she joins the line again, never loops
 * between the room and a refused submit. */
function spentAt<R extends { state: PlaceRow['state']; admit_until: Date | null }>(row: R, now: Date): R {
  return row.state === 'admitted' && row.admit_until !== null && row.admit_until <= now ? { ...row, state: 'expired' } : row;
}

/** The same in SQL, for the entry's upsert (`r` the place held, `$3` now). */
const SPENT = `(r.state IN ('left', 'expired') OR (r.state = 'admitted' AND r.admit_until <= $3))`;

/** The queue's context of a day: whether its waiting room is open now and why (its release, or
 * a surge of its orders: server/services/queueSurge.ts), its release and the surge's end. */
async function dayQueue(deps: AppDeps, date: string, now: Date) {
  const catalog = catalogOf(deps);
  const [config, day] = await Promise.all([catalog.config(deps.db), catalog.day(deps.db, date)]);
  const releaseAt = day?.release_at ?? null;
  const surgeUntil = day?.surge_until ?? null;
  const reason = queueReason(config, releaseAt, now, surgeUntil);
  return { config, releaseAt, surgeUntil, reason, open: reason !== null };
}

// Queue tickets: signed as the logins are (HS256, the app's secret), with `typ: 'queue'` and no
// account kind, so neither is taken for the other (server/auth.ts tokenVerifier wants a kind).
async function signTicket(secret: Uint8Array, userId: number, date: string, place: number, now: Date, releaseAt: Date | null): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const until = Math.max(iat + 3600, Math.floor((releaseAt?.getTime() ?? now.getTime()) / 1000) + 6 * 3600);
  return new SignJWT({ typ: 'queue', date, place })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuedAt(iat)
    .setExpirationTime(until)
    .sign(secret);
}

/** The ticket's account, day and place, if it is a queue ticket signed by us and not expired
 * (the queue's stream, which carries no login, checks it so). */
export async function verifyTicket(secret: Uint8Array, ticket: string, now: Date): Promise<{ userId: number; date: string; place: number }> {
  try {
    const { payload } = await jwtVerify(ticket, secret, { algorithms: ['HS256'], currentDate: now });
    const userId = Number(payload.sub);
    if (payload.typ !== 'queue' || !Number.isSafeInteger(userId) || typeof payload.date !== 'string' || typeof payload.place !== 'number')
      throw new Error('not ours');
    return { userId, date: payload.date, place: payload.place };
  } catch {
    throw refusal(QUEUE_TEXTS.badTicket, 'queueTicket');
  }
}

/** The ticket's day and place, if it is a queue ticket of this account signed by us and not expired. */
export async function readTicket(secret: Uint8Array, ticket: string, userId: number, now: Date): Promise<{ date: string; place: number }> {
  const read = await verifyTicket(secret, ticket, now);
  if (read.userId !== userId) throw refusal(QUEUE_TEXTS.badTicket, 'queueTicket');
  return { date: read.date, place: read.place };
}

/** The line of each day as one instance last read it: the waiting places in order, and the
 * admissions' rate per minute (release_queue_days). One read at a time per day: a read that finds
 * the copy stale while another refreshes it takes the copy it has (at most a refresh older), and
 * only the first read of a day waits for it, so a thousand reads a second make one query a second,
 * not a thousand. */
interface Line {
  at: number;
  /** The waiting places in the line's order (arrival, then place), with their arrivals (ms). */
  places: number[];
  arrivals: number[];
  /** Each place's index in `places`. */
  index: Map<number, number>;
  perMinute: number;
  /** The sequence's last place when the copy was read: a greater one came after it. */
  upTo: number;
}
interface LineSlot {
  line: Line | null;
  loading: Promise<Line> | null;
  seen: Set<number>;
  /** Moved by settleLine and staleLines: a copy read before it is not kept. */
  generation: number;
}
const lines = new WeakMap<AppDeps, Map<string, LineSlot>>();

/** The day's line as this instance has it; `fresh`: a copy read after the last change (the
 * pushes, which tell each visitor how the line moved, wait for it; a position read takes the
 * copy there is while the next is read). */
async function lineOf(deps: AppDeps, date: string, now: Date, fresh = false): Promise<Line> {
  let byDay = lines.get(deps);
  if (!byDay) lines.set(deps, (byDay = new Map()));
  let entry = byDay.get(date);
  if (!entry) byDay.set(date, (entry = { line: null, loading: null, seen: new Set(), generation: 0 }));
  if (entry.line && Math.abs(now.getTime() - entry.line.at) < LINE_MS) return entry.line;
  const slot = entry;
  const loading = (slot.loading ??= (async () => {
    const generation = slot.generation;
    try {
      // The places read since the last copy are kept alive in one statement.
      const seen = [...slot.seen];
      slot.seen.clear();
      if (seen.length > 0) {
        await deps.db.query(`UPDATE release_queue SET seen_at = $3 WHERE visit_date = $1 AND user_id = ANY($2::bigint[]) AND state = 'waiting'`, [
          date,
          seen,
          now,
        ]);
      }
      const [{ up_to }] = await deps.db.query<{ up_to: number }>('SELECT last_value AS up_to FROM release_queue_place');
      const rows = await deps.db.query<{ place: number; entered_at: Date }>(
        `SELECT place, entered_at FROM release_queue WHERE visit_date = $1 AND state = 'waiting' ORDER BY entered_at, place`,
        [date],
      );
      const places = rows.map((r) => Number(r.place));
      const [day] = await deps.db.query<{ per_minute: number }>('SELECT per_minute FROM release_queue_days WHERE visit_date = $1', [date]);
      const line: Line = {
        at: now.getTime(),
        places,
        arrivals: rows.map((r) => r.entered_at.getTime()),
        index: new Map(places.map((p, i) => [p, i])),
        perMinute: day?.per_minute ?? 0,
        upTo: Number(up_to),
      };
      // A copy read while the admissions changed the line serves its own readers, and is not kept.
      if (generation === slot.generation) slot.line = line;
      return line;
    } finally {
      if (generation === slot.generation) slot.loading = null;
    }
  })());
  return fresh ? loading : (slot.line ?? loading);
}

/** The number of places in the copy ahead of an arrival at `arrival` with `place`: the line's
 * order is the arrival, then the place. */
function ahead(line: Line, arrival: number, place: number): number {
  let lo = 0;
  let hi = line.places.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (line.arrivals[mid] < arrival || (line.arrivals[mid] === arrival && line.places[mid] < place)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

async function waitingAhead(deps: AppDeps, date: string, row: { place: number; entered_at: Date }, now: Date): Promise<number> {
  const line = await lineOf(deps, date, now);
  const place = Number(row.place);
  const known = line.index.get(place);
  if (known !== undefined) return known;
  const lo = ahead(line, row.entered_at.getTime(), place);
  if (place <= line.upTo) return lo;
  // Who took a place after the copy was read and arrived before her (an entry that waited for the
  // database): a count over that short stretch of the index.
  const [{ n }] = await deps.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM release_queue WHERE visit_date = $1 AND state = 'waiting' AND place > $2 AND place <> $3 AND (entered_at, place) < ($4, $3)`,
    [date, line.upTo, place, row.entered_at],
  );
  return lo + n;
}

/** The admissions' round on this instance took `gone` (admitted, or lost for not reading) out
 * of the day's line: its copy drops them at once, so a read here right after the round sees the
 * admission, and the readers keep a copy while the next one is read (a dropped copy would make
 * every read of that moment wait for the database, behind the orders of the release). A copy
 * being read while the round ran is not kept. */
function settleLine(deps: AppDeps, date: string, gone: readonly number[]): void {
  const entry = lines.get(deps)?.get(date);
  if (!entry) return;
  entry.generation++;
  entry.loading = null;
  if (entry.line && gone.length > 0) entry.line = lineWithout(entry.line, new Set(gone));
}

/** The copy without the places `gone`, in the same order. */
function lineWithout(line: Line, gone: ReadonlySet<number>): Line {
  const kept = line.places.flatMap((p, i) => (gone.has(p) ? [] : [i]));
  const places = kept.map((i) => line.places[i]);
  return { ...line, places, arrivals: kept.map((i) => line.arrivals[i]), index: new Map(places.map((p, i) => [p, i])) };
}

/** The admissions changed the line (of `date`, or of every day): their change notice, on every
 * instance. This instance's copy is stale: the next read starts a new one, and the readers keep
 * answering from this one meanwhile, instead of all waiting for the database behind the
 * release's orders (docs/performance.md §5). A copy being read already is not kept. */
export function staleLines(deps: AppDeps, date?: string): void {
  for (const [day, entry] of lines.get(deps) ?? []) {
    if (date !== undefined && day !== date) continue;
    if (entry.line) entry.line = { ...entry.line, at: Number.NEGATIVE_INFINITY };
    entry.loading = null;
    entry.generation++;
  }
}

/** A place read on this instance: kept alive at the next copy of its day's line. */
function markSeen(deps: AppDeps, date: string, userId: number): void {
  let byDay = lines.get(deps);
  if (!byDay) lines.set(deps, (byDay = new Map()));
  let entry = byDay.get(date);
  if (!entry) byDay.set(date, (entry = { line: null, loading: null, seen: new Set(), generation: 0 }));
  entry.seen.add(userId);
}

/** The admissions' rate as this instance's copy of the line has it. */
async function ratePerMinute(deps: AppDeps, date: string, now: Date): Promise<number> {
  return (await lineOf(deps, date, now)).perMinute;
}

function statusOf(date: string, row: PlaceRow, ahead: number, perMinute: number, releaseAt: Date | null, now: Date, ticket: string): QueueStatus {
  const release = releaseAt?.getTime() ?? null;
  const waiting = row.state === 'waiting';
  return {
    date,
    state: row.state,
    place: Number(row.place),
    ahead: waiting ? ahead : 0,
    releaseAt: release,
    admitUntil: row.state === 'admitted' ? (row.admit_until?.getTime() ?? null) : null,
    estimateSeconds: waiting ? queueEstimate(ahead, perMinute, release, now.getTime()) : null,
    now: now.getTime(),
    ticket,
    pollMs: POLL_MS,
  };
}

const off = (date: string, releaseAt: Date | null, now: Date): QueueStatus => ({
  date,
  state: 'off',
  place: 0,
  ahead: 0,
  releaseAt: releaseAt?.getTime() ?? null,
  admitUntil: null,
  estimateSeconds: null,
  now: now.getTime(),
  ticket: null,
  pollMs: POLL_MS,
});

/** Whether the day's booking goes through the waiting room now, and the account's place in it
 * if she holds one (a refresh, a second tab): her position, no new entry. */
export async function queueCheck(deps: AppDeps, secret: Uint8Array, userId: number, date: string): Promise<QueueStatus> {
  const now = deps.clock();
  const { open, releaseAt } = await dayQueue(deps, date, now);
  if (!open) return off(date, releaseAt, now);
  const [held] = await deps.db.query<PlaceRow>(
    'SELECT place, state, entered_at, seen_at, admit_until FROM release_queue WHERE visit_date = $1 AND user_id = $2',
    [date, userId],
  );
  const row = held && spentAt(held, now);
  if (!row || row.state === 'left' || row.state === 'expired') return { ...off(date, releaseAt, now), state: 'waiting' };
  const ticket = await signTicket(secret, userId, date, Number(row.place), now, releaseAt);
  const before = row.state === 'waiting' ? await waitingAhead(deps, date, row, now) : 0;
  return statusOf(date, row, before, await ratePerMinute(deps, date, now), releaseAt, now, ticket);
}

/** Takes the account's place in the day's line, or gives back the one it has: a second tab or a
 * refresh gets the same place, never a better one. A place lost (left, or an admission unused)
 * goes to the back. The slider is solved to enter, and the risk policy's limits apply. */
export async function enterQueue(
  deps: AppDeps,
  secret: Uint8Array,
  userId: number,
  input: { date: string; captchaToken: string },
  lang: Lang,
): Promise<QueueStatus> {
  const now = deps.clock();
  const { config, releaseAt, open } = await dayQueue(deps, input.date, now);
  if (!open) return off(input.date, releaseAt, now);
  const row = await deps.db.tx(async (q) => {
    // The account locked as an order locks it (one entry at a time), and not blacklisted.
    await lockBuyer(q, userId, now, config);
    const risk = await assessRisk(q, config, userId, 'placeOrder', now, lang);
    if (risk.riskPolicy <= 0) throw fail(RISK_TEXTS.orders);
    if (deps.config.captcha !== 'off' && !(await consumeToken(q, input.captchaToken, now))) throw fail(ORDER_TEXTS.captcha);
    const [placed] = await q.query<PlaceRow>(
      `INSERT INTO release_queue AS r (visit_date, user_id, entered_at, seen_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (visit_date, user_id) DO UPDATE SET
         seen_at = excluded.seen_at,
         place = CASE WHEN ${SPENT} THEN excluded.place ELSE r.place END,
         entered_at = CASE WHEN ${SPENT} THEN excluded.entered_at ELSE r.entered_at END,
         admitted_at = CASE WHEN ${SPENT} THEN NULL ELSE r.admitted_at END,
         admit_until = CASE WHEN ${SPENT} THEN NULL ELSE r.admit_until END,
         state = CASE WHEN ${SPENT} THEN 'waiting' ELSE r.state END
       RETURNING place, state, entered_at, seen_at, admit_until`,
      [input.date, userId, now],
    );
    return placed;
  });
  const ticket = await signTicket(secret, userId, input.date, Number(row.place), now, releaseAt);
  const before = row.state === 'waiting' ? await waitingAhead(deps, input.date, row, now) : 0;
  return statusOf(input.date, row, before, await ratePerMinute(deps, input.date, now), releaseAt, now, ticket);
}

/** A position read: the ticket's place looked up in this instance's copy of the day's line (at
 * most LINE_MS old): still in it, her position is its index, no query; otherwise her row is read
 * by its key: a place newer than the copy is placed in it by its arrival and counted over that
 * short stretch of the index, one that left the line (admitted, lost) says so. Never the order
 * tables. The place is kept alive at the next copy. */
export async function queuePosition(deps: AppDeps, secret: Uint8Array, userId: number, ticket: string): Promise<QueueStatus> {
  const now = deps.clock();
  const { date, place } = await readTicket(secret, ticket, userId, now);
  const { releaseAt, open } = await dayQueue(deps, date, now);
  if (!open) return off(date, releaseAt, now);
  markSeen(deps, date, userId);
  const line = await lineOf(deps, date, now);
  const known = line.index.get(place);
  if (known !== undefined) {
    const row: PlaceRow = { place, state: 'waiting', entered_at: new Date(line.arrivals[known]), seen_at: now, admit_until: null };
    return statusOf(date, row, known, line.perMinute, releaseAt, now, ticket);
  }
  const [held] = await deps.db.query<PlaceRow>(
    'SELECT place, state, entered_at, seen_at, admit_until FROM release_queue WHERE visit_date = $1 AND user_id = $2',
    [date, userId],
  );
  const row = held && spentAt(held, now);
  if (!row || Number(row.place) !== place) throw refusal(QUEUE_TEXTS.badTicket, 'queueTicket');
  const before = row.state === 'waiting' ? await waitingAhead(deps, date, row, now) : 0;
  return statusOf(date, row, before, line.perMinute, releaseAt, now, ticket);
}

/** What the queue's stream pushes to each of `places` (docs/architecture.md §12): read from this
 * instance's copy of the line as the position reads are, the places no longer in it (admitted,
 * lost) by their keys in one query. A place her account no longer holds (she joined again) is
 * pushed as left: her page reads its position, which says why. */
export async function placesNow(deps: AppDeps, date: string, places: ReadonlyArray<{ userId: number; place: number }>): Promise<QueuePlacePush[]> {
  const now = deps.clock();
  const { releaseAt, open } = await dayQueue(deps, date, now);
  const push = (place: number, state: QueueState, ahead = 0, estimateSeconds: number | null = null): QueuePlacePush => ({
    state,
    place,
    ahead,
    estimateSeconds,
    now: now.getTime(),
  });
  if (!open) return places.map((p) => push(p.place, 'off'));
  const line = await lineOf(deps, date, now, true);
  // The places not in the copy (admitted, lost, or an entry newer than it) by their keys, in one query.
  const unknown = places.filter((p) => !line.index.has(p.place)).map((p) => p.userId);
  const rows =
    unknown.length === 0
      ? []
      : await deps.db.query<{ user_id: number; place: number; state: PlaceRow['state']; entered_at: Date; admit_until: Date | null }>(
          'SELECT user_id, place, state, entered_at, admit_until FROM release_queue WHERE visit_date = $1 AND user_id = ANY($2::bigint[])',
          [date, unknown],
        );
  const held = new Map(rows.map((r) => [Number(r.user_id), spentAt(r, now)]));
  const release = releaseAt?.getTime() ?? null;
  const waiting = (place: number, before: number) => push(place, 'waiting', before, queueEstimate(before, line.perMinute, release, now.getTime()));
  return Promise.all(
    places.map(async ({ userId, place }) => {
      const known = line.index.get(place);
      if (known !== undefined) return waiting(place, known);
      const row = held.get(userId);
      if (!row || Number(row.place) !== place) return push(place, 'left');
      return row.state === 'waiting' ? waiting(place, await waitingAhead(deps, date, row, now)) : push(place, row.state);
    }),
  );
}

/** placeOrder's door while a day's queue is open: null when it is not (order as usual); refused
 * without a running admission; otherwise what records the order's latency for the admissions. */
export async function queueGate(deps: AppDeps, userId: number, date: string, now: Date): Promise<null | ((ms: number) => Promise<void>)> {
  const { open } = await dayQueue(deps, date, now);
  if (!open) return null;
  const [row] = await deps.db.query<{ state: string; admit_until: Date | null }>(
    'SELECT state, admit_until FROM release_queue WHERE visit_date = $1 AND user_id = $2',
    [date, userId],
  );
  if (row?.state === 'admitted' && row.admit_until && row.admit_until > now) {
    return async (ms) => {
      await deps.db.query('UPDATE release_queue SET ordered_at = $3, order_ms = $4 WHERE visit_date = $1 AND user_id = $2 AND ordered_at IS NULL', [
        date,
        userId,
        now,
        Math.round(ms),
      ]);
    };
  }
  const over = row?.state === 'admitted' || row?.state === 'expired';
  throw refusal(over ? QUEUE_TEXTS.admissionOver : QUEUE_TEXTS.needAdmission, 'queue', QUEUE_REQUIRED_CODE);
}

/** One round of admissions (the leased job's, docs/architecture.md §12) for every day whose
 * queue is open: places not read for queue_leave_seconds are lost, admissions not used in time
 * run out, and once the release has come (at once in a surge room) the next batch is admitted in
 * arrival order. The batch follows the admitted orders' latency: grown by half while their p90
 * stays under the target, halved when it does not. The surges that ran out are logged here,
 * once. The number admitted. */
export async function admitRound(deps: AppDeps): Promise<number> {
  const now = deps.clock();
  const config = await catalogOf(deps).config(deps.db);
  await endSurges(deps, now);
  if (!queueEnabled(config)) return 0;
  const before = queueSetting(config, 'queue_before_minutes') * 60_000;
  const after = queueSetting(config, 'queue_after_minutes') * 60_000;
  const days = await deps.db.query<{ visit_date: string; release_at: Date | null; surge_until: Date | null }>(
    `SELECT visit_date, release_at, surge_until FROM museum_days WHERE (release_at > $1 AND release_at <= $2) OR surge_until > $3`,
    [new Date(now.getTime() - after), new Date(now.getTime() + before), now],
  );
  let admitted = 0;
  for (const day of days) {
    if (queueReason(config, day.release_at, now, day.surge_until) === null) continue;
    const round = await admitDay(deps, config, day.visit_date, day.release_at, now);
    settleLine(deps, day.visit_date, round.gone);
    admitted += round.admitted;
  }
  return admitted;
}

/** The tickets still on sale on the day's sessions (0: sold out). */
async function ticketsLeft(q: Queryable, date: string): Promise<number> {
  const [{ left }] = await q.query<{ left: number }>(
    'SELECT coalesce(sum(greatest(capacity - sold - held, 0)), 0)::int AS left FROM hall_schedule WHERE visit_date = $1 AND NOT stopped',
    [date],
  );
  return left;
}

/** One day's round: how many it admitted, and the places it took out of the waiting line. */
async function admitDay(
  deps: AppDeps,
  config: Readonly<Record<string, string>>,
  date: string,
  releaseAt: Date | null,
  now: Date,
): Promise<{ admitted: number; gone: number[] }> {
  const leave = new Date(now.getTime() - queueSetting(config, 'queue_leave_seconds') * 1000);
  return deps.db.tx(async (q) => {
    const lost = await q.query<{ place: number }>(
      `UPDATE release_queue SET state = 'left' WHERE visit_date = $1 AND state = 'waiting' AND seen_at < $2 RETURNING place`,
      [date, leave],
    );
    await q.query(`UPDATE release_queue SET state = 'expired' WHERE visit_date = $1 AND state = 'admitted' AND admit_until <= $2`, [date, now]);
    const [figures] = await q.query<{ p90: number | null; in_play: number; per_minute: number; waiting: number }>(
      `SELECT
         (SELECT percentile_disc(0.9) WITHIN GROUP (ORDER BY order_ms) FROM release_queue
           WHERE visit_date = $1 AND admitted_at IS NOT NULL AND ordered_at > $2) AS p90,
         (SELECT count(*)::int FROM release_queue WHERE visit_date = $1 AND admitted_at IS NOT NULL AND state = 'admitted' AND ordered_at IS NULL) AS in_play,
         (SELECT count(*)::int FROM release_queue WHERE visit_date = $1 AND admitted_at > $3) AS per_minute,
         (SELECT count(*)::int FROM release_queue WHERE visit_date = $1 AND state = 'waiting') AS waiting`,
      [date, new Date(now.getTime() - 5_000), new Date(now.getTime() - 60_000)],
    );
    const [day] = await q.query<{ batch: number }>('SELECT batch FROM release_queue_days WHERE visit_date = $1 FOR UPDATE', [date]);
    // A day sold out keeps nobody waiting long: the largest batches go through, in order, to read that it is sold out.
    const left = await ticketsLeft(q, date);
    let batch = day?.batch ?? queueSetting(config, 'queue_batch_start');
    if (figures.p90 !== null && day) {
      batch = figures.p90 < queueSetting(config, 'queue_target_ms') ? Math.ceil(batch * 1.5) : Math.floor(batch / 2);
    }
    // Never under a tenth of the start: a slow minute must not stop the line.
    batch = Math.max(Math.ceil(queueSetting(config, 'queue_batch_start') / 10), 1, Math.min(batch, queueSetting(config, 'queue_batch_max')));
    // Nobody before the release moment (a surge room admits at once); then the batch, while the
    // admitted not yet ordering are few.
    const room = Math.max(0, queueSetting(config, 'queue_in_play_max') - figures.in_play);
    const take = releaseAt && now < releaseAt ? 0 : left === 0 ? queueSetting(config, 'queue_batch_max') : Math.min(batch, room);
    const admit = new Date(now.getTime() + queueSetting(config, 'queue_admit_seconds') * 1000);
    const rows =
      take > 0
        ? await q.query<{ place: number }>(
            `UPDATE release_queue SET state = 'admitted', admitted_at = $2, admit_until = $3
              WHERE visit_date = $1 AND user_id IN (
                SELECT user_id FROM release_queue WHERE visit_date = $1 AND state = 'waiting' ORDER BY entered_at, place LIMIT $4)
              RETURNING place`,
            [date, now, admit, take],
          )
        : [];
    // Every instance learns that the line moved, at the commit (server/changes.ts): its position
    // reads drop their copy, its queue streams push (server/queuePush.ts).
    await q.query(`SELECT pg_notify('museum_changes', 'release_queue:' || $1::text)`, [date]);
    await q.query(
      `INSERT INTO release_queue_days (visit_date, batch, per_minute, p90_ms, waiting, admitted, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (visit_date) DO UPDATE SET batch = excluded.batch, per_minute = excluded.per_minute, p90_ms = excluded.p90_ms,
         waiting = excluded.waiting, admitted = release_queue_days.admitted + $6, updated_at = excluded.updated_at`,
      [date, batch, figures.per_minute + rows.length, figures.p90, figures.waiting - rows.length, rows.length, now],
    );
    return { admitted: rows.length, gone: [...lost, ...rows].map((r) => Number(r.place)) };
  });
}

/** The staff's view of a day's queue (the day screen reads it every 2 s while its room is
 * shown): its length, the admitted still to order, the admissions' rate and batch, the tickets
 * left, where the room is in its window, and why it is open (a
 * release, or a surge until surgeUntil). A read of the line's table, never of the orders. */
export async function queueFigures(deps: AppDeps, date: string): Promise<QueueFigures> {
  const now = deps.clock();
  const { open, reason, surgeUntil, config, releaseAt } = await dayQueue(deps, date, now);
  const [[row], [counts], left] = await Promise.all([
    deps.db.query<{ admitted: number; per_minute: number; batch: number; p90_ms: number | null }>(
      'SELECT admitted, per_minute, batch, p90_ms FROM release_queue_days WHERE visit_date = $1',
      [date],
    ),
    deps.db.query<{ waiting: number; in_play: number }>(
      `SELECT count(*) FILTER (WHERE state = 'waiting')::int AS waiting,
              count(*) FILTER (WHERE state = 'admitted' AND ordered_at IS NULL AND admit_until > $2)::int AS in_play
         FROM release_queue WHERE visit_date = $1`,
      [date, now],
    ),
    ticketsLeft(deps.db, date),
  ]);
  const window = queueWindow(config, releaseAt);
  return {
    open,
    reason,
    surgeUntil: surgeUntil && surgeUntil > now ? surgeUntil.getTime() : null,
    waiting: counts.waiting,
    admitted: row?.admitted ?? 0,
    inPlay: counts.in_play,
    perMinute: row?.per_minute ?? 0,
    batch: row?.batch ?? null,
    p90Ms: row?.p90_ms ?? null,
    left,
    releaseAt: releaseAt?.getTime() ?? null,
    opensAt: window?.opensAt ?? null,
    closesAt: window?.closesAt ?? null,
    now: now.getTime(),
  };
}
