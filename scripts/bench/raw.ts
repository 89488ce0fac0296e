/** The rush benchmark's yardstick, in its own process (neither the server's nor the load
 * generator's CPU): how many times per second the database itself runs the one statement a
 * ticket sale cannot do without, the conditional update of the session's hot row
 * (`UPDATE ... SET sold = sold + 1 WHERE id = $1 AND sold < cap`), each its own autocommit
 * transaction, CONCURRENCY clients at a time each on its own connection, for SECONDS after a
 * short warm-up. PostgreSQL: the server's database, so the same durability; PGlite: a folder of
 * its own opened as the server opens one (the server's folder is locked by the server).
 *
 *   node --import tsx scripts/bench/raw.ts '<RawPlace JSON>' <seconds> <concurrency> [<concurrency> ...]
 *
 * Prints one JSON line: [{ concurrency, updates, perSecond }, ...]. */
import type { Queryable } from '../../server/db/db.ts';
import { openFolder, type RawPlace } from './kit.ts';

const [placeArg, secondsArg, ...concurrencyArgs] = process.argv.slice(2);
const place = JSON.parse(placeArg) as RawPlace;
const seconds = Number(secondsArg);
const WARMUP_MS = 500;
const UPDATE = 'UPDATE bench_raw SET sold = sold + 1 WHERE id = $1 AND sold < cap';

/** `n` connections; PGlite has only the one (the server has only the one too). Statements are
 * prepared, as the server's are (server/db/db.ts). */
async function connect(n: number): Promise<{ conns: Queryable[]; close: () => Promise<void> }> {
  if (place.kind === 'pglite') {
    const db = await openFolder(place.dir);
    return { conns: [db], close: () => db.close() };
  }
  const { default: pg } = await import('pg');
  const clients = await Promise.all(
    Array.from({ length: n }, async () => {
      const c = new pg.Client({ connectionString: place.url });
      await c.connect();
      return c;
    }),
  );
  return {
    conns: clients.map((c) => ({
      query: async <T>(sql: string, params: unknown[] = []) =>
        (await c.query({ name: params.length ? 'raw' : undefined, text: sql, values: params })).rows as T[],
    })),
    close: async () => void (await Promise.all(clients.map((c) => c.end()))),
  };
}

/** Updates per second over `ms`, `concurrency` loops (each on its own connection). */
async function run(conns: Queryable[], concurrency: number, ms: number): Promise<{ updates: number; perSecond: number }> {
  let updates = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      const q = conns[i % conns.length];
      while (performance.now() - started < ms) {
        await q.query(UPDATE, [1]);
        updates++;
      }
    }),
  );
  return { updates, perSecond: updates / ((performance.now() - started) / 1000) };
}

const results: Array<{ concurrency: number; updates: number; perSecond: number }> = [];
const most = Math.max(...concurrencyArgs.map(Number));
const { conns, close } = await connect(most);
// No limit in sight: `sold < cap` is checked on every update as a session far from sold out.
await conns[0].query('CREATE TABLE IF NOT EXISTS bench_raw (id int PRIMARY KEY, sold int NOT NULL, cap int NOT NULL)');
await conns[0].query('INSERT INTO bench_raw VALUES (1, 0, 2147483647) ON CONFLICT (id) DO UPDATE SET sold = 0');
for (const concurrency of concurrencyArgs.map(Number)) {
  await run(conns, concurrency, WARMUP_MS);
  results.push({ concurrency, ...(await run(conns, concurrency, seconds * 1000)) });
}
await close();
console.log(JSON.stringify(results));
