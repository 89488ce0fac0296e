/** Drags for the slider's tests: shaped as a hand makes them, or as a script does. */
import type { DragSample } from '../src/domain/captcha.ts';

/** A drag to `x` as a hand makes it: eased (slow, fast, slow), with a little jitter, over about a second. */
export function humanTrail(x: number, samples = 30): DragSample[] {
  const trail: DragSample[] = [];
  for (let i = 0; i <= samples; i++) {
    const p = i / samples;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    const jitter = i > 0 && i < samples ? (i % 3) - 1 : 0;
    trail.push([Math.round(x * eased) + jitter, Math.round(p * 900 + (i % 4) * 7)]);
  }
  return trail;
}

/** A script's drag: constant speed in even steps. */
export function robotTrail(x: number, samples = 30, ms = 900): DragSample[] {
  return Array.from({ length: samples + 1 }, (_, i) => [Math.round((x * i) / samples), Math.round((ms * i) / samples)] as DragSample);
}
