-- The packages editor (docs/product.md §2.8): a package stops selling without being deleted (its
-- sold tickets keep their part prices); visitors are offered only the packages on sale.
ALTER TABLE packages ADD COLUMN on_sale boolean NOT NULL DEFAULT true;
