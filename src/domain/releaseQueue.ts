/** The waiting room at a release (docs/product.md §2.13): when a day's queue is on, what a
 * place's state means, the estimate a visitor is shown and the texts. One set of rules for the
 * server, the purchase machine and its view. */
import type { Text } from './text.ts';

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
} as const;

export type QueueConfigKey = keyof typeof QUEUE_CONFIG;

/** How often a waiting visitor's page reads its position (ms). */
export const QUEUE_POLL_MS = 3000;

/** How often it reads it while the queue's stream is open (ms): the read is what keeps her place
 * (docs/architecture.md §12), so this stays well under queue_leave_seconds (60 s unless set). */
export const QUEUE_STREAM_POLL_MS = 15_000;

/** A whole number from the configuration, or the default. */
export function queueSetting(config: Readonly<Record<string, string>>, key: QueueConfigKey): number {
  const v = config[key]?.trim();
  return v && /^\d+$/.test(v) ? Number(v) : Number(QUEUE_CONFIG[key]);
}

/** Whether a day released at `releaseAt` is sold through the waiting room at `now`: the queue
 * is on and `now` lies in [release - before, release + after). */
export function queueOpen(config: Readonly<Record<string, string>>, releaseAt: Date | null, now: Date): boolean {
  if (!releaseAt || (config.queue_enable ?? QUEUE_CONFIG.queue_enable) !== '1') return false;
  const t = now.getTime();
  const release = releaseAt.getTime();
  return t >= release - queueSetting(config, 'queue_before_minutes') * 60_000 && t < release + queueSetting(config, 'queue_after_minutes') * 60_000;
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
