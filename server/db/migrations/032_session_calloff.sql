-- Calling off a session (docs/product.md §2.7): an admin cancels a session for good; every
-- order of it is settled once by the call-off job (server/jobs/callOffs.ts), each in its own
-- transaction: paid tickets refunded in full, unpaid orders cancelled, the waiting list paid
-- back, a text to the contact in the order's language, an issued invoice flagged.

-- A called-off session is also stopped (no sale takes its stock), and never resumed.
ALTER TABLE hall_schedule ADD COLUMN called_off boolean NOT NULL DEFAULT false;
ALTER TABLE hall_schedule ADD CONSTRAINT hall_schedule_called_off_stopped CHECK (NOT called_off OR stopped);

-- The language the order was placed in: its texts are written in it.
ALTER TABLE orders ADD COLUMN lang text NOT NULL DEFAULT 'zh' CHECK (lang IN ('zh', 'en'));

-- One row per called-off session: why (both languages, what visitors read), who, when, and
-- whether its orders are all settled ('running' until the job finds none left).
CREATE TABLE session_calloffs (
  id serial PRIMARY KEY,
  schedule_id int NOT NULL UNIQUE REFERENCES hall_schedule (id),
  reason_zh text NOT NULL,
  reason_en text NOT NULL,
  staff_id int NOT NULL REFERENCES staff_users (id),
  created_at timestamptz NOT NULL,
  state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'done')),
  done_at timestamptz
);

-- Each order of a called-off session, written with the call-off ('pending') and settled once by
-- the job: the order's row is claimed with FOR UPDATE SKIP LOCKED and leased (next_try_at) so two
-- instances never settle it at once, and its settlement is one transaction that also writes
-- 'done' here, so a crash settles all of it or none. The outcome is what happened to the order.
CREATE TABLE calloff_orders (
  id serial PRIMARY KEY,
  calloff_id int NOT NULL REFERENCES session_calloffs (id),
  order_id int NOT NULL REFERENCES orders (id),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  outcome text CHECK (outcome IN ('refunded', 'canceled', 'paidBack', 'nothing')),
  amount int NOT NULL DEFAULT 0 CHECK (amount >= 0),
  refund_id int REFERENCES refunds (id),
  attempts int NOT NULL DEFAULT 0,
  next_try_at timestamptz NOT NULL,
  last_error text,
  done_at timestamptz,
  UNIQUE (calloff_id, order_id),
  CHECK ((state = 'done') = (outcome IS NOT NULL))
);
CREATE INDEX calloff_orders_due ON calloff_orders (next_try_at) WHERE state = 'pending';
CREATE INDEX calloff_orders_calloff ON calloff_orders (calloff_id, id);

-- A refund the platform refused ('failed'), settled by finance by hand (money paid back another
-- way): who, when, with what note. The refund stays 'failed'; the settlement is these columns.
ALTER TABLE refunds ADD COLUMN settled_by int REFERENCES staff_users (id);
ALTER TABLE refunds ADD COLUMN settled_at timestamptz;
ALTER TABLE refunds ADD COLUMN settled_note text;
ALTER TABLE refunds ADD CONSTRAINT refunds_settled CHECK ((settled_at IS NULL) = (settled_by IS NULL) AND (settled_at IS NULL) = (settled_note IS NULL));
CREATE INDEX refunds_failed ON refunds (done_at DESC) WHERE status = 'failed';
