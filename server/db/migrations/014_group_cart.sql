-- A team's cart (docs/product.md §2 cart/shoppingCart, §4 holds): a whole group waits in it, holding its
-- places (hall_schedule.held) and a school's free pupil tickets of the day (school_free_used)
-- until its deadline; paid, it becomes a group order. The stock module releases it, once.
CREATE TABLE group_cart (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  schedule_id int NOT NULL REFERENCES hall_schedule (id),
  hall_id int NOT NULL REFERENCES halls (id),
  visit_date text NOT NULL,
  -- The group order's body as the team sent it (its captcha left out: that comes at checkout).
  request jsonb NOT NULL,
  people int NOT NULL CHECK (people > 0),
  free_pupils int NOT NULL CHECK (free_pupils >= 0),
  -- fen, as quoted when added; checkout prices it again.
  amount int NOT NULL CHECK (amount >= 0),
  status text NOT NULL CHECK (status IN ('held', 'expired', 'removed', 'ordered')),
  created_at timestamptz NOT NULL,
  deadline timestamptz NOT NULL,
  closed_at timestamptz,
  order_id int REFERENCES orders (id)
);
CREATE INDEX group_cart_user ON group_cart (user_id, id) WHERE status IN ('held', 'expired');
CREATE INDEX group_cart_due ON group_cart (deadline) WHERE status = 'held';
