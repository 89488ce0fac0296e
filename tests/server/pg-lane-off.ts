/** Stands in for the `server-pg` lane when vitest.config.ts turns it off (not on CI). */
import { it } from 'vitest';
import { PG_MISSING } from '../../scripts/pg.ts';

const reason = process.env.PG_LANE_SKIPPED || 'turned off';
const hint = reason === 'PG_LANE=off' ? 'unset PG_LANE to run it' : PG_MISSING;
console.warn(`\n[server-pg] SKIPPED: the server tests on PostgreSQL did not run (${reason}). ${hint}\n`);

it.skip(`server tests on PostgreSQL: skipped (${reason})`, () => undefined);
