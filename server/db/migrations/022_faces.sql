-- Face photos (docs/product.md §5 uploads and §7 face): a visitor's portrait bound to a
-- certificate for gate entry. Personal data: kept with the account that bound it, read by
-- nobody else, deleted by deleteFace and by the account's cancellation. One certificate has one
-- portrait (a second account binding the same certificate is told to unbind at the ticket
-- window, where staff see the person and the document).
CREATE TABLE faces (
  id serial PRIMARY KEY,
  -- What the owner calls it by (checkFace/deleteFace take a `url`): random, never an id to count.
  url text NOT NULL UNIQUE,
  user_id int NOT NULL REFERENCES users (id),
  certificate_type text NOT NULL,
  certificate_number text NOT NULL,
  mime text NOT NULL,
  width int NOT NULL,
  height int NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (certificate_type, certificate_number)
);
CREATE INDEX faces_user ON faces (user_id);

-- checkFace marks the upload it passed, for the account that asked: bundling binds only a
-- picture the server itself has checked, for that same account (the client is never trusted).
ALTER TABLE uploads ADD COLUMN face_checked_by int REFERENCES users (id);
