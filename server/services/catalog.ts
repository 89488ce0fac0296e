/** The rows every order reads (a session, its hall and prices, the museum's day, the settings and
 * the stop-sale text), kept in memory until a change notice drops them (server/changes.ts), so a
 * release-hour rush does not read the same rows again for every buyer. A write to these tables on
 * any instance drops them at its commit; without notices nothing is kept. A session's row changes
 * with every sale and is kept READ_TTL_MS at most: it serves the checks before an order's
 * transaction (once a session is sold out, refusing the rest of the rush reads nothing); the
 * stock itself is decided by the sale's conditional update.
 * A miss loads through the caller's `q`: inside a transaction on PGlite's one connection, a read
 * on the database beside it would wait for that transaction's end. For the same reason a caller
 * inside a transaction (any `q` but the database itself) never waits for another caller's load:
 * it takes a row that has arrived, or reads its own.
 * The values are frozen: they are shared by every request that reads them. */
import type { Db, Queryable } from '../db/db.ts';
import type { Text } from '../../src/domain/text.ts';
import { changesOf, LONG_TTL_MS, READ_TTL_MS, SETTINGS_TABLES } from '../changes.ts';
import type { Clock } from '../time.ts';
import { loadDay, loadPrices, type DayRow, type HallRow, type PriceRow, type ScheduleRow } from './pool.ts';
import { getConfig } from './settings.ts';

export interface Catalog {
  session(q: Queryable, id: number): Promise<Readonly<ScheduleRow> | undefined>;
  hall(q: Queryable, id: number): Promise<Readonly<HallRow> | undefined>;
  /** A hall's own prices (not a package's parts), in the pool's order. */
  prices(q: Queryable, hallId: number): Promise<readonly Readonly<PriceRow>[]>;
  day(q: Queryable, date: string): Promise<Readonly<DayRow> | undefined>;
  config(q: Queryable): Promise<Readonly<Record<string, string>>>;
  /** A named text in both languages; null when there is no such text. */
  text(q: Queryable, name: string): Promise<Readonly<Text> | null>;
}

const catalogs = new WeakMap<Db, Catalog>();

/** What reads through the catalog need: the database and the clock its cache is judged by. */
export type Readers = { db: Db; clock: Clock };

export function catalogOf(deps: Readers): Catalog {
  let catalog = catalogs.get(deps.db);
  if (!catalog) {
    catalog = makeCatalog(deps.db, deps.clock);
    catalogs.set(deps.db, catalog);
  }
  return catalog;
}

function makeCatalog(db: Db, clock: Clock): Catalog {
  const changes = changesOf(db, clock);
  const sessions = changes.memo<Readonly<ScheduleRow> | undefined>('session', ['hall_schedule'], READ_TTL_MS);
  const halls = changes.memo<Readonly<HallRow> | undefined>('hall', ['halls'], LONG_TTL_MS);
  const prices = changes.memo<readonly Readonly<PriceRow>[]>('prices', ['ticket_prices'], LONG_TTL_MS);
  const days = changes.memo<Readonly<DayRow> | undefined>('museumDay', ['museum_days'], LONG_TTL_MS);
  const settings = changes.memo<Readonly<Record<string, string>>>('settings', SETTINGS_TABLES, LONG_TTL_MS);
  const texts = changes.memo<Readonly<Text> | null>('texts', SETTINGS_TABLES, LONG_TTL_MS);
  /** A transaction's connection: it never waits for another caller's load (see above). */
  const own = (q: Queryable) => q !== db;
  return {
    session: (q, id) =>
      sessions.get(String(id), async () => freeze((await q.query<ScheduleRow>('SELECT * FROM hall_schedule WHERE id = $1', [id]))[0]), own(q)),
    hall: (q, id) => halls.get(String(id), async () => freeze((await q.query<HallRow>('SELECT * FROM halls WHERE id = $1', [id]))[0]), own(q)),
    prices: (q, hallId) => prices.get(String(hallId), async () => Object.freeze((await loadPrices(q, hallId)).map(freeze)), own(q)),
    day: (q, date) => days.get(date, async () => freeze(await loadDay(q, date)), own(q)),
    config: (q) => settings.get('', async () => freeze(await getConfig(q)), own(q)),
    text: (q, name) =>
      texts.get(
        name,
        async () => {
          const [row] = await q.query<{ zh: string; en: string }>('SELECT zh, en FROM texts WHERE name = $1', [name]);
          return row ? freeze({ zh: row.zh, en: row.en || row.zh }) : null;
        },
        own(q),
      ),
  };
}

const freeze = <T>(value: T): T => (value === undefined ? value : Object.freeze(value));
