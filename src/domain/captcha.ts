import type { z } from 'zod';
import type * as answers from './answers.ts';

/** The slider challenge of `/ingore/captchaImage` (its schema in answers.ts says what it holds). */
export type CaptchaChallenge = z.output<typeof answers.captchaChallenge>;

/** One sample of the drag: the piece's x (px from the start of the track) and the time in ms
 * since the press. The client records one per pointer move and sends them with the answer. */
export type DragSample = [x: number, t: number];

export const DRAG_LIMITS = {
  minSamples: 8,
  maxSamples: 1000,
  minMs: 300,
  maxMs: 20_000,
  /** The trail ends where the answer says, within this many px. */
  endTolerance: 2,
  /** Moving back is human; not for more than this share of the way. */
  maxBacktrackShare: 0.3,
  /** No single step covers more than this share of the way (a jump, not a drag). */
  maxStepShare: 0.5,
  /** Hands speed up and slow down: the spread of speeds over their mean is at least this. */
  minSpeedSpread: 0.15,
  /** Speeds are taken over this many steps, so whole-pixel rounding of an even drag (steps of
   * 2, 3, 2, 3 px) does not pass for a hand's changes of pace. */
  speedWindow: 3,
} as const;

/** Whether a drag ending at `x` looks like a hand on a screen rather than a script: enough
 * samples in time order, a human duration, a start at the left, an end at `x`, no jumps, and
 * an uneven speed. Pure, so the server and the tests share it. */
export function isHumanDrag(trail: readonly DragSample[], x: number): boolean {
  const L = DRAG_LIMITS;
  if (trail.length < L.minSamples || trail.length > L.maxSamples) return false;
  if (!trail.every(([px, t]) => Number.isFinite(px) && Number.isFinite(t))) return false;
  const [x0, t0] = trail[0];
  const [xn, tn] = trail[trail.length - 1];
  const duration = tn - t0;
  if (duration < L.minMs || duration > L.maxMs) return false;
  if (Math.abs(x0) > 10 || Math.abs(xn - x) > L.endTolerance) return false;
  const distance = Math.max(1, xn - x0);
  let backtrack = 0;
  let moves = 0;
  for (let i = 1; i < trail.length; i++) {
    const dx = trail[i][0] - trail[i - 1][0];
    const dt = trail[i][1] - trail[i - 1][1];
    if (dt < 0) return false;
    if (Math.abs(dx) > distance * L.maxStepShare) return false;
    if (dx < 0) backtrack -= dx;
    if (dt > 0) moves++;
  }
  if (backtrack > distance * L.maxBacktrackShare || moves < L.minSamples - 1) return false;
  const speeds: number[] = [];
  for (let i = L.speedWindow; i < trail.length; i++) {
    const dt = trail[i][1] - trail[i - L.speedWindow][1];
    if (dt > 0) speeds.push(Math.abs(trail[i][0] - trail[i - L.speedWindow][0]) / dt);
  }
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  if (mean === 0) return false;
  const spread = Math.sqrt(speeds.reduce((a, s) => a + (s - mean) ** 2, 0) / speeds.length) / mean;
  return spread >= L.minSpeedSpread;
}
