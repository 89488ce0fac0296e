-- Live stock (docs/architecture.md §11): the change notice of a session's stock names the sessions
-- it changed, so that an instance re-reads only the screens that show them. One NOTIFY per
-- statement, as before (an order's UPDATE of one session row); its payload is
-- 'hall_schedule:<id>,<id>...' (at most 100 sessions; more, and the notice names none: every
-- screen is read again). PostgreSQL folds the same payload sent twice in one transaction into
-- one. Inserts, deletes and truncates keep the notice without names.
CREATE FUNCTION notify_sessions_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_TABLE_NAME = 'hall_schedule' THEN
    SELECT array_agg(DISTINCT id) INTO ids FROM (SELECT id FROM changed LIMIT 101) s;
  ELSE
    SELECT array_agg(DISTINCT schedule_id) INTO ids FROM (SELECT schedule_id FROM changed LIMIT 101) s;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('museum_changes', TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('museum_changes', TG_TABLE_NAME || ':' || array_to_string(ids, ','));
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER hall_schedule_changes ON hall_schedule;
CREATE TRIGGER hall_schedule_changes AFTER INSERT OR DELETE OR TRUNCATE ON hall_schedule FOR EACH STATEMENT EXECUTE FUNCTION notify_change();
CREATE TRIGGER hall_schedule_updates AFTER UPDATE ON hall_schedule REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_change();
-- A cinema's seats: a change of seats within one order moves no count, only the seats.
CREATE TRIGGER session_seats_updates AFTER UPDATE ON session_seats REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_change();
