/** select/cinemaSelectSeat (docs/product.md §2): the seat map of a film session. The visitor picks
 * exactly as many available seats as there are visitors ("cannot choose more seats" past
 * that); seats taken by someone else while the map is open turn sold when the map refreshes
 * (every MAP_REFRESH_MS, on the ticker's TICK), at once when the live stock stream pushes the
 * session's seats taken (LIVE, docs/architecture.md §11), and at the latest at CONFIRM, which
 * reloads the map first and goes on only when every chosen seat is still free.
 *
 * Input: { hallScheduleId, count, selected?, taken?, own? } (`taken`: seats the server refused
 * at placeOrder, dropped from `selected`; `own`: an unpaid order's seats, free to its owner).
 * The app provides the actors `loadMap` (the session id: the SeatMap), `ticker` and `live`. Output:
 * ChosenSeats. */
import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { SEAT_MESSAGES, seatNumberOf, seatsTakenText } from '../src/domain/seats.ts';
import type { Text } from '../src/domain/text.ts';
import type { SeatMap } from '../src/domain/types.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';
import { ticker, type TickEvent } from './ticker.ts';
import { live, type LiveEvent } from './live.ts';
import { applyTaken } from '../src/domain/liveStock.ts';

export interface CinemaSeatInput {
  hallScheduleId: number;
  count: number;
  selected?: string[];
  taken?: string[];
  /** Seats the visitor's own unpaid order holds (a change of seats): free to this visitor. */
  own?: string[];
}

export interface CinemaSeatContext {
  hallScheduleId: number;
  count: number;
  map: SeatMap | null;
  selected: string[];
  own: string[];
  /** Chosen seats the server refused before the map was read, to be named once it is. */
  lost: string[];
  error: Text | null;
}

/** The seats chosen, "row-col", and as printed on them. */
export interface ChosenSeats {
  seats: string[];
  places: Array<{ rowLabel: string; seatLabel: string }>;
}

export type CinemaSeatEvent = { type: 'TOGGLE'; seat: string } | TickEvent | LiveEvent | { type: 'CONFIRM' } | { type: 'RETRY' };

/** How often an open map asks for the seats again. */
export const MAP_REFRESH_MS = 5_000;

const availableIn = (map: SeatMap | null, seat: string) => map?.seats.some((s) => seatNumberOf(s) === seat && s.state === 'available') ?? false;

/** The map as this visitor sees it: the seats of their own unpaid order are free to them. */
function ownAsFree(map: SeatMap, own: readonly string[]): SeatMap {
  if (own.length === 0) return map;
  return { ...map, seats: map.seats.map((s) => (own.includes(seatNumberOf(s)) ? { ...s, state: 'available' } : s)) };
}

/** The chosen seats the new map still offers, and a message naming those lost. */
function merge(context: CinemaSeatContext, fresh: SeatMap): Partial<CinemaSeatContext> {
  const map = ownAsFree(fresh, context.own);
  const kept = context.selected.filter((seat) => availableIn(map, seat));
  const lost = [...context.lost, ...context.selected.filter((seat) => !kept.includes(seat))];
  if (lost.length === 0) return { map, selected: kept };
  const places = lost.flatMap((seat) => map.seats.filter((s) => seatNumberOf(s) === seat));
  return { map, selected: kept, lost: [], error: seatsTakenText(places) };
}

/** What a tap and the confirm do while the map is shown, read afresh or not. */
const PICKING = {
  TOGGLE: [
    { guard: 'isSelected', actions: 'deselect' },
    // A sold or blocked seat does nothing.
    { guard: not('isAvailable') },
    { guard: 'full', actions: 'tooMany' },
    { actions: 'select' },
  ],
  CONFIRM: [{ guard: 'complete', target: 'checking' }, { actions: 'chooseAll' }],
} as const;

