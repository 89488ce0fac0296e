-- The team centre (docs/product.md §2 personalCenter, §7 updateTeamContacterMobile, §8 "phone differs
-- from the registered contact phone"): a new contact mobile, proved by a code sent to it,
-- replaces the registered one only after staff review; it needs no upload.
ALTER TABLE team_requests DROP CONSTRAINT team_requests_kind_check;
ALTER TABLE team_requests ADD CONSTRAINT team_requests_kind_check CHECK (kind IN ('unfreeze', 'credit', 'protocol', 'phone'));
ALTER TABLE team_requests ALTER COLUMN upload_id DROP NOT NULL;
ALTER TABLE team_requests ADD COLUMN new_phone text;
ALTER TABLE team_requests ADD CONSTRAINT team_requests_what CHECK (
  CASE WHEN kind = 'phone' THEN new_phone IS NOT NULL AND upload_id IS NULL ELSE new_phone IS NULL AND upload_id IS NOT NULL END
);

-- Frequent visitors (topContacts, editAudienceInformation): the people an account books for
-- again and again, a team's leaders and teachers or a visitor's family. Exactly one owner.
CREATE TABLE contacts (
  id serial PRIMARY KEY,
  team_id int REFERENCES teams (id),
  user_id int REFERENCES users (id),
  name text NOT NULL,
  certificate_type text NOT NULL,
  certificate_number text NOT NULL,
  phone text,
  created_at timestamptz NOT NULL,
  CHECK ((team_id IS NULL) <> (user_id IS NULL))
);
-- One person once per account: the same certificate twice is refused.
CREATE UNIQUE INDEX contacts_team_person ON contacts (team_id, certificate_type, certificate_number) WHERE team_id IS NOT NULL;
CREATE UNIQUE INDEX contacts_user_person ON contacts (user_id, certificate_type, certificate_number) WHERE user_id IS NOT NULL;
