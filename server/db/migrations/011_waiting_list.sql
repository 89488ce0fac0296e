-- The waiting list (docs/product.md §1 candidate orders, §3 session status 3/4, §4 waiting-list order).
-- A candidate order is an order of a full session, paid up front, whose tickets ('candidate')
-- own no stock until the order is filled. Its own states are order statuses: 'standingBy'
-- (paid, on the list), 'full' (not filled by the cut-off, money being returned), 'returned'.

-- Halls that keep a waiting list for their full sessions.
ALTER TABLE halls ADD COLUMN waiting_list boolean NOT NULL DEFAULT false;
UPDATE halls SET waiting_list = true WHERE hall_key IN ('main', 'temporary');

ALTER TABLE orders ADD COLUMN is_candidate boolean NOT NULL DEFAULT false;
-- When a paid candidate order joined the list: its place in the queue (first come, first served).
ALTER TABLE orders ADD COLUMN standing_since timestamptz;
CREATE INDEX orders_standing ON orders (schedule_id, standing_since, id) WHERE status = 'standingBy';
CREATE INDEX orders_candidates ON orders (schedule_id) WHERE is_candidate AND status IN ('toBePaid', 'standingBy');

-- Text messages decided inside a transaction (a candidate filled) and sent after it by the
-- waiting-list job: a rolled-back fill sends nothing, a committed one is sent once.
CREATE TABLE sms_notices (
  id serial PRIMARY KEY,
  phone text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);
CREATE INDEX sms_notices_unsent ON sms_notices (id) WHERE sent_at IS NULL;

-- Minutes before a session begins when its unfilled candidates become 'full' and are paid back,
-- and how many candidate orders (unpaid or standing by) one session's list takes.
INSERT INTO sys_config (key, value) VALUES ('candidate_cutoff_minutes', '120') ON CONFLICT (key) DO NOTHING;
INSERT INTO sys_config (key, value) VALUES ('candidate_max_per_session', '30') ON CONFLICT (key) DO NOTHING;
