/** Runs a job every intervalMs, never two runs at once; returns a stop function that waits for a running one. */
export function every(name: string, run: () => Promise<unknown>, intervalMs: number, log: (msg: string) => void): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch((error) => log(`[jobs] ${name} failed: ${String(error)}`))
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
