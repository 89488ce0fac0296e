-- The device that showed a scan-login QR code (its browser and system, read from its user agent:
-- "Chrome · Windows 10"), named to the phone that is asked to confirm, so a visitor who scans a
-- code someone else sent her sees that it is not her own screen asking (docs/product.md §2.3).
ALTER TABLE wechat_login_tickets ADD COLUMN device text;
