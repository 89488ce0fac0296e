-- The chat app's access token and JS-SDK ticket, fetched from the vendor and kept
-- here until shortly before they expire, so every instance on this database signs with the
-- same ticket and the vendor's daily quota is spent once per refresh, not once per instance.
-- Besides the values (`access_token:<appid>`, `jsapi_ticket:<appid>`), the table holds a
-- refresh's lease (`lease:<name>`: the instance refreshing, until when) and a recent vendor
-- failure (`failed:<name>`: its reason, until when nobody asks the vendor again).
CREATE TABLE wechat_tokens (
  name text PRIMARY KEY,
  value text NOT NULL,
  expires_at timestamptz NOT NULL
);
