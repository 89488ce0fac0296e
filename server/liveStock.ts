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
import { Coalesced, StreamHub, type StreamHubOptions } from './streamHub.ts';

/** The least time between two reads of one topic. */
export const COALESCE_MS = 200;
/** A comment line on every stream this often (nginx's proxy_read_timeout is longer). */
export const HEARTBEAT_MS = 20_000;
/** The most streams one instance keeps open (LIVE_STREAMS). */
export const LIVE_STREAMS_MAX = 10_000;

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
  /** Its reads, at most one per coalescing window. */
  runs: Coalesced;
  /** Reads made, for the tests. */
  reads: number;
}

export type LiveStockOptions = StreamHubOptions;

export class LiveStock extends StreamHub<Topic> {
  /** The topics that show each session. */
  private readonly bySession = new Map<number, Set<Topic>>();

  constructor(changes: Changes, options: LiveStockOptions = {}) {
    super(changes, options, { maxStreams: LIVE_STREAMS_MAX, coalesceMs: COALESCE_MS, heartbeatMs: HEARTBEAT_MS });
  }

  private get topics(): Map<string, Topic> {
    return this.groups;
  }

  protected streamsOf(topic: Topic): Iterable<ServerResponse> {
    return topic.streams;
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
      const made: Topic = { key, read, streams: new Set(), last: null, sessions: [], anyStock: false, runs: null!, reads: 0 };
      made.runs = new Coalesced(() => this.flush(made), this.coalesceMs, performance.now());
      this.topics.set(key, (topic = made));
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

  private leave(topic: Topic, res: ServerResponse) {
    if (!topic.streams.delete(res)) return;
    this.streams--;
    if (topic.streams.size > 0) return;
    topic.runs.stop();
    this.topics.delete(topic.key);
    this.index(topic, []);
  }

  protected noticed(table: string, key: string | null): void {
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

  private async flush(topic: Topic) {
    if (this.topics.get(topic.key) !== topic) return;
    this.reads++;
    topic.reads++;
    try {
      this.take(topic, await topic.read());
    } catch (error) {
      // The database is busy or away: the screen keeps what it shows, and the next notice or
      // heartbeat reads again.
      this.options.log?.(`[live] ${topic.key}: ${(error as Error).message}`);
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
}
