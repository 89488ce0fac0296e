-- The gate during a short outage: each check-in a gate made offline, by the id the
-- device gave it, with the server's answer. A sync sent again (its answer lost on the way)
-- finds its items here and gets the same answers without a second check-in.
CREATE TABLE gate_sync_items (
  id uuid PRIMARY KEY,
  staff_id int NOT NULL REFERENCES staff_users (id),
  gate_id text NOT NULL,
  scanned_at timestamptz NOT NULL,
  -- {outcome, count, reason: {zh, en} | null}; null while the item is being applied.
  answer jsonb,
  synced_at timestamptz NOT NULL
);
