/** The purchase machine's queue push actor as the app runs it (machines/live.ts queuePush,
 * docs/architecture.md §12): an EventSource on the place's stream, the signed queue ticket in the
 * query (EventSource sets no headers), each push sent to the machine; none while she is far back
 * in the line (followsStream: the page polls there). A stream refused (full, a
 * ticket no longer valid) or dropped says so once, and the machine reads the position every few
 * seconds again; it opens a new one when it waits again, except within REFUSED_MS of a refusal
 * (the server's Retry-After), so a full instance is not asked again at every read. */
import { fromCallback, type EventObject } from 'xstate';
import type { QueuePushEvent, QueuePushInput } from '../../machines/live.ts';
import { followsStream, type QueuePlacePush } from '../domain/releaseQueue.ts';
import { apiPrefix } from '../api/client.ts';
import { currentLang } from '../i18n/index.ts';

/** The stream's address for a place, in the app's language. */
export function queueStreamUrl({ date, ticket }: QueuePushInput): string {
  return `${apiPrefix()}/queue/live?${new URLSearchParams({ date, ticket, lang: currentLang() })}`;
}

/** How long after a refused stream none is opened. */
export const REFUSED_MS = 30_000;
let refusedAt = -Infinity;

export const queuePush = fromCallback<EventObject, QueuePushInput>(({ sendBack, input }) => {
  if (typeof EventSource === 'undefined' || !input.ticket || !followsStream(input.ahead) || Date.now() - refusedAt < REFUSED_MS) return undefined;
  const source = new EventSource(queueStreamUrl(input));
  let opened = false;
  source.onopen = () => void (opened = true);
  source.addEventListener('place', (e) => {
    const push = JSON.parse((e as MessageEvent<string>).data) as QueuePlacePush;
    sendBack({ type: 'QUEUE.PUSH', push: { ...push, receivedAt: Date.now() } } satisfies QueuePushEvent);
  });
  let lost = false;
  source.onerror = () => {
    if (lost) return;
    lost = true;
    if (!opened) refusedAt = Date.now();
    source.close();
    sendBack({ type: 'QUEUE.PUSH_LOST' } satisfies QueuePushEvent);
  };
  return () => source.close();
});
