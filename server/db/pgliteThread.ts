/** PGlite on a thread of its own (docs/architecture.md §5, docs/operations.md §9): the database's work (parsing,
 * planning, executing in WebAssembly, the folder's writes) off the thread that accepts
 * connections and answers requests, so that a busy statement does not hold up a request that
 * needs no database, and the two run on two cores at once. The thread holds the PGlite; this
 * side hands it `pg`'s wire messages and takes its answers (db/pgliteWire.ts), as bytes moved,
 * not copied. What the server asks of the PGlite itself (a dump for a backup, a close) goes the
 * same way. */
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';

/** What the wire stream, the backup and the close ask of a PGlite, here or on its thread. */
export interface PgliteSession {
  execProtocolRaw(messages: Uint8Array): Promise<Uint8Array>;
  exec(sql: string): Promise<unknown>;
  dumpDataDir(compression: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
}

export type ThreadRequest =
  | { id: number; op: 'raw'; messages: Uint8Array }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' }
  | { id: number; op: 'close' };
export type ThreadAnswer = { id: number; ok: true; value?: Uint8Array } | { id: number; ok: false; error: { message: string; code?: string } };
export interface ThreadStart {
  dataDir?: string;
  loadDataDir?: Uint8Array;
}

/** The thread's module: the built one beside the built server (scripts/build-server.mjs), or from
 * the sources through tsx's loader. */
function threadFile(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  return fileURLToPath(new URL(fromSources ? './pgliteThread.worker.mjs' : './pglite-thread.js', import.meta.url));
}

/** A PGlite opened on a new thread; resolves once it is ready (or rejects with why it is not). */
export async function openPgliteThread(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PgliteSession> {
  const start: ThreadStart = {
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: new Uint8Array(await options.loadDataDir.arrayBuffer()) } : {}),
  };
  const worker = new Worker(threadFile(), { workerData: start, transferList: start.loadDataDir ? [start.loadDataDir.buffer as ArrayBuffer] : [] });
  const waiting = new Map<number, { resolve: (value: Uint8Array | undefined) => void; reject: (error: Error) => void }>();
  let next = 0;
  let closed = false;
  let gone: Error | null = null;
  const fail = (error: Error) => {
    gone ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  await new Promise<void>((resolve, reject) => {
    worker.once('message', (m: ThreadAnswer) => (m.ok ? resolve() : reject(Object.assign(new Error(m.error.message), { code: m.error.code }))));
    worker.once('error', reject);
  }).catch(async (error: unknown) => {
    // A database that cannot open (a folder read-only or its disk full) leaves no thread behind.
    await worker.terminate();
    throw error;
  });
  worker.on('message', (m: ThreadAnswer) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.ok) w.resolve(m.value);
    else w.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread ended (exit code ${code})`)));
  type Request = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;
  const ask = (request: Request, transfer: ArrayBuffer[] = []): Promise<Uint8Array | undefined> =>
    new Promise((resolve, reject) => {
      if (gone) return reject(gone);
      const id = ++next;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  return {
    get closed() {
      return closed;
    },
    async execProtocolRaw(messages) {
      // A copy of its own to move: `pg`'s buffers may share a larger pool.
      const own = new Uint8Array(messages);
      return (await ask({ op: 'raw', messages: own }, [own.buffer])) ?? new Uint8Array(0);
    },
    exec: (sql) => ask({ op: 'exec', sql }),
    async dumpDataDir(compression) {
      const tar = await ask({ op: 'dump', compression });
      return new Blob([(tar ?? new Uint8Array(0)) as Uint8Array<ArrayBuffer>]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await ask({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}