export const cinemaSeatMachine = setup({
  types: {
    context: {} as CinemaSeatContext,
    events: {} as CinemaSeatEvent,
    input: {} as CinemaSeatInput,
    output: {} as ChosenSeats,
  },
  actors: {
    loadMap: fromPromise<SeatMap, number>(async () => notProvided('loadMap')),
    ticker,
    live,
  },
  guards: {
    isSelected: ({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return context.selected.includes(event.seat);
    },
    isAvailable: ({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return availableIn(context.map, event.seat);
    },
    full: ({ context }) => context.selected.length >= context.count,
    complete: ({ context }) => context.selected.length === context.count,
    /** A push of this session's seats, once the map is shown. */
    seatsOfMap: ({ context, event }) => {
      assertEvent(event, 'LIVE');
      return !!context.map && event.push.event === 'seats' && event.push.data.hallScheduleId === context.hallScheduleId;
    },
  },
  actions: {
    setMap: assign(({ context }, { output: map }: { output: SeatMap }) => merge(context, map)),
    // The pushed seats taken on the map shown: a chosen seat someone else took is named, as at a reload.
    applyLive: assign(({ context, event }) => {
      assertEvent(event, 'LIVE');
      return event.push.event === 'seats' && context.map ? merge(context, applyTaken(context.map, event.push.data.taken)) : {};
    }),
    select: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { selected: [...context.selected, event.seat], error: null };
    }),
    deselect: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      return { selected: context.selected.filter((s) => s !== event.seat), error: null };
    }),
    tooMany: assign({ error: SEAT_MESSAGES.tooMany }),
    chooseAll: assign({ error: SEAT_MESSAGES.choose }),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'cinemaSeat',
  context: ({ input }) => ({
    hallScheduleId: input.hallScheduleId,
    count: input.count,
    map: null,
    selected: (input.selected ?? []).filter((s) => !(input.taken ?? []).includes(s)).slice(0, input.count),
    own: input.own ?? [],
    lost: input.taken ?? [],
    error: null,
  }),
  initial: 'loading',
  meta: { description: 'Choosing seats on the seat map' },
  // The session's seats taken, pushed as they change, for as long as the map is open.
  invoke: { id: 'live', src: 'live', input: ({ context }) => ({ kind: 'seats' as const, hallScheduleId: context.hallScheduleId }) },
  on: { LIVE: { guard: 'seatsOfMap', actions: 'applyLive' } },
  output: ({ context }) => ({
    seats: context.selected,
    places: context.selected.map((seat) => {
      const cell = context.map?.seats.find((s) => seatNumberOf(s) === seat);
      return { rowLabel: cell?.rowLabel ?? '', seatLabel: cell?.seatLabel ?? '' };
    }),
  }),
  states: {
    ...loadingStates(
      {
        src: 'loadMap',
        input: ({ context }: { context: CinemaSeatContext }) => context.hallScheduleId,
        onDone: { target: 'picking', actions: { type: 'setMap', params: output } },
      },
      { loading: 'Loading the seat map', failed: 'The seat map could not be loaded: retry' },
    ),
    picking: {
      meta: { description: 'The map: tap seats, as many as visitors' },
      invoke: { id: 'ticker', src: 'ticker', input: { everyMs: MAP_REFRESH_MS } },
      on: { ...PICKING, TICK: 'refreshing' },
    },
    refreshing: {
      meta: { description: 'Reloading the map while taps go on: seats taken meanwhile turn sold' },
      // A tap while the map reloads counts on the map shown; the reload drops what was taken.
      on: PICKING,
      invoke: {
        id: 'loadMap',
        src: 'loadMap',
        input: ({ context }) => context.hallScheduleId,
        onDone: { target: 'picking', actions: { type: 'setMap', params: output } },
        onError: 'picking',
      },
    },
    checking: {
      meta: { description: 'Confirming: the chosen seats must still be free' },
      invoke: {
        id: 'loadMap',
        src: 'loadMap',
        input: ({ context }) => context.hallScheduleId,
        onDone: [
          {
            guard: ({ context, event }) => context.selected.every((seat) => availableIn(ownAsFree(event.output, context.own), seat)),
            target: 'chosen',
            actions: { type: 'setMap', params: output },
          },
          { target: 'picking', actions: { type: 'setMap', params: output } },
        ],
        onError: { target: 'picking', actions: { type: 'setFailure', params: failure } },
      },
    },
    chosen: { type: 'final', meta: { description: 'Seats chosen: on to the review' } },
  },
});
