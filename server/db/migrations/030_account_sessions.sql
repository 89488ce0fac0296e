-- Sessions that end with a change of who holds an account (docs/architecture.md "Tokens and
-- sessions"): every token names the version of its account it was issued for, and an account's
-- version moves on when its earlier tokens must stop working: a team's password changed or
-- recovered, a rejected group registration replaced by a new registrant, a staff password set
-- again. The token check compares the two, so no list of issued tokens is kept.
ALTER TABLE users ADD COLUMN token_version int NOT NULL DEFAULT 0;
ALTER TABLE teams ADD COLUMN token_version int NOT NULL DEFAULT 0;
ALTER TABLE staff_users ADD COLUMN token_version int NOT NULL DEFAULT 0;

-- The token check keeps versions in memory: a new version is announced by the change notices
-- (migration 028) with the account's id, at the commit that made it.
CREATE TRIGGER users_version_update AFTER UPDATE OF token_version ON users FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version) EXECUTE FUNCTION notify_row_change('id');
CREATE TRIGGER teams_version_update AFTER UPDATE OF token_version ON teams FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version) EXECUTE FUNCTION notify_row_change('id');
CREATE TRIGGER staff_users_version_update AFTER UPDATE OF token_version ON staff_users FOR EACH ROW
  WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version) EXECUTE FUNCTION notify_row_change('id');

-- The browser that starts a chat-app login (a nonce in an HttpOnly cookie, kept here as its
-- SHA-256): the callback and the login ticket are honoured only in that browser, so a link
-- taken from someone else's login logs no one in.
ALTER TABLE wechat_oauth_states ADD COLUMN browser text;
ALTER TABLE wechat_login_tickets ADD COLUMN browser text;
