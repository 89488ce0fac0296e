/** The app's ticker for the countdown machines (machines/ticker.ts): the client's clock,
 * every `everyMs`. */
import { fromCallback, type EventObject } from 'xstate';
import type { TickEvent, TickerInput } from '../../machines/ticker.ts';

export const ticker = fromCallback<EventObject, TickerInput>(({ sendBack, input }) => {
  const id = setInterval(() => sendBack({ type: 'TICK', now: Date.now() } satisfies TickEvent), input.everyMs);
  return () => clearInterval(id);
});
