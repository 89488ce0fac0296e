/** "Your turn", pushed (docs/architecture.md §12): the streams of the visitors waiting in a day's
 * release queue on this instance, each told at once when she is admitted and, while she waits,
 * how far the line has moved.
 *
 * Driven by the admissions' change notice (`release_queue:<date>`, sent in each round's
 * transaction by services/releaseQueue.ts admitDay), which reaches every instance at the
 * round's commit through the same LISTEN connection as the caches' notices (server/changes.ts);
 * on PGlite the one instance hears its own. A notice drops this instance's copy of the day's line
 * and reads every stream of that day from the fresh copy in one go (the places no longer in it
 * by their keys in one query), at most once per COALESCE_MS. A stream is pushed only when its
 * state or its count ahead changed. Streams keep no place alive: the page's position reads do
 * (the stream lets it read them less often). */
import type { ServerResponse } from 'node:http';
import type { QueuePlacePush } from '../src/domain/releaseQueue.ts';
import type { Changes } from './changes.ts';
import { Coalesced, StreamHub, type StreamHubOptions } from './streamHub.ts';

/** The least time between two reads of one day's streams. */
export const COALESCE_MS = 200;
/** A comment line on every stream this often (nginx's proxy_read_timeout is longer). */
export const HEARTBEAT_MS = 20_000;
/** The most queue streams one instance keeps open (QUEUE_STREAMS). */
export const QUEUE_STREAMS_MAX = 10_000;

/** One waiting visitor's stream. */
interface Watcher {
  readonly userId: number;
  readonly place: number;
  readonly res: ServerResponse;
  /** What was last pushed (state and count ahead). */
  last: string | null;
}

/** The pushes of `places` of `date` now, in their order (services/releaseQueue.ts placesNow). */
export type PlacesRead = (date: string, places: ReadonlyArray<{ userId: number; place: number }>) => Promise<QueuePlacePush[]>;

interface Day {
  readonly date: string;
  readonly watchers: Set<Watcher>;
  /** Its reads, at most one per coalescing window. */
  runs: Coalesced;
}

export interface QueuePushOptions extends StreamHubOptions {
  /** Called with a day whose line moved, before its streams are read (drops the line's copy). */
  moved?: (date: string) => void;
}

export class QueuePush extends StreamHub<Day> {
  /** Pushes sent (the tests). */
  pushes = 0;

  constructor(
    changes: Changes,
    private readonly read: PlacesRead,
    private readonly pushOptions: QueuePushOptions = {},
  ) {
    super(changes, pushOptions, { maxStreams: QUEUE_STREAMS_MAX, coalesceMs: COALESCE_MS, heartbeatMs: HEARTBEAT_MS });
  }

  /** Adds `res` (its headers written) for the place `place` of `userId` on `date`, pushed at once
   * with `first` (its state now); it leaves when it closes. */
  open(date: string, userId: number, place: number, res: ServerResponse, first: QueuePlacePush): void {
    let day = this.groups.get(date);
    if (!day) {
      const made: Day = { date, watchers: new Set(), runs: null! };
      made.runs = new Coalesced(() => this.flush(made), this.coalesceMs);
      this.groups.set(date, (day = made));
    }
    const watcher: Watcher = { userId, place, res, last: null };
    day.watchers.add(watcher);
    this.streams++;
    this.push(watcher, first);
    const d = day;
    res.once('close', () => this.leave(d, watcher));
  }

  protected *streamsOf(day: Day): Iterable<ServerResponse> {
    for (const w of day.watchers) yield w.res;
  }

  private leave(day: Day, watcher: Watcher) {
    if (!day.watchers.delete(watcher)) return;
    this.streams--;
    if (day.watchers.size > 0) return;
    day.runs.stop();
    this.groups.delete(day.date);
  }

  protected noticed(table: string, key: string | null): void {
    if (table === 'release_queue' && key !== null) {
      this.pushOptions.moved?.(key);
      const day = this.groups.get(key);
      if (day) this.mark(day);
      return;
    }
    // Notices lost for a while (or back): every day's streams are read again.
    if (table === '*') for (const day of this.groups.values()) this.mark(day);
  }

  private async flush(day: Day) {
    if (this.groups.get(day.date) !== day) return;
    this.reads++;
    const watchers = [...day.watchers];
    try {
      const pushes = await this.read(
        day.date,
        watchers.map((w) => ({ userId: w.userId, place: w.place })),
      );
      watchers.forEach((w, i) => day.watchers.has(w) && this.push(w, pushes[i]));
    } catch (error) {
      // The database is busy or away: the pages read their positions as before, and the next
      // notice or heartbeat reads again.
      this.options.log?.(`[queue] ${day.date}: ${(error as Error).message}`);
    }
  }

  private push(watcher: Watcher, p: QueuePlacePush) {
    const key = `${p.state}|${p.ahead}`;
    if (key === watcher.last) return;
    watcher.last = key;
    this.pushes++;
    this.write(watcher.res, `event: place\ndata: ${JSON.stringify(p)}\n\n`);
  }
}
