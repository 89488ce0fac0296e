-- Invoices issued by the museum's finance staff: the number, the PDF as issued
-- (kept here so every server instance serves the same document), who issued it, and the
-- refunds that came after it (finance voids or reissues such an invoice by hand).

ALTER TABLE invoices ADD COLUMN invoice_number text UNIQUE;
ALTER TABLE invoices ADD COLUMN pdf bytea;
ALTER TABLE invoices ADD COLUMN issued_by int REFERENCES staff_users (id);
-- Money refunded on the order after the invoice was issued (fen), and the last such refund.
ALTER TABLE invoices ADD COLUMN refunded_after_issue int NOT NULL DEFAULT 0 CHECK (refunded_after_issue >= 0);
ALTER TABLE invoices ADD COLUMN refunded_after_issue_at timestamptz;

ALTER TABLE invoices ADD CONSTRAINT invoices_state CHECK (state IN ('requested', 'issued'));
ALTER TABLE invoices ADD CONSTRAINT invoices_issued_whole CHECK (
  state = 'requested' OR (invoice_number IS NOT NULL AND pdf IS NOT NULL AND issued_at IS NOT NULL AND issued_by IS NOT NULL)
);
CREATE INDEX invoices_state ON invoices (state, created_at DESC);

-- An issued invoice never changes: only the refund flag may still move.
CREATE FUNCTION invoices_issued_frozen() RETURNS trigger AS $$
BEGIN
  IF OLD.state = 'issued' AND (
    NEW.state IS DISTINCT FROM OLD.state OR NEW.invoice_number IS DISTINCT FROM OLD.invoice_number
    OR NEW.pdf IS DISTINCT FROM OLD.pdf OR NEW.amount IS DISTINCT FROM OLD.amount
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
CREATE TRIGGER invoices_issued_frozen BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_issued_frozen();

-- The seller on the invoice: the museum's name, in both languages (staff may edit the text).
INSERT INTO texts (name, zh, en) VALUES ('museum_name', '科技馆', 'Science and Technology Museum') ON CONFLICT (name) DO NOTHING;
