/** The day screen's ticker reads nothing from a hidden page, and ticks at once when shown again. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type EventObject } from 'xstate';
import { visibleTicker } from '../../../src/widgets/visibleTicker.ts';

/** A page: its visibility, and the event a browser sends when it changes. */
const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
const show = (state: DocumentVisibilityState) => {
  page.visibilityState = state;
  page.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the visible ticker', () => {
  it('ticks every everyMs while the page is shown, not while hidden, and at once when shown again', () => {
    vi.useFakeTimers();
    vi.stubGlobal('document', page);
    show('visible');
    const ticks: EventObject[] = [];
    const parent = createActor(
      createMachine({ invoke: { src: visibleTicker, input: { everyMs: 2000 } }, on: { TICK: { actions: ({ event }) => ticks.push(event) } } }),
    ).start();
    vi.advanceTimersByTime(4000);
    expect(ticks).toHaveLength(2);
    show('hidden');
    vi.advanceTimersByTime(60_000);
    expect(ticks).toHaveLength(2);
    show('visible');
    expect(ticks).toHaveLength(3);
    vi.advanceTimersByTime(2000);
    expect(ticks).toHaveLength(4);
    parent.stop();
    show('hidden');
    show('visible');
    vi.advanceTimersByTime(10_000);
    expect(ticks).toHaveLength(4);
  });
});
