-- Cart holds, ticket-level sessions (date changes), refunds, invoices, short links.

-- Stock sold outside this system (ticket window, imports): counted in sold, never by tickets.
ALTER TABLE hall_schedule ADD COLUMN sold_external int NOT NULL DEFAULT 0;

-- Each ticket belongs to one session: after a date change one order may span sessions.
ALTER TABLE tickets ADD COLUMN schedule_id int REFERENCES hall_schedule(id);
UPDATE tickets t SET schedule_id = o.schedule_id FROM orders o WHERE o.id = t.order_id;
ALTER TABLE tickets ALTER COLUMN schedule_id SET NOT NULL;
CREATE INDEX tickets_schedule ON tickets (schedule_id, status);
-- A ticket created by a date change points to the ticket it replaces.
ALTER TABLE tickets ADD COLUMN replaces_ticket_id int REFERENCES tickets(id);

-- Short link of a paid order (/repOrder/{flag}).
ALTER TABLE orders ADD COLUMN short_link_flag text UNIQUE;
ALTER TABLE orders ADD COLUMN refunded_amount int NOT NULL DEFAULT 0;

-- Cart lines: a 'held' line owns one unit of `held` on its session until its deadline.
CREATE TABLE cart_lines (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id),
  schedule_id int NOT NULL REFERENCES hall_schedule(id),
  hall_id int NOT NULL REFERENCES halls(id),
  visit_date text NOT NULL,
  price_id int NOT NULL REFERENCES ticket_prices(id),
  user_name text NOT NULL,
  certificate_type text NOT NULL,
  certificate_info text NOT NULL,
  ticket_name_zh text NOT NULL,
  ticket_name_en text NOT NULL,
  price int NOT NULL,
  status text NOT NULL CHECK (status IN ('held', 'expired', 'removed', 'ordered')),
  created_at timestamptz NOT NULL,
  deadline timestamptz NOT NULL,
  closed_at timestamptz,
  order_id int REFERENCES orders(id)
);
CREATE INDEX cart_lines_user ON cart_lines (user_id, status);
CREATE INDEX cart_lines_due ON cart_lines (status, deadline);

CREATE TABLE refunds (
  id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id),
  user_id int NOT NULL REFERENCES users(id),
  amount int NOT NULL CHECK (amount >= 0),
  ticket_ids int[] NOT NULL,
  status text NOT NULL DEFAULT 'done',
  created_at timestamptz NOT NULL
);
CREATE INDEX refunds_order ON refunds (order_id);

CREATE TABLE invoices (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id),
  order_id int NOT NULL UNIQUE REFERENCES orders(id),
  title_type int NOT NULL CHECK (title_type IN (1, 2)),
  title text NOT NULL,
  tax_number text,
  address_phone text,
  bank_account text,
  amount int NOT NULL CHECK (amount > 0),
  content text NOT NULL,
  email text NOT NULL,
  state text NOT NULL DEFAULT 'requested',
  created_at timestamptz NOT NULL,
  issued_at timestamptz
);
CREATE INDEX invoices_user ON invoices (user_id, created_at DESC);

-- Refund share of a partial refund (percent of the order's active tickets); the whole order may always go.
INSERT INTO sys_config (key, value) VALUES ('refund_percentage', '100') ON CONFLICT (key) DO NOTHING;
-- Missed visits (unchecked paid tickets after the visit date) that blacklist an account, and the window in days.
INSERT INTO sys_config (key, value) VALUES ('black_list_missed_visits', '3') ON CONFLICT (key) DO NOTHING;
INSERT INTO sys_config (key, value) VALUES ('black_list_window_days', '180') ON CONFLICT (key) DO NOTHING;
