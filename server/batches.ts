/** Group commit, for work that many callers ask of one thing at once (the release rush's sales of
 * one session): while a batch of a key runs, the callers who arrive wait, and the next batch
 * takes them all, in their order of arrival (at most `most`, and never two with the same
 * `distinct` key: the later waits for the next batch). The first caller of an idle key starts a
 * batch at once, so at low load a batch is one caller and waits for nothing. */
export interface BatchOptions<T, R> {
  most: number;
  distinct: (item: T) => unknown;
  /** One answer per item, in the items' order. A throw answers every item with it. */
  run: (items: T[]) => Promise<Array<PromiseSettledResult<R>>>;
}

interface Waiting<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

/** Hands `item` to the next batch of `key`; answers with its own answer. */
export interface Batches<K, T, R> {
  (key: K, item: T): Promise<R>;
  /** How many callers of `key` wait for its next batch (the running batch's are not counted). */
  waiting(key: K): number;
}

export function batches<K, T, R>({ most, distinct, run }: BatchOptions<T, R>): Batches<K, T, R> {
  const queues = new Map<K, Array<Waiting<T, R>>>();

  /** The next batch, taken out of the queue; what it leaves keeps its order. */
  const take = (queue: Array<Waiting<T, R>>): Array<Waiting<T, R>> => {
    const batch: Array<Waiting<T, R>> = [];
    const seen = new Set<unknown>();
    for (let i = 0; i < queue.length && batch.length < most;) {
      const key = distinct(queue[i].item);
      if (seen.has(key)) i++;
      else {
        seen.add(key);
        batch.push(...queue.splice(i, 1));
      }
    }
    return batch;
  };

  const drain = async (key: K, queue: Array<Waiting<T, R>>) => {
    while (queue.length > 0) {
      const batch = take(queue);
      const answers = await run(batch.map((w) => w.item)).catch((reason: unknown) => batch.map((): PromiseRejectedResult => ({ status: 'rejected', reason })));
      batch.forEach((w, i) => {
        const answer = answers[i] ?? { status: 'rejected', reason: new Error('batches: no answer for an item') };
        if (answer.status === 'fulfilled') w.resolve(answer.value);
        else w.reject(answer.reason);
      });
    }
    queues.delete(key);
  };

  const add = (key: K, item: T) =>
    new Promise<R>((resolve, reject) => {
      let queue = queues.get(key);
      const idle = queue === undefined;
      if (!queue) queues.set(key, (queue = []));
      queue.push({ item, resolve, reject });
      if (idle) void drain(key, queue);
    });
  return Object.assign(add, { waiting: (key: K) => queues.get(key)?.length ?? 0 });
}
