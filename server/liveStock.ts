/** Live stock (docs/architecture.md §11): the streams that push the calendar's days, a day's
 * sessions and a session's seats taken to the screens that show them, as they change.
 *
 * Driven by the database's change notices (server/changes.ts, migrations 028 and 045), which
 * reach every instance at the commit of a sale made on any of them: nothing is added to the
 * order's transaction. A notice names the sessions it changed; each topic (what one kind of
 * screen shows, e.g. the sessions of 2026-11-30 in English) is read again at most once per
 * COALESCE_MS however many sales come and however many streams watch it, and pushed only when
 * its text changed, the same text to every stream. A stream costs its socket and one entry in
 * its topic's set; at most `maxStreams` are kept, one more is refused. Heartbeats keep proxies
 * from closing a quiet stream and read every topic again (states also change with time: a
 * session that ends, a release hour). */
import type { ServerResponse } from 'node:http';
import type { Changes } from './changes.ts';
import { POOL_TABLES } from './changes.ts';

/** The least time between two reads of one topic. */
export const COALESCE_MS = 200;
/** A comment line on every stream this often (nginx's proxy_read_timeout is longer). */
export const HEARTBEAT_MS = 20_000;
/** The most streams one instance keeps open (LIVE_STREAMS). */
export const LIVE_STREAMS_MAX = 10_000;
/** A stream whose client reads nothing and lets this much wait is ended (it reconnects). */
const MOST_UNSENT = 256 * 1024;

/** A topic's read: its push's event name and data, and the sessions it shows. */
export interface TopicRead {
  event: string;
  data: unknown;
  sessions: readonly number[];
  /** Whether every change of stock changes it (the calendar's counts of the day). */
  anyStock?: boolean;
}

interface Topic {
  readonly key: string;
  readonly read: () => Promise<TopicRead>;
  readonly streams: Set<ServerResponse>;
  /** The last push, sent at once to a stream that opens. */
  last: string | null;
  sessions: readonly number[];
  anyStock: boolean;
  dirty: boolean;
  reading: boolean;
  timer: NodeJS.Timeout | null;
  readAt: number;
  /** Reads made, for the tests. */
  reads: number;
}

export interface LiveStockOptions {
  maxStreams?: number;
  coalesceMs?: number;
  heartbeatMs?: number;
  log?: (line: string) => void;
}

export class LiveStock {
  private readonly topics = new Map<string, Topic>();
  /** The topics that show each session. */
  private readonly bySession = new Map<number, Set<Topic>>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly maxStreams: number;
  private readonly coalesceMs: number;
  private closed = false;
  /** Open streams, and reads made (for the metrics and the tests). */
  streams = 0;
  reads = 0;

