-- A dome cinema built in the staff console: its seat map edited under sessions, its films' posters.
-- A dome's seat map changes in the staff console or by import (docs/product.md §2.8) while it
-- has sessions: a seat keeps its row for as long as its position is a seat, and a position the
-- new map makes an aisle is marked removed instead of deleted when a session (a past one, whose
-- tickets still name it) has it. Sessions of today or later get the new map's seats; their sold
-- and held seats the console refuses to take away.
ALTER TABLE hall_seats ADD COLUMN removed boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION seat_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE seats int;
BEGIN
  SELECT count(*) INTO seats FROM hall_seats WHERE hall_id = NEW.hall_id AND NOT blocked AND NOT removed;
  IF seats > 0 THEN NEW.capacity := seats; END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION session_seats_create() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO session_seats (schedule_id, seat_id) SELECT NEW.id, id FROM hall_seats WHERE hall_id = NEW.hall_id AND NOT blocked AND NOT removed;
  RETURN NULL;
END $$;

-- A film's poster uploaded in the staff console (docs/product.md §2.8): checked by its bytes,
-- scaled, and served to visitors from here by its unguessable token (films.poster holds the path).
CREATE TABLE film_posters (
  id serial PRIMARY KEY,
  token text NOT NULL UNIQUE,
  mime text NOT NULL,
  width int NOT NULL,
  height int NOT NULL,
  bytes bytea NOT NULL,
  created_by int NOT NULL REFERENCES staff_users (id),
  created_at timestamptz NOT NULL
);
