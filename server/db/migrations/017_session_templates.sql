-- Session templates ("Operations: Sessions"): a hall's named day of sessions that the
-- staff apply to a day or a week with a release time. Sessions are made from templates only:
-- the seed's demo templates are the ones marked to roll forward (demo mode keeps 14 days ahead
-- with them); in production staff apply templates and nothing invents sessions.
CREATE TABLE session_templates (
  id serial PRIMARY KEY,
  hall_id int NOT NULL REFERENCES halls (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 30),
  -- Applied by the demo's hourly roll-forward to the booking window (demo mode only).
  roll_forward boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL,
  UNIQUE (hall_id, name)
);

-- A template's sessions. A dome's session names its film; its capacity is the hall's seats
-- when the session is made (the seat_capacity trigger), so 0 is stored here.
CREATE TABLE template_sessions (
  template_id int NOT NULL REFERENCES session_templates (id) ON DELETE CASCADE,
  begin_time text NOT NULL CHECK (begin_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time text NOT NULL CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  capacity int NOT NULL CHECK (capacity >= 0),
  film_id int REFERENCES films (id),
  PRIMARY KEY (template_id, begin_time),
  CHECK (begin_time < end_time)
);
