import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cinemaSeatMachine, MAP_REFRESH_MS } from '../../machines/cinemaSeat.machine.ts';
import type { SeatCell, SeatMap } from '../../src/domain/types.ts';
import { pathSuite } from './pathSuite.ts';
import { cinemaSeatInBrowser } from '../paths/models/cinemaSeat.ts';
import { simulatedTicker } from './ticker.ts';

/** A hall of one row: seats 1-1 .. 1-4; 1-3 blocked. */
const seat = (col: number, state: SeatCell['state'] = 'available'): SeatCell => ({ row: 1, col, rowLabel: '1', seatLabel: String(col), state });
const MAP: SeatMap = { hallScheduleId: 7, chooseMode: 1, rows: 1, cols: 4, seats: [seat(1), seat(2), seat(3, 'notAvailable'), seat(4)] };
/** The same hall after someone bought 1-2. */
const LATER: SeatMap = { ...MAP, seats: [seat(1), seat(2, 'sold'), seat(3, 'notAvailable'), seat(4)] };

pathSuite('cinemaSeat', [
  {
    name: 'two visitors',
    machine: cinemaSeatMachine,
    input: { hallScheduleId: 7, count: 2 },
    generators: ['cover'],
    outcomes: { loadMap: [{ output: MAP }, { output: LATER }, { error: 'Network error' }], ticker: [] },
    events: () => [
      { type: 'TOGGLE', seat: '1-1' },
      { type: 'TOGGLE', seat: '1-2' },
      { type: 'TOGGLE', seat: '1-4' },
      { type: 'TOGGLE', seat: '1-3' },
      { type: 'TICK', now: 5_000 },
      { type: 'LIVE', push: { event: 'seats', data: { hallScheduleId: 7, taken: ['1-2'] } } },
      { type: 'CONFIRM' },
      { type: 'RETRY' },
    ],
  },
  cinemaSeatInBrowser,
]);

const withMaps = (...maps: SeatMap[]) => {
  let n = 0;
  // Time stands still here: the map reloads at CONFIRM only.
  return cinemaSeatMachine.provide({
    actors: { loadMap: fromPromise(async () => maps[Math.min(n++, maps.length - 1)]), ticker: simulatedTicker(new SimulatedClock()) },
  });
};

