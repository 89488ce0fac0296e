-- A group's children (docs/product.md §3.3): their tickets carry the role 'child', at the
-- hall's child price or on its free child ticket.
ALTER TABLE tickets DROP CONSTRAINT tickets_role_check;
ALTER TABLE tickets ADD CONSTRAINT tickets_role_check CHECK (role IN ('student', 'teacher', 'leader', 'visitor', 'child'));
