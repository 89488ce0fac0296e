/** The seat map machine as the app runs it: the map from the server, reloaded on the app's
 * ticker while it is open, its seats taken pushed by the live stock stream. The purchase, a group's draft and an unpaid order's change of seats use it. */
import { fromPromise } from 'xstate';
import { cinemaSeatMachine } from '../../machines/cinemaSeat.machine.ts';
import { getSeatMap } from '../api/cinemaCalls.ts';
import { ticker } from './ticker.ts';
import { live } from './liveStock.ts';

export const seatMapMachine = cinemaSeatMachine.provide({ actors: { loadMap: fromPromise(({ input }) => getSeatMap(input)), ticker, live } });
