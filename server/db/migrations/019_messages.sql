-- The message board (docs/product.md §2 message/*, §3 Message): a visitor's or a team's messages, owned
-- by the user that owns their orders (a team through its owner user, migration 012), and the
-- staff's replies. A message is 'replied' once it has a reply; the thread is read in order.
-- Its service code is made from its day and id (src/domain/message.ts), so it is not stored.
CREATE TABLE messages (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id),
  service_type text NOT NULL CHECK (service_type IN ('consult', 'suggestion', 'complaint', 'lostProperty', 'other')),
  description text NOT NULL,
  contact_name text NOT NULL,
  created_at timestamptz NOT NULL,
  replied_at timestamptz
);
CREATE INDEX messages_user ON messages (user_id, created_at DESC);
-- The staff's queue: unanswered first, oldest first.
CREATE INDEX messages_waiting ON messages (created_at) WHERE replied_at IS NULL;

CREATE TABLE message_replies (
  id serial PRIMARY KEY,
  message_id int NOT NULL REFERENCES messages (id),
  staff_id int NOT NULL REFERENCES staff_users (id),
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX message_replies_message ON message_replies (message_id, id);
