-- What a team asks the staff for after registration (docs/product.md §4 "Team freezing and
-- restrictions", §7 freeAccountApply, updateTeamCredit, updateTeamProtocol): unfreezing with a
-- stamped explanation, a renewed credit certificate, a renewed agreement (two parts).
ALTER TABLE teams ADD COLUMN frozen_reason text;
CREATE TABLE team_requests (
  id serial PRIMARY KEY,
  team_id int NOT NULL REFERENCES teams (id),
  kind text NOT NULL CHECK (kind IN ('unfreeze', 'credit', 'protocol')),
  upload_id int NOT NULL REFERENCES uploads (id),
  upload2_id int REFERENCES uploads (id),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
  review_reason text,
  created_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  reviewed_by int
);
-- One open request of a kind per team: a second one waits for the first.
CREATE UNIQUE INDEX team_requests_one_pending ON team_requests (team_id, kind) WHERE state = 'pending';
CREATE INDEX team_requests_state ON team_requests (state, created_at);
