-- Change notices for the server's in-memory caches (server/changes.ts): a write to a
-- table the read endpoints or the token check depend on sends NOTIFY museum_changes with the
-- table's name (and, for rows the token check reads one by one, the row's key). PostgreSQL
-- delivers it when the writing transaction commits, and not at all when it rolls back, to every
-- instance listening on the database (its own connection included), so a cache is dropped by
-- the same commit that made it stale; no counter row that every order would have to lock.
CREATE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('museum_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- The row's key is the column named by the trigger's argument.
CREATE FUNCTION notify_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('museum_changes', TG_TABLE_NAME || ':' || (to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[0]));
  RETURN NULL;
END
$$;

-- What the calendar, the halls and the settings call show.
CREATE TRIGGER hall_schedule_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hall_schedule FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
CREATE TRIGGER museum_days_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON museum_days FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
CREATE TRIGGER halls_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON halls FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
CREATE TRIGGER ticket_prices_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ticket_prices FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
CREATE TRIGGER sys_config_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_config FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
CREATE TRIGGER texts_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON texts FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
-- The halls show each session's waiting list: only the waiting list's orders count.
CREATE TRIGGER orders_candidate_insert AFTER INSERT ON orders FOR EACH ROW WHEN (NEW.is_candidate) EXECUTE FUNCTION notify_change();
CREATE TRIGGER orders_candidate_update AFTER UPDATE ON orders FOR EACH ROW WHEN (OLD.is_candidate OR NEW.is_candidate) EXECUTE FUNCTION notify_change();
CREATE TRIGGER orders_candidate_delete AFTER DELETE ON orders FOR EACH ROW WHEN (OLD.is_candidate) EXECUTE FUNCTION notify_change();

-- What the token check reads: a logout, a visitor's cancelled or unbound account, a staff role.
CREATE TRIGGER revoked_tokens_changes AFTER INSERT OR UPDATE OR DELETE ON revoked_tokens FOR EACH ROW EXECUTE FUNCTION notify_row_change('jti');
CREATE TRIGGER users_status_update AFTER UPDATE OF cancelled_at, bind_status ON users FOR EACH ROW
  WHEN (OLD.cancelled_at IS DISTINCT FROM NEW.cancelled_at OR OLD.bind_status IS DISTINCT FROM NEW.bind_status) EXECUTE FUNCTION notify_row_change('id');
CREATE TRIGGER users_status_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_row_change('id');
CREATE TRIGGER staff_users_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_users FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
