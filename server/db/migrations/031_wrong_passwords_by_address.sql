-- The password logins (teams, staff) count wrong passwords per address, over all accounts of a kind too
-- (services/passwords.ts PASSWORD_THROTTLE).
CREATE INDEX wrong_passwords_ip ON wrong_passwords (ip, at DESC);
