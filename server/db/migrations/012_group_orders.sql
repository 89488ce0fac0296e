-- Group orders (docs/product.md §3 "Group order", §5 "Group rules", §4 window payers).

-- A team owns its orders through a user of type 2 (docs/product.md §3 User.userType), so payments,
-- cancels, refunds and date changes read one owner column for both kinds. Such a user has no
-- phone and cannot log in as a visitor; the team's token names the team, the server maps it.
ALTER TABLE users ALTER COLUMN phone DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_phone_kind CHECK (user_type = 2 OR phone IS NOT NULL);
ALTER TABLE teams ADD COLUMN user_id int UNIQUE REFERENCES users (id);

-- Every team gets its owner as it is inserted (a registration replacing a rejected one keeps it).
CREATE FUNCTION team_owner() RETURNS trigger AS $$
BEGIN
  IF NEW.user_id IS NULL THEN
    SELECT user_id INTO NEW.user_id FROM teams WHERE credit_code = NEW.credit_code;
  END IF;
  IF NEW.user_id IS NULL THEN
    INSERT INTO users (phone, user_name, user_type, bind_status, created_at)
    VALUES (NULL, NEW.team_name, 2, 0, NEW.created_at) RETURNING id INTO NEW.user_id;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER teams_owner BEFORE INSERT ON teams FOR EACH ROW EXECUTE FUNCTION team_owner();

DO $$
DECLARE t record; owner int;
BEGIN
  FOR t IN SELECT id, team_name, created_at FROM teams WHERE user_id IS NULL ORDER BY id LOOP
    INSERT INTO users (phone, user_name, user_type, bind_status, created_at) VALUES (NULL, t.team_name, 2, 0, t.created_at) RETURNING id INTO owner;
    UPDATE teams SET user_id = owner WHERE id = t.id;
  END LOOP;
END $$;
ALTER TABLE teams ALTER COLUMN user_id SET NOT NULL;

-- Which halls take groups, of what size; school-only and off-season-only halls; how many free
-- pupil tickets schools share per day (0: none).
ALTER TABLE halls ADD COLUMN group_max int NOT NULL DEFAULT 0 CHECK (group_max >= 0);
ALTER TABLE halls ADD COLUMN group_min int NOT NULL DEFAULT 16 CHECK (group_min >= 1);
ALTER TABLE halls ADD COLUMN school_only boolean NOT NULL DEFAULT false;
ALTER TABLE halls ADD COLUMN off_season_only boolean NOT NULL DEFAULT false;
ALTER TABLE halls ADD COLUMN school_free_daily int NOT NULL DEFAULT 0 CHECK (school_free_daily >= 0);
UPDATE halls SET group_max = 200, school_free_daily = 300 WHERE hall_key = 'main';
UPDATE halls SET group_max = 120, off_season_only = true WHERE hall_key = 'temporary';
UPDATE halls SET group_max = 150 WHERE hall_key = 'cinema';

-- The free pupil tickets given out per hall and day: a conditional update keeps them within
-- the quota under concurrent orders, as the session row does for stock.
CREATE TABLE school_free_used (
  hall_id int NOT NULL REFERENCES halls (id),
  visit_date text NOT NULL,
  used int NOT NULL DEFAULT 0 CHECK (used >= 0),
  PRIMARY KEY (hall_id, visit_date)
);

-- A group order: how it is paid, and what the team filled in (leader, grades, teachers, flags).
ALTER TABLE orders ADD COLUMN pay_method text NOT NULL DEFAULT 'online' CHECK (pay_method IN ('online', 'window'));
ALTER TABLE orders ADD COLUMN group_info jsonb;
-- Who a group ticket is for, and whether it is one of the group's free tickets.
ALTER TABLE tickets ADD COLUMN role text CHECK (role IN ('student', 'teacher', 'leader', 'visitor'));
ALTER TABLE tickets ADD COLUMN free boolean NOT NULL DEFAULT false;

-- A contracted agency's share of the public price; a tour leader's free ticket from this many
-- charged tickets on (empty: never); the months of the off season.
INSERT INTO sys_config (key, value) VALUES ('agency_discount_percent', '80') ON CONFLICT (key) DO NOTHING;
INSERT INTO sys_config (key, value) VALUES ('leader_free_per_charged', '20') ON CONFLICT (key) DO NOTHING;
INSERT INTO sys_config (key, value) VALUES ('off_season_months', '1,2,3,11,12') ON CONFLICT (key) DO NOTHING;

-- How a payment was taken: online, or at the window by cash, bank card or cheque (by whom).
ALTER TABLE payments ADD COLUMN method text NOT NULL DEFAULT 'online' CHECK (method IN ('online', 'cash', 'card', 'cheque'));
ALTER TABLE payments ADD COLUMN taken_by int REFERENCES staff_users (id);
