/** A ticker (machines/ticker.ts) that stops while the page is hidden: a screen that reads the
 * server on each tick (the staff day's waiting room) reads nothing from a background tab, and
 * ticks at once when it is shown again, so what it shows is current. */
import { fromCallback, type EventObject } from 'xstate';
import type { TickEvent, TickerInput } from '../../machines/ticker.ts';

export const visibleTicker = fromCallback<EventObject, TickerInput>(({ sendBack, input }) => {
  let id: ReturnType<typeof setInterval> | null = null;
  const tick = () => sendBack({ type: 'TICK', now: Date.now() } satisfies TickEvent);
  const stop = () => {
    if (id !== null) clearInterval(id);
    id = null;
  };
  const start = () => {
    if (id === null) id = setInterval(tick, input.everyMs);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') return stop();
    // Started first: the tick may end this actor (its screen moves on), and its cleanup clears it.
    start();
    tick();
  };
  document.addEventListener('visibilitychange', onVisibility);
  if (document.visibilityState !== 'hidden') start();
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    stop();
  };
});
