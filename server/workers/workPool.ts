/** The worker pool (piscina): the CPU-bound steps (the face model, the invoice's PDF) run on a
 * few threads of their own, so that a face check, seconds of JavaScript on a loaded machine, no
 * longer stalls every other request on the event loop (docs/operations.md §9). Bounded twice: at
 * most `threads` tasks run at once, at most `maxQueue` wait; one more is refused at once with the
 * API's "busy, try again" (WorkBusyError), never queued without end. `threads: 0` runs the tasks
 * on the main thread, as before the pool (for comparison: `npm run bench:offload -- --inline`). */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { WorkBusyError } from './busy.ts';
import type { WorkResults, WorkTask } from './tasks.ts';

/** What the pool is doing now, for the metrics (docs/operations.md §10). */
export interface WorkStats {
  /** Worker threads configured (0: the tasks run on the main thread). */
  threads: number;
  /** Worker threads alive now (one starts at a task that finds none idle, ends when idle long). */
  alive: number;
  /** Tasks waiting for a thread. */
  queued: number;
  /** The most that may wait before a task is refused. */
  maxQueue: number;
  /** Tasks running now. */
  running: number;
  /** Share of the threads' time spent on tasks since the pool started, 0 to 1. */
  utilisation: number;
  completed: number;
  /** Tasks refused since the pool started, the queue being full. */
  refused: number;
}

export interface WorkPool {
  run<K extends WorkTask['kind']>(task: Extract<WorkTask, { kind: K }>, transfer?: ArrayBufferLike[]): Promise<WorkResults[K]>;
  stats(): WorkStats;
  /** Waits for the tasks under way, then ends the threads (graceful shutdown). */
  close(): Promise<void>;
}

export interface WorkPoolOptions {
  threads: number;
  maxQueue: number;
  /** A worker thread ends after this long without a task (its models go with it). */
  idleMs?: number;
  /** Another worker file and its threads' data (tests hold a task to fill the queue). */
  worker?: { filename: string; workerData?: unknown };
}

/** The worker's file: the built bundle beside dist-server/main.js, or from the sources the
 * small .mjs that registers tsx first (a worker thread does not inherit vitest's transform). */
function workerFile(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  return fileURLToPath(fromSources ? new URL('./worker.mjs', import.meta.url) : new URL('./worker.js', import.meta.url));
}

export function startWorkPool(options: WorkPoolOptions): WorkPool {
  const { threads, maxQueue } = options;
  let refused = 0;
  if (threads === 0) {
    let running = 0;
    let completed = 0;
    const tasks = import('./tasks.ts');
    return {
      async run(task) {
        running++;
        try {
          return (await (await tasks).default(task)) as never;
        } finally {
          running--;
          completed++;
        }
      },
      stats: () => ({ threads: 0, alive: 0, queued: 0, maxQueue, running, utilisation: 0, completed, refused }),
      close: async () => undefined,
    };
  }
  const pool = new Piscina({
    filename: options.worker?.filename ?? workerFile(),
    workerData: options.worker?.workerData,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: options.idleMs ?? 10 * 60_000,
  });
  // Tasks given and not yet answered: running on a thread, or waiting for one.
  let inFlight = 0;
  let closing: Promise<void> | null = null;
  return {
    async run(task, transfer) {
      // Counted here rather than by piscina's own limit, so that the bound does not depend on
      // when a thread starting up takes its first task.
      if (inFlight >= threads + maxQueue) {
        refused++;
        throw new WorkBusyError(`work queue full: ${task.kind} refused (${threads} running, ${inFlight - threads} waiting, limit ${maxQueue})`);
      }
      inFlight++;
      try {
        return (await pool.run(task, transfer ? { transferList: transfer as ArrayBuffer[] } : {})) as never;
      } finally {
        inFlight--;
      }
    },
    stats: () => ({
      threads,
      alive: pool.threads.length,
      queued: Math.max(0, inFlight - threads),
      maxQueue,
      running: Math.min(inFlight, threads),
      utilisation: pool.utilization,
      completed: pool.completed,
      refused,
    }),
    close: () => (closing ??= pool.close()),
  };
}

/** The pool's figures for the metrics helper: queue length, tasks running, utilisation. */
export const workPoolStats = (pool: WorkPool): WorkStats => pool.stats();
