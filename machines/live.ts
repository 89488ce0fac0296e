/** The live stock actor of the calendar, venue and seat map machines (docs/architecture.md §11):
 * input what the screen shows (a LiveTopic), it sends `LIVE { push }` as the server's stream
 * pushes a change. The app provides it (src/widgets/liveStock.ts); without it a screen keeps what
 * it read, as before, so machines that embed the seat map need not provide it. */
import { fromCallback, type EventObject } from 'xstate';
import type { LiveTopic } from '../src/domain/liveStock.ts';

export type { LiveEvent } from '../src/domain/liveStock.ts';

export const live = fromCallback<EventObject, LiveTopic>(() => undefined);
