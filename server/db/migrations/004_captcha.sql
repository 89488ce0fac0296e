-- The slider: which address asked for a challenge and whether its answer failed (capped per address).
ALTER TABLE captcha_challenges ADD COLUMN ip text;
ALTER TABLE captcha_challenges ADD COLUMN failed boolean NOT NULL DEFAULT false;
CREATE INDEX captcha_challenges_failed ON captcha_challenges (ip, expires_at DESC) WHERE failed;
