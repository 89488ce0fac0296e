-- Coupons (docs/product.md §3 Coupon, §7 bindCoupon/getCoupon). The museum makes a batch (what a
-- coupon is worth and where it applies, for how long) and prints its redemption codes; a visitor
-- binds a code to her account, then spends it on one ticket of a direct order.
CREATE TABLE coupon_batches (
  id serial PRIMARY KEY,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  -- 'amount': `amount` yuan off one ticket (never below 0); 'free': the ticket costs nothing.
  kind text NOT NULL CHECK (kind IN ('amount', 'free')),
  amount int NOT NULL DEFAULT 0 CHECK (amount >= 0),
  -- Where it applies: these halls and these price kinds; NULL is any.
  hall_ids int[],
  price_kinds text[],
  -- Museum dates (YYYY-MM-DD), both days included.
  valid_from text NOT NULL,
  valid_to text NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK (valid_from <= valid_to)
);

-- One redemption code. Its state is derived, never stored: used while order_id is set, expired
-- once valid_to has passed unused, valid otherwise. It is taken by a conditional update
-- (order_id IS NULL) inside the order's transaction, so two orders never spend one coupon;
-- cancelling an unpaid order clears order_id again.
CREATE TABLE coupons (
  id serial PRIMARY KEY,
  batch_id int NOT NULL REFERENCES coupon_batches (id),
  code text NOT NULL UNIQUE,
  user_id int REFERENCES users (id),
  bound_at timestamptz,
  order_id int REFERENCES orders (id),
  ticket_id int UNIQUE REFERENCES tickets (id),
  used_at timestamptz,
  CHECK ((user_id IS NULL) = (bound_at IS NULL)),
  CHECK ((order_id IS NULL) = (ticket_id IS NULL) AND (order_id IS NULL) = (used_at IS NULL)),
  CHECK (order_id IS NULL OR user_id IS NOT NULL)
);
CREATE INDEX coupons_user ON coupons (user_id);
CREATE INDEX coupons_order ON coupons (order_id);

-- Wrong codes tried at binding, one row each: codes are guessable only slowly
-- (services/coupons.ts counts them per account and per address in a window).
CREATE TABLE coupon_wrong_codes (
  id bigserial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  ip text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX coupon_wrong_codes_user ON coupon_wrong_codes (user_id, at DESC);
CREATE INDEX coupon_wrong_codes_ip ON coupon_wrong_codes (ip, at DESC);
