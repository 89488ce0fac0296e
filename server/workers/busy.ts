/** The refusal of work the server has no room for now (the worker pool's queue full, workPool.ts;
 * Tesseract's): answered with the API's "busy, try again" (app.ts) and logged with its cause.
 * Apart from the pool, so that what throws or answers it does not load piscina. */
export class WorkBusyError extends Error {}

/** A bound for work that already runs on a thread of its own (Tesseract's worker): at most
 * `running` at once and `maxQueue` waiting, the next refused with WorkBusyError. */
export function workGate(name: string, running: number, maxQueue: number): <T>(work: () => Promise<T>) => Promise<T> {
  let inFlight = 0;
  return async (work) => {
    if (inFlight >= running + maxQueue) {
      throw new WorkBusyError(`${name} queue full: refused (${running} running, ${inFlight - running} waiting, limit ${maxQueue})`);
    }
    inFlight++;
    try {
      return await work();
    } finally {
      inFlight--;
    }
  };
}
