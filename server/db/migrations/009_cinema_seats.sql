-- The dome cinema (docs/product.md §2 cinema screens, §3 seatNumber, §4 session states): films, a seat
-- layout per cinema hall, and one row per seat per session that owns the seat's state.

CREATE TABLE films (
  id serial PRIMARY KEY,
  film_key text NOT NULL UNIQUE,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  synopsis_zh text NOT NULL,
  synopsis_en text NOT NULL,
  notes_zh text NOT NULL DEFAULT '',
  notes_en text NOT NULL DEFAULT '',
  duration_min int NOT NULL CHECK (duration_min > 0),
  poster text NOT NULL,
  age_min int,
  age_max int
);
ALTER TABLE hall_schedule ADD COLUMN film_id int REFERENCES films (id);

-- A cinema's tickets are for a film session and a seat, and cannot change date (docs/product.md §5).
ALTER TABLE halls ADD COLUMN cinema boolean NOT NULL DEFAULT false;
UPDATE halls SET cinema = true WHERE hall_key = 'cinema';

-- How a cinema sells its seats: 1 the visitor picks them; 2 and 3 the server assigns them
-- when the order is placed (the ticket shows `*` until then).
ALTER TABLE halls ADD COLUMN choose_mode smallint NOT NULL DEFAULT 1 CHECK (choose_mode IN (1, 2, 3));

-- The hall as it is built: grid positions (row_no, col_no), so an aisle is a column without
-- seats; labels as printed on the seat; blocked seats (a camera, a broken seat) never sell.
CREATE TABLE hall_seats (
  id serial PRIMARY KEY,
  hall_id int NOT NULL REFERENCES halls (id),
  row_no int NOT NULL CHECK (row_no > 0),
  col_no int NOT NULL CHECK (col_no > 0),
  row_label text NOT NULL,
  seat_label text NOT NULL,
  blocked boolean NOT NULL DEFAULT false,
  UNIQUE (hall_id, row_no, col_no)
);

-- A seat of a session: free, held (by a cart line or an unpaid ticket) or sold (a paid
-- ticket, or sold outside this system when it has no owner). The primary key is the
-- guarantee that a seat goes to one buyer; the owner columns are unique, so a ticket or a
-- cart line has one seat. Invariant: rows not free = the session's sold + held.
CREATE TABLE session_seats (
  schedule_id int NOT NULL REFERENCES hall_schedule (id),
  seat_id int NOT NULL REFERENCES hall_seats (id),
  state text NOT NULL DEFAULT 'free' CHECK (state IN ('free', 'held', 'sold')),
  ticket_id int UNIQUE REFERENCES tickets (id),
  cart_line_id int UNIQUE REFERENCES cart_lines (id),
  PRIMARY KEY (schedule_id, seat_id),
  CHECK (ticket_id IS NULL OR cart_line_id IS NULL),
  CHECK (state <> 'free' OR (ticket_id IS NULL AND cart_line_id IS NULL)),
  CHECK (state <> 'held' OR ticket_id IS NOT NULL OR cart_line_id IS NOT NULL)
);
CREATE INDEX session_seats_free ON session_seats (schedule_id) WHERE state = 'free';

-- A session of a seated hall gets its seats when it is created, and its capacity is their
-- number, whoever creates it (the seed, the roll-forward job, the staff).
CREATE FUNCTION seat_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE seats int;
BEGIN
  SELECT count(*) INTO seats FROM hall_seats WHERE hall_id = NEW.hall_id AND NOT blocked;
  IF seats > 0 THEN NEW.capacity := seats; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER hall_schedule_seat_capacity BEFORE INSERT ON hall_schedule FOR EACH ROW EXECUTE FUNCTION seat_capacity();

CREATE FUNCTION session_seats_create() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_seats (schedule_id, seat_id) SELECT NEW.id, id FROM hall_seats WHERE hall_id = NEW.hall_id AND NOT blocked;
  RETURN NULL;
END $$;
CREATE TRIGGER hall_schedule_session_seats AFTER INSERT ON hall_schedule FOR EACH ROW EXECUTE FUNCTION session_seats_create();
