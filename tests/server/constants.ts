/** The seed's clock: Tuesday 2030-03-05 10:00 in Shanghai. With it the demo museum has:
 * D1 2030-03-06 available, D2 03-07 a stopped session (temporary 12:00), D3 03-08 sold out,
 * D6 03-11 (Monday) closed, D12-D13 (03-17, 03-18) not yet released. */
export const SEED_TIME = '2030-03-05T02:00:00Z';
export const TODAY = '2030-03-05';
export const OPEN_DAY = '2030-03-06';
export const STOPPED_DAY = '2030-03-07';
export const SOLD_OUT_DAY = '2030-03-08';
export const CLOSED_DAY = '2030-03-11';
export const NOT_RELEASED_DAY = '2030-03-17';

/** A test's wait for a PostgreSQL connection: a limit that catches a server that is down, not a
 * busy machine (beside two CPU burners, a new connection once took over the server's 5 s). */
export const PG_CONNECT = { connectMs: 120_000 } as const;
