-- Server settings (token secret ...), not shown to clients.
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- docs/product.md §3 system config keys, served by gainAllSystemConfigLogin.
CREATE TABLE sys_config (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Named configured texts in both languages (HTML).
CREATE TABLE texts (
  name text PRIMARY KEY,
  zh text NOT NULL,
  en text NOT NULL
);

CREATE TABLE halls (
  id serial PRIMARY KEY,
  hall_key text NOT NULL UNIQUE,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  intro_zh text NOT NULL DEFAULT '',
  intro_en text NOT NULL DEFAULT '',
  age_note_zh text,
  age_note_en text,
  min_buyers int NOT NULL DEFAULT 1,
  max_buyers int NOT NULL DEFAULT 4,
  min_age int,
  child_age_min int,
  child_age_max int,
  needs_adult_and_child boolean NOT NULL DEFAULT false,
  sort int NOT NULL DEFAULT 0
);

CREATE TABLE ticket_prices (
  id serial PRIMARY KEY,
  hall_id int NOT NULL REFERENCES halls(id),
  name_zh text NOT NULL,
  name_en text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('adult', 'student', 'senior', 'child')),
  price int NOT NULL CHECK (price >= 0),
  age_min int,
  age_max int,
  is_child_free boolean NOT NULL DEFAULT false,
  sort int NOT NULL DEFAULT 0
);

-- Per-day museum state: closure, release time.
CREATE TABLE museum_days (
  visit_date text PRIMARY KEY,
  closed boolean NOT NULL DEFAULT false,
  reason_zh text,
  reason_en text,
  release_at timestamptz
);

-- One session of one hall on one day, with its stock. Remaining = capacity - sold - held.
CREATE TABLE hall_schedule (
  id serial PRIMARY KEY,
  hall_id int NOT NULL REFERENCES halls(id),
  visit_date text NOT NULL,
  begin_time text NOT NULL,
  end_time text NOT NULL,
  capacity int NOT NULL CHECK (capacity >= 0),
  sold int NOT NULL DEFAULT 0,
  held int NOT NULL DEFAULT 0,
  stopped boolean NOT NULL DEFAULT false,
  stop_reason_zh text,
  stop_reason_en text,
  CHECK (sold >= 0 AND held >= 0 AND sold + held <= capacity),
  UNIQUE (hall_id, visit_date, begin_time)
);
CREATE INDEX hall_schedule_date ON hall_schedule (visit_date);

CREATE TABLE users (
  id serial PRIMARY KEY,
  phone text NOT NULL UNIQUE,
  user_name text NOT NULL,
  user_type int NOT NULL DEFAULT 1,
  bind_status int NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL
);

CREATE TABLE sms_codes (
  id serial PRIMARY KEY,
  phone text NOT NULL,
  code text NOT NULL,
  ip text,
  sent_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false
);
CREATE INDEX sms_codes_phone ON sms_codes (phone, sent_at DESC);
CREATE INDEX sms_codes_ip ON sms_codes (ip, sent_at DESC);

CREATE TABLE login_failures (
  phone text PRIMARY KEY,
  failures int NOT NULL DEFAULT 0,
  locked_until timestamptz
);

CREATE TABLE captcha_challenges (
  id text PRIMARY KEY,
  gap_x int NOT NULL,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false
);

CREATE TABLE captcha_tokens (
  token text PRIMARY KEY,
  expires_at timestamptz NOT NULL,
  used boolean NOT NULL DEFAULT false
);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  order_number text NOT NULL UNIQUE,
  user_id int NOT NULL REFERENCES users(id),
  hall_id int NOT NULL REFERENCES halls(id),
  schedule_id int NOT NULL REFERENCES hall_schedule(id),
  visit_date text NOT NULL,
  status text NOT NULL,
  amount int NOT NULL,
  ticket_num int NOT NULL,
  created_at timestamptz NOT NULL,
  pay_deadline timestamptz,
  pay_time timestamptz,
  canceled_at timestamptz
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);
CREATE INDEX orders_due ON orders (status, pay_deadline);

CREATE TABLE tickets (
  id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id),
  price_id int NOT NULL REFERENCES ticket_prices(id),
  user_name text NOT NULL,
  certificate_type text NOT NULL,
  certificate_info text NOT NULL,
  ticket_name_zh text NOT NULL,
  ticket_name_en text NOT NULL,
  price int NOT NULL,
  status text NOT NULL,
  qr_code text UNIQUE
);
CREATE INDEX tickets_order ON tickets (order_id);

CREATE TABLE payments (
  pay_id text PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id),
  amount int NOT NULL,
  status text NOT NULL DEFAULT 'created',
  created_at timestamptz NOT NULL,
  paid_at timestamptz
);
-- At most one successful payment per order.
CREATE UNIQUE INDEX payments_one_paid ON payments (order_id) WHERE status = 'paid';

-- Logged-out tokens (by jti) until they would have expired anyway.
CREATE TABLE revoked_tokens (
  jti text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
