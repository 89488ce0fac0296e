/** select/cinemaSelectSeatChange for an unpaid order: its visitors move to other seats before
 * paying. The seat map is the cinemaSeat machine, starting from the order's seats; the server
 * moves them all at once, and when one of the new seats went to someone else first (505) the
 * map opens again without it.
 *
 * Input: { orderId }. The app provides the actors `loadOrder` (the id: the OrderDetail),
 * `cinemaSeat` (with its `loadMap`) and `changeSeats` ({ orderId, seats }: the raw answer). */
import { assign, fromPromise, setup } from 'xstate';
import { SEAT_TAKEN_CODE } from '../src/domain/seats.ts';
import type { Text } from '../src/domain/text.ts';
import type { OrderDetail, SeatTaken } from '../src/domain/types.ts';
import { cinemaSeatMachine, type ChosenSeats } from './cinemaSeat.machine.ts';
import { errorText, failure, notProvided, output } from './errors.ts';
import { loadingStates } from './loading.ts';

export interface SeatChangeContext {
  orderId: number;
  hallScheduleId: number;
  /** The seats the order holds now (free to this visitor on the map). */
  own: string[];
  /** The seats as the order has them, then as chosen. */
  seats: string[];
  taken: string[];
  error: Text | null;
}

export interface ChangeSeatsAnswer {
  code: number;
  msg: string;
  data: SeatTaken | null;
}

export const seatChangeMachine = setup({
  types: {
    context: {} as SeatChangeContext,
    events: {} as { type: 'RETRY' },
    input: {} as { orderId: number },
  },
  actors: {
    loadOrder: fromPromise<OrderDetail, number>(async () => notProvided('loadOrder')),
    cinemaSeat: cinemaSeatMachine,
    changeSeats: fromPromise<ChangeSeatsAnswer, { orderId: number; seats: string[] }>(async () => notProvided('changeSeats')),
  },
  guards: {
    seatTaken: (_, { output: answer }: { output: ChangeSeatsAnswer }) => answer.code === SEAT_TAKEN_CODE,
  },
  actions: {
    setOrder: assign((_, { output: order }: { output: OrderDetail }) => ({
      hallScheduleId: order.tickets[0]?.hallScheduleId ?? 0,
      seats: order.tickets.map((t) => t.seat?.number ?? ''),
      own: order.tickets.map((t) => t.seat?.number ?? ''),
      error: null,
    })),
    setChosen: assign((_, { output: chosen }: { output: ChosenSeats }) => ({ seats: chosen.seats, taken: [], error: null })),
    // After a refused change the order still holds its old seats.
    setTaken: assign((_, { output: answer }: { output: ChangeSeatsAnswer }) => ({ taken: answer.data?.takenSeats ?? [] })),
    setFailure: assign((_, { error }: { error: unknown }) => ({ error: errorText(error) })),
  },
}).createMachine({
  id: 'seatChange',
  context: ({ input }) => ({ orderId: input.orderId, hallScheduleId: 0, own: [], seats: [], taken: [], error: null }),
  initial: 'loading',
  meta: { description: "Changing an unpaid order's seats" },
  states: {
    ...loadingStates(
      {
        src: 'loadOrder',
        input: ({ context }: { context: SeatChangeContext }) => context.orderId,
        onDone: { target: 'picking', actions: { type: 'setOrder', params: output } },
      },
      { loading: 'Loading the order', failed: 'The order could not be loaded: retry' },
    ),
    picking: {
      meta: { description: "The seat map, starting from the order's seats" },
      invoke: {
        id: 'cinemaSeat',
        src: 'cinemaSeat',
        input: ({ context }) => ({
          hallScheduleId: context.hallScheduleId,
          count: context.seats.length,
          selected: context.seats,
          taken: context.taken,
          own: context.own,
        }),
        onDone: { target: 'saving', actions: { type: 'setChosen', params: output } },
      },
    },
    saving: {
      meta: { description: 'Moving the order to the chosen seats' },
      invoke: {
        id: 'changeSeats',
        src: 'changeSeats',
        input: ({ context }) => ({ orderId: context.orderId, seats: context.seats }),
        onDone: [{ guard: { type: 'seatTaken', params: output }, target: 'picking', actions: { type: 'setTaken', params: output } }, { target: 'changed' }],
        onError: { target: 'picking', actions: { type: 'setFailure', params: failure } },
      },
    },
    changed: { type: 'final', meta: { description: 'Moved: back to the payment' } },
  },
});
