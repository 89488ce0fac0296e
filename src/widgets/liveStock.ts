/** The machines' `live` actor as the app runs it (machines/live.ts): the live stock stream of
 * src/widgets/liveFollow.ts, each push sent to the machine. Apart from liveFollow.ts so that the
 * first screen, which follows the calendar without a machine, does not load XState. */
import { fromCallback, type EventObject } from 'xstate';
import type { LiveEvent, LiveTopic } from '../domain/liveStock.ts';
import { followLive, readAgain } from './liveFollow.ts';

/** The machines' `live` actor (machines/live.ts): input the topic; sends `LIVE` with each push. */
export const live = fromCallback<EventObject, LiveTopic>(({ sendBack, input }) =>
  followLive(input, (push) => sendBack({ type: 'LIVE', push } satisfies LiveEvent), readAgain(input)),
);
