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
