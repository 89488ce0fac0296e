-- Refunds go through the payment provider. A refund is recorded in the transaction
-- that refunds the tickets ('pending'), then submitted after it commits: never a call to the
-- vendor inside a transaction. The vendor accepts it ('processing') and later says it is done
-- (or failed: 'failed', for the staff to settle by hand). out_refund_no is ours and fixed at
-- the start, so a retry of the same refund is never a second refund. A refund with nothing to
-- send (paid at the window, or nothing paid) is 'done' at once, as before.
ALTER TABLE refunds ADD COLUMN pay_id text REFERENCES payments (pay_id);
ALTER TABLE refunds ADD COLUMN out_refund_no text UNIQUE;
ALTER TABLE refunds ADD COLUMN vendor_refund_id text;
ALTER TABLE refunds ADD COLUMN attempts int NOT NULL DEFAULT 0;
-- When the job may next submit (pending) or ask (processing); also the lease of a submission
-- in flight, so two instances never send the same refund at once.
ALTER TABLE refunds ADD COLUMN next_try_at timestamptz;
ALTER TABLE refunds ADD COLUMN last_error text;
ALTER TABLE refunds ADD COLUMN done_at timestamptz;
ALTER TABLE refunds ADD CONSTRAINT refunds_status CHECK (status IN ('pending', 'processing', 'done', 'failed'));
CREATE INDEX refunds_due ON refunds (next_try_at) WHERE status IN ('pending', 'processing');

-- The platform's id of a paid payment (its transaction_id), for the staff and for queries.
ALTER TABLE payments ADD COLUMN transaction_id text;
