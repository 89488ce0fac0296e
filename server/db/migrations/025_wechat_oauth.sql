-- The chat app's OAuth web login: the `state` of each trip to the chat app's
-- authorize page, the one-time login tickets that bring the visitor back logged in (after the
-- OAuth, or approved from a phone for a scan login), and the simulator's codes.

-- One row per trip to the authorize page: random, single-use (used_at), 10 minutes, bound to
-- the app path the visitor was going to (never a URL of another site) and to the scope asked.
CREATE TABLE wechat_oauth_states (
  state text PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('snsapi_base', 'snsapi_userinfo')),
  redirect_path text NOT NULL CHECK (redirect_path LIKE '/%'),
  lang text NOT NULL CHECK (lang IN ('zh', 'en')),
  ip text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX wechat_oauth_states_expiry ON wechat_oauth_states (expires_at);
CREATE INDEX wechat_oauth_states_ip ON wechat_oauth_states (ip, created_at);

-- A login ticket: the secret the browser that logs in holds (never a token in a URL). An
-- `oauth` ticket has its account from the start and is exchanged once; a `scan` ticket also
-- has the id its QR code shows (so a photo of the QR cannot poll for the token), and gets its
-- account when a logged-in phone approves it (once) or refuses it.
CREATE TABLE wechat_login_tickets (
  secret text PRIMARY KEY,
  scan_id text UNIQUE,
  kind text NOT NULL CHECK (kind IN ('oauth', 'scan')),
  user_id int REFERENCES users (id),
  ip text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  refused boolean NOT NULL DEFAULT false,
  used_at timestamptz,
  CHECK (kind = 'scan' OR (user_id IS NOT NULL AND scan_id IS NULL)),
  CHECK (kind = 'oauth' OR scan_id IS NOT NULL)
);
CREATE INDEX wechat_login_tickets_expiry ON wechat_login_tickets (expires_at);
CREATE INDEX wechat_login_tickets_ip ON wechat_login_tickets (ip, created_at) WHERE ip IS NOT NULL;

-- The simulator's side (WECHAT_PROVIDER=sim): the chat app's own users and the codes it hands
-- out, here so that two server instances agree on a code.
CREATE TABLE wechat_sim_users (
  openid text PRIMARY KEY,
  nickname text NOT NULL,
  avatar text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE TABLE wechat_sim_codes (
  code text PRIMARY KEY,
  openid text NOT NULL REFERENCES wechat_sim_users (openid),
  scope text NOT NULL CHECK (scope IN ('snsapi_base', 'snsapi_userinfo')),
  access_token text UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Binding a phone, and unbinding the chat app, are account changes like the others.
ALTER TABLE account_audit DROP CONSTRAINT account_audit_action_check;
ALTER TABLE account_audit ADD CONSTRAINT account_audit_action_check
  CHECK (action IN ('changePhone', 'bindEmail', 'unbindEmail', 'cancel', 'bindPhone', 'unbindWechat', 'mergeWechat'));
