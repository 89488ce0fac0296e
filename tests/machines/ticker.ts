/** A ticker on a SimulatedClock: `clock.increment(ms)` runs the countdowns as time would. */
import { fromCallback, type EventObject, type SimulatedClock } from 'xstate';
import type { TickEvent, TickerInput } from '../../machines/ticker.ts';

export function simulatedTicker(clock: SimulatedClock) {
  return fromCallback<EventObject, TickerInput>(({ sendBack, input }) => {
    let id: ReturnType<SimulatedClock['setTimeout']>;
    const next = () => {
      id = clock.setTimeout(() => {
        sendBack({ type: 'TICK', now: clock.now() } satisfies TickEvent);
        next();
      }, input.everyMs);
    };
    next();
    return () => clock.clearTimeout(id);
  });
}
