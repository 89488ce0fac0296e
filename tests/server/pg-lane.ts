/** What the `server-pg` global setup provides to the test files (see tests/server/helpers.ts). */
export interface PgLane {
  /** A connection to the `postgres` maintenance database, for CREATE DATABASE. */
  adminUrl: string;
  /** postgres://.../ : append a database name. */
  urlPrefix: string;
  /** The migrated and seeded database every test database is copied from. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgLane: PgLane | null;
  }
}
