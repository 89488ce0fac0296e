import { logError } from '../logger.ts';
import { storageFault } from '../db/storageFault.ts';

/** What a job's runner tells the operator's metrics (server/metrics/metrics.ts) of its rounds. */
export interface JobWatch {
  /** The job runs every intervalMs from now. */
  scheduled(job: string, intervalMs: number): void;
  /** A round is due (its tick came); it waits while the previous round still runs. */
  due(job: string): void;
  /** The due round starts; the function it returns is called when the round ends. */
  start(job: string): (outcome: 'ok' | 'failed') => void;
}

/** Where a job writes a failed round, and who watches its rounds. */
export interface JobOptions {
  log?: (msg: string) => void;
  watch?: JobWatch;
}

/** Runs a job every intervalMs, never two runs at once; returns a stop function that waits for a running one. */
export function every(name: string, run: () => Promise<unknown>, intervalMs: number, { log = logError, watch }: JobOptions = {}): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  watch?.scheduled(name, intervalMs);
  const timer = setInterval(() => {
    watch?.due(name);
    if (running) return;
    const ended = watch?.start(name);
    running = run()
      .then(
        () => ended?.('ok'),
        (error) => {
          ended?.('failed');
          const fault = storageFault(error);
          log(`[jobs] ${name} failed${fault ? ` (storage ${fault})` : ''}: ${String(error)}`);
        },
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** Runs a batch step (claiming at most `batch` rows, returning how many it handled) until a run
 * finds fewer than a batch: what is due now is all done. The total handled. */
export async function drain(step: () => Promise<number>, batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step();
    total += n;
    if (n < batch) return total;
  }
}
