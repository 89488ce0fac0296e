-- The surge room (docs/architecture.md §12): a day's waiting room also opens while its orders show
-- the database at its limit. Kept on the day's row, so every instance's gate reads it through the
-- day it already keeps, and a change drops that copy on every instance (migration 028's notice).
-- surge_from: when the running surge began (NULL once its end is logged); surge_until: its end.
ALTER TABLE museum_days ADD COLUMN surge_from timestamptz, ADD COLUMN surge_until timestamptz;
