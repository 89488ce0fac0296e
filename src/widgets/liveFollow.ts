/** The live stock stream as the app runs it (docs/architecture.md §11): an EventSource on the
 * server's stream for what the screen shows, open only while the page is visible (a phone's
 * background tab holds no connection), its pushes handed to the screen's machine. A stream the
 * server refuses (full, or an old server without it) or that the network keeps dropping falls
 * back to reading the screen's data every FALLBACK_MS, as the screen's own load does. */
import { useEffect, useState } from 'react';
import { liveSessionOf, type LivePush, type LivePushes, type LiveTopic } from '../domain/liveStock.ts';
import { getCalendar, getHalls } from '../api/calls.ts';
import { apiPrefix } from '../api/client.ts';
import { currentLang } from '../i18n/index.ts';

/** How often a screen without its stream reads its data again. */
export const FALLBACK_MS = 15_000;

/** The stream's address for `topic`, in the app's language. */
export function liveUrl(topic: LiveTopic): string {
  const q = new URLSearchParams({ topic: topic.kind, lang: currentLang() });
  if (topic.kind === 'day') q.set('date', topic.date);
  if (topic.kind === 'seats') q.set('scheduleId', String(topic.hallScheduleId));
  return `${apiPrefix()}/pool/ingore/live?${q}`;
}

/** Follows `topic` until the returned stop: each push (or fallback read) to `onLivePush`. */
export function followLive(topic: LiveTopic, onLivePush: (push: LivePush) => void, fallback: (() => Promise<LivePush>) | null): () => void {
  let source: EventSource | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  const stopPolling = () => {
    if (poll) clearInterval(poll);
    poll = null;
  };
  const startPolling = () => {
    if (poll || !fallback) return;
    const read = fallback;
    poll = setInterval(() => void read().then(onLivePush, () => undefined), FALLBACK_MS);
  };
  const open = () => {
    if (source || typeof EventSource === 'undefined') return startPolling();
    const s = (source = new EventSource(liveUrl(topic)));
    for (const event of ['calendar', 'sessions', 'seats'] as const) {
      s.addEventListener(event, (e) => onLivePush({ event, data: JSON.parse((e as MessageEvent<string>).data) } as LivePush));
    }
    s.onopen = stopPolling;
    // Closed for good (refused): read as before. A dropped one tries again by itself meanwhile.
    s.onerror = () => startPolling();
  };
  const close = () => {
    source?.close();
    source = null;
    stopPolling();
  };
  const onVisibility = () => (document.visibilityState === 'hidden' ? close() : open());
  document.addEventListener('visibilitychange', onVisibility);
  if (document.visibilityState !== 'hidden') open();
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    close();
  };
}

/** What a screen reads without its stream: the calendar and the day's halls as they load; a seat
 * map has its own reload (machines/cinemaSeat.machine.ts). */
export function readAgain(topic: LiveTopic): (() => Promise<LivePush>) | null {
  if (topic.kind === 'calendar') return async () => ({ event: 'calendar', data: { days: await getCalendar() } });
  if (topic.kind === 'day') {
    const { date } = topic;
    return async () => ({ event: 'sessions', data: { date, sessions: (await getHalls(date)).flatMap((h) => h.scheduleTicketPoolVOS.map(liveSessionOf)) } });
  }
  return null;
}

/** For a screen without a machine (the first screen's calendar, kept light): the last push of
 * `event` on `topic`, or null until one comes. */
export function useLivePush<E extends keyof LivePushes>(topic: LiveTopic, event: E): LivePushes[E] | null {
  const [pushed, setPushed] = useState<LivePushes[E] | null>(null);
  const url = liveUrl(topic);
  useEffect(() => {
    setPushed(null);
    return followLive(topic, (push) => push.event === event && setPushed(push.data as LivePushes[E]), readAgain(topic));
    // The topic is its address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, event]);
  return pushed;
}
