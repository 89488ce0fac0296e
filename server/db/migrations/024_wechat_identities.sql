-- The chat app's identities: a visitor account found, or created, by the openid the
-- chat app's OAuth answers for this official account. One identity per account and one
-- account per identity; unbinding deletes the row (the account keeps its phone and orders).
CREATE TABLE wechat_identities (
  openid text PRIMARY KEY,
  user_id int NOT NULL UNIQUE REFERENCES users (id),
  unionid text,
  nickname text,
  avatar_url text,
  created_at timestamptz NOT NULL
);

-- An account the chat app created has no phone until one is bound (bind_status 0); until then
-- the server refuses it everything but binding (docs/product.md §1 "forced to bind").
ALTER TABLE users DROP CONSTRAINT users_phone_kind;
ALTER TABLE users ADD CONSTRAINT users_phone_kind CHECK (user_type = 2 OR phone IS NOT NULL OR cancelled_at IS NOT NULL OR bind_status = 0);
