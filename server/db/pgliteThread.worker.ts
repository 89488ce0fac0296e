/** The database thread (db/pgliteThread.ts): one PGlite, and the requests of the server's thread
 * answered one after the other, in the order they came. */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ThreadAnswer, ThreadRequest, ThreadStart } from './pgliteThread.ts';

const port = parentPort!;
const start = workerData as ThreadStart;

const failure = (error: unknown) => ({ message: error instanceof Error ? error.message : String(error), code: (error as { code?: string }).code });

try {
  const pglite = new PGlite({
    ...(start.dataDir ? { dataDir: start.dataDir } : {}),
    ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir as Uint8Array<ArrayBuffer>]) } : {}),
  });
  await pglite.waitReady;
  port.postMessage({ id: 0, ok: true } satisfies ThreadAnswer);
  let turn: Promise<void> = Promise.resolve();
  port.on('message', (request: ThreadRequest) => {
    turn = turn.then(async () => {
      try {
        const value = await answer(pglite, request);
        port.postMessage({ id: request.id, ok: true, value } satisfies ThreadAnswer, value ? [value.buffer as ArrayBuffer] : []);
      } catch (error) {
        port.postMessage({ id: request.id, ok: false, error: failure(error) } satisfies ThreadAnswer);
      }
    });
  });
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: failure(error) } satisfies ThreadAnswer);
}

async function answer(pglite: PGlite, request: ThreadRequest): Promise<Uint8Array | undefined> {
  switch (request.op) {
    case 'raw':
      // A view into PGlite's memory would be overwritten by the next answer: moved as a copy.
      return new Uint8Array(await pglite.execProtocolRaw(request.messages));
    case 'exec':
      await pglite.exec(request.sql);
      return undefined;
    case 'dump':
      return new Uint8Array(await (await pglite.dumpDataDir(request.compression)).arrayBuffer());
    case 'close':
      if (!pglite.closed) await pglite.close();
      return undefined;
  }
}
