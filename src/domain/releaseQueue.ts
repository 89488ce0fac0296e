/** The waiting room at a release (docs/product.md §2.13): when a day's queue is on, what a
 * place's state means, the estimate a visitor is shown and the texts. One set of rules for the
 * server, the purchase machine and its view. */
import type { Text } from './text.ts';
import type { CalendarDay } from './types.ts';

/** The configuration rows (sys_config) of the queue, with the value used when a row is missing. */
export const QUEUE_CONFIG = {
  /** '1': a day's booking opens through the waiting room around its release. */
  queue_enable: '1',
  /** Minutes before a day's release when its waiting room opens (places taken, nobody admitted). */
  queue_before_minutes: '15',
  /** Minutes after the release while the day is still sold through the waiting room. */
  queue_after_minutes: '30',
  /** Seconds an admitted visitor has to submit her order. */
  queue_admit_seconds: '120',
  /** Seconds without a position read after which a waiting visitor loses her place. */
  queue_leave_seconds: '60',
  /** Visitors admitted in the first tick after the release; the job adapts it after that. */
  queue_batch_start: '50',
  /** The most visitors one tick admits. */
  queue_batch_max: '400',
  /** Admitted visitors who have not ordered yet, at most: the sale's own queue stays short. */
  queue_in_play_max: '600',
  /** The order latency (ms, the recent admitted orders' p90) the admissions keep under. */
  queue_target_ms: '300',
  /** '1': a day's waiting room also opens when its orders show the database at its limit (a surge). */
  queue_surge_enable: '1',
  /** A surge sign: the p90 of a day's recent orders on one instance (ms) above this. */
  queue_surge_ms: '1000',
  /** A surge sign: more of a day's orders a second on one instance than this; '0': no ceiling. */
  queue_surge_per_second: '0',
  /** The fewest recent orders whose p90 is a sign (a few slow orders are no surge). */
  queue_surge_orders: '20',
  /** The recent orders: those of the last this many seconds. */
  queue_surge_window_seconds: '30',
  /** Minutes a surge room stays open after its last sign. */
  queue_surge_minutes: '10',
} as const;

export type QueueConfigKey = keyof typeof QUEUE_CONFIG;

/** How often a waiting visitor's page reads its position (ms). */
export const QUEUE_POLL_MS = 3000;

/** How often it reads it while the queue's stream is open (ms): the read is what keeps her place
 * (docs/architecture.md §12), so this stays well under queue_leave_seconds (60 s unless set). */
export const QUEUE_STREAM_POLL_MS = 15_000;

/** The most visitors ahead of her with which a waiting page follows the line's stream. Farther
 * back it polls: a second's delay costs nothing there, and a release's thousands of entries are
 * not met by as many streams opening at once, which slowed the entries and so blurred the
 * arrival order (docs/performance.md §5). */
export const QUEUE_STREAM_NEAR = 300;

/** Whether a page waiting with `ahead` visitors before her follows the line's stream. */
export const followsStream = (ahead: number): boolean => ahead <= QUEUE_STREAM_NEAR;

/** A whole number from the configuration, or the default. */
export function queueSetting(config: Readonly<Record<string, string>>, key: QueueConfigKey): number {
  const v = config[key]?.trim();
  return v && /^\d+$/.test(v) ? Number(v) : Number(QUEUE_CONFIG[key]);
}

const switchOn = (config: Readonly<Record<string, string>>, key: 'queue_enable' | 'queue_surge_enable') => (config[key] ?? QUEUE_CONFIG[key]).trim() === '1';

/** Whether the waiting room is on at all (`queue_enable`): off, no day has one, release or surge. */
export const queueEnabled = (config: Readonly<Record<string, string>>): boolean => switchOn(config, 'queue_enable');

/** Why a day's booking goes through the waiting room: its release ('release', in the window
 * [release - before, release + after)), its orders at the database's limit until `surgeUntil`
 * ('surge'), or null: book as usual. The release wins when both hold. */
export type QueueReason = 'release' | 'surge';

export function queueReason(config: Readonly<Record<string, string>>, releaseAt: Date | null, now: Date, surgeUntil: Date | null = null): QueueReason | null {
  if (!queueEnabled(config)) return null;
  const t = now.getTime();
  const window = queueWindow(config, releaseAt);
  if (window && t >= window.opensAt && t < window.closesAt) return 'release';
  return surgeUntil && t < surgeUntil.getTime() && switchOn(config, 'queue_surge_enable') ? 'surge' : null;
}

/** The window [opensAt, closesAt) of a day's waiting room around its release (epoch ms), or null
 * when the day has no release or the queue is off. */
export function queueWindow(config: Readonly<Record<string, string>>, releaseAt: Date | null): { opensAt: number; closesAt: number } | null {
  if (!releaseAt || !queueEnabled(config)) return null;
  const release = releaseAt.getTime();
  return {
    opensAt: release - queueSetting(config, 'queue_before_minutes') * 60_000,
    closesAt: release + queueSetting(config, 'queue_after_minutes') * 60_000,
  };
}

/** Whether a day is sold through the waiting room at `now` (queueReason is not null). */
export function queueOpen(config: Readonly<Record<string, string>>, releaseAt: Date | null, now: Date, surgeUntil: Date | null = null): boolean {
  return queueReason(config, releaseAt, now, surgeUntil) !== null;
}

/** One order of a day as an instance measured it: when it ended (epoch ms) and how long it took. */
export interface OrderSample {
  at: number;
  ms: number;
}

