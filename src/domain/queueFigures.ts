/** The staff's view of a day's waiting room (docs/product.md §2.13): the figures the server
 * answers, where the room is in its window, and the estimate for the last in line. One set of
 * rules for the server's answer, the staffDay machine and its card. */
import { queueEstimate, type QueueReason } from './releaseQueue.ts';

export interface QueueFigures {
  /** Whether the day is sold through its waiting room now. */
  open: boolean;
  /** Why: the day's release, or a surge of its orders; null when not open. */
  reason: QueueReason | null;
  /** When a running surge closes the room (epoch ms); null without one. */
  surgeUntil: number | null;
  /** Visitors in line now. */
  waiting: number;
  /** Visitors admitted so far (all rounds of the day). */
  admitted: number;
  /** Admitted, still in their time to submit, not ordered yet. */
  inPlay: number;
  /** Admitted in the last minute: the rate the line moves at. */
  perMinute: number;
  /** The admissions' current batch (a round a second), or null before the first round. */
  batch: number | null;
  /** The admitted orders' placeOrder p90 (ms) the batch follows, or null while none is measured. */
  p90Ms: number | null;
  /** Tickets left on the day's sessions on sale (0: sold out). */
  left: number;
  /** The day's release, and its waiting room's window (epoch ms), or null without a release or a queue. */
  releaseAt: number | null;
  opensAt: number | null;
  closesAt: number | null;
  /** The server's time (epoch ms) of the figures. */
  now: number;
}

/** How long before its window a room is shown as coming (ms). */
export const ROOM_SOON_MS = 60 * 60_000;
/** How often the day screen reads the figures while the room is shown, and while it is ahead (ms). */
export const ROOM_READ_MS = 2000;
export const ROOM_AHEAD_READ_MS = 60_000;

/** Where a day's room is: none (no release, no queue, or its window is over), ahead (more than
 * ROOM_SOON_MS before it opens), soon (opens within it), before (open, nobody admitted before the
 * release), admitting (open, the release has come). An open room is open, whatever the window. */
export type RoomPhase = 'none' | 'ahead' | 'soon' | 'before' | 'admitting';

export function roomPhase(f: QueueFigures): RoomPhase {
  const beforeRelease = f.releaseAt !== null && f.now < f.releaseAt;
  if (f.open) return beforeRelease ? 'before' : 'admitting';
  if (f.opensAt === null || f.closesAt === null || f.now >= f.closesAt) return 'none';
  if (f.now < f.opensAt) return f.now >= f.opensAt - ROOM_SOON_MS ? 'soon' : 'ahead';
  return beforeRelease ? 'before' : 'admitting';
}

/** Whether the day screen shows the room's card. */
export const roomShown = (f: QueueFigures | null): boolean => f !== null && ['soon', 'before', 'admitting'].includes(roomPhase(f));

/** How long the last in line waits (s), as her own estimate would say (queueEstimate); null with
 * nobody in line, or while no admission is measured yet. */
export function lastInLineSeconds(f: QueueFigures): number | null {
  if (f.waiting === 0) return null;
  return queueEstimate(f.waiting - 1, f.perMinute, f.releaseAt, f.now);
}
