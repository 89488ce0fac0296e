/** A graceful stop on SIGTERM or SIGINT (docs/operations.md §8): the server stops accepting and
 * answers 503 on connections it still holds, so a proxy takes it out; the requests in flight
 * finish; then each job ends its round, the worker pool's threads end (§9), the database closes
 * and the folder lock goes. Run once, however many signals come. */
import type { FastifyInstance } from 'fastify';

export interface Stoppable {
  app: FastifyInstance;
  /** Each job's stop: resolves once its current round ended (a refund's lease is then free). */
  jobs: Array<() => unknown>;
  /** The worker pool: closed once no request can give it a task. */
  work: { close(): Promise<void> };
  db: { close(): Promise<void> };
  unlock: () => void;
}

export function gracefulShutdown(what: Stoppable, log: (line: string) => void = console.log): (signal: string) => Promise<void> {
  let stopping: Promise<void> | null = null;
  return (signal) =>
    (stopping ??= (async () => {
      log(`[server] ${signal}: shutting down`);
      // Fastify's close: no new connections, 503 on kept ones, resolves when in-flight requests end.
      await what.app.close().catch(() => undefined);
      for (const stop of what.jobs) await stop();
      await what.work.close().catch(() => undefined);
      await what.db.close();
      what.unlock();
    })());
}