describe('cinemaSeat: behaviour', () => {
  it('picks as many seats as visitors, no more, and never a blocked one', async () => {
    const actor = createActor(withMaps(MAP), { input: { hallScheduleId: 7, count: 2 } }).start();
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'TOGGLE', seat: '1-3' });
    actor.send({ type: 'TOGGLE', seat: '1-1' });
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.error?.en).toBe('Please choose a seat for each visitor');
    actor.send({ type: 'TOGGLE', seat: '1-2' });
    actor.send({ type: 'TOGGLE', seat: '1-4' });
    expect(actor.getSnapshot().context).toMatchObject({ selected: ['1-1', '1-2'], error: { en: 'Cannot choose more seats' } });
    actor.send({ type: 'TOGGLE', seat: '1-1' });
    actor.send({ type: 'TOGGLE', seat: '1-4' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output).toEqual({
      seats: ['1-2', '1-4'],
      places: [
        { rowLabel: '1', seatLabel: '2' },
        { rowLabel: '1', seatLabel: '4' },
      ],
    });
  });

  it('drops a chosen seat someone else bought, at a refresh or at the latest at CONFIRM', async () => {
    const actor = createActor(withMaps(MAP, LATER), { input: { hallScheduleId: 7, count: 2 } }).start();
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'TOGGLE', seat: '1-1' });
    actor.send({ type: 'TOGGLE', seat: '1-2' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches('picking') && s.context.map === LATER);
    expect(actor.getSnapshot().context).toMatchObject({
      selected: ['1-1'],
      error: { zh: '1排2座已被他人选走，请重新选座', en: 'Row 1, seat 2 has just been taken: please choose again' },
    });
  });

  it('turns a seat sold when the stream pushes it, and names a chosen one someone else took', async () => {
    const actor = createActor(withMaps(MAP), { input: { hallScheduleId: 7, count: 2 } }).start();
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'TOGGLE', seat: '1-1' });
    actor.send({ type: 'TOGGLE', seat: '1-2' });
    // Another session's seats change nothing here.
    actor.send({ type: 'LIVE', push: { event: 'seats', data: { hallScheduleId: 8, taken: ['1-1', '1-2'] } } });
    expect(actor.getSnapshot().context.selected).toEqual(['1-1', '1-2']);
    actor.send({ type: 'LIVE', push: { event: 'seats', data: { hallScheduleId: 7, taken: ['1-2'] } } });
    expect(actor.getSnapshot().context).toMatchObject({ selected: ['1-1'], error: { en: 'Row 1, seat 2 has just been taken: please choose again' } });
    expect(actor.getSnapshot().context.map?.seats.map((s) => s.state)).toEqual(['available', 'sold', 'notAvailable', 'available']);
    // Freed again (an order not paid in time): available.
    actor.send({ type: 'LIVE', push: { event: 'seats', data: { hallScheduleId: 7, taken: [] } } });
    expect(actor.getSnapshot().context.map?.seats.map((s) => s.state)).toEqual(['available', 'available', 'notAvailable', 'available']);
  });

  it("shows an unpaid order's own seats as free to its owner, so a change can keep or drop them", async () => {
    const actor = createActor(withMaps(LATER), { input: { hallScheduleId: 7, count: 1, selected: ['1-2'], own: ['1-2'] } }).start();
    await waitFor(actor, (s) => s.matches('picking'));
    expect(actor.getSnapshot().context.selected).toEqual(['1-2']);
    expect(actor.getSnapshot().context.map!.seats[1].state).toBe('available');
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.status === 'done');
  });

  it('reloads the open map every MAP_REFRESH_MS: a seat bought meanwhile turns sold without a tap', async () => {
    const clock = new SimulatedClock();
    let n = 0;
    const machine = cinemaSeatMachine.provide({
      actors: { loadMap: fromPromise(async () => [MAP, LATER][Math.min(n++, 1)]), ticker: simulatedTicker(clock) },
    });
    const actor = createActor(machine, { input: { hallScheduleId: 7, count: 2 } }).start();
    await waitFor(actor, (s) => s.matches('picking'));
    actor.send({ type: 'TOGGLE', seat: '1-2' });
    clock.increment(MAP_REFRESH_MS);
    await waitFor(actor, (s) => s.matches('picking') && s.context.map === LATER);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('counts a tap made while the map reloads, on the map shown; the reload then drops a seat taken', async () => {
    const clock = new SimulatedClock();
    let answer: (map: SeatMap) => void = () => undefined;
    let n = 0;
    const machine = cinemaSeatMachine.provide({
      actors: {
        loadMap: fromPromise(() => (n++ === 0 ? Promise.resolve(MAP) : new Promise<SeatMap>((resolve) => (answer = resolve)))),
        ticker: simulatedTicker(clock),
      },
    });
    const actor = createActor(machine, { input: { hallScheduleId: 7, count: 2 } }).start();
    await waitFor(actor, (s) => s.matches('picking'));
    clock.increment(MAP_REFRESH_MS);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    actor.send({ type: 'TOGGLE', seat: '1-1' });
    actor.send({ type: 'TOGGLE', seat: '1-2' });
    expect(actor.getSnapshot().context.selected).toEqual(['1-1', '1-2']);
    answer(LATER);
    await waitFor(actor, (s) => s.matches('picking'));
    expect(actor.getSnapshot().context.selected).toEqual(['1-1']);
  });

  it('starts from an earlier choice without the seats the server refused', async () => {
    const actor = createActor(withMaps(LATER), { input: { hallScheduleId: 7, count: 2, selected: ['1-1', '1-2'], taken: ['1-2'] } }).start();
    await waitFor(actor, (s) => s.matches('picking'));
    expect(actor.getSnapshot().context).toMatchObject({
      selected: ['1-1'],
      error: { zh: '1排2座已被他人选走，请重新选座', en: 'Row 1, seat 2 has just been taken: please choose again' },
    });
  });
});
