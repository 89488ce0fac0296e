-- The visitor's personal centre: her e-mail, her account's changes, and account
-- cancellation. A cancelled account keeps its row (its paid orders, refunds and invoices point
-- at it, and accounting keeps them) but no phone: cancelled_at marks it and the phone is
-- emptied, so the number may register again as a new account; every token of the account is
-- refused from the moment of cancellation (server/app.ts).
ALTER TABLE users ADD COLUMN email text;
ALTER TABLE users ADD COLUMN cancelled_at timestamptz;
ALTER TABLE users DROP CONSTRAINT users_phone_kind;
ALTER TABLE users ADD CONSTRAINT users_phone_kind CHECK (user_type = 2 OR phone IS NOT NULL OR cancelled_at IS NOT NULL);
ALTER TABLE users ADD CONSTRAINT users_cancelled_blank CHECK (cancelled_at IS NULL OR (phone IS NULL AND email IS NULL));

-- A visitor's own changes to her account (phone, e-mail, cancellation): what, when. The detail
-- of a phone change names both numbers, so a disputed change can be traced; cancellation
-- blanks the details of the account's rows and keeps what happened and when.
CREATE TABLE account_audit (
  id bigserial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  action text NOT NULL CHECK (action IN ('changePhone', 'bindEmail', 'unbindEmail', 'cancel')),
  detail jsonb,
  at timestamptz NOT NULL
);
CREATE INDEX account_audit_user ON account_audit (user_id, at DESC);
