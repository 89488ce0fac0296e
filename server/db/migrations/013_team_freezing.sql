-- Teams frozen by their own bookings (docs/product.md §4 "Team freezing and restrictions";
-- src/domain/teamFreezing.ts): the reason in English too (the staff's own reasons stay as
-- typed, in frozen_reason), and when a group order's passed visit was judged.
ALTER TABLE teams ADD COLUMN frozen_reason_en text;
ALTER TABLE orders ADD COLUMN arrival_judged_at timestamptz;
CREATE INDEX orders_group_unjudged ON orders (visit_date) WHERE group_info IS NOT NULL AND arrival_judged_at IS NULL;

-- A school's visit with free pupils needs this share of them at the gate (percent); this many
-- refunds of a team within black_list_window_days freeze it (0: never).
INSERT INTO sys_config (key, value) VALUES ('team_min_arrival_percent', '80') ON CONFLICT (key) DO NOTHING;
INSERT INTO sys_config (key, value) VALUES ('team_refund_freeze_count', '3') ON CONFLICT (key) DO NOTHING;
