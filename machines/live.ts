/** The live stock actor of the calendar, venue and seat map machines (docs/architecture.md §11):
 * input what the screen shows (a LiveTopic), it sends `LIVE { push }` as the server's stream
 * pushes a change. The app provides it (src/widgets/liveStock.ts); without it a screen keeps what
 * it read, as before, so machines that embed the seat map need not provide it. */
import { fromCallback, type EventObject } from 'xstate';
import type { LiveTopic } from '../src/domain/liveStock.ts';
import type { QueuePlacePush } from '../src/domain/releaseQueue.ts';

export type { LiveEvent } from '../src/domain/liveStock.ts';

export const live = fromCallback<EventObject, LiveTopic>(() => undefined);

/** What the release queue's push actor follows: the day and the place's signed queue ticket. */
export interface QueuePushInput {
  date: string;
  ticket: string;
  /** Visitors ahead of her as last read: far back, no stream is opened (followsStream). */
  ahead: number;
}

/** What it sends: each push of the place's stream (with the client's clock at its arrival, as the
 * queue's reads carry it), and `QUEUE.PUSH_LOST` when the stream is refused or drops. */
export type QueuePushEvent = { type: 'QUEUE.PUSH'; push: QueuePlacePush & { receivedAt: number } } | { type: 'QUEUE.PUSH_LOST' };

/** The purchase machine's queue push actor (docs/architecture.md §12), provided by the app
 * (src/widgets/queuePush.ts); without it the waiting room reads its position every few seconds,
 * as before. */
export const queuePush = fromCallback<EventObject, QueuePushInput>(() => undefined);
