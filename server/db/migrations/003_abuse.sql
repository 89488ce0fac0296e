-- Wrong verification codes, one row each: throttles count them per (phone, address) and per
-- address in a window, so a stranger's guesses never lock the owner out (services/login.ts).
DROP TABLE login_failures;
CREATE TABLE wrong_codes (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX wrong_codes_phone_ip ON wrong_codes (phone, ip, at DESC);
CREATE INDEX wrong_codes_ip ON wrong_codes (ip, at DESC);
-- Wrong tries against one code from every address together.
ALTER TABLE sms_codes ADD COLUMN wrong_tries int NOT NULL DEFAULT 0;