  constructor(
    changes: Changes,
    private readonly options: LiveStockOptions = {},
  ) {
    this.maxStreams = options.maxStreams ?? LIVE_STREAMS_MAX;
    this.coalesceMs = options.coalesceMs ?? COALESCE_MS;
    this.unsubscribe = changes.subscribe((table, key) => this.noticed(table, key));
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Whether one more stream may open. */
  get full(): boolean {
    return this.closed || this.streams >= this.maxStreams;
  }

  /** The reads made of topic `key` since its first stream opened. */
  readsOf(key: string): number {
    return this.topics.get(key)?.reads ?? 0;
  }

  /** Whether some stream of this instance watches topic `key`. */
  has(key: string): boolean {
    return this.topics.has(key);
  }

  /** Adds `res` (its headers written) to topic `key`, read by `read`; it leaves when it closes.
   * `first`: the topic's read just made, for a topic no stream watched yet. */
  open(key: string, read: () => Promise<TopicRead>, res: ServerResponse, first: TopicRead | null = null): void {
    let topic = this.topics.get(key);
    if (!topic) {
      const readAt = performance.now();
      topic = { key, read, streams: new Set(), last: null, sessions: [], anyStock: false, dirty: false, reading: false, timer: null, readAt, reads: 0 };
      this.topics.set(key, topic);
      if (first) this.take(topic, first);
      // A change that came while the first read ran is read again.
      this.mark(topic);
    }
    topic.streams.add(res);
    this.streams++;
    // The last push is still true (a change since would have been read again): sent at once.
    if (topic.last) this.write(res, topic.last);
    const t = topic;
    res.once('close', () => this.leave(t, res));
  }

  /** Ends every stream (the server is stopping): the clients reconnect to another instance. */
  close(): void {
    this.closed = true;
    this.unsubscribe();
    clearInterval(this.heartbeat);
    for (const topic of this.topics.values()) {
      if (topic.timer) clearTimeout(topic.timer);
      for (const res of topic.streams) res.end();
    }
  }

  private leave(topic: Topic, res: ServerResponse) {
    if (!topic.streams.delete(res)) return;
    this.streams--;
    if (topic.streams.size > 0) return;
    if (topic.timer) clearTimeout(topic.timer);
    this.topics.delete(topic.key);
    this.index(topic, []);
  }

  private noticed(table: string, key: string | null) {
    const stock = table === 'hall_schedule' || table === 'session_seats';
    if (stock && key !== null) {
      for (const id of key.split(',')) for (const topic of this.bySession.get(Number(id)) ?? []) this.mark(topic);
      if (table === 'hall_schedule') for (const topic of this.topics.values()) if (topic.anyStock) this.mark(topic);
      return;
    }
    // A change without names (sessions added or removed, days, halls, prices, settings, the
    // waiting lists), or notices lost for a while: every screen is read again.
    if (stock || table === '*' || (POOL_TABLES as readonly string[]).includes(table)) for (const topic of this.topics.values()) this.mark(topic);
  }

  private mark(topic: Topic) {
    topic.dirty = true;
    if (topic.timer || topic.reading || this.closed) return;
    const wait = Math.max(0, topic.readAt + this.coalesceMs - performance.now());
    topic.timer = setTimeout(() => {
      topic.timer = null;
      void this.flush(topic);
    }, wait);
  }

  private async flush(topic: Topic) {
    if (this.topics.get(topic.key) !== topic) return;
    topic.dirty = false;
    topic.reading = true;
    topic.readAt = performance.now();
    this.reads++;
    topic.reads++;
    try {
      this.take(topic, await topic.read());
    } catch (error) {
      // The database is busy or away: the screen keeps what it shows, and the next notice or
      // heartbeat reads again.
      this.options.log?.(`[live] ${topic.key}: ${(error as Error).message}`);
    } finally {
      topic.reading = false;
      if (topic.dirty) this.mark(topic);
    }
  }

  /** A read's push, sent to every stream of the topic when it changed. */
  private take(topic: Topic, r: TopicRead) {
    if (this.topics.get(topic.key) !== topic) return;
    topic.anyStock = r.anyStock ?? false;
    this.index(topic, r.sessions);
    const text = `event: ${r.event}\ndata: ${JSON.stringify(r.data)}\n\n`;
    if (text === topic.last) return;
    topic.last = text;
    for (const res of topic.streams) this.write(res, text);
  }

  /** Which sessions lead to `topic`. */
  private index(topic: Topic, sessions: readonly number[]) {
    for (const id of topic.sessions) {
      const set = this.bySession.get(id);
      set?.delete(topic);
      if (set?.size === 0) this.bySession.delete(id);
    }
    topic.sessions = sessions;
    for (const id of sessions) {
      let set = this.bySession.get(id);
      if (!set) this.bySession.set(id, (set = new Set()));
      set.add(topic);
    }
  }

  private write(res: ServerResponse, text: string) {
    if (res.writableLength > MOST_UNSENT) return void res.destroy();
    res.write(text);
  }

  private beat() {
    for (const topic of this.topics.values()) {
      for (const res of topic.streams) this.write(res, ':\n\n');
      this.mark(topic);
    }
  }
}
