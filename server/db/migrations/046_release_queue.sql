-- The waiting room at a release (docs/architecture.md §12): one place per account and day, its
-- arrival number from one sequence (the same order on every instance), and a lease so that one
-- instance admits at a time.
CREATE SEQUENCE release_queue_place;
CREATE TABLE release_queue (
  visit_date date NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  place bigint NOT NULL DEFAULT nextval('release_queue_place'),
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'admitted', 'expired', 'left')),
  entered_at timestamptz NOT NULL,
  seen_at timestamptz NOT NULL,
  admitted_at timestamptz,
  admit_until timestamptz,
  ordered_at timestamptz,
  -- How long the admitted visitor's placeOrder took (ms): the admissions follow it.
  order_ms integer,
  PRIMARY KEY (visit_date, user_id)
);
-- The line itself: the waiting of a day in arrival order (the admissions and the positions).
CREATE INDEX release_queue_waiting ON release_queue (visit_date, place) WHERE state = 'waiting';
CREATE INDEX release_queue_admitted ON release_queue (visit_date, admitted_at) WHERE admitted_at IS NOT NULL;

-- Per day: the admissions' current batch and their measured rate, for the estimate and the staff's day screen.
CREATE TABLE release_queue_days (
  visit_date date PRIMARY KEY,
  batch integer NOT NULL,
  per_minute integer NOT NULL DEFAULT 0,
  p90_ms integer,
  waiting integer NOT NULL DEFAULT 0,
  admitted integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL
);

-- A job that must run on one instance at a time holds its lease row until expires_at.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
