-- The museum's side: staff roles, the audit of staff actions, gate check-in.

-- What a staff account may do (src/domain/staffRoles.ts); the accounts so far were admins.
ALTER TABLE staff_users ADD COLUMN role text NOT NULL DEFAULT 'admin' CHECK (role IN ('admin', 'reviewer', 'gate', 'finance'));

-- Every staff action: who, what, on what, when.
CREATE TABLE staff_audit (
  id bigserial PRIMARY KEY,
  staff_id int NOT NULL REFERENCES staff_users (id),
  action text NOT NULL,
  subject text NOT NULL,
  detail jsonb,
  at timestamptz NOT NULL
);
CREATE INDEX staff_audit_at ON staff_audit (at DESC);

-- A ticket checked in at a gate: when, by whom, at which hall's gate. Exactly once: the
-- check-in is a conditional update from 'toBeChecked'.
ALTER TABLE tickets ADD COLUMN checked_at timestamptz;
ALTER TABLE tickets ADD COLUMN checked_by int REFERENCES staff_users (id);
