/** The demo's clock, which the end-to-end tests may move forward (DEV_CLOCK=1, refused in
 * production, server/config.ts): a wait the product imposes, such as the 60 s between two codes
 * to one phone, is then skipped instead of slept through. Only ever forward: a deadline already
 * passed stays passed. */
import type { Clock } from './time.ts';

export interface MovableClock {
  clock: Clock;
  /** Moves every later reading `ms` ahead. */
  advance(ms: number): void;
}

export function movableClock(): MovableClock {
  let offset = 0;
  return {
    clock: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
