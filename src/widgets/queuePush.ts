/** The purchase machine's queue push actor as the app runs it (machines/live.ts queuePush,
 * docs/architecture.md §12): an EventSource on the place's stream, the signed queue ticket in the
 * query (EventSource sets no headers), each push sent to the machine. A stream refused (full, a
 * ticket no longer valid) or dropped says so once, and the machine reads the position every few
 * seconds again; the machine opens a new one when it waits again. */
import { fromCallback, type EventObject } from 'xstate';
import type { QueuePushEvent, QueuePushInput } from '../../machines/live.ts';
import type { QueuePlacePush } from '../domain/releaseQueue.ts';
import { apiPrefix } from '../api/client.ts';
import { currentLang } from '../i18n/index.ts';

/** The stream's address for a place, in the app's language. */
export function queueStreamUrl({ date, ticket }: QueuePushInput): string {
  return `${apiPrefix()}/queue/live?${new URLSearchParams({ date, ticket, lang: currentLang() })}`;
}

export const queuePush = fromCallback<EventObject, QueuePushInput>(({ sendBack, input }) => {
  if (typeof EventSource === 'undefined' || !input.ticket) return undefined;
  const source = new EventSource(queueStreamUrl(input));
  source.addEventListener('place', (e) => {
    const push = JSON.parse((e as MessageEvent<string>).data) as QueuePlacePush;
    sendBack({ type: 'QUEUE.PUSH', push: { ...push, receivedAt: Date.now() } } satisfies QueuePushEvent);
  });
  let lost = false;
  source.onerror = () => {
    if (lost) return;
    lost = true;
    source.close();
    sendBack({ type: 'QUEUE.PUSH_LOST' } satisfies QueuePushEvent);
  };
  return () => source.close();
});
