-- Coupon batches an admin makes in the staff console (docs/product.md §2.10): who made a batch,
-- and when it was stopped. A stopped batch keeps its rows (spent coupons refer to them); its
-- codes not yet spent are refused at binding and at checkout from then on.
ALTER TABLE coupon_batches ADD COLUMN created_by int REFERENCES staff_users (id);
ALTER TABLE coupon_batches ADD COLUMN stopped_at timestamptz;
