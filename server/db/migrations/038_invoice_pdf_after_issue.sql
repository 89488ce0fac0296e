-- An invoice's PDF is rendered after the transaction that numbers it (a worker thread's
-- seconds, not the order's and invoice's row locks'): the issue commits the number, the amount
-- and the document's facts (`document`: the lines and the seller, as issued), and the PDF is
-- stored from them once rendered, or rendered again from them at the first download if that
-- failed. Either way it shows what was issued.

ALTER TABLE invoices ADD COLUMN document jsonb;

ALTER TABLE invoices DROP CONSTRAINT invoices_issued_whole;
ALTER TABLE invoices ADD CONSTRAINT invoices_issued_whole CHECK (
  state = 'requested' OR (invoice_number IS NOT NULL AND (pdf IS NOT NULL OR document IS NOT NULL) AND issued_at IS NOT NULL AND issued_by IS NOT NULL)
);

-- An issued invoice never changes: only the refund flag may still move, and its PDF be stored
-- once, where none is yet.
CREATE OR REPLACE FUNCTION invoices_issued_frozen() RETURNS trigger AS $$
BEGIN
  IF OLD.state = 'issued' AND (
    NEW.state IS DISTINCT FROM OLD.state OR NEW.invoice_number IS DISTINCT FROM OLD.invoice_number
    OR (OLD.pdf IS NOT NULL AND NEW.pdf IS DISTINCT FROM OLD.pdf) OR NEW.document IS DISTINCT FROM OLD.document
    OR NEW.amount IS DISTINCT FROM OLD.amount
    OR NEW.issued_at IS DISTINCT FROM OLD.issued_at OR NEW.issued_by IS DISTINCT FROM OLD.issued_by
    OR NEW.title IS DISTINCT FROM OLD.title OR NEW.tax_number IS DISTINCT FROM OLD.tax_number
    OR NEW.address_phone IS DISTINCT FROM OLD.address_phone OR NEW.bank_account IS DISTINCT FROM OLD.bank_account
    OR NEW.content IS DISTINCT FROM OLD.content OR NEW.email IS DISTINCT FROM OLD.email
    OR NEW.title_type IS DISTINCT FROM OLD.title_type OR NEW.order_id IS DISTINCT FROM OLD.order_id
  ) THEN
    RAISE EXCEPTION 'invoice % is issued and cannot change', OLD.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
