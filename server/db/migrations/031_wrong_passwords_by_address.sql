-- The staff login counts wrong passwords per address, over all staff accounts too
-- (services/staff.ts STAFF_THROTTLE).
CREATE INDEX wrong_passwords_ip ON wrong_passwords (ip, at DESC);
