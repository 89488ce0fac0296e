/** The countdowns' clock. A machine keeps the last known time as a number in its context,
 * never a function (contexts stay plain data): a ticker actor sends `TICK { now }`, the
 * client's clock in epoch ms, every `everyMs`, and the machine adds its server offset.
 * Machines have no timers of their own: the app provides the ticker (src/widgets/ticker.ts),
 * tests provide one on a SimulatedClock or send TICK themselves. */
import { fromCallback, type EventObject } from 'xstate';
import { notProvided } from './errors.ts';

export interface TickEvent {
  type: 'TICK';
  /** The client's clock, epoch ms. */
  now: number;
}

export interface TickerInput {
  everyMs: number;
}

export const ticker = fromCallback<EventObject, TickerInput>(() => notProvided('ticker'));
