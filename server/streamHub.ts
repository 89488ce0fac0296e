import type { ServerResponse } from 'node:http';
import type { Changes } from './changes.ts';

/** A read that runs at most once per `ms` however often it is asked for (the streams' change
 * notices: server/liveStock.ts, server/queuePush.ts); asked while it runs, it runs once more
 * after, so the last change is always read. */
export class Coalesced {
  private dirty = false;
  private running = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  /** `lastAt`: when the last read was made (performance.now()), e.g. a first read made by hand. */
  constructor(
    private readonly run: () => Promise<void>,
    private readonly ms: number,
    private lastAt = 0,
  ) {}

  /** Asks for a read: now, or once `ms` has passed since the last, or after the one running. */
  ask(): void {
    this.dirty = true;
    if (this.timer || this.running || this.stopped) return;
    this.timer = setTimeout(() => void this.go(), Math.max(0, this.lastAt + this.ms - performance.now()));
  }

  /** No more reads (nobody watches, or the server stops). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async go() {
    this.timer = null;
    this.dirty = false;
    this.running = true;
    this.lastAt = performance.now();
    try {
      await this.run();
    } finally {
      this.running = false;
      if (this.dirty) this.ask();
    }
  }
}

export interface StreamHubOptions {
  maxStreams?: number;
  coalesceMs?: number;
  heartbeatMs?: number;
  log?: (line: string) => void;
}

/** A stream whose client reads nothing and lets this much wait is ended (it reconnects). */
const MOST_UNSENT = 256 * 1024;

/** What the instance's Server-Sent Event streams share (server/liveStock.ts, server/queuePush.ts):
 * groups of streams fed by the change notices, each group read through its own Coalesced; a cap
 * on open streams; a heartbeat that writes a comment line on every stream (proxies do not close
 * a quiet one) and reads every group again; a stop that ends them all, so the server's own stop
 * does not wait for streams that never end by themselves. */
export abstract class StreamHub<Group extends { runs: Coalesced }> {
  protected readonly groups = new Map<string, Group>();
  protected readonly maxStreams: number;
  protected readonly coalesceMs: number;
  protected closed = false;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  /** Open streams, and reads made (for the metrics and the tests). */
  streams = 0;
  reads = 0;

  constructor(
    changes: Changes,
    protected readonly options: StreamHubOptions,
    defaults: Required<Omit<StreamHubOptions, 'log'>>,
  ) {
    this.maxStreams = options.maxStreams ?? defaults.maxStreams;
    this.coalesceMs = options.coalesceMs ?? defaults.coalesceMs;
    this.unsubscribe = changes.subscribe((table, key) => this.noticed(table, key));
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs ?? defaults.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Whether one more stream may open. */
  get full(): boolean {
    return this.closed || this.streams >= this.maxStreams;
  }

  /** Ends every stream (the server is stopping): the clients reconnect to another instance. */
  close(): void {
    this.closed = true;
    this.unsubscribe();
    clearInterval(this.heartbeat);
    for (const group of this.groups.values()) {
      group.runs.stop();
      for (const res of this.streamsOf(group)) res.end();
    }
  }

  /** The streams of `group`. */
  protected abstract streamsOf(group: Group): Iterable<ServerResponse>;

  /** A change notice (server/changes.ts): `mark` the groups it concerns. */
  protected abstract noticed(table: string, key: string | null): void;

  protected mark(group: Group): void {
    if (!this.closed) group.runs.ask();
  }

  protected write(res: ServerResponse, text: string): void {
    if (res.writableLength > MOST_UNSENT) return void res.destroy();
    res.write(text);
  }

  private beat() {
    for (const group of this.groups.values()) {
      for (const res of this.streamsOf(group)) this.write(res, ':\n\n');
      this.mark(group);
    }
  }
}
