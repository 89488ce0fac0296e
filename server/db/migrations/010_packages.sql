-- Packages (docs/product.md §2 select/packageAddSure): admission to an exhibition hall and a dome cinema
-- film, bought together at one price. Each part is a ticket of its own session; its price
-- is a ticket_prices row kept out of the halls' own price lists (package_only).
ALTER TABLE ticket_prices ADD COLUMN package_only boolean NOT NULL DEFAULT false;
CREATE TABLE packages (
  id serial PRIMARY KEY,
  package_key text NOT NULL UNIQUE,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  intro_zh text NOT NULL,
  intro_en text NOT NULL,
  admission_price_id int NOT NULL REFERENCES ticket_prices (id),
  film_price_id int NOT NULL REFERENCES ticket_prices (id),
  sort int NOT NULL DEFAULT 0
);