/** What a day's recent orders say (the samples of the last queue_surge_window_seconds): their
 * count, p90 and rate, and whether that is a surge sign: the p90 of at least queue_surge_orders
 * orders above queue_surge_ms, or their rate above queue_surge_per_second (when set). The
 * database's limit shows first as the orders' time growing: a sale that sustains its load keeps
 * it flat, whatever the rate. */
export function surgeSign(
  config: Readonly<Record<string, string>>,
  samples: readonly OrderSample[],
  now: number,
): { sign: boolean; orders: number; p90Ms: number | null; perSecond: number } {
  const windowMs = Math.max(1, queueSetting(config, 'queue_surge_window_seconds')) * 1000;
  const recent = samples.filter((s) => s.at > now - windowMs && s.at <= now).map((s) => s.ms);
  recent.sort((a, b) => a - b);
  const p90Ms = recent.length > 0 ? recent[Math.ceil(recent.length * 0.9) - 1] : null;
  const perSecond = (recent.length * 1000) / windowMs;
  const ceiling = queueSetting(config, 'queue_surge_per_second');
  const slow = p90Ms !== null && recent.length >= Math.max(1, queueSetting(config, 'queue_surge_orders')) && p90Ms > queueSetting(config, 'queue_surge_ms');
  const sign = switchOn(config, 'queue_enable') && switchOn(config, 'queue_surge_enable') && (slow || (ceiling > 0 && perSecond > ceiling));
  return { sign, orders: recent.length, p90Ms, perSecond };
}

/** What a tap on a calendar day does: an available day opens its booking ('book'); a day
 * awaiting its release asks its waiting room, which opens the booking while the room is open
 * ('queue'; a place is an account's, so only for a visitor logged in); any other day, or a
 * room not open yet, says why it cannot be booked ('explain'). The first screen and the
 * purchase machine's calendar both follow it. */
export type DayTap = 'book' | 'queue' | 'explain';

export function dayTap(day: Pick<CalendarDay, 'state'> | undefined, loggedIn: boolean): DayTap {
  if (day?.state === 'available') return 'book';
  return day?.state === 'notReleased' && loggedIn ? 'queue' : 'explain';
}

/** dayTap of the calendar's day `date`. */
export function dayTapOn(calendar: readonly CalendarDay[], date: string, loggedIn: boolean): DayTap {
  return dayTap(
    calendar.find((d) => d.date === date),
    loggedIn,
  );
}

/** A place's state: waiting in line; admitted (may submit until admitUntil); its admission ran
 * out unused or it stopped reading its position (a new entry goes to the back); 'off': the day
 * has no waiting room now, book as usual. */
export type QueueState = 'waiting' | 'admitted' | 'expired' | 'left' | 'off';

export interface QueueStatus {
  date: string;
  state: QueueState;
  /** The place's arrival number (the smaller, the earlier); 0 when off. */
  place: number;
  /** Visitors still waiting ahead of her. */
  ahead: number;
  /** The day's release (epoch ms), or null. */
  releaseAt: number | null;
  /** Until when an admitted visitor may submit (epoch ms). */
  admitUntil: number | null;
  /** Seconds until her turn, from the admissions' measured rate; null while nothing is measured. */
  estimateSeconds: number | null;
  /** The server's time (epoch ms): the countdown runs against it, not the phone's clock. */
  now: number;
  /** The signed queue ticket: what the position reads carry. */
  ticket: string | null;
  /** How often to read the position (ms). */
  pollMs: number;
}

/** What the queue's stream pushes (event `place`): the place's state now and, while she waits,
 * her progress; `now` is the server's time of the push. Anything but 'waiting' is read again
 * with the position read (admitUntil, the ticket), which the push does not carry. */
export interface QueuePlacePush {
  state: QueueState;
  place: number;
  ahead: number;
  estimateSeconds: number | null;
  now: number;
}

/** The honest estimate: the visitors ahead at the rate measured in the last minute, plus the
 * wait for the release itself; unknown (null) before the first admissions are measured, unless
 * nobody is ahead. */
export function queueEstimate(ahead: number, perMinute: number, releaseAt: number | null, now: number): number | null {
  const untilRelease = releaseAt && releaseAt > now ? Math.ceil((releaseAt - now) / 1000) : 0;
  if (ahead === 0) return untilRelease;
  if (perMinute <= 0) return null;
  return untilRelease + Math.ceil((ahead * 60) / perMinute);
}

/** "m:ss" of a number of seconds (never negative). */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** placeOrder's code when the day is sold through its waiting room now and the visitor has no
 * admission in play (none yet, or it ran out): her booking goes to the room, her form kept. */
export const QUEUE_REQUIRED_CODE = 506;

export const QUEUE_TEXTS = {
  needAdmission: {
    zh: '该日门票正在放票排队中，请先进入排队，轮到您后再提交订单',
    en: "This day's tickets are being released through the waiting room; please join the queue and submit when it is your turn",
  },
  admissionOver: {
    zh: '您的提交时间已过，请重新排队',
    en: 'Your time to submit has run out; please join the queue again',
  },
  badTicket: { zh: '排队凭证无效，请重新进入排队', en: 'The queue ticket is not valid; please join the queue again' },
  notQueued: { zh: '该日期当前无需排队', en: 'This day needs no queue right now' },
  streamDay: { zh: '排队凭证与日期不符，请重新进入排队', en: 'The queue ticket is for another day; please join the queue again' },
  streamsFull: { zh: '排队实时通道已满，页面将按原方式刷新位置', en: 'Live queue updates are full right now: the page reads your position as before' },
} satisfies Record<string, Text>;
