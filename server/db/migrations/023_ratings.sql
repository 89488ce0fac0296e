-- The visit rating (docs/product.md §1 "rate the system"): one per order, by the account that
-- owns the order (a visitor, or a team through its owner user, migration 012). The primary key
-- is the "once per order": two submissions at once insert one row, the other is refused.
-- The comment is plain text (shown escaped), blanked when the account is cancelled.
CREATE TABLE ratings (
  order_id int PRIMARY KEY REFERENCES orders (id),
  user_id int NOT NULL REFERENCES users (id),
  visit_stars smallint NOT NULL CHECK (visit_stars BETWEEN 1 AND 5),
  booking_stars smallint NOT NULL CHECK (booking_stars BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 200),
  created_at timestamptz NOT NULL
);
