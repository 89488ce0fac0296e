-- Group accounts (docs/product.md §3 "Team", §4 "Team account states"): registration, staff review,
-- login by credit code and password, freezing. Passwords are argon2id hashes.
CREATE TABLE teams (
  id serial PRIMARY KEY,
  team_name text NOT NULL,
  -- 1 individual/non-enterprise unit, 2 school, 3 enterprise, 4 travel agency, 5 contracted travel agency
  team_type smallint NOT NULL CHECK (team_type BETWEEN 1 AND 5),
  credit_code text NOT NULL UNIQUE,
  contact_name text NOT NULL,
  contact_phone text NOT NULL,
  address text NOT NULL,
  email text,
  password_hash text NOT NULL,
  review_state text NOT NULL DEFAULT 'pending' CHECK (review_state IN ('pending', 'approved', 'rejected')),
  review_reason text,
  reviewed_at timestamptz,
  reviewed_by int,
  frozen boolean NOT NULL DEFAULT false,
  credit_expires_on date,
  protocol_expires_on date,
  created_at timestamptz NOT NULL
);
CREATE INDEX teams_review ON teams (review_state, created_at);

-- Uploaded images (docs/product.md §5 uploads): the bytes as sent, their real type read from the bytes.
CREATE TABLE uploads (
  id serial PRIMARY KEY,
  token text NOT NULL UNIQUE,
  mime text NOT NULL,
  size int NOT NULL,
  width int NOT NULL,
  height int NOT NULL,
  bytes bytea NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX uploads_ip ON uploads (ip, created_at DESC);

-- The documents of a team: its code certificate, agreement (2 parts), introduction letter.
CREATE TABLE team_documents (
  team_id int NOT NULL REFERENCES teams (id),
  kind text NOT NULL CHECK (kind IN ('credit', 'protocol1', 'protocol2', 'letter')),
  upload_id int NOT NULL REFERENCES uploads (id),
  PRIMARY KEY (team_id, kind)
);

-- Wrong team passwords, one row each (the captcha after a few, a lockout after more).
CREATE TABLE wrong_passwords (
  id bigserial PRIMARY KEY,
  credit_code text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX wrong_passwords_code ON wrong_passwords (credit_code, at DESC);

-- Museum staff: the review console's accounts (created with `npm run staff:create`).
CREATE TABLE staff_users (
  id serial PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
