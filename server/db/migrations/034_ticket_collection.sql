-- A paper ticket or a wristband handed out for a paid ticket at a window or a gate, recorded by
-- the staff (docs/product.md §4.1): when, in which form, by whom. A collected ticket is refunded
-- or changed only as the settings refund_for_print_ticket and change_switch_after_get_ticket allow.
ALTER TABLE tickets ADD COLUMN collected_at timestamptz;
ALTER TABLE tickets ADD COLUMN collected_as text CHECK (collected_as IN ('paper', 'wristband'));
ALTER TABLE tickets ADD COLUMN collected_by int REFERENCES staff_users (id);
ALTER TABLE tickets ADD CONSTRAINT tickets_collected CHECK ((collected_at IS NULL) = (collected_as IS NULL));
